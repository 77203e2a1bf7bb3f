"""The advance of an HP game (H2): a night resolves as soon as every living person in a group
has picked, a ballot as soon as every living person has voted; the computer's seats choose at
that moment (H10). After the last person's death the game plays on by itself to the end."""

from __future__ import annotations

import datetime as dt

from game.models import DueEvent, Game, GameStatus, NightAction, Player, Vote
from game.rulesets.hp import texts
from game.rulesets.hp.choices import Table, living
from game.rulesets.hp.computer import computer_ballots, computer_picks
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.hp.rounds import NightResult, closing, resolve_night, round_opening
from game.rulesets.hp.rounds import vote_out as rules_vote_out
from game.rulesets.hp.texts import ALL, Line
from game.rulesets.hp.vote import vote_outcome
from game.rulesets.phases import DAY, NIGHT, PhaseId, draw_rng, phase_end_after
from game.rulesets.registry import HP_STEP_EVENT
from game.services.hp.lines import lines_write
from game.services.live_channel import lives_changed
from game.services.nights.phases import phase_clock
from game.snapshots.hp import hp_state, table_of
from game.snapshots.hp_turns import (
    ACTION_OF,
    current_ballot,
    persons_waited_for,
    players_of,
    stored_ballots,
    stored_picks,
)


def table_write(players: list[Player], table: Table, now: dt.datetime, game: Game) -> None:
    """The table's HP and deaths onto the players' rows (H4-H6)."""
    seats = {seat.id: seat for seat in table}
    changed, died = [], []
    for player in players:
        seat = seats[player.pk]
        if hp_state(seat.hp) != player.state or seat.alive != player.alive:
            player.state = {**player.state, **hp_state(seat.hp)}
            if player.alive and not seat.alive:
                player.alive, player.died_at, player.death_day = False, now, game.current_day
                died.append(player.user_id)
            changed.append(player)
    Player.objects.bulk_update(changed, ["state", "alive", "died_at", "death_day", "death_cause"])
    lives_changed(game.pk, died)


def game_finish(game: Game, players: list[Player], table: Table, won: str, now) -> None:
    """H9: the closing list; the seed is published with it (C8)."""
    lines_write(game=game, lines=closing(table, won), players=players, now=now)
    game.status, game.winner, game.finished_at = GameStatus.FINISHED, won, now
    game.current_phase = ""
    game.save(update_fields=["status", "winner", "finished_at", "current_phase"])


def round_begin(game: Game, players: list[Player], table: Table, now) -> None:
    game.current_day += 1
    game.current_phase = NIGHT
    game.save(update_fields=["current_day", "current_phase"])
    lines_write(game=game, lines=round_opening(table, game.current_day), players=players, now=now)


def vote_out(game: Game, players: list[Player], table: Table, out: int, now) -> None:
    """A vote-out (H7, H8), then the win (H9) or the next round."""
    for player in players:
        if player.pk == out:
            player.death_cause = "voted_out"
    after, won, lines = rules_vote_out(table, out)
    table_write(players, after, now, game)
    lines_write(game=game, lines=lines, players=players, now=now)
    lines_write(
        game=game,
        lines=(Line(ALL, texts.end_of_round(game.current_day)),),
        players=players,
        now=now,
    )
    if won:
        game_finish(game, players, after, won, now)
    else:
        round_begin(game, players, after, now)


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
    for player in players:
        if player.pk == night.died:
            player.death_cause = "kill"
    table_write(players, night.table, now, game)
    lines_write(game=game, lines=night.lines, players=players, now=now, groups=groups)
    if night.winner:
        lines_write(
            game=game,
            lines=(Line(ALL, texts.end_of_round(game.current_day)),),
            players=players,
            now=now,
        )
        game_finish(game, players, night.table, night.winner, now)
    elif night.forced_out is not None:
        vote_out(game, players, night.table, night.forced_out, now)
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
    vote_out(game, players, table, outcome.voted_out, now)


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
