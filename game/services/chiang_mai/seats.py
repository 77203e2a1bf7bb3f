"""The table before the deal (M1, M12): the host adds the players who have no phone (one or many
names at once), and deals the deck they built, from the game's seed, which the host may set
(C8), or enters the deal made at the table with a real deck."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Mapping, Sequence

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, GameModerator, GameStatus, Player, User, Visibility
from game.rulesets.chiang_mai.deck import Deal, DeckError, deal, physical_deal
from game.rulesets.chiang_mai.script import CALL_SECONDS
from game.rulesets.chiang_mai.table import Hand
from game.rulesets.phases import draw_rng
from game.services.chiang_mai.phases import table_phase_open
from game.services.locking import lock_game
from game.services.log import log_append
from game.snapshots.chiang_mai import seated_players

MAX_CALL_SECONDS = 120
MAX_SEED = 64


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
    return chiang_mai_seats_add(game_id=game_id, by=by, names=[name], now=now)[0]


@transaction.atomic
def chiang_mai_seats_add(
    *, game_id: int, by: User, names: Sequence[str], now: dt.datetime
) -> list[Player]:
    """M12: the players without a phone, in seat order, all at once (one name a line on the
    host's page); a name refused adds nobody."""
    game = _hosted_game(game_id, by)
    if game.status != GameStatus.SIGNUP:
        raise GameRuleError("The cards are dealt; the table is set.")
    names = [name.strip()[:60] for name in names if name.strip()]
    if not names:
        raise GameRuleError("Type the player's name.", field="name")
    taken = {n.lower() for n in game.players.values_list("name", flat=True)}
    for name in names:
        if name.lower() in taken:
            raise GameRuleError(f"Someone at this table is already called {name!r}.", field="name")
        taken.add(name.lower())
    return [_seat_without_phone(game, name) for name in names]


def _seat_without_phone(game: Game, name: str) -> Player:
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
    seed: str = "",
    hands: Mapping[int, Sequence[str]] | None = None,
) -> list[Player]:
    """M1, C8: seats in the order the players joined, the host's deck dealt two cards a player
    with the game's seeded generator (`seed`, when the host sets one before the deal), redealt
    while anyone holds a King and a Jack; or the `hands` the host dealt at the table with a real
    deck (player id → the two cards, top first), checked against the deck and refused with the
    card named. A player dealt a King is a Killer (M3)."""
    game = _hosted_game(game_id, by)
    if game.status != GameStatus.SIGNUP:
        raise GameRuleError("The cards are already dealt.")
    if not 5 <= call_seconds <= MAX_CALL_SECONDS:
        raise GameRuleError(f"Each call lasts 5 to {MAX_CALL_SECONDS} seconds (M10).")
    players = list(game.players.order_by("joined_at", "id"))
    game.random_seed = _seed_checked(seed) or game.random_seed or secrets.token_hex(16)
    dealt = _dealt(game, players, deck, hands)
    for seat, player in enumerate(players, start=1):
        hand = Hand.dealt(dealt.hands[player.pk])
        player.seat = seat
        player.role = "killer" if hand.killer else "villager"
        player.state = {"dealt": list(hand.cards), **hand.as_state()}
    Player.objects.bulk_update(players, ["seat", "role", "state"])
    table_phase_open(
        game, now, {"deck": dict(deck), "deals": dealt.deals, "call_seconds": call_seconds}
    )
    game.status, game.signups_open, game.started_at = GameStatus.RUNNING, False, now
    game.save(update_fields=["status", "signups_open", "started_at", "random_seed"])
    how = "with the host's real deck" if hands is not None else "by the app"
    log_append(
        game=game,
        kind="chiang_mai_deal",
        text=f"The cards are dealt to {len(players)} players, {how} (M1).",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    return seated_players(game)


def _seed_checked(seed: str) -> str:
    seed = seed.strip()
    if len(seed) > MAX_SEED:
        raise GameRuleError(f"A seed is {MAX_SEED} characters at most (C8).", field="seed")
    return seed


def _dealt(
    game: Game,
    players: list[Player],
    deck: Mapping[str, int],
    hands: Mapping[int, Sequence[str]] | None,
) -> Deal:
    try:
        if hands is None:
            return deal([p.pk for p in players], deck, draw_rng(game.random_seed, "deal"))
        if set(hands) != {p.pk for p in players}:
            raise GameRuleError("Enter the two cards of every player at the table.")
        return physical_deal(hands, deck, {p.pk: p.name for p in players})
    except DeckError as error:
        raise GameRuleError(str(error)) from None
