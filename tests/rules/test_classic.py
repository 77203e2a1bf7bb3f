"""The classic rule set (seed 002, C1-C8) tested with the seed's own words and examples."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from zoneinfo import ZoneInfo

import pytest

from game.rulesets.base import MAFIA, PlayerStatus
from game.rulesets.classic import CLASSIC
from game.rulesets.classic import day as classic_day
from game.rulesets.classic.night import NightFacts, resolve_night
from game.rulesets.classic.roles import cop, doctor, mafioso, villager
from game.rulesets.classic.win import winner
from game.rulesets.phases import (
    NO_ONE,
    PhaseClock,
    PhaseId,
    draw_rng,
    first_phase,
    night_choice_refusal,
    phase_after,
    phase_end_after,
    plurality,
)
from game.rulesets.setup import SetupError

# Players 1-2 mafiosi, 3 the cop, 4 the doctor, 5-8 villagers.
ALIGNMENTS = {1: MAFIA, 2: MAFIA, 3: "village", 4: "village", 5: "village", 6: "village"}
ALIGNMENTS |= {7: "village", 8: "village"}


def night(kills, protections=None, investigations=None, living=range(1, 9)) -> NightFacts:
    return NightFacts(
        number=0,
        living=frozenset(living),
        alignments=ALIGNMENTS,
        kills=kills,
        protections=protections or {},
        investigations=investigations or {},
    )


def test_the_phases_go_day_0_night_0_day_1_night_1():
    """Seed: "D0, N0, D1, N1, D2, N2 ..." (C1)."""
    phase = first_phase(CLASSIC)
    seen = [phase]
    for _ in range(4):
        phase = phase_after(CLASSIC, phase)
        seen.append(phase)
    assert [(p.code, p.number) for p in seen] == [
        ("day", 0),
        ("night", 0),
        ("day", 1),
        ("night", 1),
        ("day", 2),
    ]
    assert PhaseId(42, "day").label(CLASSIC) == "Day 42"


def test_a_phase_ends_at_its_local_end_time_or_after_its_length():
    zone = ZoneInfo("America/New_York")
    clock = PhaseClock(zone, {"day": dt.time(23, 0), "night": dt.time(9, 0)})
    evening = dt.datetime(2026, 3, 7, 20, 0, tzinfo=zone)
    day_end = phase_end_after(PhaseId(1, "day"), evening, clock)
    assert day_end == dt.datetime(2026, 3, 7, 23, 0, tzinfo=zone)
    # The night ends at 9:00 local even across the change to daylight saving time (8 March).
    assert phase_end_after(PhaseId(1, "night"), day_end, clock) == dt.datetime(
        2026, 3, 8, 9, 0, tzinfo=zone
    )
    fast = PhaseClock(zone, clock.end_times, minutes=90)
    assert phase_end_after(PhaseId(1, "night"), evening, fast) == evening + dt.timedelta(minutes=90)


def test_the_player_chosen_by_the_most_mafiosi_is_killed():
    """Seed: "the player chosen by the most mafiosos is killed" (C2)."""
    facts = NightFacts(
        0, frozenset(range(1, 10)), ALIGNMENTS | {9: MAFIA}, {1: 5, 2: 5, 9: 6}, {}, {}
    )
    outcome = resolve_night(facts, draw_rng("seed", "night 0"))
    assert (outcome.victim, outcome.saved) == (5, None)
    assert [r.code for r in outcome.reasons] == ["mafia_kill"]


def test_a_tie_between_the_mafias_picks_is_settled_at_random_by_the_seed():
    """Seed: "Ties in ... the mafia's overnight vote are settled randomly" (C2, C8)."""
    victims = Counter(
        resolve_night(night({1: 5, 2: 6}), draw_rng(f"seed{i}", "night 0")).victim
        for i in range(200)
    )
    assert set(victims) == {5, 6} and min(victims.values()) > 50
    first = resolve_night(night({1: 5, 2: 6}), draw_rng("fixed", "night 0"))
    again = resolve_night(night({2: 6, 1: 5}), draw_rng("fixed", "night 0"))
    assert first.victim == again.victim
    assert first.reasons[0].code == "mafia_tie"


def test_no_one_is_an_option_and_a_missing_pick_is_no_one():
    """C2: "no one" counts as an option; a mafioso who does not pick picks no one."""
    outcome = resolve_night(night({1: NO_ONE, 2: NO_ONE}), draw_rng("s", "n"))
    assert outcome.victim is None and outcome.reasons[-1].code == "mafia_no_one"
    choice, tied = plurality([NO_ONE, 5], draw_rng("s", "n"))
    assert set(tied) == {NO_ONE, 5}


def test_the_doctors_save_cancels_the_kill():
    """Seed: "If this player is the same player that the mafia chose to kill, the mafia's
    actions for that night are canceled." (C3)"""
    outcome = resolve_night(night({1: 5, 2: 5}, protections={4: 5}), draw_rng("s", "n"))
    assert (outcome.victim, outcome.saved) == (None, 5)
    assert outcome.reasons[-1].render({5: "Dale"}) == "Dale was saved by the doctor."
    elsewhere = resolve_night(night({1: 5, 2: 5}, protections={4: 6}), draw_rng("s", "n"))
    assert (elsewhere.victim, elsewhere.saved) == (5, None)


