import pytest
from django.core.management import call_command

from game.models import Investigation, Kill, KillStatus, ResultStatus

pytestmark = pytest.mark.django_db


def test_the_demo_game_has_a_confirmed_kill_and_a_pending_investigation_once():
    call_command("demo_load")
    call_command("demo_load")
    assert Kill.objects.filter(status=KillStatus.CONFIRMED).count() == 1
    assert Investigation.objects.filter(status=ResultStatus.PENDING).count() == 1
