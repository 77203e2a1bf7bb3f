"""The game each fuzzing identity works on, built through the services as people would build it:
a moderator, a mafia member, a living townie and a player who died, with a personal token each,
a thread with a post, a conversation and a reported kill, so that the ids the operations take
exist. Imported after django.setup()."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from forums.models import Notification
from forums.services import message_send, post_create, thread_create
from game.models import Item, Player, User
from game.rulesets.live_action import DeathCause
from game.rulesets.live_action.items import ItemKind
from game.rulesets.live_action.roles import Role
from game.services.accounts import api_token_create
from game.services.deaths import player_die
from game.services.games import game_create
from game.services.kills import kill_report
from game.services.locking import lock_game
from game.services.setup import game_start, role_set
from game.services.shovels import shovel_use
from game.services.signups import signup_create

ROLES = [Role.MAFIA, Role.MAFIA, Role.INVESTIGATOR, Role.PRIEST, Role.VIGILANTE] + [Role.TOWNIE] * 5


@dataclass
class SeededGame:
    game_id: int
    tokens: dict[str, str]
    ids: dict[str, list[int]] = field(default_factory=dict)


def _user(name: str) -> User:
    return User.objects.create_user(username=name, email=f"{name}@example.com", password=None)


def seeded_game(label: str) -> SeededGame:
    """A running game on day 1 for the identity `label`."""
    now = timezone.now()
    moderator = _user(f"{label}-mod")
    game = game_create(created_by=moderator, name=f"Fuzzed game ({label})", now=now)
    players: list[Player] = []
    for number, role in enumerate(ROLES):
        user = _user(f"{label}-p{number}")
        player = signup_create(
            game_id=game.pk, user=user, introduction="Hello", name=f"{label} {number}", now=now
        )
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=moderator, now=now)
        players.append(player)
    game_start(game_id=game.pk, by=moderator, now=now)
    mafia, _, _, _, vigilante, townie, dead, *_ = players
    with transaction.atomic():
        locked = lock_game(game.pk)
        dead.refresh_from_db()
        player_die(game=locked, player=dead, at=now, cause=DeathCause.KILL)
    thread = thread_create(
        game_id=game.pk, board_kind="town_square", by=townie.user, title="Votes", body="Hi", now=now
    )
    post = post_create(thread_id=thread.pk, by=mafia.user, body="Hello town", now=now)
    message = message_send(
        game_id=game.pk, by=townie.user, body="Psst", recipient_ids=[mafia.pk], now=now
    )
    kill = kill_report(
        game_id=game.pk,
        by=vigilante.user,
        side="killer",
        other_player_id=players[-1].pk,
        method="vigilante",
        location="Library",
        now=now,
    )
    item = Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=townie)
    dig = shovel_use(game_id=game.pk, by=townie.user, dead_player_id=dead.pk, now=now)
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=mafia)
    tokens = {
        "moderator": api_token_create(user=moderator, name="fuzz")[1],
        "mafia": api_token_create(user=mafia.user, name="fuzz")[1],
        "townie": api_token_create(user=townie.user, name="fuzz")[1],
        "dead": api_token_create(user=dead.user, name="fuzz")[1],
    }
    return SeededGame(
        game_id=game.pk,
        tokens=tokens,
        ids={
            "player": [p.pk for p in players],
            "thread": [thread.pk],
            "post": [post.pk, *thread.posts.values_list("pk", flat=True)],
            "conversation": [message.conversation_id],
            "kill": [kill.pk],
            "item": [item.pk, taser.pk],
            "use": [dig.pk],
            "notification": list(
                Notification.objects.filter(game=game).values_list("pk", flat=True)[:20]
            ),
        },
    )
