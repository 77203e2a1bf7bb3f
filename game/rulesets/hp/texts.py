"""The seed's wording for every announcement of an HP game (RULINGS, HP Mafia rule set), as
reasons whose placeholders the edge fills with the players' names. Lines the seed never shows
(a tied vote, a draw, a heal seen by the moderators) are worded in its style."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.rulesets import announcements
from game.rulesets.announcements import ALL as ALL
from game.rulesets.announcements import MODERATORS as MODERATORS
from game.rulesets.announcements import player_of as player_of
from game.rulesets.announcements import to_player as to_player
from game.rulesets.reasons import Reason


@dataclass(frozen=True)
class Line(announcements.Line):
    """One line of a round's log and who reads it: everyone, the moderators, or one group (H1:
    the holders of the group's role). Its log entries are HP's own kinds (`hp_…`)."""

    @property
    def kind(self) -> str:
        return f"hp_{self.reason.code}"


def _names(ids: Sequence[int], *, last_and: bool = False) -> tuple[str, dict[str, int]]:
    """A list of players' placeholders, joined as the seed joins them: "Player1 and Player8",
    or commas for three and more ("Player2, Player3, Player4, Player9, Player10")."""
    keys = [f"p{i}" for i in range(len(ids))]
    marks = ["{" + key + "}" for key in keys]
    text = " and ".join(marks) if last_and and len(marks) == 2 else ", ".join(marks)
    return text, dict(zip(keys, ids, strict=True))


def round_header(number: int) -> Reason:
    return Reason("round", "Round {round}")(round=number)


def remaining(ids: Sequence[int]) -> Reason:
    """ "10 players are remaining: Player1, …, Player10 are alive." """
    names, players = _names(ids)
    return Reason("remaining", f"{{count}} players are remaining: {names} are alive.")(
        players=players, count=len(ids)
    )


MAFIAS_CHOSE = Reason("mafias_chose", "Mafias have chosen their target.")
DETECTIVES_CHOSE = Reason("detectives_chose", "Detectives have chosen a player to test.")
HEALERS_CHOSE = Reason("healers_chose", "Healers have chosen someone to heal.")
END_OF_ACTIONS = Reason("end_of_actions", "--End of actions--")
NO_ONE_DIED = Reason("no_one_died", "No one died.")
HAS_DIED = Reason("died", "{player} has died.")
TESTED_MAFIA = Reason("tested_mafia", "{player} is a mafia.")
TESTED_NOT_MAFIA = Reason("tested_not_mafia", "{player} is not a mafia.")
SAVED = Reason(
    "saved",
    "Mafias selected {player}; however, the Healer chose {player} as well, therefore new HP for "
    "{player} is {hp}.",
)
VOTED_OUT = Reason("voted_out", "{player} has been voted out.")
GAME_OVER = Reason("game_over", "Game Over.")
MAFIAS_LOST = Reason("mafias_lost", "The Mafias have lost.")
MAFIAS_WON = Reason(
    "mafias_won",
    "The Mafias have won. Since the ratio of alive mafias to others is 1:1, Mafias win.",
)
YOU_ARE = Reason("you_are", "You are {player}.")
HP_CHANGED = Reason("hp_changed", "{player}, your HP went from {before} to {after}: {why}.")
"""No ruling words it: each player is told why their HP changed, never by whom (H5, H12)."""


def end_of_round(number: int) -> Reason:
    return Reason("end_of_round", "--End of Round {round}--")(round=number)


def tie(ids: Sequence[int], ballot_round: int) -> Reason:
    """No ruling words a tie (H8 only says the vote is repeated): said in the seed's style."""
    names, players = _names(ids, last_and=True)
    return Reason("tie", f"The votes are tied between {names}. Vote again.")(
        players=players, ballot=ballot_round
    )


def drawn(ids: Sequence[int]) -> Reason:
    """H8: after the third tied vote in a row, a seeded draw among the tied."""
    names, players = _names(ids, last_and=True)
    return Reason("drawn", f"The votes are tied a third time between {names}: a draw decides.")(
        players=players
    )


def group_knows(role_plural: str, ids: Sequence[int]) -> Reason:
    """ "You are a detective. Other detectives are: [Player5]" (NONE when alone)."""
    if not ids:
        return Reason("group", f"Other {role_plural} are: NONE")
    names, players = _names(ids)
    return Reason("group", f"Other {role_plural} are: [{names}]")(players=players)


REVEAL_WORDS: Final = {
    "mafia": ("mafia", "mafia"),
    "detective": ("Detective", "Detectives"),
    "healer": ("Healer", "Healers"),
    "commoner": ("Commoner", "Commoners"),
}
"""H9's closing list, worded as the seed's: "Player1 and Player8 were mafia.", "Player7 was
Healer.", "Player2, Player3, Player4, Player9, Player10 were Commoners."."""


def reveal(role: str, ids: Sequence[int]) -> Reason:
    singular, plural = REVEAL_WORDS[role]
    names, players = _names(ids, last_and=True)
    verb, noun = ("was", singular) if len(ids) == 1 else ("were", plural)
    return Reason("reveal", f"{names} {verb} {noun}.")(players=players)


ROLE_WORDS: Final = {
    "mafia": ("a mafia", "mafias"),
    "detective": ("a detective", "detectives"),
    "healer": ("a healer", "healers"),
    "commoner": ("a commoner", "commoners"),
}


def role_intro(role: str, others: Sequence[int] | None) -> Reason:
    """ "You are a detective. Other detectives are: [Player5]"; a commoner knows no one (H1)."""
    singular, plural = ROLE_WORDS[role]
    if others is None:
        return Reason("role", f"You are {singular}.")
    known = group_knows(plural, others)
    return Reason("role", f"You are {singular}. {known.text}", known.players)
