"""Petitions end to end (R46, R47): the services, the pages, the API, the endings, secrecy and
query counts."""

import datetime as dt
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from forums.models import Post, PostKind
from game.errors import GameRuleError
from game.models import LogEntry, Petition, PetitionSignature, Visibility
from game.services.items_offices.mayor import mayor_set
from game.services.items_offices.petitions import (
    petition_create,
    petition_sign,
    petition_use,
    petition_withdraw_signature,
)
from game.services.killing.deaths import player_die
from game.snapshots.votes import day_tally
from tests.conftest import client_for
from tests.factories import START, moderator_of, running_game
from tests.game.helpers import current_day, vote

pytestmark = pytest.mark.django_db

NOW = START + dt.timedelta(hours=2)


def start(game, by, candidate, *, kind="election", office="mayor"):
    return petition_create(
        game_id=game.pk, by=by.user, kind=kind, office=office, candidate_id=candidate.pk, now=NOW
    )


def sign(game, petition, *signers):
    for signer in signers:
        petition_sign(game_id=game.pk, by=signer.user, petition_id=petition.pk, now=NOW)


def use(game, petition, by):
    return petition_use(game_id=game.pk, by=by.user, petition_id=petition.pk, now=NOW)


def refreshed(*objects):
    for obj in objects:
        obj.refresh_from_db()


def test_ten_players_five_signers_cannot_elect_and_six_can():
    game, players = running_game(10)
    holder, candidate = players[1], players[2]
    petition = start(game, holder, candidate)
    sign(game, petition, *players[:5])
    with pytest.raises(GameRuleError, match="5 living signers of 10 living players.*1 more"):
        use(game, petition, holder)
    refreshed(candidate)
    assert candidate.mayor_since is None
    sign(game, petition, players[5])
    use(game, petition, holder)
    refreshed(candidate, petition)
    assert candidate.mayor_since == NOW and petition.used_at == NOW


def test_the_elected_mayors_vote_counts_three():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    sign(game, petition, *players[:6])
    use(game, petition, players[1])
    vote(game, players[2], players[4])
    vote(game, players[3], players[5])
    day = current_day(game)
    tally = day_tally(game, day, day.started_at + dt.timedelta(hours=2))
    # Three from the mayor, one from players[4]'s own missing vote (R5, R8).
    assert tally.totals[players[4].pk] == 4
    assert tally.totals[players[5].pk] == 2


def test_a_signers_death_drops_the_count():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    sign(game, petition, *players[3:9])
    refreshed(players[3], players[4])
    player_die(game=game, player=players[3], at=NOW, cause="kill")
    player_die(game=game, player=players[4], at=NOW, cause="kill")
    with pytest.raises(GameRuleError, match="4 living signers of 8 living players"):
        use(game, petition, players[1])


def test_the_election_is_announced_in_town_square_and_logged():
    game, players = running_game(10)
    petition = start(game, players[1], players[2], office="police_officer")
    sign(game, petition, *players[:6])
    use(game, petition, players[1])
    entry = LogEntry.objects.get(game=game, kind="office_changed")
    assert entry.visibility == Visibility.PUBLIC
    assert entry.text == f"{players[2].name} is elected police officer by petition (R47)."
    post = Post.objects.get(kind=PostKind.OFFICE)
    assert players[2].name in post.body and post.thread.board.kind == "town_square"


def test_an_election_ends_the_rival_election_petitions():
    game, players = running_game(10)
    winner = start(game, players[1], players[2])
    rival = start(game, players[3], players[4])
    other_office = start(game, players[3], players[4], office="police_officer")
    sign(game, winner, *players[:6])
    use(game, winner, players[1])
    refreshed(rival, other_office)
    assert rival.end_reason == "rival_elected" and rival.ended_at == NOW
    assert other_office.is_open
    with pytest.raises(GameRuleError, match="no longer open"):
        sign(game, rival, players[7])


def test_an_election_petition_while_the_office_is_filled_is_refused():
    game, players = running_game(10)
    mayor_set(game_id=game.pk, player_id=players[2].pk, by=moderator_of(game), now=NOW)
    with pytest.raises(GameRuleError, match="office is filled.*R46"):
        start(game, players[1], players[3])
    with pytest.raises(GameRuleError, match="does not hold this office.*R46"):
        start(game, players[1], players[3], kind="impeachment")
    assert not Petition.objects.exists()


