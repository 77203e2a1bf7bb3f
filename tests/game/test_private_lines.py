"""Lines written to one player ("You have been poisoned") read, for anyone else allowed to see them
(moderators, everyone once the game is over, R50), as addressed to that player; a victim's own
report is not logged as "Jordan reported the kill of Jordan"."""

import datetime as dt

import pytest

from game.models import GameStatus, LogEntry, Visibility
from game.services.killing.kills import kill_report
from game.services.log import log_append
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.game.helpers import current_day

pytestmark = pytest.mark.django_db

TOLD = "You have been poisoned. You will die at the end of day 4 (R35)."


def told_privately(game, victim):
    log_append(
        game=game,
        kind="poisoned",
        text=TOLD,
        visibility=Visibility.PLAYERS,
        recipients=[victim],
        now=current_day(game).started_at,
    )


def log_page(user, game) -> str:
    return client_for(user).get(f"/games/{game.pk}/log/").content.decode()


def test_the_moderator_reads_whom_a_private_line_was_written_to():
    game, (_m, casey, _b, _c) = running_game(4)
    told_privately(game, casey)
    assert f"To {casey.name}:</span> {TOLD[:28]}" in log_page(moderator_of(game), game)


def test_after_the_game_others_read_the_line_as_addressed_and_the_recipient_as_their_own():
    game, (_m, casey, other, _c) = running_game(4)
    told_privately(game, casey)
    game.status = GameStatus.FINISHED
    game.save(update_fields=["status"])
    assert f"To {casey.name}:</span> {TOLD[:28]}" in log_page(other.user, game)
    own = log_page(casey.user, game)
    assert TOLD[:28] in own and f"To {casey.name}:" not in own


def test_a_victims_own_report_says_they_reported_being_killed():
    game, (killer, victim, _b, _c) = running_game(4)
    at = current_day(game).started_at + dt.timedelta(minutes=30)
    kill_report(
        game_id=game.pk,
        by=victim.user,
        side="victim",
        other_player_id=killer.pk,
        method="",
        location="Lobby 7",
        happened_at=at,
        now=at + dt.timedelta(minutes=1),
    )
    line = LogEntry.objects.get(kind="kill_reported").text
    assert line == f"{victim.name} reported being killed (day {current_day(game).number})."
    kill_report(
        game_id=game.pk,
        by=killer.user,
        side="killer",
        other_player_id=victim.pk,
        method="free_kill",
        location="Lobby 7",
        happened_at=at,
        now=at + dt.timedelta(minutes=2),
    )
    lines = list(LogEntry.objects.filter(kind="kill_reported").values_list("text", flat=True))
    assert (
        lines[1]
        == f"{killer.name} reported killing {victim.name} (day {current_day(game).number})."
    )
