"""One world with something on every page, and the pages each kind of user reaches in it."""

import datetime as dt
from dataclasses import dataclass

from django.core.management import call_command
from django.utils import timezone

from forums.services import message_send, post_create, thread_create
from game.models import Game, GameStatus, Investigation, Item, User
from game.rulesets.live_action.roles import Role
from game.services.hp.solo import hp_solo_create
from game.services.investigating.investigations import (
    investigation_request,
    investigation_send,
    site_visit_report,
)
from game.services.items_offices.item_transfers import item_transfer_offer
from game.services.items_offices.petitions import petition_create, petition_sign
from game.services.killing.kills import kill_report
from game.services.lobby.setup import game_start, roles_assign
from game.services.nights.night_actions import night_action_submit
from game.services.nights.phases import phase_end_now
from tests.factories import UserFactory, make_game, moderator_of, sign_up
from tests.forums.forum_play.helpers import day_thread, forum_game


@dataclass
class World:
    game: Game
    moderator: User
    investigator: User
    mafia: User
    outsider: User
    signup_game: Game
    finished_game: Game
    thread_id: int
    post_id: int
    conversation_id: int
    investigation_id: int
    player_id: int
    petition_id: int
    classic_game: Game
    classic_cop: User
    classic_mafioso: User
    hp_game: Game
    forum_game: Game
    forum_player: User
    forum_thread_id: int


def build_world() -> World:
    """The demo game (30 players on day 1, an announced kill, an investigation waiting), plus a
    disputed kill report, a forum thread, a private conversation, an item offered to the
    investigator, a game in sign-ups and a finished game; a classic game at night, an HP game and
    a classic game played in the forum's threads."""
    call_command("demo_load", stdout=open("/dev/null", "w"))  # noqa: SIM115
    game = Game.objects.get(name="Demo game")
    now = timezone.now() + dt.timedelta(minutes=10)
    players = {p.role: p for p in game.players.filter(alive=True).select_related("user")}
    townies = list(game.players.filter(alive=True, role=Role.TOWNIE).select_related("user"))
    mafia, investigator = players[Role.MAFIA], players[Role.INVESTIGATOR]
    kill_report(
        game_id=game.pk,
        by=mafia.user,
        side="killer",
        other_player_id=townies[0].pk,
        method="free_kill",
        location="Lobby 10",
        happened_at=now - dt.timedelta(minutes=2),
        now=now,
    )
    kill_report(
        game_id=game.pk,
        by=townies[0].user,
        side="victim",
        other_player_id=mafia.pk,
        method="free_kill",
        location="Building 32",
        happened_at=now - dt.timedelta(minutes=3),
        now=now,
    )
    investigation = Investigation.objects.select_related("asker__user").get(game=game)
    investigator = investigation.asker
    investigation_send(
        game_id=game.pk, investigation_id=investigation.pk, by=moderator_of(game), now=now
    )
    second = game.players.filter(alive=True, role=Role.INVESTIGATOR).exclude(pk=investigator.pk)[0]
    victim = game.players.get(alive=False)
    site_visit_report(game_id=game.pk, by=second.user, victim_id=victim.pk, now=now)
    investigation_request(
        game_id=game.pk,
        by=second.user,
        capacity="investigator",
        victim_id=victim.pk,
        suspect_ids=[townies[2].pk],
        now=now,
    )
    thread = thread_create(
        game_id=game.pk,
        board_kind="town_square",
        by=investigator.user,
        title="Who was in Lobby 7?",
        body="I saw **someone** near the lobby.",
        now=now,
    )
    post_create(thread_id=thread.pk, by=townies[1].user, body="Not me.", now=now)
    message = message_send(
        game_id=game.pk,
        by=investigator.user,
        body="Meet at the dome?",
        recipient_ids=[townies[1].pk],
        subject="Plans",
        now=now,
    )
    petition = petition_create(
        game_id=game.pk,
        by=investigator.user,
        kind="election",
        office="mayor",
        candidate_id=townies[1].pk,
        now=now,
    )
    for signer in (investigator, townies[1], townies[2]):
        petition_sign(game_id=game.pk, by=signer.user, petition_id=petition.pk, now=now)
    offered = Item.objects.filter(game=game, holder__alive=True).exclude(holder=investigator)[0]
    item_transfer_offer(
        game_id=game.pk,
        by=offered.holder.user,
        item_id=offered.pk,
        receiver_id=investigator.pk,
        now=now,
    )
    signup_game = make_game(moderator=moderator_of(game), name="Spring game")
    sign_up(signup_game, 3)
    finished_game = make_game(moderator=moderator_of(game), name="Fall game")
    sign_up(finished_game, 2)
    Game.objects.filter(pk=finished_game.pk).update(status=GameStatus.FINISHED, finished_at=now)
    classic, cop, mafioso = _classic_night(moderator_of(game), now)
    # Day 1 of 55-minute phases is open now: day 0 and night 0 are behind it.
    forum, forum_players = forum_game(
        start=timezone.now() - dt.timedelta(minutes=115), phase_minutes=55
    )
    return World(
        game=game,
        moderator=moderator_of(game),
        investigator=investigator.user,
        mafia=mafia.user,
        outsider=UserFactory(),
        signup_game=signup_game,
        finished_game=finished_game,
        thread_id=thread.pk,
        post_id=thread.posts.order_by("pk").first().pk,
        conversation_id=message.conversation_id,
        investigation_id=investigation.pk,
        player_id=investigator.pk,
        petition_id=petition.pk,
        classic_game=classic,
        classic_cop=cop,
        classic_mafioso=mafioso,
        # A mafioso of the solo game: alive at night 1 and choosing its victim, whatever the seed
        # deals the others (a villager might die before their first choice, H10).
        hp_game=hp_solo_create(user=investigator.user, players=10, role="mafia", now=now),
        forum_game=forum,
        forum_player=forum_players["vil1"].user,
        forum_thread_id=day_thread(forum).pk,
    )


