"""What the services tell the channel, read raw from real streams: topics and kinds only, and
nothing a viewer could not see on their own pages."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.utils import timezone

from forums.models import BoardKind
from forums.services.boards import thread_create
from forums.services.posts import post_create
from game.services.killing.kill_decisions import kill_confirm
from game.services.killing.kills import kill_report
from game.services.live_channel import publish
from game.services.mafia_powers.mafia import mafia_poison
from game.services.nights.phases import phase_end_now
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game, end_phase
from tests.game.helpers import vote
from tests.game.kills_setup import town
from tests.live.streams import Stream, open_stream

pytestmark = pytest.mark.postgres_only


def frames_until_marker(stream: Stream, topic: str) -> list:
    """Every frame before the marker event published now on `topic` (the writes before it have
    committed, so their events were published first)."""
    with transaction.atomic():
        publish(topic, "marker")
    frames = []
    while (frame := stream.read_frame()).kind != "marker":
        frames.append(frame)
    return frames


def report_kill(t, killer, victim, minutes: int):
    return kill_report(
        game_id=t.game.pk,
        by=killer.user,
        side="killer",
        other_player_id=victim.pk,
        method="free_kill",
        location="the Infinite",
        happened_at=t.at(minutes),
        now=t.at(minutes + 1),
    )


def test_a_kill_report_reaches_the_moderators_queue_and_the_victims_bell(asgi_server):
    t = town()
    queue = open_stream(asgi_server, t.mod, f"queue-{t.game.pk}")
    victim = t.townies[0]
    bell = open_stream(asgi_server, victim.user, f"user-{victim.user.pk}")
    report_kill(t, t.mafia, victim, 30)
    assert queue.read_frame().data == {"topic": f"queue-{t.game.pk}", "kind": "queue"}
    assert bell.read_frame().data == {"topic": f"user-{victim.user.pk}", "kind": "bell"}


def test_a_confirmed_kill_is_a_death_on_the_game(asgi_server):
    t = town()
    kill = report_kill(t, t.mafia, t.townies[0], 30)
    stream = open_stream(asgi_server, t.townies[1].user, f"game-{t.game.pk}")
    kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(40))
    kinds = [f.kind for f in frames_until_marker(stream, f"game-{t.game.pk}")]
    assert "death" in kinds


def test_a_vote_in_a_live_action_game_reaches_the_moderators_only(asgi_server):
    """The running count is the moderators' until the day ends (R50)."""
    t = town()
    townie = open_stream(asgi_server, t.townies[1].user, f"game-{t.game.pk}")
    moderator = open_stream(asgi_server, t.mod, f"game-{t.game.pk},queue-{t.game.pk}")
    vote(t.game, t.townies[2], t.mafia)
    assert frames_until_marker(townie, f"game-{t.game.pk}") == []
    kinds = [f.kind for f in frames_until_marker(moderator, f"game-{t.game.pk}")]
    assert kinds.count("vote") == 1


def test_a_vote_in_a_night_and_day_game_reaches_every_player(asgi_server):
    """Night-and-day votes are public as they are cast (C5)."""
    game, p = classic_game()
    end_phase(game)  # day 0
    end_phase(game)  # night 0: day 1 opens the vote
    stream = open_stream(asgi_server, p["vil1"].user, f"game-{game.pk}")
    vote(game, p["vil2"], p["maf1"])
    kinds = [f.kind for f in frames_until_marker(stream, f"game-{game.pk}")]
    assert kinds.count("vote") == 1


def test_a_post_reaches_the_thread_and_a_townie_never_hears_the_den(asgi_server):
    t = town()
    square, den = (
        thread_create(
            game_id=t.game.pk, board_kind=kind, by=t.mod, title="t", body="b", now=timezone.now()
        )
        for kind in (BoardKind.TOWN_SQUARE, BoardKind.MAFIA_DEN)
    )
    reader = open_stream(asgi_server, t.townies[1].user, f"thread-{square.pk}")
    assert open_stream(asgi_server, t.townies[1].user, f"thread-{den.pk}").status == 404
    post_create(thread_id=square.pk, by=t.townies[2].user, body="hello", now=timezone.now())
    assert reader.read_frame().data == {"topic": f"thread-{square.pk}", "kind": "post"}


def test_a_phase_change_reaches_the_game(asgi_server):
    game, p = classic_game(start=timezone.now())
    stream = open_stream(asgi_server, p["vil1"].user, f"game-{game.pk}")
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=timezone.now(), code="day", number=0)
    kinds = [f.kind for f in frames_until_marker(stream, f"game-{game.pk}")]
    assert "phase" in kinds


def test_a_townies_raw_stream_names_nothing_while_the_mafia_act(asgi_server):
    """No role, no target, no content, not even that something happened: the mafia's poison
    and kill report are private, so the townie's game and bell streams stay silent."""
    t = town()
    townie = t.townies[1]
    stream = open_stream(asgi_server, townie.user, f"game-{t.game.pk},user-{townie.user.pk}")
    mafia_poison(game_id=t.game.pk, by=t.mafia.user, victim_id=t.townies[2].pk, now=t.at(20))
    report_kill(t, t.mafia2, t.townies[3], 30)
    assert frames_until_marker(stream, f"game-{t.game.pk}") == []
    raw = "".join(stream.lines)
    for secret in ("mafia", "poison", "kill", t.townies[2].name, t.townies[3].name, "Infinite"):
        assert secret.lower() not in raw.lower()
