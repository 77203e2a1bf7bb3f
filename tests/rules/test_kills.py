"""Kill checks and their consequences (R2, R12, R13, R30, R32-R40, R44)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from game.rulesets.live_action import LIVE_ACTION, KillMethod
from game.rulesets.live_action.facts import KillReport
from game.rulesets.live_action.kills import (
    KILLER_DEAD,
    KILLER_TAZED,
    MAFIA_FAILED_TARGET,
    NOT_MAFIA,
    SELF_KILL,
    TARGET_DEAD,
    TARGET_DESPERADO,
    TARGET_GUESSED,
    day_end_after_announcement,
    items_heir,
    kill_violations,
)
from game.rulesets.live_action.powers.disarm import DisarmOutcome, disarm_outcome
from game.rulesets.live_action.powers.free_kill import USED as FREE_KILL_USED
from game.rulesets.live_action.powers.hitman import DONE as HITMAN_DONE
from game.rulesets.live_action.powers.hitman import HAS_KILLER as HITMAN_HAS_KILLER
from game.rulesets.live_action.powers.hitman import NOT_HIRED
from game.rulesets.live_action.powers.scheme import CONDITION as SCHEME_CONDITION
from game.rulesets.live_action.powers.scheme import USED as SCHEME_USED
from game.rulesets.live_action.roles import Role
from game.rulesets.live_action.roles.gay_knight import NO_CORRECT_GUESS
from game.rulesets.live_action.roles.serial_killer import ON_COOLDOWN as SERIAL_KILLER_COOLDOWN
from game.rulesets.live_action.roles.serial_killer import SAME_TARGET as SERIAL_KILLER_SAME_TARGET
from game.rulesets.live_action.roles.serial_killer import (
    next_kill_day as serial_killer_next_kill_day,
)
from game.rulesets.live_action.roles.vigilante import POWER_GONE as VIGILANTE_GONE
from game.rulesets.live_action.roles.vigilante import POWER_NOT_BACK as VIGILANTE_NOT_BACK
from game.rulesets.live_action.roles.vigilante import (
    power_after_kill as vigilante_power_after_kill,
)

WRONG_ROLE = {method.code: method.wrong_killer for method in LIVE_ACTION.kill_methods}

KILLER, OTHER_MAFIA, TARGET, DAY = 1, 2, 9, 4

FREE_KILL = KillReport(
    KillMethod.FREE_KILL,
    KILLER,
    TARGET,
    DAY,
    killer_role=Role.MAFIA,
    living_mafia=frozenset({KILLER, OTHER_MAFIA}),
)
DOORWAY = replace(FREE_KILL, method=KillMethod.DOORWAY)
SCHEME = replace(FREE_KILL, method=KillMethod.SCHEME, free_kill_used_today=True)
HITMAN = KillReport(KillMethod.HITMAN, None, TARGET, DAY, hitman_hired_today=True)
VIGILANTE = KillReport(KillMethod.VIGILANTE, KILLER, TARGET, DAY, killer_role=Role.VIGILANTE)
SERIAL = KillReport(
    KillMethod.SERIAL_KILLER,
    KILLER,
    TARGET,
    DAY,
    killer_role=Role.SERIAL_KILLER,
    serial_killer_last_kill_day=DAY - 3,
)
REVENGE = KillReport(
    KillMethod.GAY_KNIGHT_REVENGE,
    KILLER,
    TARGET,
    DAY,
    killer_role=Role.GAY_KNIGHT,
    gay_knight_guessed_killer=TARGET,
)


@pytest.mark.parametrize(
    "report",
    [
        pytest.param(FREE_KILL, id="free-kill"),
        pytest.param(DOORWAY, id="doorway"),
        pytest.param(SCHEME, id="scheme-after-the-free-kill"),
        pytest.param(HITMAN, id="hitman"),
        pytest.param(VIGILANTE, id="vigilante"),
        pytest.param(SERIAL, id="serial-killer-on-the-third-day-after-a-kill"),
        pytest.param(REVENGE, id="gay-knight-revenge"),
        pytest.param(
            replace(FREE_KILL, killer_role=Role.INVESTIGATOR, killer_conscripted=True),
            id="free-kill-by-a-conscript",
        ),
        pytest.param(
            replace(FREE_KILL, free_kill_used_today=True, target_holds_charge=True),
            id="free-kill-used-but-the-target-holds-a-trap-charge",
        ),
        pytest.param(
            replace(HITMAN, free_kill_used_today=True), id="hitman-after-the-free-kill-was-used"
        ),
        pytest.param(
            replace(
                SCHEME,
                mafia_killers_today=frozenset({KILLER, OTHER_MAFIA}),
            ),
            id="scheme-once-every-living-mafia-has-killed",
        ),
        pytest.param(
            replace(SERIAL, serial_killer_last_kill_day=None), id="serial-killer-first-kill"
        ),
        pytest.param(replace(VIGILANTE, vigilante_power_from_day=DAY), id="vigilante-power-back"),
    ],
)
def test_a_kill_the_rules_allow_has_no_violation(report: KillReport) -> None:
    assert kill_violations(report) == []


# R12: one case per broken rule.
@pytest.mark.parametrize(
    ("report", "violations"),
    [
        pytest.param(replace(FREE_KILL, killer_alive=False), [KILLER_DEAD], id="killer-dead"),
        pytest.param(replace(FREE_KILL, target_alive=False), [TARGET_DEAD], id="target-dead"),
        pytest.param(replace(VIGILANTE, target=KILLER), [SELF_KILL], id="killer-is-target"),
        pytest.param(
            replace(FREE_KILL, free_kill_used_today=True), [FREE_KILL_USED], id="free-kill-used"
        ),
        pytest.param(
            replace(DOORWAY, free_kill_used_today=True),
            [FREE_KILL_USED],
            id="doorway-uses-the-free-kill",
        ),
        pytest.param(
            replace(SCHEME, target_failed_by_mafia_today=True),
            [MAFIA_FAILED_TARGET],
            id="mafia-already-failed-this-target",
        ),
        pytest.param(
            replace(HITMAN, target_failed_by_mafia_today=True),
            [MAFIA_FAILED_TARGET],
            id="hitman-on-a-target-the-mafia-failed",
        ),
        pytest.param(
            replace(SERIAL, serial_killer_last_kill_day=DAY - 2),
            [SERIAL_KILLER_COOLDOWN(day=5)],
            id="serial-killer-on-cooldown",
        ),
        pytest.param(
            replace(SERIAL, serial_killer_tried_target_today=True),
            [SERIAL_KILLER_SAME_TARGET],
            id="serial-killer-already-tried-this-target",
        ),
        pytest.param(
            replace(SERIAL, killer_tazed_today=True), [KILLER_TAZED], id="killer-tazed-today"
        ),
        pytest.param(
            replace(VIGILANTE, target_gone_desperado=True),
            [TARGET_DESPERADO],
            id="target-gone-desperado",
        ),
        pytest.param(
            replace(FREE_KILL, target_guessed_correctly=True),
            [TARGET_GUESSED],
            id="target-gay-knight-after-a-correct-guess",
        ),
        pytest.param(
            replace(VIGILANTE, vigilante_power_from_day=None),
            [VIGILANTE_GONE],
            id="vigilante-power-gone",
        ),
        pytest.param(
            replace(VIGILANTE, vigilante_power_from_day=DAY + 1),
            [VIGILANTE_NOT_BACK(day=5)],
            id="vigilante-power-not-back-yet",
        ),
        pytest.param(
            replace(REVENGE, gay_knight_guessed_killer=None),
            [NO_CORRECT_GUESS],
            id="gay-knight-revenge-without-a-correct-guess",
        ),
        pytest.param(
            replace(REVENGE, gay_knight_guessed_killer=7),
            [NO_CORRECT_GUESS],
            id="gay-knight-revenge-on-someone-else",
        ),
        pytest.param(replace(SCHEME, scheme_used=True), [SCHEME_USED], id="scheme-used"),
        pytest.param(
            replace(SCHEME, mafia_killers_today=frozenset({KILLER})),
            [SCHEME_CONDITION],
            id="scheme-by-a-mafia-who-killed-while-another-has-not",
        ),
        pytest.param(replace(HITMAN, hitman_hired_today=False), [NOT_HIRED], id="hitman-not-hired"),
        pytest.param(
            replace(HITMAN, hitman_killed_today=True), [HITMAN_DONE], id="hitman-already-killed"
        ),
        pytest.param(replace(HITMAN, killer=KILLER), [HITMAN_HAS_KILLER], id="hitman-by-a-player"),
        pytest.param(
            replace(FREE_KILL, killer_role=Role.INVESTIGATOR), [NOT_MAFIA], id="free-kill-by-town"
        ),
        pytest.param(
            replace(VIGILANTE, killer_role=Role.MAFIA),
            [WRONG_ROLE[KillMethod.VIGILANTE]],
            id="vigilante-kill-by-a-non-vigilante",
        ),
        pytest.param(
            replace(SERIAL, killer_role=Role.TOWNIE),
            [WRONG_ROLE[KillMethod.SERIAL_KILLER]],
            id="serial-kill-by-a-non-serial-killer",
        ),
        pytest.param(
            replace(REVENGE, killer_role=Role.TOWNIE),
            [WRONG_ROLE[KillMethod.GAY_KNIGHT_REVENGE]],
            id="revenge-by-a-non-gay-knight",
        ),
    ],
)
def test_kill_violations_names_the_broken_rule(report: KillReport, violations: list[str]) -> None:
    assert kill_violations(report) == violations


def test_kill_violations_lists_every_broken_rule_at_once() -> None:
    report = replace(FREE_KILL, killer_alive=False, target_alive=False, free_kill_used_today=True)
    assert kill_violations(report) == [KILLER_DEAD, TARGET_DEAD, FREE_KILL_USED]


# R32, R40: disarms.
def test_a_mafia_disarming_a_serial_killer_survives_and_restarts_the_clock() -> None:
    outcome = disarm_outcome(claimer_mafia_aligned=True, shooter_is_serial_killer=True, day=4)
    assert outcome == DisarmOutcome(target_survives=True, serial_killer_next_kill_day=7)


def test_a_mafia_disarming_anyone_else_still_dies() -> None:
    outcome = disarm_outcome(claimer_mafia_aligned=True, shooter_is_serial_killer=False, day=4)
    assert outcome == DisarmOutcome(target_survives=False)


def test_a_disarm_claimed_by_a_non_mafia_does_nothing() -> None:
    outcome = disarm_outcome(claimer_mafia_aligned=False, shooter_is_serial_killer=True, day=4)
    assert outcome.target_survives is False


def test_a_disarmed_serial_killer_cannot_kill_again_that_day() -> None:
    next_day = disarm_outcome(claimer_mafia_aligned=True, shooter_is_serial_killer=True, day=DAY)
    report = replace(SERIAL, serial_killer_last_kill_day=DAY)
    assert next_day.serial_killer_next_kill_day == serial_killer_next_kill_day(DAY) == DAY + 3
    assert kill_violations(report) == [SERIAL_KILLER_COOLDOWN(day=7)]


# R30: the vigilante's power after a kill.
@pytest.mark.parametrize(
    ("victim_died", "victim_role", "conscripted", "back_from"),
    [
        (True, Role.MAFIA, False, 5),
        (True, Role.PRIEST, True, 5),
        (True, Role.SERIAL_KILLER, False, 5),
        (True, Role.TOWNIE, False, None),
        (False, Role.MAFIA, False, None),
    ],
    ids=["mafia", "conscript", "serial-killer", "townie-gone", "victim-survived-gone"],
)
def test_vigilante_power_comes_back_the_next_day_only_after_killing_an_enemy(
    victim_died: bool, victim_role: Role, conscripted: bool, back_from: int | None
) -> None:
    result = vigilante_power_after_kill(
        day=4, victim_died=victim_died, victim_role=victim_role, victim_conscripted=conscripted
    )
    assert result == back_from


# R13: who takes the victim's items.
def test_the_killer_takes_the_victims_items() -> None:
    assert items_heir(killer=KILLER, living_mafia=[OTHER_MAFIA]) == KILLER


def test_a_hitman_victims_items_go_to_a_random_living_mafia() -> None:
    offered: list[Sequence[int]] = []

    def last(candidates: Sequence[int]) -> int:
        offered.append(candidates)
        return candidates[-1]

    assert items_heir(killer=None, living_mafia=[5, 2, 3], choose=last) == 5
    assert offered == [[2, 3, 5]]


def test_a_hitman_victims_items_have_no_heir_without_living_mafia() -> None:
    assert items_heir(killer=None, living_mafia=[]) is None


# R2: the day-end extension.
DAY_END = datetime(2025, 3, 4, 23, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("minutes_before_end", "new_end"),
    [
        (30, DAY_END + timedelta(minutes=30)),
        (1, DAY_END + timedelta(minutes=59)),
        (60, None),
        (120, None),
        (0, None),
    ],
    ids=["half-an-hour-before", "a-minute-before", "exactly-an-hour-before", "two-hours", "at-end"],
)
def test_a_kill_announced_in_the_last_hour_extends_the_day(
    minutes_before_end: int, new_end: datetime | None
) -> None:
    announced = DAY_END - timedelta(minutes=minutes_before_end)
    assert day_end_after_announcement(announced, DAY_END) == new_end


def test_a_later_announcement_extends_an_extended_day_again() -> None:
    first = day_end_after_announcement(DAY_END - timedelta(minutes=10), DAY_END)
    assert first is not None
    second = day_end_after_announcement(first - timedelta(minutes=5), first)
    assert second == first + timedelta(minutes=55)
