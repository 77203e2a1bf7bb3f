"""What happens in a pig game, event by event (`words.py` tells each in plain words)."""

from __future__ import annotations

from typing import NamedTuple

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
