"""Doctor (the red Queen, M2): vaccinates one player each night, themself allowed; the poisoned
player is cured, anyone else gets a dose, and a second dose is an overdose (M4, M11)."""

from typing import Final

from game.rulesets.base import RoleSpec
from game.rulesets.chiang_mai.cards import DOCTOR, VILLAGE
from game.rulesets.chiang_mai.pointing import pointing
from game.rulesets.chiang_mai.roles.killer import POISON
from game.rulesets.nights import Act, Kind, NightState, when_chosen
from game.rulesets.reasons import Reason

DOSES: Final = "doses"
"""The key of a player's state that counts the doses they carry (M4, M11)."""
OVERDOSE_AT = 2
OVERDOSE: Final = "overdose"

CURED = Reason("cured", "The Doctor {doctor} cured {victim} of the poison.")
DOSED = Reason("dosed", "The Doctor {doctor} gave {target} a dose ({doses} of 2).")
OVERDOSED = Reason("overdosed", "The Doctor {doctor} gave {target} a second dose: an overdose.")


def poisoned_tonight(state: NightState, player: int) -> bool:
    """Whether the Killers poisoned `player` tonight (cured already or not)."""
    return any(
        o.player == player
        and ((o.kind == Kind.DEATH and o.cause == POISON) or (o.kind == Kind.HEAL and o.revives))
        for o in state.outcomes
    )


@when_chosen
def doctor_vaccinates(state: NightState, act: Act) -> None:
    """M4, M11: after the poison, the Doctor's vaccine cures the poisoned player, who gets no
    dose; anyone else gets a dose, and a second dose is an overdose, a death at dawn, after
    which their doses are 0. Doses outlast a lost card (they are the player's, not the
    card's)."""
    doctor, target = act.actor, act.target
    if poisoned_tonight(state, target):
        state.heal(target, 0, CURED(players={"doctor": doctor, "victim": target}), revives=True)
        return
    doses = int(state.player_state[target].get(DOSES, 0)) + 1
    named = {"doctor": doctor, "target": target}
    if doses >= OVERDOSE_AT:
        state.player_state[target] = {**state.player_state[target], DOSES: 0}
        state.kill(target, OVERDOSED(players=named), cause=OVERDOSE)
        return
    state.player_state[target] = {**state.player_state[target], DOSES: doses}
    state.damage(target, 1, DOSED(players=named, doses=doses))


VACCINATE = pointing(
    code="vaccinate", verb="vaccinate", priority=20, effect=doctor_vaccinates, label="vaccinates"
)

ROLE = RoleSpec(
    code=DOCTOR,
    name="Doctor",
    alignment=VILLAGE,
    summary="The red Queen: vaccinate one player each night; a poisoned player is cured, anyone "
    "else gets a dose, and two doses kill (M4).",
    night_action=VACCINATE,
)
