"""Detective: with the other detectives, tests one living non-detective each night; a mafia
caught is voted out that day instead of the vote (H7)."""

from game.rulesets.base import NightActionSpec, RoleSpec

VILLAGE = "village"
STARTING_HP = 800

TEST = NightActionSpec(
    code="test",
    prompt="Choose a player to test:",
    self_choices=0,
    self_refusal="You cannot test a detective.",
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
