"""HP Mafia for a newcomer (H10, H12): a signed-out visitor plays as a guest, a refused solo
form comes back in the app's error summary, Play again, the seed's words for a player who is
out, each player told why their HP changed (never by whom), and a game of computer players to
watch."""

from __future__ import annotations

import datetime as dt
import json
import re
from types import SimpleNamespace

import pytest
from django.test import Client

from game.errors import GameRuleError
from game.models import Game, LogEntry, Player
from game.permissions import GUEST_REFUSAL, is_guest
from game.services.days.votes import vote_cast
from game.services.hp import solo
from game.services.hp.actions import hp_pick
from game.services.hp.solo import hp_solo_create
from game.services.lobby.games import game_create
from game.services.lobby.signups import signup_create
from game.snapshots.hp_turns import players_of
from tests.game.hp.test_solo_game import person_of, play_as_person

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 1, 0, tzinfo=dt.UTC)


def refusal_of(response) -> dict:
    html = response.content.decode()
    return json.loads(re.search(r'id="refusal"[^>]*>(.*?)</script>', html, re.S).group(1))


def test_the_signed_out_home_page_offers_hp_and_a_visitor_plays_as_a_guest():
    client = Client()
    home = client.get("/").content.decode()
    assert "Play HP Mafia now" in home and 'action="/hp/solo/"' in home
    response = client.post("/hp/solo/", {"players": "5", "role": "healer"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/hp/"
    guest = person_of(game).user
    assert is_guest(guest) and not guest.has_usable_password() and guest.email == ""
    page = client.get(response["Location"]).content.decode()
    assert "You play as a guest" in page and "Choose a player to heal" in page


def test_a_guest_plays_solo_games_only(user):
    client = Client()
    client.post("/hp/solo/", {"players": "5", "role": ""})
    guest = Player.objects.get(computer=False).user
    game = game_create(created_by=user, name="Campus", now=NOW)
    with pytest.raises(GameRuleError, match="guest"):
        signup_create(game_id=game.pk, user=guest, introduction="", now=NOW)
    with pytest.raises(GameRuleError) as refused:
        game_create(created_by=guest, name="Mine", now=NOW)
    assert refused.value.message == GUEST_REFUSAL


@pytest.mark.parametrize(
    ("players", "message"), [("4", "greater than or equal to 5"), ("", "required")]
)
def test_a_refused_solo_form_comes_back_with_its_error_summary_and_marked_field(players, message):
    response = Client().post("/hp/solo/", {"players": players, "role": "mafia"})
    assert response.status_code == 422
    html = response.content.decode()
    assert 'id="error-summary"' in html and "Number of players" in html and message in html
    refusal = refusal_of(response)
    assert refusal["action"] == "/hp/solo/"
    assert refusal["errors"][0]["field"] == "players"
    assert refusal["values"] == {"players": [players], "role": ["mafia"]}
    assert not Game.objects.exists()


def test_play_again_at_game_over_starts_a_new_game_of_the_same_size(user, login):
    game = hp_solo_create(user=user, players=6, role="detective", now=NOW)
    play_as_person(game)
    client = login(user)
    page = client.get(f"/games/{game.pk}/hp/").content.decode()
    again = page[page.index('id="hp-again"') :]
    assert 'name="players" value="6"' in again
    assert '<option value="detective" selected>' in again
    response = client.post("/hp/solo/", {"players": "6", "role": "detective"})
    new = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == f"/games/{new.pk}/hp/"
    assert person_of(new).role == "detective"


def seeded(monkeypatch, seed: str) -> None:
    """The solo game's seed (C8), so that the test plays one known game."""
    monkeypatch.setattr(solo, "secrets", SimpleNamespace(token_hex=lambda _: seed))


def test_a_vote_for_a_player_out_of_the_game_names_them_as_the_seed_does(user, login, monkeypatch):
    seeded(monkeypatch, "newcomer-0")
    game = hp_solo_create(user=user, players=10, role="commoner", now=NOW)
    game.refresh_from_db()
    assert game.current_phase == "day"
    out = next(p for p in players_of(game) if not p.alive)
    person = person_of(game)
    with pytest.raises(GameRuleError, match=f"^{out.name} is not in the game.$"):
        vote_cast(game_id=game.pk, voter_id=person.pk, target_id=out.pk, now=NOW)
    with pytest.raises(GameRuleError, match="^That player is not in the game.$"):
        vote_cast(game_id=game.pk, voter_id=person.pk, target_id=999_999, now=NOW)
    response = login(user).post(f"/games/{game.pk}/hp/choose/", {"target": out.pk})
    assert response.status_code == 422
    assert f"{out.name} is not in the game." in response.content.decode()


def test_each_person_is_told_why_their_hp_changed_and_the_computers_are_told_nothing(
    user, monkeypatch
):
    """A healer who heals themself reads it, and no line says who healed; the computer's seats
    whose HP changed (the mafias, the target) are told nothing."""
    seeded(monkeypatch, "healer-0")
    game = hp_solo_create(user=user, players=10, role="healer", now=NOW)
    person = person_of(game)
    hp_pick(player=person, target_id=person.pk, now=NOW)
    told = LogEntry.objects.filter(game=game, kind="hp_hp_changed")
    assert [(e.text, list(e.recipients.all())) for e in told] == [
        (f"{person.name}, your HP went from 800 to 1300: you were healed.", [person])
    ]
    computers = Player.objects.filter(game=game, computer=True)
    assert not told.filter(recipients__in=computers).exists()


def test_a_game_of_computer_players_is_watched_round_by_round_from_its_link():
    client = Client()
    fresh = client.get("/hp/watch/")
    assert fresh.status_code == 302 and re.fullmatch(
        r"/hp/watch/\?players=10&seed=\d+", fresh["Location"]
    )
    first, again = (client.get("/hp/watch/?players=7&seed=12").content.decode() for _ in range(2))
    html = first[first.index("<main") : first.index("</main>")]
    assert html == again[again.index("<main") : again.index("</main>")]
    assert "Round 1" in html and "Game Over" in html and "only the detectives" in html
    assert html.count("<details") >= 2 and "Mafia</td>" in html
    assert client.get("/hp/watch/?players=30&seed=12").status_code == 422
    assert not Game.objects.exists()
