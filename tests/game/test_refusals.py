"""A refused POST shows its page again (422) with the error summary, the values typed and the
fields marked; it changes nothing. One mechanism for every form (game.views.refusals)."""

import json
import re

import pytest
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.db import SessionStore
from django.urls import reverse
from django.utils import timezone

from forums.services import thread_create
from game.models import Kill, KillStatus, Vote
from game.services.killing.kills import kill_report
from game.views.refusals import refusal_of, refused_page
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.kills_setup import town
from tests.game.test_role_pages import during_day_1

pytestmark = pytest.mark.django_db


def refusal_data(page: str) -> dict:
    found = re.search(r'<script id="refusal" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


def test_a_refused_vote_renders_the_vote_page_with_its_input_and_the_field_marked():
    t = town()
    voter, suspect = t.townies[0], t.townies[1]
    with during_day_1(t):
        response = client_for(voter.user).post(
            reverse("vote", args=[t.game.pk]),
            {"day": 1, "target": suspect.pk, "condition": "kill_announced_after", "note": "hm"},
        )
    page = response.content.decode()
    assert response.status_code == 422
    assert 'id="error-summary"' in page and 'href="#id_fallback"' in page
    assert re.search(r'<select name="fallback"[^>]*aria-invalid="true"', page)
    assert 'aria-describedby="id_fallback_error"' in page and 'id="id_fallback_error"' in page
    assert f'<option value="{suspect.pk}" selected>' in page
    assert "hm</textarea>" in page
    assert not Vote.objects.filter(game=t.game).exists()


def test_a_refused_queue_decision_comes_back_on_the_queue_with_what_was_typed():
    t = town()
    kill = kill_report(
        game_id=t.game.pk,
        by=t.mafia.user,
        side="killer",
        other_player_id=t.townies[0].pk,
        method="free_kill",
        location="Lobby 7",
        now=timezone.now(),
    )
    url = reverse("mod_kill_confirm", args=[t.game.pk, kill.pk])
    response = client_for(moderator_of(t.game)).post(url, {"reason": "x" * 501})
    page = response.content.decode()
    assert response.status_code == 422
    assert "<h1>Moderator queue</h1>" in page
    assert "Reason: Ensure this value has at most 500 characters" in page
    data = refusal_data(page)
    assert data["action"] == url and data["values"] == {"reason": ["x" * 501]}
    assert data["errors"][0]["field"] == "reason"
    assert "csrfmiddlewaretoken" not in page.split('id="refusal"')[1].split("</script>")[0]
    assert Kill.objects.get(pk=kill.pk).status == KillStatus.PENDING


def test_a_refused_forum_reply_comes_back_on_the_thread_with_the_rule_named():
    t = town()
    thread = thread_create(
        game_id=t.game.pk,
        board_kind="town_square",
        by=t.townies[0].user,
        title="Hello",
        body="First",
        now=timezone.now(),
    )
    url = reverse("forums:thread_detail", args=[thread.pk])
    response = client_for(t.townies[1].user).post(url, {"body": "   "})
    page = response.content.decode()
    assert response.status_code == 422
    assert "<h1>Hello</h1>" in page and 'id="error-summary"' in page
    assert thread.posts.count() == 1


def test_a_refusal_whose_page_cannot_be_shown_falls_back_to_a_message_and_a_redirect(rf):
    t = town()
    request = rf.post("/anywhere/", {"name": "Robin"})
    request.user = t.townies[0].user
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    signup_of_a_running_game = reverse("signup", args=[t.game.pk])
    response = refused_page(request, refusal_of(request, message="No."), signup_of_a_running_game)
    assert response.status_code == 302 and response["Location"] == signup_of_a_running_game
    assert "No." in [str(m) for m in request._messages]
