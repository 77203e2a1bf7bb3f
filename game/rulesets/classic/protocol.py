"""Protocol names of games with bots (C10): the names seed 002's bot protocol writes in the
players file, the dawn's lists and every vote. Pure Python."""

from __future__ import annotations

import re
from collections.abc import Iterable

NO_ONE = "no one"
PROTOCOL_NAME = re.compile(r"[A-Za-z0-9_-]+")
MAX_LENGTH = 60


def protocol_name_refusal(name: str, taken: Iterable[str]) -> str:
    """Why `name` cannot be a protocol name of this game, or "" (C10): letters, digits, dashes
    and underscores only (the seed: "Bot names must be alphanumeric + dashes and underscores"),
    unique in the game whatever the case, and never "no one", which every vote may name."""
    if not name:
        return "Choose a protocol name for the bots to call you by (C10)."
    if name.casefold() == NO_ONE:
        return 'Nobody may be called "no one": it is the vote for nobody (C10).'
    if len(name) > MAX_LENGTH or not PROTOCOL_NAME.fullmatch(name):
        return (
            f"{name!r} is not a protocol name: use letters, digits, dashes and underscores only, "
            f"at most {MAX_LENGTH} (C10)."
        )
    if name.casefold() in {other.casefold() for other in taken}:
        return f"Someone in this game already has the protocol name {name!r} (C10)."
    return ""
