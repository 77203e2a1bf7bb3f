"""The host's night script (M10): every role called each night, in the order of M4, even roles
no longer in play, each call lasting the same time, so that nothing is given away. Pure Python."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.chiang_mai.cards import ASSASSIN, DOCTOR, KILLER, POLICEMAN
from game.rulesets.chiang_mai.night import assassin_may_refrain
from game.rulesets.chiang_mai.table import Table, holders_of

CALL_SECONDS = 20
"""Default length of each call (a per-game setting): the same for every role (M10)."""

NIGHT_ORDER = (KILLER, DOCTOR, POLICEMAN, ASSASSIN)
"""M4: Killers, Doctor, Policemen, Assassin."""

WORDS = {
    KILLER: ("Killers", "point at the player to poison"),
    DOCTOR: ("Doctor", "point at the player to vaccinate"),
    POLICEMAN: ("Policemen", "point at the player to investigate"),
    ASSASSIN: ("Assassin", "point at the player to kill"),
}


@dataclass(frozen=True)
class Call:
    """One call of the script: the words the host says, who (if anyone) wakes, and whether they
    may point at no one."""

    role: str
    name: str
    wake: str
    sleep: str
    actors: tuple[int, ...]
    may_pass: bool
    seconds: int


def night_script(table: Table, night: int, seconds: int = CALL_SECONDS) -> list[Call]:
    """M10: the four calls of M4 in order, each with the same words and length whether or not
    its role is still in play; the actors are the players whose cards are active tonight (M2).
    Only the Assassin on night 1 may point at no one (M4)."""
    calls = []
    for role in NIGHT_ORDER:
        name, task = WORDS[role]
        calls.append(
            Call(
                role=role,
                name=name,
                wake=f"{name}, wake up… {task}.",
                sleep=f"{name}, close your eyes.",
                actors=tuple(holders_of(table, role)),
                may_pass=role == ASSASSIN and assassin_may_refrain(night),
                seconds=seconds,
            )
        )
    return calls
