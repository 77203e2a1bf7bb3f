"""A party rule set, for tests only: it begins at night 1 (night 1, day 1, night 2, …), its
werewolves pick a victim each night and its healer may never heal themself. It is played on
the phase engine of game.rulesets.phases and services.nights.phases without copying it: it names its
phases and one step, and reuses the engine's plurality, seeded draws and night choices.

`PARTY_LIVE` is the live-action rule set with the party's own mafia powers, one module and one
line each in `POWERS`: their forms, API operation, charges, log and place in the R19 chain come
from their spec."""

from collections.abc import Iterable
from dataclasses import replace

from game.rulesets.base import (
    EXECUTED,
    KILLED,
    MAFIA,
    REMOVED,
    NightActionSpec,
    Phase,
    PlayerStatus,
    RoleSpec,
    Ruleset,
)
from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.phases import DAY, NIGHT, draw_rng, plurality
from tests.rulesets.party import alibi

WEREWOLF = RoleSpec(
    code="werewolf",
    name="Werewolf",
    alignment=MAFIA,
    summary="Eat a villager each night.",
    default_count=1,
    night_action=NightActionSpec(code="kill", prompt="Who do you eat tonight?"),
    reveal="a werewolf",
)
HEALER = RoleSpec(
    code="healer",
    name="Healer",
    alignment="village",
    summary="Heal someone else each night.",
    default_count=1,
    night_action=NightActionSpec(
        code="protect",
        prompt="Who do you heal tonight?",
        self_choices=0,
        self_refusal="Healers cannot heal themselves.",
    ),
    reveal="the healer",
)
PEASANT = RoleSpec(code="peasant", name="Peasant", alignment="village", summary="Survive.")


def winner(players: Iterable[PlayerStatus]) -> str | None:
    living = [p for p in players if p.alive]
    wolves = sum(1 for p in living if p.role == WEREWOLF.code)
    if wolves == 0:
        return "village"
    return MAFIA if wolves >= len(living) - wolves else None


PARTY = Ruleset(
    code="party",
    name="Party (tests)",
    roles=(WEREWOLF, HEALER, PEASANT),
    filler_role=PEASANT.code,
    alignments=(("village", "Village"), (MAFIA, "Werewolves")),
    winner=winner,
    phases=(Phase(NIGHT, "Night", end_steps=("party_dawn",)), Phase(DAY, "Day")),
    death_causes=(KILLED, EXECUTED, REMOVED),
    night_and_day=True,
    first_day=1,
)


def dawn_victim(seed: str, night: int, picks: dict[int, int | None], healed: set[int]):
    """The werewolves' plurality, drawn from the game's seed, unless healed."""
    victim, _ = plurality(picks.values(), draw_rng(seed, f"night {night}"))
    return None if victim in healed else victim


POWERS = (
    *LIVE_ACTION.powers,
    alibi.POWER,
)
PARTY_LIVE = replace(LIVE_ACTION, code="party_live", name="Live action (party)", powers=POWERS)
