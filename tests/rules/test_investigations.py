"""Investigation answers: the R19 chain, the Don (R42), the priest (R28) and groups (R31)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.live_action.facts import Frame, Kill
from game.rulesets.live_action.investigations import (
    group_investigation_answer,
    investigation_answer,
)
from game.rulesets.live_action.powers.don import DonRecord, MafiaKill, don_hidden_kills
from game.rulesets.live_action.roles.priest import PriestLists, saint_killed_sinner

KILLER, INNOCENT, VICTIM = 1, 2, 9
NO_FRAMES: frozenset[Frame] = frozenset()
INNOCENT_FRAMED = frozenset({(INNOCENT, VICTIM)})


# R19: the chain, truth -> Don -> priest -> press -> frame; Gay Knight guesses get the truth.
@pytest.mark.parametrize(
    ("suspect", "kill", "frames", "gay_knight_guess", "answer", "reasons"),
    [
        pytest.param(
            KILLER,
            Kill(VICTIM, KILLER),
            NO_FRAMES,
            False,
            True,
            ("truth: yes",),
            id="truth-yes",
        ),
        pytest.param(
            INNOCENT,
            Kill(VICTIM, KILLER),
            NO_FRAMES,
            False,
            False,
            ("truth: no",),
            id="truth-no",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, None),
            NO_FRAMES,
            False,
            False,
            ("truth: no (hitman kill)",),
            id="hitman-kill-was-made-by-no-player",
        ),
        pytest.param(
            INNOCENT,
            Kill(VICTIM, KILLER),
            INNOCENT_FRAMED,
            False,
            True,
            ("truth: no", "framed (2, 9): yes"),
            id="frame-on-an-innocent",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, KILLER),
            INNOCENT_FRAMED,
            False,
            True,
            ("truth: yes",),
            id="framing-someone-else-does-not-clear-the-killer",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, KILLER, press_manipulated=True),
            NO_FRAMES,
            False,
            False,
            ("truth: yes", "press manipulated: no"),
            id="press-on-the-death",
        ),
        pytest.param(
            INNOCENT,
            Kill(VICTIM, KILLER, press_manipulated=True),
            INNOCENT_FRAMED,
            False,
            True,
            ("truth: no", "press manipulated: no", "framed (2, 9): yes"),
            id="press-plus-frame-frame-wins",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, KILLER, don_hidden=True),
            NO_FRAMES,
            False,
            False,
            ("truth: yes", "Don: no (killed while Don)"),
            id="don-kill-while-don",
        ),
        pytest.param(
            INNOCENT,
            Kill(VICTIM, KILLER, don_hidden=True),
            NO_FRAMES,
            False,
            False,
            ("truth: no",),
            id="don-hides-only-the-don",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, KILLER, saint_killed_sinner=True),
            NO_FRAMES,
            False,
            False,
            ("truth: yes", "priest: no (a saint killed a sinner)"),
            id="priest-saint-kills-sinner",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, KILLER, don_hidden=True, press_manipulated=True),
            frozenset({(KILLER, VICTIM)}),
            False,
            True,
            (
                "truth: yes",
                "Don: no (killed while Don)",
                "press manipulated: no",
                "framed (1, 9): yes",
            ),
            id="frame-on-the-don-overrides-don-and-press",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, KILLER, don_hidden=True, saint_killed_sinner=True, press_manipulated=True),
            INNOCENT_FRAMED,
            True,
            True,
            ("truth: yes", "Gay Knight guess: deceptions do not apply"),
            id="gay-knight-guess-of-the-killer-ignores-don-priest-press",
        ),
        pytest.param(
            INNOCENT,
            Kill(VICTIM, KILLER, press_manipulated=True),
            INNOCENT_FRAMED,
            True,
            False,
            ("truth: no", "Gay Knight guess: deceptions do not apply"),
            id="gay-knight-guess-ignores-frames",
        ),
        pytest.param(
            KILLER,
            Kill(VICTIM, None),
            NO_FRAMES,
            True,
            False,
            ("truth: no (hitman kill)", "Gay Knight guess: deceptions do not apply"),
            id="gay-knight-guess-of-a-hitman-kill-is-no",
        ),
    ],
)
def test_investigation_answer_follows_the_r19_chain(
    suspect: int,
    kill: Kill,
    frames: frozenset[Frame],
    gay_knight_guess: bool,
    answer: bool,
    reasons: tuple[str, ...],
) -> None:
    result = investigation_answer(suspect, kill, frames, gay_knight_guess=gay_knight_guess)
    assert (result.answer, tuple(map(str, result.reasons))) == (answer, reasons)


@pytest.mark.parametrize(
    ("suspect", "kill", "frames", "summary"),
    [
        (KILLER, Kill(VICTIM, KILLER), NO_FRAMES, "yes"),
        (INNOCENT, Kill(VICTIM, KILLER), INNOCENT_FRAMED, "yes (framed)"),
        (KILLER, Kill(VICTIM, KILLER, press_manipulated=True), NO_FRAMES, "no (press)"),
        (KILLER, Kill(VICTIM, KILLER, don_hidden=True), NO_FRAMES, "no (Don)"),
        (KILLER, Kill(VICTIM, KILLER, saint_killed_sinner=True), NO_FRAMES, "no (priest)"),
    ],
)
def test_summary_names_the_step_that_decided_the_answer(
    suspect: int, kill: Kill, frames: frozenset[Frame], summary: str
) -> None:
    assert investigation_answer(suspect, kill, frames).summary == summary


# R42: which kills the Don hides, and when the Don powers end.
D, M, H = 1, 2, None  # the Don, another mafia, a hitman


@pytest.mark.parametrize(
    ("kills", "record"),
    [
        pytest.param([], DonRecord(frozenset(), False), id="no-kills"),
        pytest.param(
            [MafiaKill(10, M), MafiaKill(11, D, by_don=True)],
            DonRecord(frozenset({11}), False),
            id="one-don-kill-is-hidden",
        ),
        pytest.param(
            [MafiaKill(10, D, by_don=True), MafiaKill(11, D, by_don=True)],
            DonRecord(frozenset({10, 11}), True),
            id="two-don-kills-in-a-row-end-the-powers",
        ),
        pytest.param(
            [MafiaKill(10, D, by_don=True), MafiaKill(11, M), MafiaKill(12, D, by_don=True)],
            DonRecord(frozenset({10, 12}), True),
            id="two-of-three-consecutive-end-the-powers-earlier-kills-stay-hidden",
        ),
        pytest.param(
            [
                MafiaKill(10, D, by_don=True),
                MafiaKill(11, M),
                MafiaKill(12, H),
                MafiaKill(13, D, by_don=True),
            ],
            DonRecord(frozenset({10, 13}), False),
            id="don-kills-three-apart-keep-the-powers-and-hitman-kills-count",
        ),
        pytest.param(
            [
                MafiaKill(10, D, by_don=True),
                MafiaKill(11, D, by_don=True),
                MafiaKill(12, M),
                MafiaKill(13, D, by_don=True),
            ],
            DonRecord(frozenset({10, 11}), True),
            id="don-kills-after-the-powers-end-are-not-hidden",
        ),
        pytest.param(
            [MafiaKill(10, D), MafiaKill(11, D, by_don=True)],
            DonRecord(frozenset({11}), False),
            id="kills-before-becoming-don-are-neither-hidden-nor-counted",
        ),
    ],
)
def test_don_hidden_kills_applies_two_of_three_consecutive(
    kills: list[MafiaKill], record: DonRecord
) -> None:
    assert don_hidden_kills(kills) == record


def test_don_kills_investigate_as_no_only_before_the_powers_end() -> None:
    kills = [
        MafiaKill(10, D, by_don=True),
        MafiaKill(11, M),
        MafiaKill(12, D, by_don=True),
        MafiaKill(13, D, by_don=True),
    ]
    hidden = don_hidden_kills(kills).hidden_victims
    answers = {
        victim: investigation_answer(D, Kill(victim, D, don_hidden=victim in hidden)).answer
        for victim in (10, 12, 13)
    }
    assert answers == {10: False, 12: False, 13: True}


def test_a_hitman_cannot_be_don_or_hidden() -> None:
    with pytest.raises(ValueError):
        MafiaKill(10, None, by_don=True)
    with pytest.raises(ValueError):
        Kill(10, None, don_hidden=True)


# R28: the priest step is decided with one priest's lists.
@pytest.mark.parametrize(
    ("killer", "victim", "priests", "expected"),
    [
        (1, 9, [PriestLists(frozenset({1}), frozenset({9}))], True),
        (9, 1, [PriestLists(frozenset({1}), frozenset({9}))], False),
        (
            1,
            9,
            [PriestLists(frozenset({1}), frozenset()), PriestLists(frozenset(), frozenset({9}))],
            False,
        ),
        (1, 9, [], False),
    ],
    ids=["saint-kills-sinner", "sinner-kills-saint", "lists-of-two-priests", "no-priest"],
)
def test_saint_killed_sinner_needs_both_on_one_priests_lists(
    killer: int, victim: int, priests: list[PriestLists], expected: bool
) -> None:
    assert saint_killed_sinner(killer, victim, priests) is expected


# R31: group investigations.
def test_group_answer_is_yes_when_a_framed_member_would_get_yes() -> None:
    result = group_investigation_answer({3, INNOCENT}, Kill(VICTIM, KILLER), INNOCENT_FRAMED)
    assert result.answer is True
    assert tuple(map(str, result.reasons)) == (
        "2: truth: no",
        "2: framed (2, 9): yes",
        "3: truth: no",
    )


def test_group_answer_is_no_when_the_killer_is_hidden_by_the_don() -> None:
    result = group_investigation_answer({KILLER, 3}, Kill(VICTIM, KILLER, don_hidden=True))
    assert result.answer is False
    assert [player for player, _ in result.members] == [KILLER, 3]
    assert tuple(map(str, result.members[0][1].reasons)) == (
        "truth: yes",
        "Don: no (killed while Don)",
    )


def test_group_answer_is_yes_when_the_killer_is_in_the_set() -> None:
    assert group_investigation_answer({KILLER, 3, 4}, Kill(VICTIM, KILLER)).answer is True


def test_group_answer_needs_a_suspect() -> None:
    with pytest.raises(ValueError):
        group_investigation_answer(set(), Kill(VICTIM, KILLER))


players = st.integers(min_value=1, max_value=8)


@given(
    suspects=st.frozensets(players, min_size=1, max_size=6),
    killer=st.none() | players,
    press=st.booleans(),
    frames=st.frozensets(st.tuples(players, st.just(VICTIM)), max_size=4),
)
def test_group_answer_is_the_or_of_regular_answers(
    suspects: frozenset[int], killer: int | None, press: bool, frames: frozenset[Frame]
) -> None:
    kill = Kill(VICTIM, killer, press_manipulated=press)
    expected = any(investigation_answer(s, kill, frames).answer for s in suspects)
    assert group_investigation_answer(suspects, kill, frames).answer is expected


@given(suspect=players, killer=st.none() | players, press=st.booleans(), don=st.booleans())
def test_a_frame_always_answers_yes_and_a_gay_knight_always_gets_the_truth(
    suspect: int, killer: int | None, press: bool, don: bool
) -> None:
    kill = Kill(VICTIM, killer, don_hidden=don and killer is not None, press_manipulated=press)
    assert investigation_answer(suspect, kill, {(suspect, VICTIM)}).answer is True
    truth = investigation_answer(suspect, kill, {(suspect, VICTIM)}, gay_knight_guess=True)
    assert truth.answer is (suspect == killer)


RULE_MODULES = ["investigations.py", "investigation_limits.py", "kills.py"]


@pytest.mark.parametrize("module", RULE_MODULES)
def test_rule_modules_import_only_the_standard_library_and_game_rules(module: str) -> None:
    path = Path(__file__).resolve().parents[2] / "game" / "rulesets" / "live_action" / module
    imported: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    outside = {
        name
        for name in imported
        if name.split(".")[0] not in sys.stdlib_module_names
        and not name.startswith("game.rulesets")
    }
    assert outside == set()