def test_an_impeachment_removes_the_holder_and_ends_the_other_impeachments():
    game, players = running_game(10)
    mayor_set(game_id=game.pk, player_id=players[2].pk, by=moderator_of(game), now=NOW)
    impeachment = start(game, players[1], players[2], kind="impeachment")
    other = start(game, players[3], players[2], kind="impeachment")
    sign(game, impeachment, *players[3:9])
    use(game, impeachment, players[1])
    refreshed(players[2], other)
    assert players[2].mayor_since is None
    assert other.end_reason == "holder_left_office"
    assert start(game, players[1], players[5]).is_open


def test_the_death_of_the_holder_ends_the_impeachments_against_them():
    game, players = running_game(10)
    mayor_set(game_id=game.pk, player_id=players[2].pk, by=moderator_of(game), now=NOW)
    impeachment = start(game, players[1], players[2], kind="impeachment")
    refreshed(players[2])
    player_die(game=game, player=players[2], at=NOW, cause="kill")
    refreshed(impeachment)
    assert impeachment.end_reason == "holder_left_office"
    ended = LogEntry.objects.get(kind="petition_ended")
    assert "officeholder left office" in ended.text and ended.visibility == Visibility.PUBLIC
    # The office is empty again: an election may start.
    assert start(game, players[1], players[5]).is_open


def test_second_signature_dead_signer_and_withdrawal():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    sign(game, petition, players[3])
    with pytest.raises(GameRuleError, match="already signed.*R47"):
        sign(game, petition, players[3])
    refreshed(players[4])
    player_die(game=game, player=players[4], at=NOW, cause="kill")
    with pytest.raises(GameRuleError, match="Dead players cannot sign"):
        sign(game, petition, players[4])
    petition_withdraw_signature(
        game_id=game.pk, by=players[3].user, petition_id=petition.pk, now=NOW
    )
    assert not PetitionSignature.objects.exists()
    with pytest.raises(GameRuleError, match="not signed"):
        petition_withdraw_signature(
            game_id=game.pk, by=players[3].user, petition_id=petition.pk, now=NOW
        )


def test_only_the_holder_uses_a_petition():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    sign(game, petition, *players[:6])
    with pytest.raises(GameRuleError, match="Only the player who holds"):
        use(game, petition, players[3])


def test_signatures_are_logged_for_the_moderators_only():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    sign(game, petition, players[3])
    assert LogEntry.objects.get(kind="petition_signed").visibility == Visibility.MODERATORS
    assert LogEntry.objects.get(kind="petition_created").visibility == Visibility.PUBLIC


# Pages


def test_a_player_signs_and_the_holder_uses_it_on_the_pages():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    detail = reverse("petition_detail", args=[game.pk, petition.pk])
    page = client_for(players[3].user).get(detail)
    assert page.status_code == 200 and b"Sign the petition to elect" in page.content
    for signer in players[:6]:
        response = client_for(signer.user).post(
            reverse("petition_sign", args=[game.pk, petition.pk])
        )
        assert response.status_code == 302
    used = client_for(players[1].user).post(reverse("petition_use", args=[game.pk, petition.pk]))
    assert used.status_code == 302
    refreshed(players[2])
    assert players[2].mayor_since is not None


def test_a_refused_use_comes_back_on_the_petition_page_with_the_count():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    sign(game, petition, *players[:3])
    response = client_for(players[1].user).post(
        reverse("petition_use", args=[game.pk, petition.pk])
    )
    assert response.status_code == 422
    assert b"3 more (R47)" in response.content
    refreshed(petition)
    assert petition.is_open


def test_starting_a_petition_on_the_page():
    game, players = running_game(10)
    client = client_for(players[1].user)
    listing = client.get(reverse("petitions", args=[game.pk]))
    assert b'data-confirm="Start a petition to {kind} {candidate} as {office}?"' in listing.content
    response = client.post(
        reverse("petition_create", args=[game.pk]),
        {"kind": "election", "office": "mayor", "candidate": players[2].pk},
    )
    assert response.status_code == 302
    refused = client.post(
        reverse("petition_create", args=[game.pk]),
        {"kind": "election", "office": "king", "candidate": players[2].pk},
    )
    assert refused.status_code == 422 and b"Choose one of the offices" in refused.content
    assert Petition.objects.count() == 1


# API


def api_post(client, url, body=None):
    return client.post(url, json.dumps(body or {}), content_type="application/json")


def test_the_operation_ids_are_published(client):
    schema = client.get("/api/v1/openapi.json").json()
    ids = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert ids >= {
        "petition_create",
        "petition_list",
        "petition_sign",
        "petition_withdraw_signature",
        "petition_use",
    }


