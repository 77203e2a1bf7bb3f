import datetime as dt

import pytest

from game.rulesets.live_action.items.taser import (
    ALREADY_WRITTEN,
    DEAD_HOLDER,
    DEAD_TARGET,
    NO_DAY,
    NOT_HELD,
    NOT_WRITTEN,
    SELF_TARGET,
    WRONG_TARGET,
    Taser,
    taser_ready_at,
    taser_use_refusal,
    taser_write_refusal,
)

WRITTEN = dt.datetime(2026, 10, 5, 14, 0, tzinfo=dt.UTC)
HOLDER, TARGET, OTHER = 1, 2, 3


def taser(**changes) -> Taser:
    return Taser(**{"held_by_asker": True, "holder_alive": True, "holder": HOLDER} | changes)


def written(**changes) -> Taser:
    return taser(written_target=TARGET, written_at=WRITTEN, **changes)


@pytest.mark.parametrize(
    ("item", "target", "target_alive", "refusal"),
    [
        (taser(), TARGET, True, None),
        (written(), OTHER, True, ALREADY_WRITTEN),
        (taser(held_by_asker=False), TARGET, True, NOT_HELD),
        (taser(holder_alive=False), TARGET, True, DEAD_HOLDER),
        (taser(), HOLDER, True, SELF_TARGET),
        (taser(), TARGET, False, DEAD_TARGET),
    ],
)
def test_the_holder_writes_one_living_players_name_once(item, target, target_alive, refusal):
    assert taser_write_refusal(item, target=target, target_alive=target_alive) == refusal


def test_a_taser_works_five_minutes_after_the_name_was_written():
    assert taser_ready_at(WRITTEN) == WRITTEN + dt.timedelta(minutes=5)


@pytest.mark.parametrize(
    ("seconds", "allowed"), [(0, False), (60, False), (299, False), (300, True), (3600, True)]
)
def test_using_the_taser_is_refused_until_five_minutes_have_passed(seconds, allowed):
    now = WRITTEN + dt.timedelta(seconds=seconds)
    refusal = taser_use_refusal(written(), target=TARGET, target_alive=True, day_open=True, now=now)
    assert (refusal is None) == allowed
    if not allowed:
        assert "5 minutes" in str(refusal)


@pytest.mark.parametrize(
    ("item", "target", "target_alive", "day_open", "refusal"),
    [
        (written(), OTHER, True, True, WRONG_TARGET),
        (taser(), TARGET, True, True, NOT_WRITTEN),
        (written(held_by_asker=False), TARGET, True, True, NOT_HELD),
        (written(holder_alive=False), TARGET, True, True, DEAD_HOLDER),
        (written(), TARGET, False, True, DEAD_TARGET),
        (written(), TARGET, True, False, NO_DAY),
    ],
)
def test_only_the_living_holder_tazes_only_the_written_living_target_during_a_day(
    item, target, target_alive, day_open, refusal
):
    later = WRITTEN + dt.timedelta(minutes=10)
    assert (
        taser_use_refusal(
            item, target=target, target_alive=target_alive, day_open=day_open, now=later
        )
        == refusal
    )
