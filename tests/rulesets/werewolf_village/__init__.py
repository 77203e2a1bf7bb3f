"""A Werewolf village, for tests only: werewolves who devour a villager together each night, a
seer who learns one player's side each night, a witch with one healing potion and one poison a
game, and villagers who eliminate a player by day. It starts at night 1 (night 1, day 1,
night 2, …) and is played on the phase engine (game.rulesets.phases), the night engine
(game.rulesets.nights), the dawn and the day vote of the services, with its own roles, day,
pages and words: each role is one module of `roles`, the day is `day`, the pages `pages`.

A test registers it with one line:
`monkeypatch.setitem(registry.RULESETS, WEREWOLF_VILLAGE.code, WEREWOLF_VILLAGE)`
(docs/adding-a-ruleset.md)."""

from collections.abc import Iterable

from game.rulesets.base import EXECUTED, KILLED, MAFIA, REMOVED, Phase, PlayerStatus
from game.rulesets.groups import Candidate, PrivateGroup
from game.rulesets.phases import DAY, NIGHT
from game.rulesets.ruleset import Ruleset
from game.rulesets.specs import DeathCauseSpec
from tests.rulesets.werewolf_village.day import VILLAGE_DAY
from tests.rulesets.werewolf_village.pages import PAGES
from tests.rulesets.werewolf_village.roles import ROLES
from tests.rulesets.werewolf_village.roles.seer import VILLAGE
from tests.rulesets.werewolf_village.roles.werewolf import ROLE as WEREWOLF


def winner(players: Iterable[PlayerStatus]) -> str | None:
    """The village wins when no werewolf is alive; the werewolves when they are at least as
    many as the other living players. The dead win with their side."""
    living = [p for p in players if p.alive]
    werewolves = sum(1 for p in living if p.role == WEREWOLF.code)
    if werewolves == 0:
        return VILLAGE
    return MAFIA if werewolves >= len(living) - werewolves else None


def in_the_pack(candidate: Candidate) -> bool:
    """The werewolves know each other and share the den."""
    return candidate.role == WEREWOLF.code


ELIMINATED = DeathCauseSpec(EXECUTED.code, "Eliminated by the village")
"""The day vote's death, in the village's word."""

DEN = PrivateGroup(code="den", title="The werewolves' den", belongs=in_the_pack)

WEREWOLF_VILLAGE = Ruleset(
    code="werewolf_village",
    name="Werewolf village (tests)",
    roles=ROLES,
    filler_role="villager",
    alignments=((VILLAGE, "Village"), (MAFIA, "Werewolves")),
    winner=winner,
    phases=(
        Phase(NIGHT, "Night", end_steps=("dawn",)),
        Phase(DAY, "Day", end_steps=("day_vote",)),
    ),
    death_causes=(KILLED, ELIMINATED, REMOVED),
    night_and_day=True,
    first_day=1,
    min_players=5,
    deaths_reveal_roles=True,
    day=VILLAGE_DAY,
    private_groups=(DEN,),
    win_texts=(
        (VILLAGE, "The village wins: no werewolf is left."),
        (MAFIA, "The werewolves win: they are as many as the villagers left."),
    ),
    pages=PAGES,
)
