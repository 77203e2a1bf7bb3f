"""Forum Mafia's conventions for a night-and-day game (C5 played in the threads): votes written
in posts, the vote count, the hammer. Each is a per-game setting; where no ruling speaks the
decision is the large forum-Mafia sites' convention, listed in docs/forum-play.md."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rulesets.phases import NO_ONE, Pick

VOTE = "vote"
UNVOTE = "unvote"
NO_ONE_WORDS = frozenset({"no one", "noone", "nobody", "no lynch", "no execution"})

# One command a line, bold (**, __) or plain, any case; "VOTE name" without the colon is common.
_COMMAND = re.compile(
    r"^\s*(?:\*\*|__)?\s*(?P<kind>unvote|vote)\b\s*:?\s*(?P<name>.*?)\s*(?:\*\*|__)?\s*$",
    re.IGNORECASE,
)
# Strips the markup a name may carry inside the bold ("VOTE: **Dale**", "VOTE: @Dale").
_NAME_MARKUP = re.compile(r"[*_@`]")


@dataclass(frozen=True)
class VoteCommand:
    kind: str
    name: str
    line: str


def vote_command(body: str) -> VoteCommand | None:
    """The vote a post casts (C5 played in posts): its last `VOTE: name` or `UNVOTE` line, as on
    the forum sites, where a later command in the same post replaces an earlier one. Quoted
    lines (`> …`) are someone else's words and cast nothing."""
    found = None
    for line in body.splitlines():
        if line.lstrip().startswith(">"):
            continue
        match = _COMMAND.match(line)
        if match is None:
            continue
        kind = match["kind"].lower()
        name = " ".join(_NAME_MARKUP.sub("", match["name"]).split())
        if kind == VOTE and not name:
            continue
        found = VoteCommand(kind, name if kind == VOTE else "", line.strip())
    return found


@dataclass(frozen=True)
class NameMatch:
    found: bool
    pick: Pick = NO_ONE
    candidates: tuple[str, ...] = ()


def vote_target(name: str, names: Mapping[int, str]) -> NameMatch:
    """Whom `name` designates among the living (`names`, id to display name), case-insensitive:
    the display name itself, else a prefix that only one name starts with; "no one" (and the
    forum sites' "no lynch") is no one (C5). Nothing found: no candidates; ambiguous: the
    names it could be."""
    wanted = name.casefold().strip()
    if wanted in NO_ONE_WORDS:
        return NameMatch(True, NO_ONE)
    exact = [pk for pk, n in names.items() if n.casefold() == wanted]
    if len(exact) == 1:
        return NameMatch(True, exact[0])
    starting = sorted(
        (n, pk) for pk, n in names.items() if wanted and n.casefold().startswith(wanted)
    )
    if len(starting) == 1:
        return NameMatch(True, starting[0][1])
    return NameMatch(False, candidates=tuple(n for n, _ in starting))


def majority_needed(living: int) -> int:
    """More than half of the living players: the hammer's count (the forum sites' majority)."""
    return living // 2 + 1


@dataclass(frozen=True)
class Hammer:
    pick: Pick


def hammered(ballots: Mapping[int, Pick], living: Sequence[int]) -> Hammer | None:
    """The option a majority of the living players vote for, if any (the hammer). `ballots` are
    the living voters' current votes; a withdrawn or missing vote is absent. A majority for no
    one ends the day too, as a "no lynch" majority does on the forum sites."""
    need = majority_needed(len(living))
    totals: dict[Pick, int] = {}
    for voter in living:
        if voter in ballots:
            totals[ballots[voter]] = totals.get(ballots[voter], 0) + 1
    return next((Hammer(pick) for pick, n in totals.items() if n >= need), None)


def vote_count_due(changes: int, every: int) -> bool:
    """A vote count after every `every` vote changes of the day (0: only on request)."""
    return every > 0 and changes > 0 and changes % every == 0


@dataclass(frozen=True)
class CountLine:
    target: str
    voters: tuple[str, ...]


def vote_count_text(
    day: int,
    lines: Sequence[CountLine],
    not_voting: Sequence[str],
    living: int,
    time_left: str,
    *,
    majority_ends_day: bool,
) -> str:
    """The vote count post, as forum hosts write it: each option with its count and voters (most
    votes first), who is not voting, the majority needed (and whether it ends the day) and the
    time left."""
    out = [f"Vote count, day {day}:"]
    for line in sorted(lines, key=lambda c: (-len(c.voters), c.target)):
        out.append(f"{line.target} ({len(line.voters)}): {', '.join(line.voters)}")
    if not lines:
        out.append("No votes yet.")
    out.append(f"Not voting ({len(not_voting)}): {', '.join(not_voting) or 'none'}")
    need = majority_needed(living)
    if majority_ends_day:
        out.append(f"With {living} alive, {need} votes are a majority and end the day at once.")
    else:
        out.append(
            f"With {living} alive, {need} votes are a majority; the day ends at its deadline "
            "and the most votes win (C5)."
        )
    out.append(f"Time left: {time_left}.")
    return "\n".join(out)


def hammer_text(day: int, target: str | None) -> str:
    if target is None:
        return f"Hammer! A majority voted for no one: day {day} ends now."
    return f"Hammer! A majority voted for {target}: day {day} ends now."


def time_left_text(seconds: float) -> str:
    if seconds <= 0:
        return "the day is over"
    minutes = int(seconds // 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    parts = [f"{days} d"] if days else []
    if hours or days:
        parts.append(f"{hours} h")
    parts.append(f"{minutes} min")
    return " ".join(parts)
