import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, GameModerator, GameStatus, Player, User, Visibility
from game.permissions import GUEST_REFUSAL, can_join_games
from game.rulesets.classic.protocol import protocol_name_refusal
from game.services.locking import lock_game
from game.services.log import log_append


@transaction.atomic
def signup_create(
    *,
    game_id: int,
    user: User,
    introduction: str,
    now: dt.datetime,
    photo=None,
    name: str = "",
    protocol_name: str = "",
) -> Player:
    """A sign-up under `name` (the user's own name if empty). In a game with bots every player
    also has a protocol name (C10): `protocol_name`, or `name` itself when it is one."""
    if not can_join_games(user):
        raise GameRuleError(GUEST_REFUSAL)
    game = lock_game(game_id)
    _require_signup_phase(game)
    if not game.signups_open:
        raise GameRuleError("Sign-ups for this game are closed.")
    if GameModerator.objects.filter(game=game, user=user).exists():
        raise GameRuleError("Moderators cannot play in the game they moderate.")
    if Player.objects.filter(game=game, user=user).exists():
        raise GameRuleError("You have already signed up for this game.")
    name = (name or user.public_name).strip()
    if not name:
        raise GameRuleError("Choose a name to play under.")
    if Player.objects.filter(game=game, name__iexact=name).exists():
        raise GameRuleError(f"Someone in this game already plays as {name!r}; choose another name.")
    protocol_name = _protocol_name(game, name, protocol_name.strip()) if game.bots else ""
    player = Player.objects.create(
        game=game,
        user=user,
        name=name[:60],
        protocol_name=protocol_name,
        introduction=introduction.strip()[:2000],
        photo=photo or "",
    )
    log_append(
        game=game,
        kind="signup",
        text=f"{player.name} signed up.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=user,
    )
    return player


@transaction.atomic
def signup_remove(
    *, game_id: int, player_id: int, by: User, now: dt.datetime, reason: str = ""
) -> None:
    """A moderator removes a sign-up, or a user withdraws their own, before the game starts."""
    game = lock_game(game_id)
    _require_signup_phase(game)
    player = Player.objects.filter(game=game, pk=player_id).first()
    if player is None:
        raise GameRuleError("That sign-up does not exist.")
    withdrawing = player.user_id == by.pk
    text = f"{player.name} withdrew." if withdrawing else f"{player.name}'s sign-up was removed."
    if player.partner_id:
        Player.objects.filter(pk=player.partner_id).update(partner=None)
    player.items.update(holder=None)
    player.delete()
    log_append(
        game=game,
        kind="signup_removed",
        text=text,
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )


@transaction.atomic
def signups_set_open(*, game_id: int, by: User, open: bool, now: dt.datetime) -> Game:
    game = lock_game(game_id)
    _require_signup_phase(game)
    if game.signups_open != open:
        game.signups_open = open
        game.save(update_fields=["signups_open"])
        log_append(
            game=game,
            kind="signups_opened" if open else "signups_closed",
            text="Sign-ups are open again." if open else "Sign-ups are closed.",
            visibility=Visibility.PUBLIC,
            now=now,
            actor=by,
        )
    return game


def _protocol_name(game: Game, name: str, wanted: str) -> str:
    """The sign-up's protocol name (C10), checked against the game's; without one, the display
    name serves when it is a protocol name."""
    taken = list(game.players.values_list("protocol_name", flat=True))
    refusal = protocol_name_refusal(wanted or name, taken)
    if refusal and not wanted:
        refusal = f"{refusal} This game has bots: give a protocol name besides your name {name!r}."
    if refusal:
        raise GameRuleError(refusal, field="protocol_name")
    return wanted or name


def _require_signup_phase(game: Game) -> None:
    if game.status != GameStatus.SIGNUP:
        raise GameRuleError("The game has already started; sign-ups can no longer change.")
