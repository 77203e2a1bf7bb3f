"""The moderators' queue and dashboard at 1,000 players with 100 pending kill reports, the
dashboard of a game of 1,000 still taking sign-ups (a role form in each row of its players'
table), the mafia page as a moderator sees it (the powers' forms) and a classic game's dashboard
at night (its dawn override picks the dead by name), as part of `make bench`; alone:
`python bench/moderator_pages.py`: each page's size (target under 200 KB, before compression),
its time to render in this process (median of 5, target under 300 ms) and its query count."""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    import django

    django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.games import build_game, reset_database  # noqa: E402
from game.models import Game, Player, User  # noqa: E402
from game.services.killing.kills import kill_report  # noqa: E402
from game.services.lobby.games import game_create  # noqa: E402
from game.services.lobby.setup import game_start  # noqa: E402
from game.services.nights.night_actions import night_action_submit  # noqa: E402
from game.services.nights.phases import phase_end_now  # noqa: E402

PLAYERS = int(os.environ.get("BENCH_MOD_PLAYERS", "1000"))
PENDING = int(os.environ.get("BENCH_MOD_PENDING", "100"))
RUNS = 5


def measure(client: Client, url: str) -> tuple[int, float, int]:
    """Size (bytes), median time (ms) and queries of GET `url`."""
    times, size, queries = [], 0, 0
    for _ in range(RUNS):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (url, response.status_code, response.get("Location"))
        size, queries = len(response.content), len(captured)
    return size, statistics.median(times), queries


def classic_night(size: int, tag: str) -> Game:
    """A classic game of `size` players (a third mafiosi, a cop, a doctor, villagers) at night
    0, a mafioso's kill, the cop's and the doctor's choices in."""
    moderator = User.objects.create(username=f"bench-{tag}-mod")
    now = timezone.now()
    game = game_create(created_by=moderator, name=f"Bench {tag}", now=now, ruleset="classic")
    users = User.objects.bulk_create(User(username=f"bench-{tag}-{i}") for i in range(size))
    mafia = size // 3
    roles = ["mafioso"] * mafia + ["cop", "doctor"] + ["villager"] * (size - mafia - 2)
    Player.objects.bulk_create(
        Player(game=game, user=user, name=f"{tag}-{i}", role=role)
        for i, (user, role) in enumerate(zip(users, roles, strict=True))
    )
    game_start(game_id=game.pk, by=moderator, now=now)
    phase_end_now(game_id=game.pk, by=moderator, now=now, code="day", number=0)
    people = list(game.players.order_by("id"))
    victim = people[-1]
    for actor in (people[0], people[mafia], people[mafia + 1]):
        night_action_submit(game_id=game.pk, player_id=actor.pk, target_id=victim.pk, now=now)
    return game


# The pages as rendered, without collectstatic's manifest (static files are not measured here).
PLAIN_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


@override_settings(STORAGES=PLAIN_STATIC)
def moderator_pages() -> dict[str, tuple[int, float, int]]:
    game, players = build_game(PLAYERS, f"mod{int(time.time())}")
    now = timezone.now()
    for n, victim in enumerate(players[10 : 10 + PENDING]):
        kill_report(
            game_id=game.pk, by=victim.user, side="victim", other_player_id=None,
            method="free_kill", location=f"Hall {n}", now=now,
        )  # fmt: skip
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(game.moderators.first().user)
    pages = {
        name: measure(client, reverse(view, args=[game.pk]))
        for name, view in (
            ("queue", "mod_queue"),
            ("dashboard", "mod_dashboard"),
            ("mafia", "mafia"),
        )
    }
    signups, _ = build_game(PLAYERS, f"signups{int(time.time())}", started=False)
    client.force_login(signups.moderators.first().user)
    pages["sign-ups"] = measure(client, reverse("mod_dashboard", args=[signups.pk]))
    night = classic_night(PLAYERS, f"night{int(time.time())}")
    client.force_login(night.moderators.first().user)
    pages["night"] = measure(client, reverse("mod_dashboard", args=[night.pk]))
    return pages


def print_moderator_pages() -> None:
    print(f"\nModerators' pages at {PLAYERS:,} players with {PENDING} pending kill reports")
    print("  (sign-ups: the dashboard of a game of as many players still taking sign-ups;")
    print("   mafia: the mafia powers' page as a moderator sees it;")
    print("   night: a classic game's dashboard at night, its dawn override's form)")
    for name, (size, ms, queries) in moderator_pages().items():
        print(
            f"  {name:9} {size / 1024:8.1f} KB (target < 200)  {ms:7.1f} ms (target < 300)"
            f"  {queries} queries"
        )


if __name__ == "__main__":
    reset_database()
    print_moderator_pages()
