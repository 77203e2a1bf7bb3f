"""What players and moderators read: nothing misleading, no raw codes, the game's time."""

import datetime as dt
import re

import pytest
from django.urls import reverse

from forums.models import Thread
from forums.services import thread_create
from game.services.items_offices.shovels import shovel_result_send, shovel_use
from game.services.mafia_powers.powers import mafia_plant_evidence
from tests.conftest import client_for
from tests.factories import START, moderator_of, running_game
from tests.game.helpers import vote
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def test_the_running_tally_calls_the_leader_leading_not_executed_before_the_day_ends():
    game, players = running_game(5)
    for voter in players[1:4]:
        vote(game, voter, players[0])
    page = client_for(moderator_of(game)).get(reverse("vote_tally", args=[game.pk]))
    text = page.content.decode()
    assert 'class="badge">leading<' in text
    assert ">executed<" not in text


def mention_notifications(body: str) -> tuple[str, str]:
    """An hour into a game, a player opens a thread mentioning another, whose notification list
    is read: `body` names the reader as {reader}. Returns the reader's name and the page."""
    game, players = running_game(5)
    reader = players[1]
    thread_create(
        game_id=game.pk,
        board_kind="town_square",
        by=players[0].user,
        title="Hi",
        body=body.format(reader=reader.name),
        now=START + dt.timedelta(hours=1),
    )
    page = client_for(reader.user).get(reverse("forums:notification_list")).content.decode()
    return reader.name, page


def test_notifications_show_the_games_time_not_utc():
    _, page = mention_notifications("@{reader} hello")
    assert "11:00 AM EDT" in page and "3:00 PM" not in page


def visible_text(response) -> str:
    """The page's text as read: without tags, attributes, scripts and JSON data."""
    html = response.content.decode()
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_no_raw_codes_in_role_badges_shovel_results_or_planted_evidence():
    t = town()
    dead = t.townies[0]
    confirmed_kill(t, t.mafia, dead, "free_kill", 10)
    mafia_plant_evidence(
        game_id=t.game.pk,
        by=t.mafia.user,
        target_id=dead.pk,
        role="serial_killer",
        alignment="mafia",
        now=t.at(11),
    )
    digger = t.townies[1]
    t.give_shovel(digger)
    use = shovel_use(game_id=t.game.pk, by=digger.user, dead_player_id=dead.pk, now=t.at(12))
    shovel_result_send(game_id=t.game.pk, shovel_use_id=use.pk, by=t.mod, now=t.at(13))
    codes = {role.code for role in t.game.rules.roles if "_" in role.code}
    pages = [
        (t.mod, reverse("game_detail", args=[t.game.pk])),
        (t.mod, reverse("game_log", args=[t.game.pk])),
        (t.mafia.user, reverse("mafia", args=[t.game.pk])),
        (digger.user, reverse("results", args=[t.game.pk])),
        (digger.user, reverse("shovel_detail", args=[t.game.pk, use.pk])),
        (t.knight.user, reverse("game_detail", args=[t.game.pk])),
    ]
    for user, url in pages:
        text = visible_text(client_for(user).get(url))
        assert not [code for code in codes if code in text], url
    assert "Serial Killer" in visible_text(
        client_for(digger.user).get(reverse("shovel_detail", args=[t.game.pk, use.pk]))
    )


def test_investigations_offer_kills_only_checkboxes_and_show_the_pending_question():
    t = town()
    victim = t.townies[0]
    confirmed_kill(t, t.mafia, victim, "free_kill", 10)
    investigator = client_for(t.investigator.user)
    url = reverse("investigate", args=[t.game.pk])
    page = investigator.get(url, {"victim": victim.pk}).content.decode()
    assert (
        'type="checkbox" name="suspects"' in page
        and "multiple" not in page.split('id="ask-victim"')[1].split("</form>")[1]
    )
    ask = page.split('id="ask-victim"')[1].split("</select>")[0]
    assert victim.name in ask and t.townies[1].name not in ask
    investigator.post(reverse("site_visit", args=[t.game.pk]), {"victim": victim.pk})
    investigator.post(
        reverse("investigation_request", args=[t.game.pk]),
        {"capacity": "investigator", "victim": victim.pk, "suspects": [t.mafia.pk]},
    )
    page = investigator.get(url).content.decode()
    assert f"Did {t.mafia.name} kill {victim.name}?" in page
    assert 'id="ask-submit"' not in page


def test_start_thread_lands_on_the_new_thread():
    game, players = running_game(5)
    response = client_for(players[0].user).post(
        reverse("forums:board_detail", args=[game.pk, "town_square"]),
        {"title": "Who was at the lobby?", "body": "Tell me."},
    )
    thread = Thread.objects.get(title="Who was at the lobby?")
    assert response.status_code == 302
    assert response.url == reverse("forums:thread_detail", args=[thread.pk])


def test_a_mention_notification_reads_names_not_markdown_marks():
    reader, page = mention_notifications("**{reader}** & @{reader}: where were you?")
    assert f"{reader} &amp; @{reader}: where were you?" in page
    assert "**" not in page


def test_news_items_link_to_what_they_announce():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 10)
    page = client_for(t.townies[1].user).get(reverse("game_detail", args=[t.game.pk]))
    board = reverse("forums:board_detail", args=[t.game.pk, "town_square"])
    news = page.content.decode().split("Latest news")[1]
    assert f'<a href="{board}">Town Square</a>' in news
