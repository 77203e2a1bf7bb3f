"""Seer: each night looks into one player's heart and learns at dawn which side they are on."""

from game.rulesets.base import MAFIA, NightActionSpec, RoleSpec
from game.rulesets.nights import Act, NightState
from game.rulesets.phases import NO_ONE
from game.rulesets.reasons import Reason

VILLAGE = "village"

SEEN = Reason("seen", "The seer {seer} sees that {target} {side}.")
VISION = Reason("vision", "Your vision: {target} {side}.")
SEER_DIED = Reason("seer_died", "The seer {seer} did not live to see dawn and learns nothing.")
SIDES = {MAFIA: "is a werewolf", VILLAGE: "belongs to the village"}


def seer_sees(state: NightState, act: Act) -> None:
    """A seer alive at dawn learns the side of the player they looked at; a seer devoured in
    the same night learns nothing (the vision comes after the night's deaths)."""
    if act.target is NO_ONE:
        return
    seer, target = act.actor, act.target
    if state.dies(seer):
        state.note(SEER_DIED(players={"seer": seer}))
        return
    side = SIDES[state.alignments[target]]
    state.tell(
        seer,
        VISION(players={"target": target}, side=side),
        SEEN(players={"seer": seer, "target": target}, side=side),
        entry="vision",
    )


SEE = NightActionSpec(
    code="see",
    prompt="Whose heart do you look into tonight?",
    self_choices=0,
    self_refusal="You know your own heart: look into someone else's.",
    priority=90,
    effect=seer_sees,
    label="looks into",
)

ROLE = RoleSpec(
    code="seer",
    name="Seer",
    alignment=VILLAGE,
    summary="Each night, look into one player's heart: at dawn you learn whether they are a "
    "werewolf or belong to the village.",
    default_count=1,
    night_action=SEE,
    reveal="the seer",
)
