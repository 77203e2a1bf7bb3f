"""The rule sets the app plays, keyed by `Game.ruleset`, and the choices the models offer: each
the union over the registered rule sets, read when asked, so that a new role, power or item
needs no migration."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from game.rulesets.chiang_mai import CHIANG_MAI
from game.rulesets.classic import CLASSIC
from game.rulesets.hp import HP
from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.ruleset import Ruleset

RULESETS: dict[str, Ruleset] = {
    LIVE_ACTION.code: LIVE_ACTION,
    CLASSIC.code: CLASSIC,
    CHIANG_MAI.code: CHIANG_MAI,
    HP.code: HP,
}
DEFAULT_RULESET = LIVE_ACTION.code
DAY_END_EVENT = "day_end"
VOTE_REMINDER_EVENT = "vote_reminder"
PHASE_END_EVENT = "phase_end"
PROD_EVENT = "prod"
ACTION_REMINDER_EVENT = "action_reminder"


class HasRuleset(Protocol):
    ruleset: str


class UnknownRuleset(KeyError):
    pass


def ruleset_named(code: str) -> Ruleset:
    try:
        return RULESETS[code]
    except KeyError:
        raise UnknownRuleset(code) from None


def ruleset_of(game: HasRuleset) -> Ruleset:
    """The rule set a game is played by."""
    return ruleset_named(game.ruleset)


def _union(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each code once, with the label of the first rule set that has it."""
    found: dict[str, str] = {}
    for code, label in pairs:
        found.setdefault(code, label)
    return list(found.items())


def ruleset_choices() -> list[tuple[str, str]]:
    return [(ruleset.code, ruleset.name) for ruleset in RULESETS.values()]


def role_choices() -> list[tuple[str, str]]:
    return _union((r.code, r.name) for rs in RULESETS.values() for r in rs.roles)


def power_choices() -> list[tuple[str, str]]:
    return _union((p.code, p.name) for rs in RULESETS.values() for p in rs.powers)


def item_choices() -> list[tuple[str, str]]:
    return _union((i.code, i.name) for rs in RULESETS.values() for i in rs.items)


def office_choices() -> list[tuple[str, str]]:
    return _union((o.code, o.name) for rs in RULESETS.values() for o in rs.offices)


def private_group_choices() -> list[tuple[str, str]]:
    return _union((g.code, g.title) for rs in RULESETS.values() for g in rs.private_groups)


def kill_method_choices() -> list[tuple[str, str]]:
    return _union((m.code, m.label) for rs in RULESETS.values() for m in rs.kill_methods)


def capacity_choices() -> list[tuple[str, str]]:
    return _union((c.code, c.label) for rs in RULESETS.values() for c in rs.capacities)


def death_cause_choices() -> list[tuple[str, str]]:
    return _union((c.code, c.label) for rs in RULESETS.values() for c in rs.death_causes)


def due_event_choices() -> list[tuple[str, str]]:
    """The day end, the reminder to vote before it, the end of a phase of the night-and-day rule
    sets (C1), and each rule set's end-of-day deaths (R4)."""
    return [
        (DAY_END_EVENT, "Day end"),
        (VOTE_REMINDER_EVENT, "Reminder to vote"),
        (PHASE_END_EVENT, "Phase end"),
        (PROD_EVENT, "Prod of a silent player"),
        (ACTION_REMINDER_EVENT, "Reminder of a missing action"),
    ] + _union(
        (cause.event_kind, cause.label)
        for rs in RULESETS.values()
        for cause in rs.end_of_day_causes
    )


def alignment_choices() -> list[tuple[str, str]]:
    return _union(pair for rs in RULESETS.values() for pair in rs.alignments)


def winner_choices() -> list[tuple[str, str]]:
    return _union(pair for rs in RULESETS.values() for pair in rs.alignments)
