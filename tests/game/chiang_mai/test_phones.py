"""Players with phones (M12): they point on their phone when their role is called, the host's
Next keeps their picks; they vote on their phone in their own name; a phone not called cannot
point."""

import pytest

from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.chiang_mai.helpers import dealt_table, enter

pytestmark = pytest.mark.django_db


def test_killers_point_on_their_phones_and_the_host_taps_next():
    game, players = dealt_table(10, phones=10)
    for player in players:  # every red King goes on top, so that every Killer wakes
        if "red_king" in player.state["dealt"]:
            enter(game, kind="order", player=player.pk, top="red_king")
    enter(game, kind="next")
    killers = [p for p in players if {"black_king", "red_king"} & set(p.state["dealt"])]
    victim = next(p for p in players if p not in killers and "joker" not in p.state["dealt"])
    base = f"/games/{game.pk}/chiang-mai"
    bystander = next(p for p in players if p not in killers)
    refused = client_for(bystander.user).post(f"{base}/tap/", {"kind": "pick", "target": victim.pk})
    assert refused.status_code == 422
    for killer in killers:
        page = client_for(killer.user).get(f"{base}/").content.decode()
        assert "Killers, point now" in page
        response = client_for(killer.user).post(
            f"{base}/tap/", {"kind": "pick", "target": victim.pk}
        )
        assert response.status_code == 302
    story = enter(game, kind="call", target=None)
    assert story.night_picks["killer"] == {k.pk: victim.pk for k in killers}


def test_a_phone_votes_in_its_own_name_only():
    game, players = dealt_table(10, phones=10)
    enter(game, kind="next")
    for _ in range(4):
        enter(game, kind="call", target=None)
    enter(game, kind="next")
    voter, other, target = players[0], players[1], players[2]
    client = client_for(voter.user)
    page = client.get(f"/games/{game.pk}/chiang-mai/").content.decode()
    assert f'id="vote-{voter.pk}-2"' in page
    response = client.post(
        f"/games/{game.pk}/chiang-mai/tap/",
        {"kind": "hands", "voter": [other.pk], f"vote-{other.pk}": [target.pk, ""]},
    )
    assert response.status_code == 302
    ballots = client_for(moderator_of(game)).get(f"/api/v1/games/{game.pk}/chiang-mai").json()
    assert ballots["ballots"] == {voter.name: {target.name: 1}}
