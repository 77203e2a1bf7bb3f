"""The host's night script (M10): every role called each night, in the order of M4, even roles
no longer in play, each call lasting the same time, so that nothing is given away. Pure Python."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.chiang_mai import CHIANG_MAI
from game.rulesets.chiang_mai.cards import ASSASSIN, DOCTOR, KILLER, POLICEMAN
from game.rulesets.chiang_mai.roles.assassin import assassin_may_refrain
from game.rulesets.chiang_mai.table import Table, holders_of

CALL_SECONDS = 20
"""Default length of each call (a per-game setting): the same for every role (M10)."""

CALLED = {KILLER: "Killers", DOCTOR: "Doctor", POLICEMAN: "Policemen", ASSASSIN: "Assassin"}
"""How the host calls each role with a night action (M10)."""

NIGHT_ORDER = tuple(
    sorted(
        (role for role in CHIANG_MAI.roles if role.night_action is not None),
        key=lambda role: role.night_action.priority,
    )
)
"""M4: the roles in the order of their actions' priorities, the order the night engine runs
them in: Killers, Doctor, Policemen, Assassin."""


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
        name, task = CALLED[role.code], role.night_action.prompt
        calls.append(
            Call(
                role=role.code,
                name=name,
                wake=f"{name}, wake up… {task}.",
                sleep=f"{name}, close your eyes.",
                actors=tuple(holders_of(table, role.code)),
                may_pass=role.code == ASSASSIN and assassin_may_refrain(night),
                seconds=seconds,
            )
        )
    return calls
