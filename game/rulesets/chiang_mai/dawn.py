"""Cards lost and what follows them, at dawn and after a vote (M5, M6, M9, M11): every card
goes at once, the win is checked, and only then do the Hunters shoot, in seat order, with a win
check after each shot. Pure Python."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.rulesets.base import DeathCauseSpec
from game.rulesets.chiang_mai.roles.hunter import hunters_of
from game.rulesets.chiang_mai.table import CardLost, Hand, Table, cards_removed, winner
from game.rulesets.reasons import Reason

CARD_LOST = Reason("card_lost", "{player} lost a card ({card}).")
ELIMINATED = Reason("eliminated", "{player} lost their second card and is eliminated.")
SHOT = Reason("shot", "The Hunter {hunter} shot {target}.")
HELD_FIRE = Reason("held_fire", "The Hunter {hunter} shot no one.")
SHOT_DEAD = DeathCauseSpec("shot", "Shot by a Hunter")
"""M6: the death of a player whose last card a Hunter's shot took."""


class ShotError(ValueError):
    """A Hunter's shot the rules refuse, with the words to show."""


@dataclass(frozen=True)
class Aftermath:
    """The table after cards were lost: the cards that went, the winner if the game is won, and
    the Hunters still to shoot, the next one first (none once the game is won, M11)."""

    table: dict[int, Hand]
    lost: tuple[CardLost, ...]
    winner: str | None
    hunters: tuple[int, ...]


def in_seat_order(table: Table, players: Iterable[int]) -> list[int]:
    seats = list(table)
    return sorted(set(players), key=seats.index)


def cards_lost(table: Table, deaths: Iterable[int]) -> Aftermath:
    """M5, M11: every card the deaths remove goes at once; then the win is checked (M9); then,
    if the game goes on, each player who lost a Joker shoots, in seat order (M6)."""
    hands, lost = cards_removed(table, deaths)
    won = winner(hands)
    hunters = () if won else tuple(in_seat_order(hands, hunters_of(lost)))
    return Aftermath(hands, tuple(lost), won, hunters)


def shot_refusal(after: Aftermath, hunter: int, target: int | None) -> str:
    """Why a Hunter's shot is refused, or "" (M6, M11): only the Hunter whose turn it is shoots,
    never themself, at a player still in the game; a won game has no shot."""
    if after.winner or not after.hunters:
        return "No Hunter is to shoot now."
    if hunter != after.hunters[0]:
        return "Another Hunter shoots first (seat order, M11)."
    if target is None:
        return ""
    if target == hunter:
        return "A Hunter cannot shoot themself (M11)."
    if target not in after.table or not after.table[target].in_game:
        return "Shoot a player still in the game."
    return ""


def hunter_shot(after: Aftermath, hunter: int, target: int | None) -> Aftermath:
    """M6, M11: the Hunter's target loses their top card, the win is checked, and a Hunter shot
    this way shoots at once, before the Hunters still waiting. `target` None: the Hunter
    chooses no one (the seed: the Hunter "can" take someone with them)."""
    refusal = shot_refusal(after, hunter, target)
    if refusal:
        raise ShotError(refusal)
    waiting = after.hunters[1:]
    if target is None:
        return Aftermath(after.table, after.lost, after.winner, waiting)
    shot = cards_lost(after.table, [target])
    hunters = () if shot.winner else shot.hunters + waiting
    return Aftermath(shot.table, after.lost + shot.lost, shot.winner, hunters)


def loss_reasons(lost: Iterable[CardLost], card_names: dict[str, str]) -> list[Reason]:
    """The host's log lines for cards lost (what they were is for the host only, M5)."""
    reasons = []
    for card in lost:
        reasons.append(CARD_LOST(players={"player": card.player}, card=card_names[card.card]))
        if card.eliminated:
            reasons.append(ELIMINATED(players={"player": card.player}))
    return reasons
