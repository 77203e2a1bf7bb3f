"""A party rule set, for tests only: it begins at night 1 (night 1, day 1, night 2, …), its
werewolves pick a victim each night and its healer may never heal themself. It is played on
the phase engine of game.rulesets.phases and services.nights.phases and the night engine of
game.rulesets.nights without copying them: its roles are one module each, listed in `roles`,
each holding its own night effect; its nights end with the engine's dawn step.

`PARTY_PAIRS` is the party with two cards a player, its hands declared in one place (`PAIRS`):
nothing else of the engine or of the party's roles changes for it.

`PARTY_LIVE` is the live-action rule set with the party's own mafia powers, one module and one
line each in `POWERS`: their forms, API operation, charges, log and place in the R19 chain come
from their spec."""

from collections.abc import Iterable
from dataclasses import replace

from game.rulesets.base import EXECUTED, KILLED, MAFIA, REMOVED, Phase, PlayerStatus
from game.rulesets.hands import DealtWith, Hands, every_card, lose_top_card
from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.pages import FORUMS_RULING, NIGHT_AND_DAY, PHASE_ENGINE_RULINGS
from game.rulesets.phases import DAY, NIGHT
from game.rulesets.ruleset import Ruleset
from tests.rulesets.party import alibi
from tests.rulesets.party.roles import ROLES
from tests.rulesets.party.roles.healer import VILLAGE
from tests.rulesets.party.roles.werewolf import ROLE as WEREWOLF


def winner(players: Iterable[PlayerStatus]) -> str | None:
    living = [p for p in players if p.alive]
    wolves = sum(1 for p in living if p.role == WEREWOLF.code)
    if wolves == 0:
        return VILLAGE
    return MAFIA if wolves >= len(living) - wolves else None


PARTY = Ruleset(
    code="party",
    name="Party (tests)",
    roles=ROLES,
    filler_role="peasant",
    alignments=((VILLAGE, "Village"), (MAFIA, "Werewolves")),
    winner=winner,
    phases=(Phase(NIGHT, "Night", end_steps=("dawn",)), Phase(DAY, "Day")),
    death_causes=(KILLED, EXECUTED, REMOVED),
    night_and_day=True,
    first_day=1,
    # The phase engine's pages in their plain words: they cite the engine's phases and seeded
    # draws (C1, C8) and the forums' table (R51), nothing of classic's.
    pages=replace(NIGHT_AND_DAY, cites=(*PHASE_ENGINE_RULINGS, FORUMS_RULING)),
)

PAIRS = Hands(
    size=2,
    active=every_card,
    death=lose_top_card,
    side=DealtWith(frozenset({WEREWOLF.code}), MAFIA, VILLAGE),
)
"""Two cards a player, both acting; a death takes the top card and the second death the
player; a werewolf card dealt in either place makes a werewolf to the end (as M3-M5)."""

PARTY_PAIRS = replace(PARTY, code="party_pairs", name="Party in pairs (tests)", hands=PAIRS)


POWERS = (
    *LIVE_ACTION.powers,
    alibi.POWER,
)
PARTY_LIVE = replace(LIVE_ACTION, code="party_live", name="Live action (party)", powers=POWERS)
