"""What a player may not know stays hidden everywhere they can look (R15, R50, R51)."""

import pytest

from forums.models import Post
from game.models import LogEntry
from game.services.days.day_cycle import day_end_now
from game.services.days.votes import vote_cast
from game.services.deadlines import process_due_events
from game.services.investigating.investigative_roles import desperado_mark
from game.services.mafia_powers.powers import mafia_frame
from tests.conftest import client_for
from tests.game.helpers import current_day
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db

ROLE_WORDS = ("desperado", "bloodlust", "serial", "poison", "partner", "vigilante", "framed")


def test_the_mafia_page_is_404_for_a_living_townie_and_for_a_dead_mafia():
    t = town()
    confirmed_kill(t, t.vigilante, t.mafia, "vigilante", 10)
    url = f"/games/{t.game.pk}/mafia/"
    assert client_for(t.townies[1].user).get(url).status_code == 404
    assert client_for(t.mafia.user).get(url).status_code == 404
    assert client_for(t.mafia2.user).get(url).status_code == 200


def test_a_desperados_death_is_announced_like_any_end_of_day_death():
    t = town()
    desperado_mark(game_id=t.game.pk, player_id=t.desperado.pk, by=t.mod, now=t.at(1))
    for day_end in (t.at(60), t.at(24 * 60 + 60)):
        day_end_now(game_id=t.game.pk, day=current_day(t.game).number, by=t.mod, now=day_end)
        process_due_events(now=day_end)
    t.refresh()
    assert not t.desperado.alive
    public = list(LogEntry.objects.filter(game=t.game, visibility="public"))
    said = " ".join(e.text for e in public) + " ".join(p.body for p in Post.objects.all())
    assert f"{t.desperado.name} died at the end of day 2." in said
    assert not [word for word in ROLE_WORDS if word in said.lower()]


def test_a_townie_reads_neither_the_running_tally_nor_notes_nor_mafia_or_moderator_entries():
    t = town()
    vote_cast(
        game_id=t.game.pk,
        voter_id=t.townies[1].pk,
        target_id=t.townies[2].pk,
        note="SECRET-NOTE",
        now=t.at(5),
    )
    mafia_frame(
        game_id=t.game.pk,
        by=t.mafia.user,
        suspect_id=t.vigilante.pk,
        victim_id=t.townies[0].pk,
        now=t.at(6),
    )
    townie = client_for(t.townies[3].user)
    base = f"/games/{t.game.pk}"
    pages = [f"{base}/votes/", f"{base}/log/", f"{base}/", f"/api/v1/games/{t.game.pk}/log"]
    seen = " ".join(townie.get(url).content.decode() for url in pages)
    assert "SECRET-NOTE" not in seen
    assert "framed" not in seen
    assert townie.get(f"/api/v1/games/{t.game.pk}/votes/1").status_code == 404
    assert "SECRET-NOTE" in client_for(t.mod).get(f"{base}/votes/").content.decode()
