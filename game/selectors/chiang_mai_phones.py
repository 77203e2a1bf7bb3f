"""What the host of a Chiang Mai table reads of the phones (M12): where each player called
pointed on their phone before the host's Next, the ballots cast on phones (theirs: the host's
count of hands leaves them out), who votes by a show of hands; and the version of a page, by
which an open page knows whether anything it shows has changed."""

from __future__ import annotations

import hashlib
from typing import Any

from game.models import Player
from game.rulesets.chiang_mai.day import votes_of
from game.rulesets.chiang_mai.story import Story
from game.rulesets.chiang_mai.story_day import hand_voters


def has_phone(player: Player) -> bool:
    """A player who signed up has a phone; one the host added cannot sign in (M12)."""
    return player.user.is_active


def pointings(story: Story, players: list[Player]) -> list[dict[str, Any]]:
    """Each player called now: whether they have a phone and, if they pointed on it, at whom
    (None: they refrain)."""
    call = story.current_call
    if call is None:
        return []
    by_id = {p.pk: p for p in players}
    return [
        {
            "name": story.names.get(actor, ""),
            "phone": has_phone(by_id[actor]),
            "pointed": actor in story.phone_picks,
            "target": story.names.get(story.phone_picks.get(actor) or 0, "no one"),
        }
        for actor in call.actors
    ]


def ballots_cast(story: Story) -> list[dict[str, Any]]:
    """The ballots already entered, phones' and host's, each voter's votes in words."""
    cast = []
    for voter, split in story.ballots.items():
        placed = ", ".join(f"{story.names.get(t, '')} {n}" for t, n in split.items())
        held = votes_of(story.table, voter)
        withheld = held - sum(split.values())
        cast.append(
            {
                "id": voter,
                "name": story.names.get(voter, ""),
                "votes": held,
                "slots": range(1, held + 1),
                "words": ", ".join(w for w in (placed, _withheld(withheld)) if w),
                "own": voter in story.own_ballots,
            }
        )
    return cast


def _withheld(votes: int) -> str:
    return f"{votes} withheld" if votes else ""


def show_of_hands(story: Story) -> dict[str, Any]:
    """Who votes by hand now and how many hands they hold between them (M7, M8)."""
    voters = hand_voters(story)
    return {
        "ids": voters,
        "names": [story.names.get(v, "") for v in voters],
        "cards": sum(votes_of(story.table, v) for v in voters),
        "counted": story.hands is not None,
    }


def page_version(story: Story, me: int | None, host: bool) -> str:
    """Changes whenever what the page shows its viewer changes: for the host every entry; for a
    player the stage, the calls, what was announced and their own cards and ballot, not what
    another phone entered."""
    if host:
        seen: tuple[Any, ...] = (story.entries,)
    else:
        mine = story.table.get(me) if me is not None else None
        seen = (
            story.stage,
            story.night,
            story.day,
            story.call,
            len(story.public),
            story.tied,
            story.winner,
            mine,
            story.ballots.get(me) if me is not None else None,
            story.phone_picks.get(me) if me is not None else None,
        )
    return hashlib.sha256(repr(seen).encode()).hexdigest()[:16]
