"""Each event of a pig game in plain words, for someone who does not know the game: cards by
their names (a page shows each card's letter of the original's format on hover), sides and
suspicions said as they are, no section numbers."""

from __future__ import annotations

from collections.abc import Callable

from game.rulesets.pigs.cards import AREA_RESPONSE, CARD_NAMES, MASTER, ROLE_NAMES
from game.rulesets.pigs.events import (
    AREA,
    CANCEL,
    CROSSBOW,
    DAMAGE,
    DEATH,
    DODGE,
    DUEL,
    DUEL_REFUSE,
    DUEL_SLASH,
    END,
    ENDLESS,
    JUMP,
    LIKE_REBEL,
    NULLIFIED,
    NULLIFY,
    PEACH,
    PENALTY,
    RESPOND,
    REWARD,
    SAVE,
    SLASH,
    TURN,
    Event,
)

Part = str | list[str]
"""A piece of an event's words: text, or a card as `[letter]`, which a page shows by its name
with the letter in a tooltip."""


def card_list(cards: str) -> list[Part]:
    """Cards named one after the other: "Duel", "Duel and Peach", "Duel, Peach and Slash"."""
    parts: list[Part] = []
    for i, letter in enumerate(cards):
        if i:
            parts.append(" and " if i == len(cards) - 1 else ", ")
        parts.append([letter])
    return parts


def _area_of(response: str) -> str:
    """The area card a response escapes: a Slash a Southern Invasion, a Dodge a Volley."""
    return next(area for area, answer in AREA_RESPONSE.items() if answer == response)


def _hp(hp: int) -> str:
    return f"{hp} hit point{'' if hp == 1 else 's'}"


def _phrases(event: Event, roles: tuple[str, ...]) -> dict[str, Callable[[], list[Part]]]:
    kind, pig, other, cards, hp = event
    p, o = f"Pig {pig}", f"Pig {other}"
    role = ROLE_NAMES.get(roles[pig - 1], "") if pig > 0 else ""
    return {
        TURN: lambda: [f"{p}'s turn: it draws ", *card_list(cards), "."],
        REWARD: lambda: [f"{p} draws ", *card_list(cards), " as its reward for killing a Rebel."],
        PEACH: lambda: [f"{p} eats a ", ["P"], f" on its turn: {_hp(hp)}."],
        CROSSBOW: lambda: [f"{p} equips a ", ["Z"], ": it may now Slash any number of times."],
        SLASH: lambda: [f"{p} plays ", ["K"], f" on {o}."],
        DODGE: lambda: [f"{p} discards a ", ["D"], f": the Slash of {o} misses."],
        DUEL: lambda: [f"{p} plays ", ["F"], f" on {o}."],
        DUEL_SLASH: lambda: [f"{p} discards a ", ["K"], f" in the Duel with {o}."],
        DUEL_REFUSE: lambda: [f"{p} is loyal: it will not fight its Master with a ", ["K"], "."],
        AREA: lambda: [f"{p} plays ", [cards], ": it hits every other pig."],
        RESPOND: lambda: [f"{p} discards a ", [cards], " to escape the ", [_area_of(cards)], "."],
        NULLIFY: lambda: [
            f"{p} plays ",
            ["J"],
            f" to protect {'itself' if pig == other else o} from the ",
            [cards],
            ".",
        ],
        CANCEL: lambda: [f"{p} plays ", ["J"], f" to cancel the Nullify of {o}."],
        NULLIFIED: lambda: ["The ", [cards], f" on {p} is nullified: no effect."],
        JUMP: lambda: [f"{p} shows its side: it is a {role}."],
        LIKE_REBEL: lambda: [f"The Master now suspects {p} of being a Rebel."],
        DAMAGE: lambda: [f"{p} takes 1 damage from {o}: {_hp(hp)} left."],
        SAVE: lambda: [f"{p} is dying and eats a ", ["P"], f": {_hp(hp)}."],
        DEATH: lambda: [f"{p} dies, killed by {o}. It was a {role}."],
        PENALTY: lambda: [f"{p}, the Master, killed a Loyal Pig: it loses its hand and crossbow."],
        END: lambda: ["The Master's side wins." if cards == MASTER else "The Rebels win."],
        ENDLESS: lambda: [f"No winner after {hp:,} turns: the game is endless."],
    }


def event_parts(event: Event, roles: tuple[str, ...]) -> list[Part]:
    """The event's words, its cards as `[letter]`."""
    return _phrases(event, roles)[event.kind]()


def as_text(parts: list[Part]) -> str:
    """The words with each card by its name."""
    return "".join(part if isinstance(part, str) else CARD_NAMES[part[0]] for part in parts)


def describe(event: Event, roles: tuple[str, ...]) -> str:
    """The event in plain words, e.g. "Pig 2 plays Nullify to protect Pig 1 from the Duel."."""
    return as_text(event_parts(event, roles))
