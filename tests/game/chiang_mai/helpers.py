"""A Chiang Mai table for the tests: players with phones sign up, the others are added by the
host, and the default deck is dealt (M1, M12)."""

from game.models import Game, Player
from game.rulesets.chiang_mai.deck import default_deck
from game.services.chiang_mai.entries import chiang_mai_enter
from game.services.chiang_mai.seats import chiang_mai_deal, chiang_mai_seat_add
from tests.factories import START, make_game, moderator_of, sign_up


def dealt_table(size: int = 10, phones: int = 3) -> tuple[Game, list[Player]]:
    game = make_game(ruleset="chiang_mai", name="Chiang Mai night")
    host = moderator_of(game)
    sign_up(game, phones, prefix="phone")
    for n in range(size - phones):
        chiang_mai_seat_add(game_id=game.pk, by=host, name=f"Seat {n + 1}", now=START)
    players = chiang_mai_deal(game_id=game.pk, by=host, deck=default_deck(size), now=START)
    game.refresh_from_db()
    return game, players


def holder(players: list[Player], card: str) -> Player | None:
    """The player dealt `card`, if any."""
    return next((p for p in players if card in p.state["dealt"]), None)


def enter(game: Game, **entry):
    return chiang_mai_enter(game_id=game.pk, by=moderator_of(game), entries=[entry], now=START)
