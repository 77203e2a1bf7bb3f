"""A death in any rule set ends the open thread streams of its game (R51: a death may take a
board away), so that each reconnect is checked anew: the dead player's own stream of Town Square
ends when the HP night takes their last HP, when they are voted out, or when a Chiang Mai player
loses their last card, as when a live-action or classic player dies."""

from __future__ import annotations

import pytest
from django.utils import timezone

from forums.models import BoardKind
from forums.services.boards import thread_create
from tests.factories import moderator_of
from tests.game import deaths_by_rule_set as by
from tests.live.streams import open_stream

pytestmark = pytest.mark.postgres_only

SCENARIOS = {
    "HP: the night's attack": by.hp_night_death,
    "HP: a vote-out": by.hp_vote_out,
    "Chiang Mai: the last card lost at night": by.chiang_mai_night,
    "Chiang Mai: a Hunter's shot": by.chiang_mai_shot,
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_dead_players_stream_ends_at_their_death(asgi_server, scenario):
    game, victim, death = SCENARIOS[scenario]()
    square = thread_create(
        game_id=game.pk,
        board_kind=BoardKind.TOWN_SQUARE,
        by=moderator_of(game),
        title="Table talk",
        body="Hello.",
        now=timezone.now(),
    )
    stream = open_stream(asgi_server, victim.user, f"thread-{square.pk}")
    assert stream.status == 200
    death()
    with pytest.raises(EOFError):
        while True:
            stream.read_frame()
