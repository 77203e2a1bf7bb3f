"""The table before the deal (M1, M12): the host adds the players who have no phone, and deals
the deck they built."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Mapping

from django.db import transaction

from game.errors import GameRuleError
from game.models import GameModerator, GamePhase, GameStatus, Player, User, Visibility
from game.rulesets.chiang_mai.deck import DeckError, deal
from game.rulesets.chiang_mai.script import CALL_SECONDS
from game.rulesets.chiang_mai.table import Hand
from game.rulesets.phases import draw_rng
from game.services.locking import lock_game
from game.services.log import log_append
from game.snapshots.chiang_mai import seated_players

MAX_CALL_SECONDS = 120


def _hosted_game(game_id: int, by: User):
    game = lock_game(game_id)
    hosts = GameModerator.objects.filter(game=game, user=by)
    if game.ruleset != "chiang_mai" or not hosts.exists():
        raise GameRuleError("No such game.")
    return game


@transaction.atomic
def chiang_mai_seat_add(*, game_id: int, by: User, name: str, now: dt.datetime) -> Player:
    """M12: a player without a phone is a name at the table; the host adds them, in seat order.
    Their account cannot sign in: they need nothing."""
    game = _hosted_game(game_id, by)
    if game.status != GameStatus.SIGNUP:
        raise GameRuleError("The cards are dealt; the table is set.")
    name = name.strip()[:60]
    if not name:
        raise GameRuleError("Type the player's name.", field="name")
    if game.players.filter(name__iexact=name).exists():
        raise GameRuleError(f"Someone at this table is already called {name!r}.", field="name")
    user = User.objects.create(username=f"table-{game.pk}-{secrets.token_hex(6)}", is_active=False)
    user.set_unusable_password()
    user.save(update_fields=["password"])
    return Player.objects.create(game=game, user=user, name=name)


@transaction.atomic
def chiang_mai_deal(
    *,
    game_id: int,
    by: User,
    deck: Mapping[str, int],
    now: dt.datetime,
    call_seconds: int = CALL_SECONDS,
) -> list[Player]:
    """M1, C8: seats in the order the players joined, the host's deck dealt two cards a player
    with the game's seeded generator, redealt while anyone holds a King and a Jack. A player
    dealt a King is a Killer (M3)."""
    game = _hosted_game(game_id, by)
    if game.status != GameStatus.SIGNUP:
        raise GameRuleError("The cards are already dealt.")
    if not 5 <= call_seconds <= MAX_CALL_SECONDS:
        raise GameRuleError(f"Each call lasts 5 to {MAX_CALL_SECONDS} seconds (M10).")
    players = list(game.players.order_by("joined_at", "id"))
    if not game.random_seed:
        game.random_seed = secrets.token_hex(16)
    try:
        dealt = deal([p.pk for p in players], deck, draw_rng(game.random_seed, "deal"))
    except DeckError as error:
        raise GameRuleError(str(error)) from None
    for seat, player in enumerate(players, start=1):
        hand = Hand.dealt(dealt.hands[player.pk])
        player.seat = seat
        player.role = "killer" if hand.killer else "villager"
        player.state = {"dealt": list(hand.cards), **hand.as_state()}
    Player.objects.bulk_update(players, ["seat", "role", "state"])
    GamePhase.objects.create(
        game=game,
        code="deal",
        number=0,
        started_at=now,
        ends_at=now,
        state={"deck": dict(deck), "deals": dealt.deals, "call_seconds": call_seconds},
    )
    game.status, game.signups_open, game.started_at = GameStatus.RUNNING, False, now
    game.save(update_fields=["status", "signups_open", "started_at", "random_seed"])
    log_append(
        game=game,
        kind="chiang_mai_deal",
        text=f"The cards are dealt to {len(players)} players (M1).",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    return seated_players(game)
