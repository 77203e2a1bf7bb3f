"""A finished game's review in each rule set: what happened, revealed to its players; before the
end the review does not exist for them (R50)."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from game.services.hp.actions import hp_pick
from tests.conftest import client_for
from tests.game.classic.helpers import act, classic_game, end_phase
from tests.game.deaths_by_rule_set import NOW, chiang_mai_night, hp_game
from tests.game.investigation_steps import framed_investigation, saint_killed_a_sinner
from tests.game.review.helpers import finish, review_page

pytestmark = pytest.mark.django_db


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&#x27;", "'")


def test_live_action_review_shows_a_framed_investigations_true_and_reported_answers():
    asked = framed_investigation()
    t, victim, innocent = asked.t, asked.victim, asked.suspect
    assert review_page(t.investigator.user, t.game)[0] == 404
    assert review_page(t.mafia.user, t.game)[0] == 404
    finish(t.game)
    status, page = review_page(t.townies[3].user, t.game)
    assert status == 200
    text = text_of(page)
    assert f"did {innocent.name} kill {victim.name}?" in text
    assert "True answer: truth: no" in text
    assert f"Falsified: framed ({innocent.name}, {victim.name}): yes" in text
    assert "Reported answer: yes (framed)" in text
    assert f"Frame a Townsperson by {t.mafia.name} on {innocent.name} and {victim.name}" in text


def test_classic_review_shows_each_nights_actions():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    act(game, p["cop"], p["maf2"])
    act(game, p["doc"], p["cop"])
    assert review_page(p["vil2"].user, game)[0] == 404
    end_phase(game)
    finish(game)
    text = text_of(review_page(p["vil2"].user, game)[1])
    night = text.split("Night 0", 1)[1]
    assert "maf1 — kill vil1" in night
    assert "cop — investigate maf2" in night
    assert "doc — protect cop" in night
    assert "vil1 (Villager) died" in text
    over = client_for(p["vil2"].user).get(reverse("game_over", args=[game.pk])).content.decode()
    assert reverse("game_review", args=[game.pk]) in over


def test_hp_review_shows_damage_and_heals():
    game, p = hp_game()
    for actor, target in (("mafia", "com1"), ("detective", "com2"), ("healer", "com1")):
        hp_pick(player=p[actor], target_id=p[target].pk, now=NOW)
    assert review_page(p["com1"].user, game)[0] == 404
    finish(game)
    text = text_of(review_page(p["com2"].user, game)[1])
    assert "HP change" in text and "healer — heal com1" in text
    assert "com1, your HP went from 1000 to 500: you were attacked and you were healed" in text
    assert "mafia, your HP went from 2500 to 1500" in text
    assert re.search(r"com1 Commoner HP 500", text)


def test_chiang_mai_review_shows_a_lost_card():
    game, victim, _ = chiang_mai_night()
    assert review_page(victim.user, game)[0] == 404
    finish(game)
    text = text_of(review_page(victim.user, game)[1])
    night = text.split("Night 1", 2)[2]
    assert f"Cards {victim.name} lost a card (Number card)" in night.split("Day 1")[0]
    assert re.search(
        rf"{victim.name} Villager Dealt Number card, Number card; left Number card;", text
    )


def test_the_pig_games_review_is_its_replay_with_a_link_that_replays_the_same_game(client):
    page = client.get(reverse("pigs_replay"), {"seed": "7", "pigs": "4"}).content.decode()
    link = re.search(r'href="([^"]+)" id="pig-link"', page).group(1).replace("&amp;", "&")
    again = client.get(link).content.decode()
    assert re.search(r"\d+ turns", page).group(0) == re.search(r"\d+ turns", again).group(0)


def test_live_action_review_shows_the_priests_lists_and_the_answer_they_changed():
    asked = saint_killed_a_sinner()
    t, victim = asked.t, asked.victim
    finish(t.game)
    text = text_of(review_page(t.investigator.user, t.game, player=t.priest.pk)[1])
    assert f"{t.priest.name} listed {t.vigilante.name} among the saints" in text
    assert f"{t.priest.name} listed {victim.name} among the sinners" in text
    text = text_of(review_page(t.investigator.user, t.game, player=t.vigilante.pk)[1])
    assert "True answer: truth: yes" in text
    assert "Reported answer: no (priest)" in text
