"""An HP round's steps on the phase engine (H2): the round's header as its night begins, the
night's end and each vote's end (registered by name in services.hooks), and whether the open
phase still waits for a person. The computer's seats choose as a phase ends (H10). The engine
ends a phase at its deadline (a moderated game, C1), when the moderators end it, or as soon as
it waits for nobody; after the last person's death the game plays on by itself to the end."""

from __future__ import annotations

import datetime as dt

from game.models import Game, GamePhase, GameStatus, NightAction, Player, Vote
from game.rulesets.base import KILLED
from game.rulesets.hp import VOTED_OUT, texts
from game.rulesets.hp.choices import Table, living
from game.rulesets.hp.computer import computer_ballots, computer_picks
from game.rulesets.hp.phases import FORCED_OUT, TIED, ballot_of
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.hp.rounds import NightResult, Picks, resolve_night, round_opening
from game.rulesets.hp.texts import ALL, Line
from game.rulesets.hp.vote import vote_outcome
from game.rulesets.phases import DECIDED_OUTCOME, draw_rng
from game.services.killing.deaths import players_die
from game.services.lines import lines_write
from game.snapshots.hp import hp_of, hp_state, table_of
from game.snapshots.hp_turns import (
    ACTION_OF,
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


def round_header(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """A round begins with its night: its header and who is alive (H2, C9)."""
    players = players_of(game)
    lines_write(
        game=game, lines=round_opening(table_of(players), phase.number), players=players, now=at
    )


def waits_for_someone(game: Game, phase: GamePhase) -> bool:
    """Whether a living person has yet to pick or vote (H2, H8); a day a positive test decided
    waits for nobody (H7)."""
    if DECIDED_OUTCOME in phase.state:
        return False
    return bool(persons_waited_for(game, players_of(game)))


def vote_out(game: Game, players: list[Player], out: int, at: dt.datetime) -> None:
    """A vote-out (H7, H8): the player dies as every player does, and the win check (H9) ends
    the game in the rule set's words; else the round ends."""
    lines = (Line(ALL, texts.VOTED_OUT(players={"player": out})),)
    lines_write(game=game, lines=lines, players=players, now=at)
    voted = next(p for p in players if p.pk == out)
    players_die(game=game, deaths=[(voted, VOTED_OUT.code)], at=at)
    if game.status == GameStatus.RUNNING:
        lines = (Line(ALL, texts.end_of_round(game.current_day)),)
        lines_write(game=game, lines=lines, players=players, now=at)


def computers_write_picks(game: Game, night: int, chosen: Picks, at: dt.datetime) -> None:
    """The computer's picks of every group in one write, whatever the number of seats (H10)."""
    NightAction.objects.bulk_create(
        NightAction(
            game=game,
            night=night,
            actor_id=actor,
            action=ACTION_OF[role],
            target_id=target,
            submitted_at=at,
        )
        for role, group in chosen.items()
        for actor, target in group.items()
    )


def night_end(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """The night's picks, the computer's with the people's (H3, H10), resolved (H4-H7): HP,
    lines and the death written; a positive test is kept in the night's state, for the day it
    decides (H7)."""
    players = players_of(game)
    table = table_of(players)
    computers = {p.pk for p in players if p.computer}
    picks = dict(stored_picks(game))
    chosen = computer_picks(table, game.random_seed, phase.number, computers)
    for role, group in chosen.items():
        picks[role] = {**picks.get(role, {}), **group}
    computers_write_picks(game, phase.number, chosen, at)
    groups = {role: [p for p in players if p.alive and p.role == role] for role in GROUP_ROLES}
    night: NightResult = resolve_night(
        table, picks, draw_rng(game.random_seed, f"night {phase.number}")
    )
    hp_write(players, night.table)
    lines_write(game=game, lines=night.lines, players=players, now=at, groups=groups)
    if night.forced_out is not None:
        phase.state = {**phase.state, FORCED_OUT: night.forced_out}
        phase.save(update_fields=["state"])
    if night.died is not None:
        died = next(p for p in players if p.pk == night.died)
        players_die(game=game, deaths=[(died, KILLED.code)], at=at)


def vote_end(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """A vote of the round ends (H8): the day a positive test decided votes its mafia out (H7);
    else the computer's ballots join the people's, and the most votes is voted out, a tie
    kept in the vote's state for the next vote, the third drawn."""
    players = players_of(game)
    decided = phase.state.get(DECIDED_OUTCOME)
    if decided is not None:
        vote_out(game, players, decided["executed"], at)
        return
    table = table_of(players)
    ballot = ballot_of(phase.code)
    computers = {p.pk for p in players if p.computer}
    chosen = computer_ballots(table, game.random_seed, phase.number, ballot, computers)
    Vote.objects.bulk_create(
        Vote(game=game, day=phase.number, voter_id=v, target_id=t, cast_at=at, round=ballot - 1)
        for v, t in chosen.items()
    )
    ballots = {**stored_ballots(game, ballot), **chosen}
    alive = [seat.id for seat in living(table)]
    rng = draw_rng(game.random_seed, f"day {phase.number} vote {ballot}")
    outcome = vote_outcome(ballots, alive, ballot, rng)
    if outcome.voted_out is None:
        lines_write(
            game=game, lines=(Line(ALL, texts.tie(outcome.tied, ballot)),), players=players, now=at
        )
        phase.state = {**phase.state, TIED: list(outcome.tied)}
        phase.save(update_fields=["state"])
        return
    if outcome.drawn:
        lines = (Line(ALL, texts.drawn(outcome.tied)),)
        lines_write(game=game, lines=lines, players=players, now=at)
    vote_out(game, players, outcome.voted_out, at)
