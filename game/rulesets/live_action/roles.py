"""The role catalogue of the live-action ruleset and the alignments that decide the win (R16).

Pure Python: the Django models store role codes as strings taken from `Role`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

LIVE_ACTION = "live_action"


class Alignment(StrEnum):
    TOWN = "town"
    MAFIA = "mafia"
    SERIAL_KILLER = "serial_killer"


class Role(StrEnum):
    MAFIA = "mafia"
    SERIAL_KILLER = "serial_killer"
    INVESTIGATOR = "investigator"
    DESPERADO = "desperado"
    GAY_KNIGHT = "gay_knight"
    GROUP_INVESTIGATOR = "group_investigator"
    INNOCENT_CHILD = "innocent_child"
    PRIEST = "priest"
    STALKER = "stalker"
    VIGILANTE = "vigilante"
    TOWNIE = "townie"


@dataclass(frozen=True)
class RoleCard:
    role: Role
    name: str
    alignment: Alignment
    summary: str
    powers: tuple[str, ...]


LIVE_ACTION_ROLES: dict[Role, RoleCard] = {
    card.role: card
    for card in (
        RoleCard(
            Role.MAFIA,
            "Mafia",
            Alignment.MAFIA,
            "You win when no townie is left alive. The mafia powers are shared by every "
            "mafia-aligned player.",
            (
                "Free kill: one a day, shared; a failed attempt does not use it (R33).",
                "Scheme, Poison, Set a Trap, Slaughter the Weak, Frame, Plant Evidence, "
                "Manipulate the Press, Hire a Hitman, Conscript, Stalk and the Don (R34-R42).",
                'Disarm: if a player says BANG to you, you may say "Disarm." within 10 seconds '
                "(R40).",
            ),
        ),
        RoleCard(
            Role.SERIAL_KILLER,
            "Serial Killer",
            Alignment.SERIAL_KILLER,
            "You want the mafia to win, but you do not know who they are.",
            (
                "Kill by tapping a player and saying BANG; after a kill you wait until the third "
                "day after it (R32).",
                "Three no-kill days; when they are used up, a day without a kill ends in "
                "bloodlust (R32).",
                "One investigation of a kill site you reach before three investigators do (R24).",
            ),
        ),
        RoleCard(
            Role.INVESTIGATOR,
            "Investigator",
            Alignment.TOWN,
            "You find the killers.",
            (
                'Once a day ask "Did X kill Y?" about a death whose kill site you visited and '
                "reported (R21, R22).",
                "Only one question about each death, ever (R23).",
            ),
        ),
        RoleCard(
            Role.DESPERADO,
            "Desperado",
            Alignment.TOWN,
            "Once per game you may go desperado.",
            (
                "Ask to go desperado during a day; it starts with the next day and can be "
                "cancelled until then (R25).",
                "While desperado you investigate like an investigator and may answer a BANG "
                'with "I do not die" (R25).',
                "You die at the end of the second day of going desperado (R25).",
            ),
        ),
        RoleCard(
            Role.GAY_KNIGHT,
            "Gay Knight",
            Alignment.TOWN,
            "You have a partner, also a Gay Knight. If one of you dies on a day, the other dies "
            "at the end of the next day (R26).",
            (
                "While your partner is dead: two guesses of who killed them; a correct guess lets "
                "you kill that player and makes you immune to kills (R26).",
            ),
        ),
        RoleCard(
            Role.GROUP_INVESTIGATOR,
            "Group Investigator",
            Alignment.TOWN,
            "You ask whether anyone in a set of players killed someone.",
            ("Never on two days in a row; the longer you wait, the larger the set (R31).",),
        ),
        RoleCard(
            Role.INNOCENT_CHILD,
            "Innocent Child",
            Alignment.TOWN,
            'You may say "I am an innocent child and I trust you" to a player in person; the app '
            "confirms it to them (R27).",
            (),
        ),
        RoleCard(
            Role.PRIEST,
            "Priest",
            Alignment.TOWN,
            "You keep a list of sinners and a list of saints (R28).",
            (
                "If a sinner kills a saint you are told the killer was a sinner (R28).",
                "If a saint kills a sinner you lose your powers (R28).",
            ),
        ),
        RoleCard(
            Role.STALKER,
            "Stalker",
            Alignment.TOWN,
            "Each day you stalk a new player (R29).",
            ("If your target makes a kill that day you are told (R29).",),
        ),
        RoleCard(
            Role.VIGILANTE,
            "Vigilante",
            Alignment.TOWN,
            "You have one kill (R30).",
            (
                "If your victim was mafia-aligned or a serial killer the kill comes back from the "
                "next day; otherwise it is gone (R30).",
            ),
        ),
        RoleCard(
            Role.TOWNIE,
            "Townie",
            Alignment.TOWN,
            "You have no power of your own: your vote and your eyes are what the town needs.",
            (),
        ),
    )
}


def alignment_of(role: Role, *, conscripted: bool = False) -> Alignment:
    """A player's alignment for the win check (R16): conscripts are mafia-aligned (R39)."""
    if conscripted:
        return Alignment.MAFIA
    return LIVE_ACTION_ROLES[role].alignment


def is_mafia_aligned(role: Role, *, conscripted: bool = False) -> bool:
    """Mafia-aligned means mafia and conscripts; serial killers are not (R16)."""
    return alignment_of(role, conscripted=conscripted) is Alignment.MAFIA
