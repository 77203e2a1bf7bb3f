"""Roles, items and the start of the game (R1, R26, R43, R44), dealt from the game's setup by
its rule set. A role dealt in pairs (the Gay Knights, R26) is set with a partner."""

import datetime as dt
import random
from collections.abc import Callable

from django.db import transaction

from game.errors import GameRuleError, NotFoundError
from game.models import Game, GameStatus, Item, Player, User, Visibility
from game.rulesets.base import MAFIA
from game.rulesets.phases import draw_rng, first_phase
from game.rulesets.ruleset import DAY_ONE, FIRST_PHASE
from game.rulesets.setup import SetupError, deal_items
from game.services.days.day_cycle import day_begin
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.nights.phases import phase_begin


def _system_random() -> random.Random:
    return random.SystemRandom()


def _deal_random(game: Game) -> random.Random:
    """A game with a seed deals from it (C8), so that anyone can repeat the deal once the seed
    is published; the others deal from the system's randomness."""
    return draw_rng(game.random_seed, "deal") if game.random_seed else _system_random()


@transaction.atomic
def roles_assign(
    *, game_id: int, by: User, now: dt.datetime, rng: random.Random | None = None
) -> Game:
    """Deal every role at random from the game's setup, pairing the roles dealt in pairs
    (R26)."""
    game = _lock_setup(game_id)
    players = list(game.players.order_by("id"))
    try:
        deal = game.rules.deal_roles(
            [p.pk for p in players], game.role_setup, rng or _deal_random(game)
        )
    except SetupError as error:
        raise GameRuleError(str(error)) from None
    partner_of = {a: b for pair in deal.pairs for a, b in (pair, pair[::-1])}
    Player.objects.filter(game=game).update(partner=None)
    for player in players:
        player.role = deal.roles[player.pk]
        player.partner_id = partner_of.get(player.pk)
    Player.objects.bulk_update(players, ["role", "partner"])
    seats_assign(players)
    log_append(
        game=game,
        kind="roles_assigned",
        text="Roles were dealt at random.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return game


@transaction.atomic
def role_set(
    *,
    game_id: int,
    player_id: int,
    role: str,
    by: User,
    now: dt.datetime,
    partner_id: int | None = None,
) -> Player:
    """A moderator changes one player's role before the start. A role dealt in pairs (a Gay
    Knight) is set together with a partner, who gets the role too (R26)."""
    game = _lock_setup(game_id)
    if not game.rules.has_role(role):
        raise GameRuleError(f"{role!r} is not a role of this game.")
    new_role = game.rules.role(role)
    player = _player_of(game, player_id)
    partner = None
    if new_role.group_size == 2:
        if partner_id is None:
            raise GameRuleError(
                f"A {new_role.name} needs a partner (R26): choose one.", field="partner"
            )
        partner = _player_of(game, partner_id)
        if partner.pk == player.pk:
            raise GameRuleError(f"A {new_role.name} cannot be their own partner.")
    for someone in (player, partner):
        if someone is not None and someone.partner_id:
            _unpair(someone)
    player.refresh_from_db()
    player.role = new_role.code
    if partner is not None:
        partner.refresh_from_db()
        partner.role = new_role.code
        partner.partner = player
        partner.save(update_fields=["role", "partner"])
        player.partner = partner
    player.save(update_fields=["role", "partner"])
    text = f"{player.name} is now {new_role.name}"
    text += f", partnered with {partner.name}." if partner else "."
    log_append(
        game=game, kind="role_set", text=text, visibility=Visibility.MODERATORS, now=now, actor=by
    )
    return player


@transaction.atomic
def items_deal(
    *, game_id: int, by: User, now: dt.datetime, rng: random.Random | None = None
) -> Game:
    """Deal the setup's items to random players (R43, R44), replacing any earlier deal."""
    game = _lock_setup(game_id)
    player_ids = list(game.players.order_by("id").values_list("pk", flat=True))
    try:
        dealt = deal_items(player_ids, game.role_setup.items, rng or _system_random())
    except SetupError as error:
        raise GameRuleError(str(error)) from None
    Item.objects.filter(game=game).delete()
    Item.objects.bulk_create(
        Item(game=game, kind=kind, holder_id=holder_id) for kind, holder_id in dealt
    )
    log_append(
        game=game,
        kind="items_dealt",
        text=f"{len(dealt)} items were dealt at random.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return game


@transaction.atomic
def item_holder_set(
    *,
    game_id: int,
    item_id: int,
    holder_id: int | None,
    by: User,
    now: dt.datetime,
    reason: str = "",
) -> Item:
    """A moderator gives an item to a player before the start, or as a logged override later."""
    game = lock_game(game_id)
    if game.status == GameStatus.FINISHED:
        raise GameRuleError("The game is over.")
    item = Item.objects.filter(game=game, pk=item_id, destroyed_at__isnull=True).first()
    if item is None:
        raise NotFoundError("That item does not exist or was destroyed.")
    holder = _player_of(game, holder_id) if holder_id is not None else None
    if holder is not None and not holder.alive:
        raise GameRuleError(f"{holder.name} is dead and cannot hold items.")
    if game.status == GameStatus.RUNNING and not reason.strip():
        raise GameRuleError("Give a reason: moving an item during the game is an override.")
    item.holder = holder
    item.save(update_fields=["holder"])
    log_append(
        game=game,
        kind="item_moved",
        text=f"{item} now belongs to {holder.name if holder else 'nobody'}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return item


@transaction.atomic
def game_start(*, game_id: int, by: User, now: dt.datetime) -> Game:
    """Starting the game begins day 1 (R1). Every player needs a role and every Gay Knight a
    partner who is a Gay Knight (R26)."""
    game = _lock_setup(game_id)
    players = list(game.players.all())
    problems = start_problems(game, players)
    if problems:
        raise GameRuleError(" ".join(problems))
    if any(p.seat is None for p in players):
        seats_assign(players)
    game.status = GameStatus.RUNNING
    game.signups_open = False
    game.started_at = now
    game.save(update_fields=["status", "signups_open", "started_at"])
    log_append(
        game=game,
        kind="game_started",
        text=f"The game has started with {len(players)} players.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    mafia = [p for p in players if p.mafia_aligned]
    if mafia:
        log_append(
            game=game,
            kind="mafia_revealed",
            text=f"The {game.rules.team_label(MAFIA).lower()} are: "
            + ", ".join(sorted(p.name for p in mafia))
            + ".",
            visibility=Visibility.MAFIA,
            now=now,
        )
    BEGINNINGS[game.rules.beginning](game=game, now=now)
    return game


def _day_one(*, game: Game, now: dt.datetime) -> None:
    day_begin(game=game, number=1, starts_at=now, now=now)


def _first_phase(*, game: Game, now: dt.datetime) -> None:
    phase_begin(game=game, phase=first_phase(game.rules), starts_at=now)


# How a dealt game begins, by the name its rule set gives (`Ruleset.beginning`): the two clocks'
# here, a rule set's own (`Ruleset.begins`) registered in services.hooks.
BEGINNINGS: dict[str, Callable[..., None]] = {
    DAY_ONE: _day_one,
    FIRST_PHASE: _first_phase,
}


def seats_assign(players: list[Player]) -> None:
    """The seats, from 1, in the order the players joined (C9): the bots' players file lists
    them so, as do the dawn's living players. Fixed at the deal; a game started without one
    (roles set by hand) is seated at its start."""
    ordered = sorted(players, key=lambda p: (p.joined_at, p.pk))
    for seat, player in enumerate(ordered, start=1):
        player.seat = seat
    Player.objects.bulk_update(ordered, ["seat"])


def start_problems(game: Game, players: list[Player]) -> list[str]:
    """What stops the game from starting, as messages for the moderator: a game its host deals
    (M12), a player without a role of the rule set, a role dealt in pairs without a partner of
    the same role (R26)."""
    problems = []
    rules = game.rules
    if rules.host_run:
        return [f"A {rules.name} game starts from its host's deal on the host's page (M12)."]
    if not players:
        problems.append("Nobody has signed up yet.")
    elif len(players) < rules.min_players:
        problems.append(
            f"A {rules.name} game needs at least {rules.min_players} players; "
            f"{len(players)} signed up."
        )
    unassigned = sorted(p.name for p in players if not rules.has_role(p.role))
    if unassigned:
        problems.append(f"Players without a role: {_some_names(unassigned)}.")
    by_id = {p.pk: p for p in players}
    for player in players:
        if not rules.has_role(player.role) or rules.role(player.role).group_size != 2:
            continue
        partner = by_id.get(player.partner_id)
        if partner is None or partner.role != player.role or partner.partner_id != player.pk:
            name = rules.role(player.role).name
            problems.append(f"{name} {player.name} has no {name} partner (R26).")
    return problems


def _some_names(names: list[str], shown: int = 10) -> str:
    """The first `shown` names and how many more: a message about a thousand players stays
    short (the dashboard shows it)."""
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 0 else "")


def _lock_setup(game_id: int) -> Game:
    game = lock_game(game_id)
    if game.status != GameStatus.SIGNUP:
        raise GameRuleError("The game has already started; roles and items are dealt.")
    return game


def _player_of(game: Game, player_id: int) -> Player:
    player = game.players.filter(pk=player_id).first()
    if player is None:
        raise GameRuleError("That player is not in this game.")
    return player


def _unpair(player: Player) -> None:
    Player.objects.filter(pk=player.partner_id).update(partner=None)
    Player.objects.filter(pk=player.pk).update(partner=None)