def test_every_petition_operation_through_the_api():
    game, players = running_game(10)
    base = f"/api/v1/games/{game.pk}/petitions"
    holder = client_for(players[1].user)
    created = api_post(
        holder, base, {"kind": "election", "office": "mayor", "candidate_id": players[2].pk}
    )
    assert created.status_code == 201
    pid = created.json()["id"]
    assert created.json()["needed"] == 6 and created.json()["living_signers"] == 0
    for signer in players[:6]:
        signed = api_post(client_for(signer.user), f"{base}/{pid}/sign")
        assert signed.status_code == 200
    again = api_post(client_for(players[0].user), f"{base}/{pid}/sign")
    assert again.status_code == 400 and "already signed" in again.json()["detail"]
    withdrawn = api_post(client_for(players[5].user), f"{base}/{pid}/withdraw")
    assert withdrawn.status_code == 200 and withdrawn.json()["living_signers"] == 5
    early = api_post(holder, f"{base}/{pid}/use")
    assert early.status_code == 400 and "1 more" in early.json()["detail"]
    api_post(client_for(players[5].user), f"{base}/{pid}/sign")
    used = api_post(holder, f"{base}/{pid}/use")
    assert used.status_code == 200 and used.json()["used_at"] is not None
    listed = holder.get(base)
    assert listed.status_code == 200
    assert [p["id"] for p in listed.json()] == [pid]
    assert len(listed.json()[0]["signers"]) == 6


# Secrecy


def outsiders(game, players):
    """Another game's player and a player who is dead."""
    _, others = running_game(6)
    dead = players[9]
    player_die(game=game, player=dead, at=NOW, cause="kill")
    return others[0], dead


def test_another_games_player_and_anonymous_visitors_see_nothing(client):
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    stranger, _ = outsiders(game, players)
    urls = [
        reverse("petitions", args=[game.pk]),
        reverse("petition_detail", args=[game.pk, petition.pk]),
        f"/api/v1/games/{game.pk}/petitions",
    ]
    for url in urls:
        assert client_for(stranger.user).get(url).status_code == 404
        assert client.get(url).status_code in (302, 401)
    for action in ("sign", "withdraw", "use"):
        url = f"/api/v1/games/{game.pk}/petitions/{petition.pk}/{action}"
        assert api_post(client_for(stranger.user), url).status_code == 404
        assert api_post(client, url).status_code == 401
        page = reverse(f"petition_{action}", args=[game.pk, petition.pk])
        assert client_for(stranger.user).post(page).status_code == 404
    assert not PetitionSignature.objects.exists()


def test_a_dead_player_reads_but_cannot_act():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    _, dead = outsiders(game, players)
    dead_client = client_for(dead.user)
    assert (
        dead_client.get(reverse("petition_detail", args=[game.pk, petition.pk])).status_code == 200
    )
    page = dead_client.get(reverse("petitions", args=[game.pk]))
    assert b"Start a petition" not in page.content
    base = f"/api/v1/games/{game.pk}/petitions"
    assert api_post(dead_client, f"{base}/{petition.pk}/sign").status_code == 404
    body = {"kind": "election", "office": "mayor", "candidate_id": players[2].pk}
    assert api_post(dead_client, base, body).status_code == 404
    assert (
        dead_client.post(reverse("petition_sign", args=[game.pk, petition.pk])).status_code == 404
    )


def test_signatures_stay_out_of_other_players_logs():
    game, players = running_game(10)
    petition = start(game, players[1], players[2])
    sign(game, petition, players[3])
    page = client_for(players[4].user).get(reverse("game_log", args=[game.pk]))
    assert b"signed the petition" not in page.content
    assert b"started the petition" in page.content


# Query counts


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def test_petition_pages_cost_the_same_at_10_and_100_players_and_5_and_60_signers():
    counts: dict[str, list[int]] = {"petitions": [], "petition_detail": [], "api": []}
    for size, signers in ((10, 5), (100, 60)):
        game, players = running_game(size)
        petition = start(game, players[1], players[2])
        start(game, players[3], players[4], office="police_officer")
        sign(game, petition, *players[:signers])
        urls = {
            "petitions": reverse("petitions", args=[game.pk]),
            "petition_detail": reverse("petition_detail", args=[game.pk, petition.pk]),
            "api": f"/api/v1/games/{game.pk}/petitions",
        }
        client = client_for(players[1].user)
        for page, url in urls.items():
            counts[page].append(count_queries(client, url))
    assert {page: small for page, (small, _) in counts.items()} == {
        page: large for page, (_, large) in counts.items()
    }
