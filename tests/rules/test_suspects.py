"""Who may be named as a suspect of a death (R12, R19), with the rules' own examples, and the
investigation refusals that use the same rule."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.live_action import Capacity
from game.rulesets.live_action.facts import Asker, InvestigatedDeath, PlayerLife
from game.rulesets.live_action.investigation_limits import investigation_refusals
from game.rulesets.live_action.suspects import (
    ASKER,
    DEAD_BEFORE,
    OWN_DEATH,
    allowed_suspects,
    suspect_refusal,
)

# The rules' Gay Knight example: "if the mafia kill a Gay Knight at 6 PM Tuesday, their partner
# will die at 11 PM Wednesday". Day end is 11 PM (R1), when executions happen (R9).
TUESDAY_6PM = datetime(2026, 10, 6, 22, 0, tzinfo=UTC)
TUESDAY_9PM = datetime(2026, 10, 7, 1, 0, tzinfo=UTC)
TUESDAY_11PM = datetime(2026, 10, 7, 3, 0, tzinfo=UTC)
WEDNESDAY_NOON = datetime(2026, 10, 7, 16, 0, tzinfo=UTC)
WEDNESDAY_11PM = datetime(2026, 10, 8, 3, 0, tzinfo=UTC)
THURSDAY_NOON = datetime(2026, 10, 8, 16, 0, tzinfo=UTC)

KNIGHT, PARTNER, ASKING, MAFIA, EXECUTED, VICTIM = 1, 2, 3, 4, 5, 6


def lives(**died: datetime) -> list[PlayerLife]:
    """Everyone alive but those named, dead at the given moments."""
    names = {"knight": KNIGHT, "partner": PARTNER, "executed": EXECUTED, "victim": VICTIM}
    dead = {names[name]: moment for name, moment in died.items()}
    return [
        PlayerLife(player, alive=player not in dead, died_at=dead.get(player))
        for player in (KNIGHT, PARTNER, ASKING, MAFIA, EXECUTED, VICTIM)
    ]


@pytest.mark.parametrize(
    ("victim", "killed_at", "died", "expected"),
    [
        pytest.param(
            KNIGHT,
            TUESDAY_6PM,
            {"knight": TUESDAY_6PM},
            [PARTNER, MAFIA, EXECUTED, VICTIM],
            id="the-knight-killed-tuesday-6pm-everyone-alive-then-but-the-knight",
        ),
        pytest.param(
            KNIGHT,
            TUESDAY_6PM,
            {"knight": TUESDAY_6PM, "partner": WEDNESDAY_11PM},
            [PARTNER, MAFIA, EXECUTED, VICTIM],
            id="the-partner-who-dies-wednesday-11pm-stays-a-suspect-of-tuesday",
        ),
        pytest.param(
            VICTIM,
            WEDNESDAY_NOON,
            {"knight": TUESDAY_6PM, "partner": WEDNESDAY_11PM, "victim": WEDNESDAY_NOON},
            [PARTNER, MAFIA, EXECUTED],
            id="a-kill-wednesday-noon-the-dead-knight-is-no-suspect-the-partner-is",
        ),
        pytest.param(
            VICTIM,
            THURSDAY_NOON,
            {"knight": TUESDAY_6PM, "partner": WEDNESDAY_11PM, "victim": THURSDAY_NOON},
            [MAFIA, EXECUTED],
            id="a-kill-thursday-the-partner-dead-at-wednesdays-day-end-is-no-suspect",
        ),
        pytest.param(
            VICTIM,
            TUESDAY_9PM,
            {"executed": TUESDAY_11PM, "victim": TUESDAY_9PM},
            [KNIGHT, PARTNER, MAFIA, EXECUTED],
            id="executed-at-11pm-a-suspect-of-a-9pm-kill-that-day",
        ),
        pytest.param(
            VICTIM,
            WEDNESDAY_NOON,
            {"executed": TUESDAY_11PM, "victim": WEDNESDAY_NOON},
            [KNIGHT, PARTNER, MAFIA],
            id="executed-at-11pm-no-suspect-of-the-next-days-kill",
        ),
        pytest.param(
            VICTIM,
            TUESDAY_6PM,
            {"knight": TUESDAY_6PM, "victim": TUESDAY_6PM},
            [PARTNER, MAFIA, EXECUTED],
            id="killed-at-the-same-moment-no-suspect",
        ),
    ],
)
def test_the_suspects_are_the_players_alive_at_the_kill_but_the_victim_and_the_asker(
    victim: int, killed_at: datetime, died: dict[str, datetime], expected: list[int]
) -> None:
    assert (
        allowed_suspects(lives(**died), victim=victim, killed_at=killed_at, asker=ASKING)
        == expected
    )


def test_each_refusal_says_why() -> None:
    dead_knight = PlayerLife(KNIGHT, alive=False, died_at=TUESDAY_6PM)
    moment = {"victim": VICTIM, "killed_at": WEDNESDAY_NOON, "asker": ASKING}
    assert suspect_refusal(PlayerLife(VICTIM, alive=False), **moment) == OWN_DEATH(
        players={"victim": VICTIM}
    )
    assert suspect_refusal(PlayerLife(ASKING), **moment) == ASKER
    assert suspect_refusal(dead_knight, **moment) == DEAD_BEFORE(
        players={"suspect": KNIGHT, "victim": VICTIM}
    )
    assert suspect_refusal(PlayerLife(MAFIA), **moment) is None
    assert (
        DEAD_BEFORE(players={"suspect": KNIGHT, "victim": VICTIM}).render(
            {KNIGHT: "Kay", VICTIM: "Vic"}
        )
        == "Kay was already dead when Vic was killed, and dead players make no kills (R12)."
    )


def test_a_dead_player_without_a_recorded_death_time_is_no_suspect() -> None:
    assert suspect_refusal(
        PlayerLife(KNIGHT, alive=False), victim=VICTIM, killed_at=WEDNESDAY_NOON, asker=ASKING
    ) == DEAD_BEFORE(players={"suspect": KNIGHT, "victim": VICTIM})


@given(
    deaths=st.lists(st.one_of(st.none(), st.datetimes(timezones=st.just(UTC))), max_size=12),
    killed_at=st.datetimes(timezones=st.just(UTC)),
    victim=st.integers(0, 12),
    asker=st.integers(0, 12),
)
def test_the_offered_suspects_are_exactly_those_the_refusals_let_through(
    deaths: list[datetime | None], killed_at: datetime, victim: int, asker: int
) -> None:
    players = [PlayerLife(i, alive=d is None, died_at=d) for i, d in enumerate(deaths)]
    offered = allowed_suspects(players, victim=victim, killed_at=killed_at, asker=asker)
    assert victim not in offered and asker not in offered
    assert offered == [
        p.player
        for p in players
        if p.player not in (victim, asker) and (p.died_at is None or p.died_at > killed_at)
    ]


# The investigation refusals use the same rule: what the page does not offer is refused.
def ask(suspects: list[PlayerLife], capacity: Capacity = Capacity.INVESTIGATOR) -> list:
    asker = Asker(ASKING, capacities=frozenset({capacity}), visited_sites=frozenset({VICTIM}))
    return investigation_refusals(
        asker=asker,
        capacity=capacity,
        day=4,
        death=InvestigatedDeath(VICTIM, killed_at=WEDNESDAY_NOON),
        suspects=suspects,
        history=(),
    )


def test_an_investigation_naming_an_offered_suspect_is_allowed() -> None:
    assert ask([PlayerLife(MAFIA)]) == []


@pytest.mark.parametrize(
    ("suspect", "reason"),
    [
        pytest.param(
            PlayerLife(VICTIM, alive=False, died_at=WEDNESDAY_NOON),
            OWN_DEATH(players={"victim": VICTIM}),
            id="the-victim",
        ),
        pytest.param(PlayerLife(ASKING), ASKER, id="the-asker"),
        pytest.param(
            PlayerLife(KNIGHT, alive=False, died_at=TUESDAY_6PM),
            DEAD_BEFORE(players={"suspect": KNIGHT, "victim": VICTIM}),
            id="dead-before-the-kill",
        ),
    ],
)
def test_an_investigation_naming_a_suspect_the_page_does_not_offer_is_refused(
    suspect: PlayerLife, reason
) -> None:
    assert ask([suspect]) == [reason]


def test_a_group_set_with_one_suspect_not_offered_is_refused_for_that_member() -> None:
    dead_knight = PlayerLife(KNIGHT, alive=False, died_at=TUESDAY_6PM)
    refusals = ask([PlayerLife(MAFIA), dead_knight], Capacity.GROUP_INVESTIGATOR)
    assert refusals == [DEAD_BEFORE(players={"suspect": KNIGHT, "victim": VICTIM})]
