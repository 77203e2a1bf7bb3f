"""Computer players (H10): they choose at random among what the rules allow, always choose and
always vote (H12), each draw from the game's seed (C8)."""

from __future__ import annotations

from game.rulesets.hp.choices import Table, allowed_picks, group_members, living
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.hp.rounds import Picks
from game.rulesets.phases import draw_rng


def _place(table: Table, player_id: int) -> int:
    """A player's place at the table (1 for the first seat): draws are named by places, not by
    database ids, so that the same seed repeats the same game anywhere (C8)."""
    return next(place for place, seat in enumerate(table, 1) if seat.id == player_id)


def computer_pick(table: Table, role: str, actor_id: int, seed: str, round_no: int) -> int:
    """H10: a living member of a group picks at random among the players H3 allows."""
    rng = draw_rng(seed, f"computer round {round_no} pick {_place(table, actor_id)}")
    return rng.choice(allowed_picks(table, role))


def computer_ballot(table: Table, voter_id: int, seed: str, round_no: int, ballot: int) -> int:
    """H10: a living player votes at random for another living player (H8)."""
    rng = draw_rng(seed, f"computer round {round_no} vote {ballot} {_place(table, voter_id)}")
    return rng.choice([seat.id for seat in living(table) if seat.id != voter_id])


def computer_picks(table: Table, seed: str, round_no: int, computers: set[int]) -> Picks:
    """Every computer member's pick tonight, by group."""
    return {
        role: {
            seat.id: computer_pick(table, role, seat.id, seed, round_no)
            for seat in group_members(table, role)
            if seat.id in computers
        }
        for role in GROUP_ROLES
    }


def computer_ballots(
    table: Table, seed: str, round_no: int, ballot: int, computers: set[int]
) -> dict[int, int]:
    return {
        seat.id: computer_ballot(table, seat.id, seed, round_no, ballot)
        for seat in living(table)
        if seat.id in computers
    }
