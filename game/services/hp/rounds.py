"""The advance of an HP game (H2): a night resolves as soon as every living person in a group
has picked, a ballot as soon as every living person has voted; the computer's seats choose at
that moment (H10). After the last person's death the game plays on by itself to the end."""

from __future__ import annotations

import datetime as dt

from game.models import DueEvent, Game, GameStatus, NightAction, Player, Vote
from game.rulesets.base import KILLED
from game.rulesets.hp import VOTED_OUT, texts
from game.rulesets.hp.choices import Table, living
from game.rulesets.hp.computer import computer_ballots, computer_picks
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.hp.rounds import NightResult, resolve_night, round_opening
from game.rulesets.hp.texts import ALL, Line
from game.rulesets.hp.vote import vote_outcome
from game.rulesets.phases import DAY, NIGHT, PhaseId, draw_rng, phase_end_after
from game.rulesets.registry import HP_STEP_EVENT
from game.services.killing.deaths import players_die
from game.services.lines import lines_write
from game.services.nights.phases import phase_clock
from game.snapshots.hp import hp_of, hp_state, table_of
from game.snapshots.hp_turns import (
    ACTION_OF,
    current_ballot,
    persons_waited_for,
    players_of,
    stored_ballots,
    stored_picks,
)


def hp_write(players: list[Player], table: Table) -> None:
    """The table's HP onto the players' rows, exactly (H4-H6)."""
    seats = {seat.id: seat for seat in table}
    changed = []
    for player in players:
        if hp_state(seats[player.pk].hp) != hp_state(hp_of(player)):
            player.state = {**player.state, **hp_state(seats[player.pk].hp)}
            changed.append(player)
    Player.objects.bulk_update(changed, ["state"])


def round_begin(game: Game, players: list[Player], table: Table, now) -> None:
    game.current_day += 1
    game.current_phase = NIGHT
    game.save(update_fields=["current_day", "current_phase"])
    lines_write(game=game, lines=round_opening(table, game.current_day), players=players, now=now)


def vote_out(game: Game, players: list[Player], out: int, now) -> None:
    """A vote-out (H7, H8): the player dies as every player does, and the win check (H9) ends
    the game in the rule set's words; else the round ends and the next begins."""
    lines_write(
        game=game,
        lines=(Line(ALL, texts.VOTED_OUT(players={"player": out})),),
        players=players,
        now=now,
    )
    voted = next(p for p in players if p.pk == out)
    players_die(game=game, deaths=[(voted, VOTED_OUT.code)], at=now)
    if game.status != GameStatus.RUNNING:
        return
    lines_write(
        game=game,
        lines=(Line(ALL, texts.end_of_round(game.current_day)),),
        players=players,
        now=now,
    )
    round_begin(game, players, table_of(players), now)


def night_end(game: Game, players: list[Player], table: Table, now) -> None:
    computers = {p.pk for p in players if p.computer}
    picks = dict(stored_picks(game))
    for role, chosen in computer_picks(
        table, game.random_seed, game.current_day, computers
    ).items():
        picks[role] = {**picks.get(role, {}), **chosen}
        NightAction.objects.bulk_create(
            NightAction(
                game=game,
                night=game.current_day,
                actor_id=actor,
                action=ACTION_OF[role],
                target_id=target,
                submitted_at=now,
            )
            for actor, target in chosen.items()
        )
    groups = {role: [p for p in players if p.alive and p.role == role] for role in GROUP_ROLES}
    night: NightResult = resolve_night(
        table, picks, draw_rng(game.random_seed, f"night {game.current_day}")
    )
    hp_write(players, night.table)
    lines_write(game=game, lines=night.lines, players=players, now=now, groups=groups)
    if night.died is not None:
        died = next(p for p in players if p.pk == night.died)
        players_die(game=game, deaths=[(died, KILLED.code)], at=now)
    if game.status != GameStatus.RUNNING:
        return
    if night.forced_out is not None:
        vote_out(game, players, night.forced_out, now)
    else:
        game.current_phase = DAY
        game.save(update_fields=["current_phase"])


def ballot_end(game: Game, players: list[Player], table: Table, now) -> None:
    ballot = current_ballot(game)
    computers = {p.pk for p in players if p.computer}
    chosen = computer_ballots(table, game.random_seed, game.current_day, ballot, computers)
    Vote.objects.bulk_create(
        Vote(
            game=game, day=game.current_day, voter_id=v, target_id=t, cast_at=now, round=ballot - 1
        )
        for v, t in chosen.items()
    )
    ballots = {**stored_ballots(game, ballot), **chosen}
    alive = [seat.id for seat in living(table)]
    rng = draw_rng(game.random_seed, f"day {game.current_day} vote {ballot}")
    outcome = vote_outcome(ballots, alive, ballot, rng)
    if outcome.voted_out is None:
        lines = (Line(ALL, texts.tie(outcome.tied, ballot)),)
        lines_write(game=game, lines=lines, players=players, now=now)
        return
    if outcome.drawn:
        lines_write(
            game=game, lines=(Line(ALL, texts.drawn(outcome.tied)),), players=players, now=now
        )
    vote_out(game, players, outcome.voted_out, now)


def step_key(game: Game) -> str:
    """The current step (round, night or day, ballot): one deadline each."""
    ballot = current_ballot(game) if game.current_phase == DAY else 0
    return f"game:{game.pk}:{HP_STEP_EVENT}:{game.current_day}:{game.current_phase}:{ballot}"


def step_deadline_schedule(*, game: Game, now: dt.datetime) -> None:
    """A moderated game's night or vote ends at its deadline, as a classic phase does (C1: the
    game's end times, or its phase minutes). A solo game has no moderator and no deadline
    (H10: no wall-clock wait)."""
    if not game.moderators.exists():
        return
    ends_at = phase_end_after(PhaseId(game.current_day, game.current_phase), now, phase_clock(game))
    DueEvent.objects.get_or_create(
        key=step_key(game),
        defaults={"game": game, "kind": HP_STEP_EVENT, "day": game.current_day, "due_at": ends_at},
    )


def step_end(*, game: Game, now: dt.datetime) -> None:
    """The current step ends whoever has not acted: a missing pick is no pick (H3), a missing
    vote counts for nobody (H8)."""
    players = players_of(game)
    if game.current_phase == NIGHT:
        night_end(game, players, table_of(players), now)
    else:
        ballot_end(game, players, table_of(players), now)
    hp_advance(game=game, now=now)


def hp_advance(*, game: Game, now: dt.datetime) -> None:
    """Runs every step nobody needs to act in; the caller holds the game's lock."""
    while game.status == GameStatus.RUNNING:
        players = players_of(game)
        if persons_waited_for(game, players):
            step_deadline_schedule(game=game, now=now)
            return
        table = table_of(players)
        if game.current_phase == NIGHT:
            night_end(game, players, table, now)
        else:
            ballot_end(game, players, table, now)
