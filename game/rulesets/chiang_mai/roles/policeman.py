"""Policeman (a Jack, M2): the active Policemen wake together and point at one player; thumbs
up if that player's top card is a King, as the hands were that night (M4, M11). Only the active
Policemen learn it, and the host."""

from game.rulesets.base import RoleSpec
from game.rulesets.chiang_mai.cards import KINGS, POLICEMAN, VILLAGE
from game.rulesets.chiang_mai.pointing import pointing
from game.rulesets.nights import Act, NightState, when_chosen
from game.rulesets.reasons import Reason

THUMBS_ENTRY = "thumbs"
THUMBS = Reason("thumbs", "The Policemen pointed at {target}: thumbs {thumbs}.")
THUMBS_TOLD = Reason("thumbs_told", "Thumbs {thumbs} on {target}.")
POLICE_TIE = Reason("police_tie", "The Policemen's picks tied; the seeded draw chose {target}.")


def top_is_a_king(state: NightState, player: int) -> bool:
    """M4, M11: whether `player`'s top card, as the hands were at nightfall, is a King (a Killer
    who lost their King, or whose King lies below, shows thumbs down)."""
    cards = state.player_state[player].get("cards", [])
    return bool(cards) and cards[0] in KINGS


@when_chosen
def policemen_point(state: NightState, act: Act) -> None:
    """M4: the plurality of the active Policemen's pointings (ties drawn, C8); each of them,
    and the host, learns the thumbs."""
    if len(act.tied) > 1:
        state.note(POLICE_TIE(players={"target": act.target}))
    thumbs = "up" if top_is_a_king(state, act.target) else "down"
    named = {"target": act.target}
    state.tell_all(
        act.actors,
        THUMBS_TOLD(players=named, thumbs=thumbs),
        THUMBS(players=named, thumbs=thumbs),
        entry=THUMBS_ENTRY,
    )


POINT = pointing(
    code="point",
    verb="investigate",
    priority=30,
    effect=policemen_point,
    label="points at",
    together=True,
)

ROLE = RoleSpec(
    code=POLICEMAN,
    name="Policeman",
    alignment=VILLAGE,
    summary="A Jack: point at one player each night; thumbs up if their top card is a King (M4).",
    night_action=POINT,
)
