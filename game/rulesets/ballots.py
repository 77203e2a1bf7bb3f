"""Ballots of a day vote with a weight per voter. Pure Python.

A rule set's day (`days.DaySpec`) says how many votes each voter holds (`weight`, read from the
player's rule-set state: one by default; Chiang Mai gives one per card), whether they may split
them between players (`Ballot.SPLIT`, stored in `Vote.split`) and withhold some or all of them.
The latest ballot of a voter counts (as R5), a missing one for no one (C5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.rulesets.days import DaySpec

Pick = int | None
"""A player's id, or None: no one (as `phases.Pick`; this module sits under `base`, which
`phases` builds on)."""


def split_refusal(rules: DaySpec, split: Mapping[int, int], weight: int) -> str:
    """Why a split ballot is refused, or "": the rule set must allow splits; each share is a
    whole number of votes above zero; no more than the voter's weight is placed, and all of it
    unless the rule set lets voters withhold votes."""
    if not split:
        return ""
    if not rules.split:
        return rules.texts.no_split
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in split.values()):
        return "Place a whole number of votes, at least one, on each player you name."
    placed = sum(split.values())
    if placed > weight:
        return f"You hold {weight} vote{'s' if weight != 1 else ''}: you placed {placed}."
    if placed < weight and not rules.withhold:
        return f"Place all your {weight} votes: this game does not let you withhold any."
    return ""


def weighted_picks(
    voters: Iterable[int],
    ballots: Mapping[int, Pick],
    splits: Mapping[int, Mapping[int, int]],
    weights: Mapping[int, int],
) -> list[Pick]:
    """One pick per vote held, in voter order: a split ballot's shares (what it withholds
    counts for no one's total), else the whole weight to the ballot's target, a missing
    ballot's to no one (C5)."""
    picks: list[Pick] = []
    for voter in voters:
        split = splits.get(voter)
        if split:
            for target, n in sorted(split.items()):
                picks.extend([target] * n)
        else:
            picks.extend([ballots.get(voter)] * weights.get(voter, 1))
    return picks


def split_vote_text(voter: str, shares: Iterable[tuple[str, int]]) -> str:
    """A split ballot, public as cast (as C5's votes)."""
    placed = ", ".join(f"{name} {n}" for name, n in shares)
    return f"{voter} places their votes: {placed}."
