"""The games each fuzzing identity works on, built through the services as people would build
them: a running game with a moderator, a mafia member, a living townie and a player who died, with
a personal token each, a thread with a post, a conversation, a reported kill, a confirmed one with
an investigation of it waiting for its answer, an item offered and a petition, so that the ids the
operations take exist; the same moderator's game whose signups are still open; and a classic
game (days and nights) at night, where the same people moderate and play. Imported after
django.setup()."""

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
from game.services.investigating.investigations import investigation_request, site_visit_report
from game.services.items_offices.item_transfers import item_transfer_offer
from game.services.items_offices.mafia_counts import mayor_count_mafia
from game.services.items_offices.mayor import mayor_set
from game.services.items_offices.petitions import petition_create
from game.services.items_offices.shovels import shovel_use
from game.services.killing.deaths import player_die
from game.services.killing.kill_decisions import kill_confirm
from game.services.killing.kills import kill_report
from game.services.lobby.accounts import api_token_create
from game.services.lobby.games import game_create
from game.services.lobby.notices import inactivity_notice_send
from game.services.lobby.setup import game_start, role_set
from game.services.lobby.signups import signup_create
from game.services.locking import lock_game
from game.services.nights.phases import phase_end_now

ROLES = [Role.MAFIA, Role.MAFIA, Role.INVESTIGATOR, Role.PRIEST, Role.VIGILANTE] + [Role.TOWNIE] * 5


# The players the live-action rule set's default role counts need.
SIGNUPS = 17
CLASSIC_ROLES = ["mafioso", "mafioso", "cop", "doctor"] + ["villager"] * 4


@dataclass
class SeededGame:
    game_id: int
    tokens: dict[str, str]
    ids: dict[str, list[int]] = field(default_factory=dict)
    # The other games' ids: signups open, and the classic game at night.
    other_game_ids: list[int] = field(default_factory=list)
    # Request-body values of this seeded world: a user who may become a moderator.
    body_values: dict[str, list[str]] = field(default_factory=dict)


def _user(name: str) -> User:
    return User.objects.create_user(username=name, email=f"{name}@example.com", password=None)


def seeded_game(identity: str, label: str) -> SeededGame:
    """A running game on day 1 for `identity`, its users' names starting with `label`."""
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
    mafia, mafia_partner, investigator, _, vigilante, townie, dead, candidate, victim, _ = players
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
    # The identities' items for the fuzzer: a taser of the mafia member's and a shovel each, and
    # a second taser the mafia member offers the townie (an offered item is set aside).
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=mafia)
    shovels = [
        Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=holder)
        for holder in (townie, mafia)
    ]
    offered = Item.objects.create(game=game, kind=ItemKind.TASER, holder=mafia)
    offer = item_transfer_offer(
        game_id=game.pk, by=mafia.user, item_id=offered.pk, receiver_id=townie.pk, now=now
    )
    petition = petition_create(
        game_id=game.pk,
        by=townie.user,
        kind="election",
        office="police_officer",
        candidate_id=candidate.pk,
        now=now,
    )
    # The townie is the mayor (R8, R48), warned for inactivity (R49); the moderator's game has a
    # count of the mafia waiting for its answer (the mayor asks once a day: the others leave the
    # townie's question to the fuzzer).
    mayor_set(game_id=game.pk, player_id=townie.pk, by=moderator, now=now, reason="Elected")
    # The mafia member holds the other office, police officer (R48), as an earlier election
    # would have left it.
    Player.objects.filter(pk=mafia.pk).update(police_officer_since=now)
    inactivity_notice_send(game_id=game.pk, player_id=townie.pk, by=moderator, now=now)
    counts = []
    if identity == "moderator":
        counts.append(mayor_count_mafia(game_id=game.pk, by=townie.user, now=now).pk)
    confirmed_kill, investigation = _investigation(
        game.pk, moderator, mafia_partner, investigator, victim, now
    )
    tokens = {
        "moderator": api_token_create(user=moderator, name="fuzz")[1],
        "mafia": api_token_create(user=mafia.user, name="fuzz")[1],
        "townie": api_token_create(user=townie.user, name="fuzz")[1],
        "dead": api_token_create(user=dead.user, name="fuzz")[1],
    }
    others = [
        _signup_game(label, moderator, now),
        _classic_game(label, moderator, [mafia.user, townie.user, dead.user], now),
    ]
    return SeededGame(
        game_id=game.pk,
        tokens=tokens,
        other_game_ids=others,
        body_values={"username_or_email": [f"{label}-s0"]},
        ids={
            "player": [p.pk for p in players],
            "thread": [thread.pk],
            "post": [post.pk, *thread.posts.values_list("pk", flat=True)],
            "conversation": [message.conversation_id],
            "kill": [kill.pk, confirmed_kill],
            "item": [item.pk, taser.pk, offered.pk, *(shovel.pk for shovel in shovels)],
            "use": [dig.pk],
            "investigation": [investigation],
            "offer": [offer.pk],
            "petition": [petition.pk],
            "count": counts,
            "notification": list(
                Notification.objects.filter(game=game).values_list("pk", flat=True)[:20]
            ),
        },
    )


def _investigation(
    game_id: int, moderator: User, killer, investigator, victim, now
) -> tuple[int, int]:
    """A mafia kill the moderator confirmed, and the investigator's question about it, waiting
    for the moderator's answer."""
    kill = kill_report(
        game_id=game_id,
        by=killer.user,
        side="killer",
        other_player_id=victim.pk,
        method="free_kill",
        location="Garden",
        now=now,
    )
    kill_confirm(
        game_id=game_id, kill_id=kill.pk, by=moderator, now=now, reason="Seen", override=True
    )
    site_visit_report(game_id=game_id, by=investigator.user, victim_id=victim.pk, now=now)
    investigation = investigation_request(
        game_id=game_id,
        by=investigator.user,
        capacity="investigator",
        victim_id=victim.pk,
        suspect_ids=[killer.pk],
        now=now,
    )
    return kill.pk, investigation.pk


def _signup_game(label: str, moderator: User, now) -> int:
    """The moderator's next game, its signups open with as many players as its default roles
    need (none of them an identity)."""
    game = game_create(created_by=moderator, name=f"Signups ({label})", now=now)
    for number in range(SIGNUPS):
        user = _user(f"{label}-s{number}")
        signup_create(game_id=game.pk, user=user, introduction="Hi", name=f"S{number}", now=now)
    return game.pk


def _classic_game(label: str, moderator: User, identities: list[User], now) -> int:
    """A classic game at night 0, with the mafia identity a mafioso, the townie the cop and the
    dead player a villager who died."""
    game = game_create(created_by=moderator, name=f"Classic ({label})", now=now, ruleset="classic")
    mafia, townie, dead = identities
    users = [mafia, _user(f"{label}-c1"), townie, _user(f"{label}-c3"), dead]
    users += [_user(f"{label}-c{number}") for number in range(5, len(CLASSIC_ROLES))]
    players = []
    for number, (user, role) in enumerate(zip(users, CLASSIC_ROLES, strict=True)):
        player = signup_create(
            game_id=game.pk, user=user, introduction="Hi", name=f"{label} c{number}", now=now
        )
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=moderator, now=now)
        players.append(player)
    game_start(game_id=game.pk, by=moderator, now=now)
    with transaction.atomic():
        locked = lock_game(game.pk)
        players[4].refresh_from_db()
        player_die(game=locked, player=players[4], at=now, cause=DeathCause.KILL)
    phase_end_now(
        game_id=game.pk, by=moderator, now=now, code="day", number=0, reason="Night falls"
    )
    return game.pk
