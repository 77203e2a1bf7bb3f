"""A deal in the original's input format (§1): read, checked with clear errors, written back, and
dealt at random from a seed."""

from __future__ import annotations

import random
from typing import NamedTuple

from game.rulesets.pigs.cards import (
    CARDS,
    HAND_SIZE,
    LOYAL,
    MASTER,
    MAX_DECK,
    MAX_PIGS,
    REBEL,
    ROLES,
)

MAX_SEED = 2**31 - 1
# A full deal (10 pigs, 2,000 cards) is about 4,100 characters: room for spacing.
MAX_DEAL_TEXT = 20_000


class DealError(ValueError):
    """A deal the original's input format (§1) does not allow; the message says what and where."""


class Deal(NamedTuple):
    """Roles (pig 1 first), each pig's 4 starting cards left to right, the deck top card first."""

    roles: tuple[str, ...]
    hands: tuple[str, ...]
    deck: str


def _int(token: str | None, what: str) -> int:
    if token is None:
        raise DealError(f"The deal ends too early: {what} is missing (§1).")
    if not (token.isascii() and token.isdigit()):
        raise DealError(f"The first line must give {what} as a whole number, not {token!r}.")
    if len(token) > 9:
        raise DealError(f"The first line gives {what} far too large: {token[:12]}… (§1).")
    return int(token)


def _card(token: str | None, where: str) -> str:
    if token is None:
        raise DealError(f"The deal ends too early: {where} is missing.")
    if len(token) != 1 or token not in CARDS:
        raise DealError(f"{token!r} ({where}) is not a card: the cards are {' '.join(CARDS)} (§1).")
    return token


def deal_parse(text: str) -> Deal:
    """§1: `n m`, then per pig its role and 4 cards, then the deck (only its first m cards count).
    Tokens are read in order whatever the line breaks, as the original reads them."""
    tokens = iter(text.split())
    n = _int(next(tokens, None), "the number of pigs n")
    m = _int(next(tokens, None), "the number of deck cards m")
    if not 2 <= n <= MAX_PIGS:
        raise DealError(f"A game has 2 to {MAX_PIGS} pigs, not {n} (§1).")
    if not 1 <= m <= MAX_DECK:
        raise DealError(f"The deck has 1 to {MAX_DECK} cards, not {m} (§1).")
    roles, hands = [], []
    for pig in range(1, n + 1):
        role = next(tokens, None)
        if role is None:
            raise DealError(f"The deal ends too early: pig {pig} of {n} is missing.")
        if role not in ROLES:
            raise DealError(f"Pig {pig}'s role {role!r} is not one of MP, ZP, FP (§1).")
        if (role == MASTER) != (pig == 1):
            raise DealError("Pig 1, and only pig 1, is the Master Pig (MP) (§1).")
        roles.append(role)
        hands.append(
            "".join(_card(next(tokens, None), f"pig {pig}'s card {i}") for i in range(1, 5))
        )
    deck = []
    for i in range(1, m + 1):
        token = next(tokens, None)
        if token is None:
            raise DealError(f"The deck has {i - 1} cards, fewer than m = {m} (§1).")
        deck.append(_card(token, f"deck card {i}"))
    return Deal(tuple(roles), tuple(hands), "".join(deck))


def deal_text(deal: Deal) -> str:
    """The deal in the original's input format (§1), with a final newline."""
    lines = [f"{len(deal.roles)} {len(deal.deck)}"]
    lines += [" ".join((role, *hand)) for role, hand in zip(deal.roles, deal.hands, strict=True)]
    lines.append(" ".join(deal.deck))
    return "\n".join(lines) + "\n"


def deal_code(deal: Deal) -> str:
    """The deal in a short form fit for a link: each pig's role and cards, then the deck, joined
    by dashes (the sample is `MPDDFF-ZPNNND-FPJJJJ-FFDDJJFFKD`)."""
    return "-".join(
        [role + hand for role, hand in zip(deal.roles, deal.hands, strict=True)] + [deal.deck]
    )


def deal_from_code(code: str) -> Deal:
    """The deal of `deal_code`, checked as a deal in the original's format is."""
    *pigs, deck = code.split("-")
    if not pigs or any(len(pig) != 2 + HAND_SIZE for pig in pigs):
        raise DealError(
            "A deal's code is each pig's role and 4 cards, then the deck, joined by dashes."
        )
    lines = [f"{len(pigs)} {len(deck)}"] + [" ".join((pig[:2], *pig[2:])) for pig in pigs]
    return deal_parse("\n".join([*lines, " ".join(deck)]))


def deal_random(seed: int, pigs: int | None = None, deck: int | None = None) -> Deal:
    """A deal drawn from `seed` alone: 2-10 pigs, the MP first and at least one FP, cards
    uniformly from the 8 kinds, a deck of 1-2000 cards (unless `pigs` or `deck` fix them)."""
    draw = random.Random(seed)
    n = pigs or draw.randint(2, MAX_PIGS)
    m = deck or draw.randint(1, MAX_DECK)
    others = [draw.choice((LOYAL, REBEL)) for _ in range(n - 1)]
    if REBEL not in others:
        others[draw.randrange(n - 1)] = REBEL
    hands = tuple("".join(draw.choices(CARDS, k=HAND_SIZE)) for _ in range(n))
    return Deal((MASTER, *others), hands, "".join(draw.choices(CARDS, k=m)))
