"""Access that follows the game: a replacement, a modkill and a death in any rule set end the
streams of the users who lost access at once (R51), and their reconnect is checked anew."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from forums.models import BoardKind
from forums.services.boards import thread_create
from game.models import GameStatus
from game.rulesets.hp.choices import allowed_picks
from game.services.days.votes import vote_cast
from game.services.hp.actions import hp_pick
from game.services.lobby.replacements import player_modkill, player_replace
from game.services.lobby.setup import game_start, roles_assign
from game.snapshots.hp import table_of
from game.snapshots.hp_turns import persons_waited_for, players_of
from tests.factories import UserFactory, make_game, moderator_of, sign_up
from tests.game.chiang_mai.helpers import dealt_table, enter, holder
from tests.game.kills_setup import town
from tests.live.streams import Stream, open_stream

pytestmark = pytest.mark.postgres_only
NOW = dt.datetime(2026, 11, 26, 20, 0, tzinfo=dt.UTC)


def ends(stream: Stream) -> bool:
    """True when the server ends the stream (frames before are skipped)."""
    try:
        for _ in range(50):
            stream.read_frame()
    except EOFError:
        return True
    except TimeoutError:
        return False
    return False


def den_of(t):
    return thread_create(
        game_id=t.game.pk,
        board_kind=BoardKind.MAFIA_DEN,
        by=t.mod,
        title="Plans",
        body="Quiet.",
        now=timezone.now(),
    )


def test_a_replaced_players_stream_of_the_den_ends_at_once_and_stays_closed(asgi_server):
    t = town()
    den = den_of(t)
    replaced = t.mafia.user
    stream = open_stream(asgi_server, replaced, f"thread-{den.pk},game-{t.game.pk}")
    assert stream.status == 200
    substitute = UserFactory()
    player_replace(
        game_id=t.game.pk, by=t.mod, player_id=t.mafia.pk, substitute=substitute.username,
        now=timezone.now(),
    )  # fmt: skip
    assert ends(stream)
    assert open_stream(asgi_server, replaced, f"thread-{den.pk}").status == 404
    assert open_stream(asgi_server, substitute, f"thread-{den.pk}").status == 200


def test_a_modkill_ends_the_removed_players_den_stream(asgi_server):
    t = town()
    den = den_of(t)
    stream = open_stream(asgi_server, t.mafia.user, f"thread-{den.pk}")
    other = open_stream(asgi_server, t.townies[0].user, f"game-{t.game.pk}")
    player_modkill(
        game_id=t.game.pk, by=t.mod, player_id=t.mafia.pk, reason="Gone", now=timezone.now()
    )
    assert ends(stream)
    assert other.read_frame().kind in {"log", "death", "phase"}  # the others' streams go on
    assert open_stream(asgi_server, t.mafia.user, f"thread-{den.pk}").status == 404


def test_a_death_in_hp_mafia_ends_the_dead_persons_streams(asgi_server):
    game = make_game(ruleset="hp")
    sign_up(game, 6)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    streams = {p.pk: open_stream(asgi_server, p.user, f"game-{game.pk}") for p in players_of(game)}
    for _ in range(30):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED or any(not p.alive for p in players_of(game)):
            break
        table = table_of(players_of(game))
        for person in persons_waited_for(game, players_of(game)):
            if game.current_phase == "night":
                hp_pick(player=person, target_id=allowed_picks(table, person.role)[-1], now=NOW)
            else:
                target = next(s.id for s in table if s.alive and s.id != person.pk)
                vote_cast(game_id=person.game_id, voter_id=person.pk, target_id=target, now=NOW)
            game.refresh_from_db()
    dead = [p for p in players_of(game) if not p.alive]
    assert dead
    assert all(ends(streams[p.pk]) for p in dead)


def test_a_death_in_chiang_mai_ends_the_dead_persons_stream(asgi_server):
    game, players = dealt_table(size=10, phones=10)
    assassin = holder(players, "red_ace")
    victim = next(
        p
        for p in players
        if p.pk != assassin.pk and not {"joker", "black_king", "red_king"} & set(p.state["dealt"])
    )
    stream = open_stream(asgi_server, victim.user, f"game-{game.pk}")
    enter(game, kind="order", player=assassin.pk, top="red_ace")
    enter(game, kind="next")
    enter(game, kind="call", target=victim.pk)
    enter(game, kind="call", target=None)
    enter(game, kind="call", target=None)
    enter(game, kind="call", target=victim.pk)
    victim.refresh_from_db()
    assert not victim.alive
    assert ends(stream)
