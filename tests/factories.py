"""Test data built through the services, as the app builds it (STYLE: set state through actions)."""

import datetime as dt
import random

import factory
from allauth.account.models import EmailAddress

from game.models import Game, Player, User
from game.rulesets.live_action.roles import Role
from game.services.lobby.games import game_create
from game.services.lobby.setup import game_start, role_set
from game.services.lobby.signups import signup_create

PASSWORD = "correct-horse-battery"
START = dt.datetime(2026, 10, 5, 14, 0, tzinfo=dt.UTC)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    display_name = factory.LazyAttribute(lambda u: u.username.capitalize())

    @factory.post_generation
    def password(self, create, extracted, **kwargs):
        self.set_password(extracted or PASSWORD)
        if create:
            self.save()
            EmailAddress.objects.create(user=self, email=self.email, verified=True, primary=True)


def make_game(*, moderator: User | None = None, name: str = "Test game", **settings) -> Game:
    moderator = moderator or UserFactory()
    return game_create(created_by=moderator, name=name, now=START, **settings)


def sign_up(game: Game, count: int, *, prefix: str = "p") -> list[Player]:
    players = []
    for _ in range(count):
        user = UserFactory()
        players.append(
            signup_create(
                game_id=game.pk,
                user=user,
                now=START,
                introduction="hello",
                name=f"{prefix}-{user.username}",
            )
        )
    return players


def moderator_of(game: Game) -> User:
    return game.moderators.select_related("user").first().user


def start_game(
    game: Game, roles: dict[Player, Role] | None = None, *, now: dt.datetime = START
) -> Game:
    """Give every player a role (townie unless `roles` says otherwise; Gay Knights in the order
    given are paired two by two) and start the game."""
    roles = roles or {}
    moderator = moderator_of(game)
    knights = [p for p, r in roles.items() if r is Role.GAY_KNIGHT]
    for first, second in zip(knights[::2], knights[1::2], strict=True):
        role_set(
            game_id=game.pk,
            player_id=first.pk,
            role=Role.GAY_KNIGHT,
            partner_id=second.pk,
            by=moderator,
            now=now,
        )
    for player in game.players.all():
        role = roles.get(player, Role.TOWNIE)
        if role is not Role.GAY_KNIGHT:
            role_set(game_id=game.pk, player_id=player.pk, role=role, by=moderator, now=now)
    return game_start(game_id=game.pk, by=moderator, now=now)


def running_game(size: int, *, mafia: int = 1, **settings) -> tuple[Game, list[Player]]:
    """A started game of `size` players: the first `mafia` are mafia, the rest townies."""
    game = make_game(**settings)
    players = sign_up(game, size)
    roles = {p: Role.MAFIA for p in players[:mafia]}
    start_game(game, roles)
    for player in players:
        player.refresh_from_db()
    return game, players


def seeded() -> random.Random:
    return random.Random(7)
