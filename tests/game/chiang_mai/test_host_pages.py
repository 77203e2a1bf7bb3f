"""A Chiang Mai game run by its host through the pages (M1-M12), from the seats to the win, with
no player phones: every page renders at each stage and the host taps once per role called."""

import pytest

from game.models import GameStatus
from tests.conftest import client_for
from tests.factories import make_game, moderator_of
from tests.game.chiang_mai.driver import ballots, call_target, hands_counted, shot_target

pytestmark = pytest.mark.django_db


def test_a_host_runs_a_ten_player_game_from_the_seats_to_the_win():
    game = make_game(ruleset="chiang_mai", name="Table")
    host = client_for(moderator_of(game))
    base = f"/games/{game.pk}/chiang-mai"
    assert host.get(f"{base}/host/").status_code == 200
    for n in range(10):
        host.post(f"{base}/seats/", {"name": f"Player {n + 1}"})
    deck = {
        "black_king": 1,
        "red_king": 2,
        "black_jack": 1,
        "red_jack": 2,
        "red_queen": 1,
        "red_ace": 1,
        "joker": 1,
        "call_seconds": 10,
    }
    assert host.post(f"{base}/deal/", deck).status_code == 302

    def table():
        return host.get(f"/api/v1/games/{game.pk}/chiang-mai").json()

    def tap(**data):
        response = host.post(f"{base}/tap/", data)
        assert response.status_code == 302, response.content.decode()[:2000]
        assert host.get(f"{base}/host/").status_code == 200

    taps_per_night = []
    tap(kind="next")
    for _ in range(12):
        state = table()
        if state["winner"]:
            break
        if state["stage"] == "night":
            taps = 0
            while table()["stage"] == "night":
                target = call_target(table())
                tap(kind="call", **({"target": target} if target else {}))
                taps += 1
            taps_per_night.append(taps)
        state = table()
        while state["hunter"] and not state["winner"]:
            hunter = next(s["id"] for s in state["seats"] if s["name"] == state["hunter"])
            tap(kind="shot", target=shot_target(state, hunter))
            state = table()
        if state["winner"]:
            break
        tap(kind="next")
        day = int(table()["label"].split()[1])
        tap(kind="timer", code="discussion")
        assert 'id="count-' in host.get(f"{base}/host/").content.decode()
        while table()["stage"] in ("day", "runoff"):
            tap(**hands_counted(ballots(table(), day)))
        state = table()
        while state["hunter"] and not state["winner"]:
            hunter = next(s["id"] for s in state["seats"] if s["name"] == state["hunter"])
            tap(kind="shot", target=shot_target(state, hunter))
            state = table()
        if state["winner"]:
            break
        tap(kind="next")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.winner
    assert set(taps_per_night) == {4}
    page = host.get(f"{base}/host/").content.decode()
    assert "The whole story" in page
    assert any(text["text"].startswith("The vote tied") for text in table()["announcements"])