def _classic_night(moderator: User, now: dt.datetime) -> tuple[Game, User, User]:
    """A classic game (C1-C8) of six players on night 0, a mafioso's pick in."""
    classic = make_game(
        moderator=moderator, name="Classic game", ruleset="classic", night_ends_when_all_in=False
    )
    sign_up(classic, 6, prefix="c")
    roles_assign(game_id=classic.pk, by=moderator, now=now)
    game_start(game_id=classic.pk, by=moderator, now=now)
    phase_end_now(game_id=classic.pk, by=moderator, now=now, code="day", number=0)
    mafioso = classic.players.select_related("user").filter(role="mafioso").first()
    cop = classic.players.select_related("user").get(role="cop")
    villager = classic.players.filter(role="villager").first()
    night_action_submit(game_id=classic.pk, player_id=mafioso.pk, target_id=villager.pk, now=now)
    return classic, cop.user, mafioso.user


def player_pages(w: World) -> list[str]:
    g = w.game.pk
    return [
        "/",
        f"/games/{g}/",
        f"/games/{g}/me/",
        f"/games/{g}/vote/",
        f"/games/{g}/votes/",
        f"/games/{g}/log/",
        f"/games/{g}/kills/",
        f"/games/{g}/investigate/",
        f"/games/{g}/results/",
        f"/games/{g}/results/investigations/{w.investigation_id}/",
        f"/games/{g}/petitions/",
        f"/games/{g}/petitions/{w.petition_id}/",
        f"/forums/games/{g}/",
        f"/forums/games/{g}/town_square/",
        f"/forums/threads/{w.thread_id}/",
        f"/forums/games/{g}/search/?q=lobby",
        f"/forums/games/{g}/messages/",
        f"/forums/games/{g}/messages/{w.conversation_id}/",
        "/forums/notifications/",
        "/profile/",
        f"/games/{w.finished_game.pk}/over/",
        f"/games/{g}/rules/",
        f"/games/{g}/deaths/",
        f"/games/{g}/players/",
        "/games/archive/",
        f"/games/{w.hp_game.pk}/hp/",
        "/hp/rules/",
        f"/forums/posts/{w.post_id}/edit/",
    ]


def mafia_pages(w: World) -> list[str]:
    return [f"/games/{w.game.pk}/mafia/"]


