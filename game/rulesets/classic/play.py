"""A whole classic game played by computer players alone (as HP's and Chiang Mai's `play`):
the deal, then day 0, night 0, day 1, … until the win (C1-C8), every draw from the game's seed.
Pure Python: the balance estimate runs it thousands of times.

    play_counts({"mafioso": 2, "cop": 1, "doctor": 1}, players=7, seed="abc").winner"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.rulesets.base import MAFIA
from game.rulesets.classic import win
from game.rulesets.classic.computer import COP, DOCTOR, MAFIOSO, Knowledge, day_vote, night_pick
from game.rulesets.classic.day import day_outcome
from game.rulesets.classic.roles.cop import VILLAGE
from game.rulesets.phases import NO_ONE, draw_rng, plurality
from game.rulesets.setup import deal_by_counts
from game.rulesets.specs import PlayerStatus

FILLER = "villager"


@dataclass(frozen=True)
class PlayedGame:
    roles: Mapping[int, str]
    winner: str | None
    days: int


def dealt_roles(counts: Mapping[str, int], players: int, seed: str) -> dict[int, str]:
    """C7, C8: the counts dealt at random to seats 1..n, villagers for the rest."""
    ids = list(range(1, players + 1))
    roles, _ = deal_by_counts(ids, counts, {}, FILLER, draw_rng(seed, "deal"))
    return roles


def _winner(roles: Mapping[int, str], living: set[int]) -> str | None:
    return win.winner(PlayerStatus(p, role, p in living) for p, role in roles.items())


def _night(
    roles: Mapping[int, str], living: set[int], known: Knowledge, seed: str, night: int
) -> None:
    """C2-C4: the mafiosi's most picked victim dies unless a doctor saved them; a cop alive at
    dawn learns the alignment of the player they chose."""
    order = sorted(living)
    picks = {
        p: night_pick(p, order, roles, known, seed, night) for p in order if roles[p] != "villager"
    }
    mafia = [pick for p, pick in picks.items() if roles[p] == MAFIOSO]
    victim, _ = plurality(mafia, draw_rng(seed, f"night {night}"))
    saved = {pick for p, pick in picks.items() if roles[p] == DOCTOR}
    for p, pick in picks.items():
        if roles[p] == DOCTOR and pick == p:
            known.self_saves[p] = known.self_saves.get(p, 0) + 1
    if victim is not NO_ONE and victim not in saved:
        living.discard(victim)
    for p, pick in picks.items():
        if roles[p] == COP and p in living and pick is not NO_ONE:
            known.found.setdefault(p, {})[pick] = MAFIA if roles[pick] == MAFIOSO else VILLAGE


def play(roles: Mapping[int, str], seed: str) -> PlayedGame:
    """Days and nights until C6 names a winner. From day 1 every computer votes for a player,
    so each day kills one and a game of n players ends within n days."""
    living = set(roles)
    known = Knowledge()
    day = 0
    while True:
        if day > 0:
            order = sorted(living)
            ballots = {p: day_vote(p, order, roles, known, seed, day) for p in order}
            executed = day_outcome(ballots, order, draw_rng(seed, f"day {day}")).executed
            living.discard(executed)
            if (winner := _winner(roles, living)) is not None or not living:
                return PlayedGame(roles, winner, day)
        _night(roles, living, known, seed, day)
        if (winner := _winner(roles, living)) is not None:
            return PlayedGame(roles, winner, day + 1)
        day += 1


def play_counts(counts: Mapping[str, int], players: int, seed: str) -> PlayedGame:
    return play(dealt_roles(counts, players, seed), seed)
