"""Load the demo game of `make run`: a moderator and 30 players, roles and items dealt, day 1.
Running it again changes nothing and prints the logins again."""

import random

from allauth.account.models import EmailAddress
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from game.management.commands._demo_kills import demo_kill_and_investigation
from game.models import Game, User
from game.services.games import game_create
from game.services.setup import game_start, items_deal, roles_assign
from game.services.signups import signup_create

DEMO_GAME = "Demo game"
DEMO_PASSWORD = "mafia-demo-2026"
DEMO_PLAYERS = 30
DEMO_NAMES = [
    "Alex",
    "Blair",
    "Casey",
    "Devon",
    "Emery",
    "Finley",
    "Gray",
    "Harper",
    "Indy",
    "Jordan",
    "Kai",
    "Logan",
    "Morgan",
    "Noel",
    "Oakley",
    "Parker",
    "Quinn",
    "Reese",
    "Sage",
    "Tatum",
    "Umi",
    "Val",
    "Wren",
    "Xen",
    "Yael",
    "Zion",
    "Ari",
    "Bay",
    "Cruz",
    "Dale",
]


def demo_user(username: str, display_name: str) -> User:
    user, created = User.objects.get_or_create(
        username=username,
        defaults={"email": f"{username}@example.com", "display_name": display_name},
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


class Command(BaseCommand):
    help = "Create the demo game (idempotent) and print its logins."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            game = Game.objects.filter(name=DEMO_GAME).first()
            if game is None:
                game = self._create()
                self.stdout.write(self.style.SUCCESS(f"Created {DEMO_GAME} (game {game.pk})."))
            else:
                self.stdout.write(f"{DEMO_GAME} already exists (game {game.pk}).")
        self.stdout.write(f"Logins (password {DEMO_PASSWORD} for all):")
        self.stdout.write("  moderator: demo-mod")
        for player in game.players.order_by("user__username").select_related("user")[:3]:
            self.stdout.write(f"  player:    {player.user.username} ({player.get_role_display()})")
        self.stdout.write(f"  … and demo-player-04 to demo-player-{DEMO_PLAYERS:02d}.")

    def _create(self) -> Game:
        now = timezone.now()
        moderator = demo_user("demo-mod", "Demo Moderator")
        moderator.is_staff = moderator.is_superuser = True
        moderator.save(update_fields=["is_staff", "is_superuser"])
        game = game_create(created_by=moderator, name=DEMO_GAME, now=now)
        for number, name in enumerate(DEMO_NAMES[:DEMO_PLAYERS], start=1):
            user = demo_user(f"demo-player-{number:02d}", name)
            signup_create(
                game_id=game.pk,
                user=user,
                now=now,
                introduction=f"Hi, I'm {name}. Find me around campus.",
            )
        rng = random.Random(2026)
        roles_assign(game_id=game.pk, by=moderator, now=now, rng=rng)
        items_deal(game_id=game.pk, by=moderator, now=now, rng=rng)
        game = game_start(game_id=game.pk, by=moderator, now=now)
        demo_kill_and_investigation(game=game, moderator=moderator, now=now)
        return game
