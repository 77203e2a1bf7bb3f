"""The vote page, the tally page and the game-over page (R5-R9, R50)."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from game.models import Vote
from game.services.days.votes import vote_cast
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of, running_game
from tests.game.helpers import end_day

pytestmark = pytest.mark.django_db


def live_game(size: int, **settings):
    """A game whose day 1 is running now, so that pages see it as the current day."""
    game, players = running_game(size, **settings)
    game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))
    return game, players


def cast(game, voter, target, note=""):
    return vote_cast(
        game_id=game.pk,
        voter_id=voter.pk,
        target_id=target.pk if target else None,
        note=note,
        now=timezone.now(),
    )


def test_a_player_votes_from_the_vote_page_and_sees_their_vote():
    game, (m, a, b, *_) = live_game(5)
    client = client_for(a.user)
    url = reverse("vote", args=[game.pk])
    response = client.post(url, {"day": 1, "target": b.pk, "note": "sus"}, follow=True)
    assert "Your vote for day 1 is recorded." in response.content.decode()
    assert f"Your vote: <strong>{b.name}</strong>" in response.content.decode()
    assert Vote.objects.get().note == "sus"


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"target": "999999"}, "Choose one of the players listed (R5)."),
        ({"target": "none", "voter": "OTHER"}, "You can only cast your own vote."),
        ({"target": "TARGET", "day": 7}, "Day 7 has ended"),
        ({"target": "TARGET", "condition": "primary_dead"}, "A fallback needs a condition"),
    ],
)
def test_bad_vote_forms_get_a_clear_message_and_record_nothing(fields, message):
    game, (m, a, b, *_) = live_game(5)
    data = {"day": 1, **fields}
    data = {k: {"OTHER": b.pk, "TARGET": b.pk}.get(v, v) for k, v in data.items()}
    response = client_for(a.user).post(reverse("vote", args=[game.pk]), data, follow=True)
    assert message in response.content.decode()
    assert not Vote.objects.exists()


def test_the_vote_page_tells_a_dead_player_they_cannot_vote():
    game, (m, a, b, c, d) = running_game(5)
    for voter in (a, b, c):
        cast_at = game.days.get().started_at + dt.timedelta(hours=1)
        vote_cast(game_id=game.pk, voter_id=voter.pk, target_id=d.pk, now=cast_at)
    end_day(game)
    client = client_for(d.user)
    page = client.get(reverse("vote", args=[game.pk])).content.decode()
    assert "You are dead." in page and "cast-vote" not in page
    client.post(reverse("vote", args=[game.pk]), {"day": 2, "target": a.pk})
    assert not Vote.objects.filter(voter=d, day=2).exists()


def test_spectators_cannot_see_the_vote_pages_of_a_running_game():
    game, _ = live_game(4)
    client = client_for(UserFactory())
    assert client.get(reverse("vote", args=[game.pk])).status_code == 404
    assert client.get(reverse("vote_tally", args=[game.pk])).status_code == 404


def test_players_see_who_voted_for_whom_after_day_end_but_never_the_notes():
    game, (m, a, b, c, d) = running_game(5)
    start = game.days.get().started_at
    vote_cast(game_id=game.pk, voter_id=a.pk, target_id=d.pk, note="gut feeling", now=start)
    end_day(game)
    page = client_for(b.user).get(reverse("vote_tally", args=[game.pk])).content.decode()
    assert a.name in page and "gut feeling" not in page and "Who voted for whom" in page
    mod_page = client_for(moderator_of(game)).get(reverse("vote_tally", args=[game.pk]) + "?day=1")
    assert "gut feeling" in mod_page.content.decode()


def test_secret_ballots_hide_who_voted_for_whom_but_not_the_totals():
    game, (m, a, b, c, d) = running_game(5, secret_ballots=True)
    start = game.days.get().started_at
    vote_cast(game_id=game.pk, voter_id=a.pk, target_id=d.pk, now=start)
    end_day(game)
    page = client_for(b.user).get(reverse("vote_tally", args=[game.pk])).content.decode()
    assert "Secret ballots" in page and "Who voted for whom" not in page
    assert 'class="bar"' in page


def test_players_do_not_see_the_running_count_of_the_current_day():
    game, (m, a, b, *_) = live_game(5)
    cast(game, a, b)
    page = client_for(b.user).get(reverse("vote_tally", args=[game.pk])).content.decode()
    assert "running count" not in page and "No day has ended yet" in page
    mod_page = client_for(moderator_of(game)).get(reverse("vote_tally", args=[game.pk]))
    assert "running count" in mod_page.content.decode()


def test_the_game_over_page_shows_every_role_and_the_votes_to_any_signed_in_user():
    game, (m, a, b, c) = running_game(4)
    start = game.days.get().started_at
    for voter in (a, b, c):
        vote_cast(game_id=game.pk, voter_id=voter.pk, target_id=m.pk, now=start)
    end_day(game)
    page = client_for(UserFactory()).get(reverse("game_over", args=[game.pk])).content.decode()
    assert "The town wins." in page and "mafia" in page and "Day 1" in page
    assert f"{m.name} was executed" in page


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    "page, as_moderator", [("vote", False), ("vote_tally", False), ("vote_tally", True)]
)
def test_vote_pages_take_the_same_queries_at_10_and_100_players(page, as_moderator):
    counts = []
    for size in (10, 100):
        game, players = running_game(size)
        start = game.days.get().started_at
        for voter in players[1:]:
            vote_cast(game_id=game.pk, voter_id=voter.pk, target_id=players[1].pk, now=start)
        end_day(game)
        game.days.filter(number=2).update(ends_at=timezone.now() + dt.timedelta(hours=3))
        for voter in players[2:]:
            cast(game, voter, players[2])
        user = moderator_of(game) if as_moderator else players[3].user
        counts.append(_queries(client_for(user), reverse(page, args=[game.pk])))
    assert counts[0] == counts[1]
