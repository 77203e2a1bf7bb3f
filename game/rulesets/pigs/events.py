"""What happens in a pig game, event by event, and each event in plain words."""

from __future__ import annotations

from typing import NamedTuple

from game.rulesets.pigs.cards import CARD_NAMES, MASTER, ROLE_NAMES

TURN = "turn"
REWARD = "reward"
PEACH = "peach"
CROSSBOW = "crossbow"
SLASH = "slash"
DODGE = "dodge"
DUEL = "duel"
DUEL_SLASH = "duel_slash"
DUEL_REFUSE = "duel_refuse"
AREA = "area"
RESPOND = "respond"
NULLIFY = "nullify"
CANCEL = "cancel"
NULLIFIED = "nullified"
JUMP = "jump"
LIKE_REBEL = "like_rebel"
DAMAGE = "damage"
SAVE = "save"
DEATH = "death"
PENALTY = "penalty"
END = "end"
ENDLESS = "endless"


class Event(NamedTuple):
    """One step of the game. Pigs are numbered from 1 as in the deal; `other` is 0 when the event
    names one pig only; `cards` are the cards drawn or played; `hp` a pig's hit points after
    (the turns played, for ENDLESS)."""

    kind: str
    pig: int
    other: int = 0
    cards: str = ""
    hp: int = 0


def _card(letter: str) -> str:
    return CARD_NAMES[letter]


def _answered(response: str) -> str:
    """The area card a response answers: a Slash a Southern Invasion, a Dodge a Volley (§6.3)."""
    return CARD_NAMES["N" if response == "K" else "W"]


def describe(event: Event, roles: tuple[str, ...]) -> str:
    """The event in plain words, e.g. "Pig 2 nullifies it for Pig 1 and shows loyalty"."""
    kind, pig, other, cards, hp = event
    p, o = f"Pig {pig}", f"Pig {other}"
    texts = {
        TURN: lambda: f"{p}'s turn: it draws {' '.join(cards)}.",
        REWARD: lambda: f"{p} draws {' '.join(cards)} as the reward for killing a Rebel (§7).",
        PEACH: lambda: f"{p} eats a Peach on its turn: {hp} HP.",
        CROSSBOW: lambda: f"{p} equips a Pig Crossbow: any number of Slashes from now on.",
        SLASH: lambda: f"{p} plays Slash on {o}.",
        DODGE: lambda: f"{p} discards a Dodge: the Slash of {o} misses.",
        DUEL: lambda: f"{p} plays Duel on {o}.",
        DUEL_SLASH: lambda: f"{p} discards a Slash in the Duel with {o}.",
        DUEL_REFUSE: lambda: f"{p}, a Loyal Pig, discards no Slash against the Master (§6.2).",
        AREA: lambda: f"{p} plays {_card(cards)} on every other pig.",
        RESPOND: lambda: f"{p} discards a {_card(cards)} to escape the {_answered(cards)}.",
        NULLIFY: lambda: f"{p} plays Nullify to protect {o}.",
        CANCEL: lambda: f"{p} plays Nullify to cancel the Nullify of {o}.",
        NULLIFIED: lambda: f"The {_card(cards)} on {p} is nullified: no effect.",
        JUMP: lambda: f"{p} jumps: it is a {ROLE_NAMES[roles[pig - 1]]}.",
        LIKE_REBEL: lambda: f"The Master now suspects {p} of being a Rebel (a like-rebel).",
        DAMAGE: lambda: f"{p} takes 1 damage from {o}: {hp} HP left.",
        SAVE: lambda: f"{p} is dying and eats a Peach: {hp} HP.",
        DEATH: lambda: f"{p} dies (killed by {o}); it was a {ROLE_NAMES[roles[pig - 1]]}.",
        PENALTY: lambda: f"{p}, the Master, killed a Loyal Pig: it discards its hand and crossbow.",
        END: lambda: "The Master's side wins." if cards == MASTER else "The Rebels win.",
        ENDLESS: lambda: f"No winner after {hp:,} turns: the game is endless (P6).",
    }
    return texts[kind]()