def classic_pages(w: World) -> list[str]:
    c = w.classic_game.pk
    return [
        f"/games/{c}/night/",
        f"/games/{c}/vote/",
        f"/games/{c}/votes/",
        f"/games/{c}/",
        f"/games/{c}/results/",
        f"/games/{c}/rules/",
        f"/games/{c}/deaths/",
    ]


def forum_play_pages(w: World) -> list[str]:
    f = w.forum_game.pk
    return [
        f"/games/{f}/",
        f"/forums/games/{f}/town_square/",
        f"/forums/threads/{w.forum_thread_id}/?page=last",
        f"/games/{f}/votes/",
        f"/forums/games/{f}/vote-count/",
        f"/forums/games/{f}/will/",
    ]


def newcomer_pages(w: World) -> list[str]:
    return [
        f"/games/{w.signup_game.pk}/",
        f"/games/{w.signup_game.pk}/signup/",
        f"/games/{w.signup_game.pk}/players/",
        "/games/new/",
    ]


def moderator_pages(w: World) -> list[str]:
    g = w.game.pk
    return [
        f"/games/{g}/mod/",
        f"/games/{g}/mod/queue/",
        f"/games/{g}/mod/items/cards/",
        f"/games/{g}/mod/role-cards/",
        f"/games/{g}/mafia/",
        f"/games/{g}/players/{w.player_id}/results/",
        f"/games/{w.signup_game.pk}/mod/",
        f"/games/{w.classic_game.pk}/mod/",
    ]


SIGNED_OUT_PAGES = [
    "/",
    "/accounts/login/",
    "/accounts/signup/",
    "/pigs/",
    "/pigs/replay/?seed=3",
    "/hp/watch/?players=7&seed=12",
]


def visits(w: World) -> list[tuple[User | None, list[str]]]:
    """Every page above with the user who reaches it (None: signed out)."""
    return [
        (None, SIGNED_OUT_PAGES),
        (w.investigator, player_pages(w)),
        (w.mafia, mafia_pages(w)),
        (w.classic_cop, classic_pages(w)),
        (w.classic_mafioso, [f"/games/{w.classic_game.pk}/night/"]),
        (w.outsider, newcomer_pages(w)),
        (w.forum_player, forum_play_pages(w)),
        (w.moderator, moderator_pages(w)),
    ]


HEADING = "main h1"


def primary_actions(w: World) -> dict[str, str]:
    """What each page a player or a signed-out visitor reaches is for, as a CSS selector: the
    control that does the page's job, else (a page that is read) its heading. A form taller than
    a phone's screen declares its first field, as it starts the job. The phone walk holds each
    one visible without scrolling, above the bottom bar."""
    g, c = w.game.pk, w.classic_game.pk
    actions = dict.fromkeys(
        [path for user, paths in visits(w) if user != w.moderator for path in paths],
        HEADING,
    )
    actions.update(
        {
            f"/games/{g}/": "#waiting-for-you",
            f"/games/{g}/me/": "#offers-to-me .offer-accept",
            f"/games/{g}/vote/": "#cast-vote",
            f"/games/{g}/kills/": "#kill-report fieldset",
            f"/games/{g}/investigate/": "#visit-submit",
            f"/games/{g}/petitions/{w.petition_id}/": "#petition-withdraw",
            f"/forums/games/{g}/search/?q=lobby": "main form [type=submit]",
            f"/forums/games/{g}/messages/{w.conversation_id}/": "main form [type=submit]",
            f"/games/{w.hp_game.pk}/hp/": "#hp-choice button",
            f"/games/{g}/mafia/": "#uses-left",
            f"/games/{c}/night/": "#night-submit",
            f"/games/{c}/vote/": "#cannot-vote",
            f"/games/{w.signup_game.pk}/": f"main a[href='/games/{w.signup_game.pk}/signup/']",
            f"/games/{w.signup_game.pk}/signup/": "main form [name=name]",
            "/games/new/": "main form [name=name]",
            "/accounts/login/": "main form [type=submit]",
            "/pigs/": "main form [type=submit]",
            "/pigs/replay/?seed=3": ".pig-buttons button",
        }
    )
    return actions
