"""The rule set package: the live-action rule set holds every role, power, item and office of
seed 001 with the counts the rules give, its codes are unique, and setups are checked."""

from __future__ import annotations

import pytest

from game.rulesets.live_action import DEATH_CAUSES, FALSIFICATION_CHAIN, LIVE_ACTION
from game.rulesets.live_action.powers import don, frame, manipulate_press
from game.rulesets.live_action.roles import priest
from game.rulesets.reasons import Reason, rendered
from game.rulesets.registry import RULESETS, ruleset_named
from game.rulesets.setup import SetupError


def test_every_role_power_item_and_office_of_the_rules_has_its_module() -> None:
    assert {role.name for role in LIVE_ACTION.roles} == {
        "Investigator",
        "Desperado",
        "Gay Knight",
        "Group Investigator",
        "Innocent Child",
        "Priest",
        "Stalker",
        "Vigilante",
        "Mafia",
        "Serial Killer",
        "Townie",
    }
    assert {power.name for power in LIVE_ACTION.powers} == {
        "Free Kill",
        "Scheme",
        "Poison",
        "Set a Trap",
        "Slaughter the Weak",
        "Frame a Townsperson",
        "Plant Evidence",
        "Manipulate the Press",
        "Hire a Hitman",
        "Conscript",
        "Disarm",
        "Stalk",
        "Designate the Don",
    }
    assert {item.name for item in LIVE_ACTION.items} == {"Shovel", "Taser"}
    assert {office.name for office in LIVE_ACTION.offices} == {"Mayor", "Police officer"}


def test_the_default_setup_is_the_rules_own_counts() -> None:
    # "Mafia: (5 mafia in game)", "Serial Killer: (2 serial killers in game)",
    # "Shovel: (7 in game)", "Taser: (4 in game)".
    setup = LIVE_ACTION.default_setup()
    assert (setup.roles["mafia"], setup.roles["serial_killer"]) == (5, 2)
    assert setup.items == {"shovel": 7, "taser": 4}
    assert LIVE_ACTION.filler_role not in setup.roles


@pytest.mark.parametrize(
    ("code", "charges", "per_day"),
    [
        ("free_kill", None, 1),
        ("scheme", 1, None),
        ("poison", 3, None),
        ("set_trap", 3, 1),
        ("slaughter_the_weak", 1, 1),
        ("frame", 4, None),
        ("plant_evidence", 2, None),
        ("manipulate_press", 1, None),
        ("hitman", 1, None),
        ("conscript", 1, None),
        ("stalk", None, 1),
        ("don", 1, None),
    ],
)
def test_each_power_has_the_charges_the_rules_give(
    code: str, charges: int | None, per_day: int | None
) -> None:
    power = LIVE_ACTION.power(code)
    assert (power.charges, power.per_day) == (charges, per_day)


def test_every_role_power_item_and_office_is_played_in_the_app() -> None:
    """No module of the live-action rule set is left to the moderators to record by hand."""
    modules = [*LIVE_ACTION.roles, *LIVE_ACTION.powers, *LIVE_ACTION.items, *LIVE_ACTION.offices]
    assert [spec.code for spec in modules if spec.not_yet] == []


@pytest.mark.parametrize("office", LIVE_ACTION.offices, ids=lambda office: office.code)
def test_the_offices_are_played_in_the_app(office) -> None:
    """Petitions (R46, R47), Count the Mafia and the watch list (R48) are in the app."""
    assert not office.not_yet


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=lambda r: r.code)
def test_codes_are_unique_within_each_kind(ruleset) -> None:
    for specs in (
        ruleset.roles,
        ruleset.powers,
        ruleset.items,
        ruleset.offices,
        ruleset.kill_methods,
        ruleset.capacities,
        ruleset.death_causes,
    ):
        codes = [spec.code for spec in specs]
        assert len(codes) == len(set(codes))
    assert ruleset.has_role(ruleset.filler_role)
    assert {role.alignment for role in ruleset.roles} <= set(dict(ruleset.alignments))
    assert {role.group_size for role in ruleset.roles} <= {1, 2}


def test_the_orders_the_rules_fix() -> None:
    chain = FALSIFICATION_CHAIN
    assert chain == (
        don.falsified,
        priest.falsified,
        manipulate_press.falsified,
        frame.falsified,
    )
    # R15: poison, partner, desperado, bloodlust, eviction.
    assert [cause.code for cause in DEATH_CAUSES if cause.at_day_end] == [
        "poison",
        "partner",
        "desperado",
        "bloodlust",
        "eviction",
    ]
    assert LIVE_ACTION.phase("day").end_steps[:4] == (
        "execution",
        "end_of_day_deaths",
        "items_of_the_dead",
        "win_check",
    )


def test_a_setup_fills_in_the_defaults_and_keeps_the_counts_given() -> None:
    setup = LIVE_ACTION.setup_of({"roles": {"mafia": 3}, "items": {"taser": 0}})
    assert (setup.roles["mafia"], setup.roles["priest"]) == (3, 1)
    assert setup.items == {"shovel": 7, "taser": 0}
    assert LIVE_ACTION.setup_of(setup.as_json()) == setup


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"roles": {"wolf": 1}}, "Live action has no such role to count: wolf."),
        ({"roles": {"townie": 3}}, "Live action has no such role to count: townie."),
        ({"items": {"knife": 1}}, "no such item to count: knife"),
        ({"roles": {"mafia": -1}}, "from 0 to 999"),
        ({"roles": {"mafia": True}}, "from 0 to 999"),
        ({"roles": {"mafia": "5"}}, "from 0 to 999"),
        ({"roles": {"mafia": 1000}}, "from 0 to 999"),
        ({"roles": [1, 2]}, "as a mapping"),
        ({"counts": {}}, "role counts and item counts"),
    ],
)
def test_a_setup_the_rule_set_does_not_have_is_refused_with_the_reason(raw, message) -> None:
    with pytest.raises(SetupError, match=message):
        LIVE_ACTION.setup_of(raw)


def test_a_reason_names_players_by_name_at_the_edge_and_by_id_otherwise() -> None:
    framed = frame.FRAMED(players={"suspect": 2, "victim": 9})
    assert str(framed) == "framed (2, 9): yes"
    assert framed.render({2: "Casey", 9: "Dale"}) == "framed (Casey, Dale): yes"
    assert rendered([framed, Reason("x", "day {day}")(day=3)], {2: "Casey"}) == [
        "framed (Casey, 9): yes",
        "day 3",
    ]


def test_the_registry_finds_a_rule_set_by_its_code() -> None:
    assert ruleset_named("live_action") is LIVE_ACTION
    with pytest.raises(KeyError):
        ruleset_named("chess")
