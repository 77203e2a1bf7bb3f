"""A whole HP game played by the rules alone: the deal of a table and the rounds until the win,
with each round's picks and ballots given by the caller (the computer's by default, H10). Used
to replay the seed's games and to run all-computer games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from game.rulesets.hp import texts
from game.rulesets.hp.choices import Seat, Table, living
from game.rulesets.hp.computer import computer_ballots, computer_picks
from game.rulesets.hp.roles import STARTING_HP
from game.rulesets.hp.rounds import Picks, resolve_night, round_opening, vote_out
from game.rulesets.hp.setup import counts_for
from game.rulesets.hp.texts import ALL, Line
from game.rulesets.hp.vote import vote_outcome
from game.rulesets.hp.win import closing
from game.rulesets.phases import draw_rng
from game.rulesets.setup import deal_by_counts

PicksFor = Callable[[Table, int], Picks]
BallotsFor = Callable[[Table, int, int], Mapping[int, int]]


def seats(roles: Mapping[int, str]) -> Table:
    """A table in seat order, each player at their role's starting HP (H1); seat i is
    "Player<i>" as in the seed."""
    return tuple(
        Seat(pid, f"Player{pid}", role, Fraction(STARTING_HP[role]))
        for pid, role in sorted(roles.items())
    )


def dealt_table(players: int, seed: str) -> Table:
    """H1's counts dealt at random (C8) to seats 1..n."""
    ids = list(range(1, players + 1))
    roles, _ = deal_by_counts(ids, counts_for(players), {}, "commoner", draw_rng(seed, "deal"))
    return seats(roles)


@dataclass
class RoundRecord:
    """One round: who died at dawn, who was voted out (forced by a positive test, H7), how
    many ballots it took (H8) and the table at its end."""

    number: int
    table: Table = ()
    died: int | None = None
    voted_out: int | None = None
    forced: bool = False
    reached_day: bool = False
    ballots: int = 0


@dataclass
class PlayedGame:
    table: Table
    winner: str | None = None
    rounds: list[RoundRecord] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    lowest_hp: Fraction = Fraction(0)


def play(
    table: Table,
    seed: str,
    picks_for: PicksFor | None = None,
    ballots_for: BallotsFor | None = None,
) -> PlayedGame:
    """Rounds until H9 names a winner; each round removes a player (H8), so a game of n players
    ends within n rounds."""
    everyone = {seat.id for seat in table}
    picks_for = picks_for or (lambda t, r: computer_picks(t, seed, r, everyone))
    ballots_for = ballots_for or (lambda t, r, b: computer_ballots(t, seed, r, b, everyone))
    game = PlayedGame(table, lowest_hp=min(seat.hp for seat in table))
    number = 0
    while game.winner is None:
        number += 1
        record = RoundRecord(number)
        game.rounds.append(record)
        game.lines.extend(round_opening(game.table, number))
        night = resolve_night(
            game.table, picks_for(game.table, number), draw_rng(seed, f"night {number}")
        )
        game.table, game.winner, record.died = night.table, night.winner, night.died
        game.lines.extend(night.lines)
        if game.winner is None:
            record.reached_day = True
            record.forced = night.forced_out is not None
            out = night.forced_out or _day_vote(game, record, ballots_for, seed)
            record.voted_out = out
            game.table, game.winner, lines = vote_out(game.table, out)
            game.lines.extend(lines)
        game.lines.append(Line(ALL, texts.end_of_round(number)))
        record.table = game.table
        game.lowest_hp = min(game.lowest_hp, *(seat.hp for seat in game.table))
    game.lines.extend(closing(game.table, game.winner))
    return game


def _day_vote(game: PlayedGame, record: RoundRecord, ballots_for: BallotsFor, seed: str) -> int:
    """H8: votes repeated while tied, the third tie drawn."""
    alive = [seat.id for seat in living(game.table)]
    ballot = 0
    while True:
        ballot += 1
        record.ballots = ballot
        rng = draw_rng(seed, f"day {record.number} vote {ballot}")
        outcome = vote_outcome(ballots_for(game.table, record.number, ballot), alive, ballot, rng)
        if outcome.drawn:
            game.lines.append(Line(ALL, texts.drawn(outcome.tied)))
        elif outcome.voted_out is None:
            game.lines.append(Line(ALL, texts.tie(outcome.tied, ballot)))
            continue
        return outcome.voted_out