def test_the_doctor_may_save_themself_only_once_a_game():
    """Seed: "You may save yourself only once per game." (C3: refused when submitted)"""

    def refusal(earlier: int) -> str:
        return night_choice_refusal(
            doctor.ROLE,
            actor_alive=True,
            choosing_self=True,
            target_alive=True,
            earlier_self_choices=earlier,
        )

    assert refusal(0) == ""
    assert "already saved yourself once" in refusal(1)
    saved_self = resolve_night(night({1: 4, 2: 4}, protections={4: 4}), draw_rng("s", "n"))
    assert (saved_self.victim, saved_self.saved) == (None, 4)


def test_villagers_and_dead_players_are_refused_and_the_cop_may_choose_themself():
    """C9: the seed forbids the cop nothing, themself included, on any number of nights."""

    def refusal(role, **facts) -> str:
        given = dict(actor_alive=True, choosing_self=False, target_alive=True)
        return night_choice_refusal(role, earlier_self_choices=0, **(given | facts))

    assert "no night action" in refusal(villager.ROLE)
    assert "Dead players" in refusal(mafioso.ROLE, actor_alive=False)
    assert refusal(cop.ROLE, choosing_self=True) == ""
    assert (
        night_choice_refusal(
            cop.ROLE,
            actor_alive=True,
            choosing_self=True,
            target_alive=True,
            earlier_self_choices=3,
        )
        == ""
    )
    assert "living player" in refusal(mafioso.ROLE, target_alive=False)
    assert refusal(mafioso.ROLE, choosing_self=True) == ""


def test_the_cop_learns_the_alignment_of_the_chosen_player():
    """Seed: "the cop becomes aware of that players alignment" (C4), worded as the seed's
    "Investigations showed that Randy is mafia-aligned."."""
    outcome = resolve_night(night({1: 5}, investigations={3: 2}), draw_rng("s", "n"))
    (result,) = outcome.cop_results
    assert (result.cop, result.target, result.alignment) == (3, 2, MAFIA)
    assert classic_day.investigation_text("Randy", result.alignment) == (
        "Investigations showed that Randy is mafia-aligned."
    )
    village = resolve_night(night({1: 5}, investigations={3: 6}), draw_rng("s", "n"))
    assert village.cop_results[0].alignment == "village"


def test_a_cop_killed_in_the_night_learns_nothing():
    """C4: the cop learns the result if alive at dawn."""
    outcome = resolve_night(night({1: 3, 2: 3}, investigations={3: 1}), draw_rng("s", "n"))
    assert outcome.victim == 3 and outcome.cop_results == ()


