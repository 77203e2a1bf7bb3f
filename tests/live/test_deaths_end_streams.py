"""A death in every rule set (live action, classic, a forum game, HP, Chiang Mai, a modkill) goes
through `players_die`, whose live-channel follow-up ends the dead player's open stream of the
game at once (R51), while a living player's stream goes on."""

from __future__ import annotations

import pytest

from game.models import Player
from tests.game.deaths_by_rule_set import SCENARIOS
from tests.live.streams import Stream, open_stream

pytestmark = pytest.mark.postgres_only


def frames_until_the_end(stream: Stream) -> list[str]:
    """The kinds of the frames the stream sends before it ends, then "ended"; "open" last when
    it is still open after streams.WAIT_SECONDS without a frame."""
    kinds: list[str] = []
    try:
        while len(kinds) < 200:
            kinds.append(stream.read_frame().kind)
    except EOFError:
        return [*kinds, "ended"]
    except TimeoutError:
        pass
    return [*kinds, "open"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_death_ends_the_dead_players_stream_in_every_rule_set(scenario, asgi_server):
    game, victim, death = SCENARIOS[scenario]()
    living = next(
        p for p in game.players.filter(alive=True).exclude(pk=victim.pk) if p.user_id is not None
    )
    stream = open_stream(asgi_server, victim.user, f"game-{game.pk}")
    other = open_stream(asgi_server, living.user, f"game-{game.pk}")
    assert stream.status == other.status == 200
    death()
    assert not Player.objects.get(pk=victim.pk).alive
    kinds = frames_until_the_end(stream)
    assert kinds[-1] == "ended" and "death" in kinds
    assert other.read_frame().kind  # the living player's stream goes on
