"""Who reads a game's review: nobody before the end (R50), then its players and moderators, and
every signed-in user once the moderators open it; the moderators' reasons never appear. Its
query count does not grow with the game."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.models import LogEntry
from game.services.investigating.investigations import investigation_send
from game.services.review.publish import review_publish
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.game.investigation_steps import ask, visit
from tests.game.kills_setup import confirmed_kill, town
from tests.game.review.helpers import finish, review_page

pytestmark = pytest.mark.django_db

PRIVATE_REASON = "between us: the asker seemed unsure"


def test_before_the_end_nobody_reads_the_review_and_after_it_only_the_game_unless_opened():
    t = town()
    outsider = UserFactory()
    for user in (t.townies[0].user, t.mafia.user, t.mod, outsider):
        assert review_page(user, t.game)[0] == 404
    finish(t.game)
    assert review_page(t.townies[0].user, t.game)[0] == 200
    assert review_page(t.mod, t.game)[0] == 200
    assert review_page(outsider, t.game)[0] == 404
    review_publish(game_id=t.game.pk, by=t.mod, public=True, now=t.at(9000))
    assert review_page(outsider, t.game)[0] == 200


def test_a_player_cannot_open_the_review_to_everyone_and_a_moderator_can_by_the_page():
    t = town()
    finish(t.game)
    url = reverse("game_review_publish", args=[t.game.pk])
    assert client_for(t.townies[0].user).post(url, {"public": "on"}).status_code == 404
    response = client_for(t.mod).post(url, {"public": "on"})
    assert response.status_code == 302
    t.game.refresh_from_db()
    assert t.game.review_public
    assert LogEntry.objects.filter(game=t.game, kind="review_published").count() == 1


def test_a_moderators_reason_for_changing_an_answer_stays_private():
    t = town()
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    investigation = ask(t, t.investigator, victim, [t.mafia])
    investigation_send(
        game_id=t.game.pk,
        investigation_id=investigation.pk,
        by=t.mod,
        now=t.at(120),
        answer=False,
        reason=PRIVATE_REASON,
    )
    finish(t.game)
    page = review_page(t.investigator.user, t.game)[1]
    assert "The moderators changed the computed answer before sending it." in page
    assert PRIVATE_REASON not in page
    assert LogEntry.objects.filter(reason__contains=PRIVATE_REASON).exists()


def review_queries(extra_townies: int, kills: int) -> int:
    t = town(extra_townies)
    for n, victim in enumerate(t.townies[:kills]):
        confirmed_kill(t, t.mafia, victim, "free_kill", 30 + 10 * n, override=n > 0)
    visit(t, t.investigator, t.townies[0], 200)
    ask(t, t.investigator, t.townies[0], [t.mafia], minutes=300)
    finish(t.game)
    client = client_for(t.townies[-1].user)
    url = reverse("game_review", args=[t.game.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, {"player": t.mafia.pk}).status_code == 200
    return len(queries)


def test_the_reviews_query_count_does_not_grow_with_players_and_events():
    assert review_queries(2, 1) == review_queries(20, 3)


def test_the_dashboard_opens_the_review_before_the_end_and_says_what_it_does():
    t = town()
    client = client_for(t.mod)
    dashboard = client.get(reverse("mod_dashboard", args=[t.game.pk])).content.decode()
    assert 'id="review-publish"' in dashboard
    assert "open its review (every role, action, investigation and vote)" in dashboard
    url = reverse("game_review_publish", args=[t.game.pk])
    response = client.post(url, {"public": "on"})
    assert response.url == reverse("mod_dashboard", args=[t.game.pk])
    t.game.refresh_from_db()
    assert t.game.review_public
    outsider = UserFactory()
    assert review_page(outsider, t.game)[0] == 404
    finish(t.game)
    assert review_page(outsider, t.game)[0] == 200
    assert client.post(url, {}).url == reverse("game_review", args=[t.game.pk])
    t.game.refresh_from_db()
    assert not t.game.review_public
    assert review_page(outsider, t.game)[0] == 404