def test_day_0_has_no_vote():
    """Seed: "On day 0, everyone just chills until nightfall." (C1, C5)"""
    assert "day 0" in classic_day.voting_refusal(0)
    assert classic_day.voting_refusal(1) == ""
    assert classic_day.day_zero_text().startswith("Rise and shine! Today is day 0.")


def test_the_day_vote_executes_the_most_voted_a_missing_vote_counts_for_no_one():
    """C5: the option with most votes wins, ties at random; a missing vote is "no one"."""
    outcome = classic_day.day_outcome({1: 5, 2: 5, 3: 5, 4: 1}, range(1, 9), draw_rng("s", "d"))
    assert outcome.executed is None and outcome.totals == {5: 3, 1: 1, NO_ONE: 4}
    decided = classic_day.day_outcome(
        {1: 5, 2: 5, 3: 5, 4: 5, 6: 5}, range(1, 9), draw_rng("s", "d")
    )
    assert decided.executed == 5
    tied = Counter(
        classic_day.day_outcome({1: 5, 2: 6}, [1, 2], draw_rng(str(i), "d")).executed
        for i in range(100)
    )
    assert set(tied) == {5, 6}


def test_the_announcements_use_the_seeds_words():
    assert classic_day.dawn_text(42, ("Xyzzy", "a villager"), ["Randy", "CopBot"]) == (
        "Dawn of day 42.\nLast night, Xyzzy was killed. They were a villager.\n"
        "These players are still alive: Randy, CopBot"
    )
    assert "nobody was killed" in classic_day.dawn_text(1, None, ["A"])
    assert classic_day.execution_text(("Dale", "the cop")) == (
        "The town has killed Dale!\nThey were the cop."
    )
    assert classic_day.execution_text(None) == "The town opted to lynch no one today."
    assert classic_day.vote_text("Casey", "Dale") == "Casey votes to kill Dale."
    assert classic_day.vote_text("Casey", None) == "Casey votes to kill no one."


def statuses(*alive_roles: str, dead: tuple[str, ...] = ()) -> list[PlayerStatus]:
    living = [PlayerStatus(i, role) for i, role in enumerate(alive_roles)]
    return living + [PlayerStatus(100 + i, role, alive=False) for i, role in enumerate(dead)]


def test_no_mafia_left_the_village_wins_with_its_dead():
    """Seed: "If ... there are no remaining mafiosos, the game ends with all village-aligned
    players victorious (including the dead)." (C6)"""
    assert winner(statuses("villager", "cop", dead=("mafioso", "doctor"))) == "village"


def test_when_the_village_does_not_outnumber_the_mafia_the_mafia_win():
    """Seed: "If ... the village-aligned players do not outnumber the mafia-aligned players,
    the game ends with all mafia-aligned players victorious (including the dead)." (C6)"""
    assert winner(statuses("mafioso", "villager", dead=("mafioso",))) == MAFIA
    assert winner(statuses("mafioso", "villager", "doctor")) is None
    assert winner(statuses("mafioso", "mafioso", "villager", "cop")) == MAFIA


def test_the_deal_gives_a_third_mafia_one_cop_one_doctor_and_needs_six_players():
    """Seed: "One third of the players, rounded down, will be mafia. One player will be a
    doctor, and one player will be a cop." and "The game will not run without 6 or more
    players." (C7)"""
    assert CLASSIC.setup_of({}, players=8).roles == {"mafioso": 2, "cop": 1, "doctor": 1}
    deal = CLASSIC.deal_roles(range(1, 9), CLASSIC.setup_of({}, 8), draw_rng("s", "deal"))
    assert Counter(deal.roles.values()) == {"mafioso": 2, "cop": 1, "doctor": 1, "villager": 4}
    assert deal == CLASSIC.deal_roles(range(1, 9), CLASSIC.setup_of({}, 8), draw_rng("s", "deal"))
    with pytest.raises(SetupError, match="at least 6 players"):
        CLASSIC.deal_roles(range(1, 6), CLASSIC.setup_of({}, 5), draw_rng("s", "deal"))
    changed = CLASSIC.setup_of({"roles": {"mafioso": 1}}, players=8)
    assert changed.roles["mafioso"] == 1
