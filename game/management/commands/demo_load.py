"""Load the demo game of `make run`: a moderator and 30 players, roles and items dealt, day 1.
Running it again changes nothing and prints the logins again."""

import random

from allauth.account.models import EmailAddress
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from game.demo import (
    DEMO_GAME,
    DEMO_MODERATOR,
    DEMO_PASSWORD,
    DEMO_PLAYERS,
    demo_player_username,
)
from game.management.commands._demo_kills import demo_kill_and_investigation
from game.models import Game, GameStatus, User, Vote
from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.live_action.setup_counts import REFERENCE_PLAYERS
from game.services.days.votes import vote_cast
from game.services.lobby.games import game_create
from game.services.lobby.setup import game_start, items_deal, roles_assign
from game.services.lobby.signups import signup_create

# The demo shows every role the rules have, two investigators among them, so its counts are set,
# as moderators may: those of the rule set's 50-player game, not the fewer that would follow its
# 30 sign-ups (no ruling sizes a live-action game; README, "Where no ruling speaks").
DEMO_SETUP = LIVE_ACTION.default_setup(REFERENCE_PLAYERS).as_json()
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
            self._votes(game)
        self.stdout.write(f"Logins (password {DEMO_PASSWORD} for all):")
        self.stdout.write(f"  moderator: {DEMO_MODERATOR}")
        for player in game.players.order_by("user__username").select_related("user")[:3]:
            self.stdout.write(f"  player:    {player.user.username} ({player.get_role_display()})")
        self.stdout.write(f"  … and demo-player-04 to demo-player-{DEMO_PLAYERS:02d}.")
        self.stdout.write("The home page shows these logins too; e-mails are printed here.")

    def _votes(self, game: Game) -> None:
        """Some day-1 votes, once: a third of the players vote, a few of them conditionally."""
        if game.status != GameStatus.RUNNING or Vote.objects.filter(game=game).exists():
            return
        players = list(game.players.filter(alive=True).order_by("user__username"))
        rng = random.Random(11)
        suspects = players[:4]
        now = timezone.now()
        for index, voter in enumerate(players[::3]):
            fallback = suspects[(index + 1) % len(suspects)] if index % 4 == 0 else None
            target = rng.choice(suspects)
            if fallback is not None and fallback.pk == target.pk:
                fallback = None
            vote_cast(
                game_id=game.pk,
                voter_id=voter.pk,
                target_id=None if index == 1 else target.pk,
                fallback_id=fallback.pk if fallback else None,
                condition="kill_announced_after" if fallback else "",
                note="Demo vote." if index % 5 == 0 else "",
                now=now,
            )
        self.stdout.write("Cast some day-1 votes.")

    def _create(self) -> Game:
        now = timezone.now()
        moderator = demo_user(DEMO_MODERATOR, "Demo Moderator")
        moderator.is_staff = moderator.is_superuser = True
        moderator.save(update_fields=["is_staff", "is_superuser"])
        game = game_create(created_by=moderator, name=DEMO_GAME, now=now, setup=DEMO_SETUP)
        for number, name in enumerate(DEMO_NAMES[:DEMO_PLAYERS], start=1):
            user = demo_user(demo_player_username(number), name)
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
