"""Detective: with the other detectives, tests one living non-detective each night; a mafia
caught is voted out that day instead of the vote (H7)."""

from game.rulesets.base import MAFIA, RoleSpec
from game.rulesets.hp import texts
from game.rulesets.hp.group_action import group_action
from game.rulesets.nights import Act, NightState

VILLAGE = "village"
STARTING_HP = 800
TEST_ENTRY = "hp_test"


def detectives_test(state: NightState, act: Act) -> None:
    """H7: the detectives alone learn whether the tested player is a mafia, each of them, even
    one the night kills (H12)."""
    positive = state.alignments.get(act.target) == MAFIA
    result = texts.TESTED_MAFIA if positive else texts.TESTED_NOT_MAFIA
    told = result(players={"player": act.target})
    for detective in act.actors:
        state.tell(detective, told, told, entry=TEST_ENTRY)


TEST = group_action(
    code="test",
    prompt="Choose a player to test:",
    priority=20,
    effect=detectives_test,
    label="tests",
    own_role="detective",
    own_refusal="You cannot test a detective.",
)

ROLE = RoleSpec(
    code="detective",
    name="Detective",
    alignment=VILLAGE,
    summary="Each night the detectives test one player who is not a detective: only they learn "
    "whether that player is a mafia, and a mafia caught is voted out that day with no vote (H7). "
    "Starts with 800 HP.",
    night_action=TEST,
    reveal="Detectives",
)
