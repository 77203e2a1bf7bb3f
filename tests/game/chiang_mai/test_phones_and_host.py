"""Phones and the host together (M7, M8, M12): a vote or a pointing made on a phone is the
player's; the host's page shows it as cast, the host's count of hands leaves it out, and the
host changes it only by saying so, which the log keeps; a count the cards cannot give is refused
with the reason; an open page knows when it has something new to show."""

import pytest

from game.errors import GameRuleError
from game.models import GamePhase
from game.services.chiang_mai.entries import chiang_mai_player_enter
from game.snapshots.chiang_mai import game_phases, seated_players, story_of
from tests.conftest import client_for
from tests.factories import START, moderator_of
from tests.game.chiang_mai.helpers import dealt_table, enter

pytestmark = pytest.mark.django_db


def day_one():
    game, players = dealt_table(10, phones=3)
    enter(game, kind="next")
    for _ in range(4):
        enter(game, kind="call", target=None)
    enter(game, kind="next")
    return game, players


def phone_votes(game, player, split):
    return chiang_mai_player_enter(
        game_id=game.pk,
        by=player.user,
        entry={"kind": "ballot", "split": {str(t): n for t, n in split.items()}},
        now=START,
    )


def count(game, counts, voters):
    form = {"kind": "count", "hand_voter": [v.pk for v in voters]}
    form |= {f"count-{p.pk}": n for p, n in counts.items()}
    return client_for(moderator_of(game)).post(f"/games/{game.pk}/chiang-mai/tap/", form)


def test_the_phones_votes_count_beside_the_hands_the_host_counted():
    game, players = day_one()
    phones, others = players[:3], players[3:]
    alex, blair = others[0], others[1]
    for phone in phones:
        phone_votes(game, phone, {blair.pk: 2})
    host = client_for(moderator_of(game))
    page = host.get(f"/games/{game.pk}/chiang-mai/host/").content.decode()
    assert "Voted on a phone" in page
    assert f"{phones[0].name}: {blair.name} 2" in page
    assert f'name="hand_voter" value="{phones[0].pk}"' not in page
    assert f'name="hand_voter" value="{alex.pk}"' in page
    assert count(game, {alex: 5}, others).status_code == 302
    table = host.get(f"/api/v1/games/{game.pk}/chiang-mai").json()
    said = [a["text"] for a in table["announcements"]]
    assert f"{blair.name} had the most votes (6) and loses their top card." in said


def test_an_impossible_count_is_refused_with_the_reason_and_changes_nothing():
    game, players = day_one()
    others = players[3:]
    before = stored_entries(game)
    response = count(game, {others[0]: 21}, players)
    assert response.status_code == 422
    assert f"{others[0].name}: 21 hands, but the players voting by hand hold 20 cards" in (
        response.content.decode()
    )
    response = count(game, {others[0]: 12, others[1]: 9}, players)
    assert "21 hands in all, but the players voting by hand hold 20 cards" in (
        response.content.decode()
    )
    assert stored_entries(game) == before


def stored_entries(game) -> list:
    return [e for p in GamePhase.objects.filter(game=game) for e in p.state.get("entries", [])]


def test_a_phone_vote_that_came_in_meanwhile_is_not_counted_twice():
    game, players = day_one()
    page_voters = players  # the host's page listed everyone as voting by hand
    phone_votes(game, players[0], {players[5].pk: 2})
    response = count(game, {players[4]: 3}, page_voters)
    assert response.status_code == 422
    assert "count the hands again" in response.content.decode()


def test_the_host_changes_a_phones_vote_only_by_saying_so_and_the_log_keeps_it():
    game, players = day_one()
    phone, target, other = players[0], players[5], players[6]
    phone_votes(game, phone, {target.pk: 2})
    with pytest.raises(GameRuleError, match="entered this on their phone"):
        enter(game, kind="ballot", voter=phone.pk, split={str(other.pk): 2})
    story = enter(game, kind="ballot", voter=phone.pk, split={str(other.pk): 2}, override=True)
    assert story.ballots[phone.pk] == {other.pk: 2}
    log = [reason.render(story.names) for _, reason in story.log]
    assert f"The host changed {phone.name}'s vote from their phone, saying so at the table." in log


def test_the_host_sees_a_phones_pointing_and_a_name_tapped_does_not_overwrite_it():
    game, players = dealt_table(10, phones=10)
    enter(game, kind="next")
    game.refresh_from_db()
    host = client_for(moderator_of(game))
    story = story_of(game, seated_players(game), game_phases(game))
    while not story.current_call.actors:  # the first call of night 1 with someone awake
        story = enter(game, kind="call", target=None)
    call = story.current_call
    awake = [p for p in players if p.pk in call.actors]
    patient, other = [p for p in players if p.pk not in call.actors][:2]
    for actor in awake:
        chiang_mai_player_enter(
            game_id=game.pk, by=actor.user, entry={"kind": "pick", "target": patient.pk}, now=START
        )
    page = host.get(f"/games/{game.pk}/chiang-mai/host/").content.decode()
    name = awake[0].name
    assert f"Awake: {name}, pointed at <strong>{patient.name}</strong> on their phone" in page
    with pytest.raises(GameRuleError, match="pointed on their phone: tap Next"):
        enter(game, kind="call", target=other.pk)
    story = enter(game, kind="call", target=None)
    assert story.night_picks[call.role] == {a.pk: patient.pk for a in awake}


def test_an_open_phone_page_hears_of_the_hosts_tap_and_not_of_another_phones():
    game, players = day_one()
    me, another = players[0], players[1]
    client = client_for(me.user)
    url = f"/games/{game.pk}/chiang-mai/"
    page = client.get(url).content.decode()
    version = page.split("?since=")[1].split('"')[0]
    assert client.get(url, {"since": version}).status_code == 204
    phone_votes(game, another, {players[5].pk: 1})
    assert client.get(url, {"since": version}).status_code == 204
    enter(game, kind="timer", code="discussion")
    enter(game, kind="ballot", voter=players[4].pk, split={str(players[5].pk): 1})
    enter(game, kind="tally")
    assert client.get(url, {"since": version}).status_code == 200
