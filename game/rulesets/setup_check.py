"""A setup checked against the players signed up, shown to the moderators before the deal."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.ruleset import Ruleset
from game.rulesets.setup import Setup


@dataclass(frozen=True)
class SetupCheck:
    """A setup against the players signed up, shown before the deal: how many roles the counts
    name (the filler role takes the rest) and how many items there are, with what is wrong."""

    players: int
    counted: int
    filler: int
    items: int
    problems: tuple[str, ...]


def setup_check(ruleset: Ruleset, setup: Setup, players: int) -> SetupCheck:
    """The counted roles must fit the players (the filler role takes the others), and the items
    must not outnumber them. No ruling sets the item limit: a second item before everyone has
    one would make the deal unfair, so the moderators are told before they deal."""
    counted = sum(n * ruleset.role(code).group_size for code, n in setup.roles.items())
    items = sum(setup.items.values())
    problems = []
    if players == 0:
        # Nothing to lower yet: the counts are checked against the sign-ups once there are any.
        return SetupCheck(players, counted, 0, items, ())
    if counted > players:
        problems.append(
            f"The role counts name {counted} roles for {players} players: lower them by "
            f"{counted - players} before dealing."
        )
    if items > players:
        problems.append(
            f"The item counts name {items} items for {players} players: lower them by "
            f"{items - players} before dealing."
        )
    return SetupCheck(players, counted, max(players - counted, 0), items, tuple(problems))
