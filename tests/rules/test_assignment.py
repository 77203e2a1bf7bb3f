import random
from collections import Counter

import pytest

from game.rulesets.live_action.assignment import deal_roles
from game.rulesets.live_action.roles import Role
from game.rulesets.live_action.roles.gay_knight import pair_count as gay_knight_pair_count
from game.rulesets.setup import SetupError as AssignmentError
from game.rulesets.setup import deal_items

COUNTS = {Role.MAFIA: 5, Role.SERIAL_KILLER: 2, Role.INVESTIGATOR: 2, Role.PRIEST: 1}


@pytest.mark.parametrize("seed", range(20))
def test_deal_gives_every_player_one_role_and_respects_the_counts(seed):
    players = list(range(100, 130))
    deal = deal_roles(players, COUNTS, 1, random.Random(seed))
    assert sorted(deal.roles) == players
    tally = Counter(deal.roles.values())
    for role, count in COUNTS.items():
        assert tally[role] == count
    assert tally[Role.GAY_KNIGHT] == 2 * len(deal.pairs)
    assert len(deal.pairs) in (1, 2)
    assert tally[Role.TOWNIE] == 30 - sum(COUNTS.values()) - tally[Role.GAY_KNIGHT]


@pytest.mark.parametrize("seed", range(20))
def test_gay_knights_are_paired_with_each_other(seed):
    deal = deal_roles(list(range(30)), COUNTS, 2, random.Random(seed))
    paired = [p for pair in deal.pairs for p in pair]
    assert len(paired) == len(set(paired))
    assert all(deal.roles[p] is Role.GAY_KNIGHT for p in paired)
    assert sorted(paired) == sorted(p for p, r in deal.roles.items() if r is Role.GAY_KNIGHT)


def test_deal_leans_toward_an_extra_gay_knight_pair_now_and_then():
    rng = random.Random(1)
    pairs = Counter(gay_knight_pair_count(1, spare_townies=10, rng=rng) for _ in range(2000))
    assert set(pairs) == {1, 2}
    assert 0.15 < pairs[2] / 2000 < 0.35


def test_no_extra_pair_when_townies_would_run_out():
    rng = random.Random(1)
    assert {gay_knight_pair_count(1, spare_townies=1, rng=rng) for _ in range(200)} == {1}


def test_counts_larger_than_the_sign_ups_are_refused_with_the_numbers():
    with pytest.raises(AssignmentError, match="need 12 players but only 5"):
        deal_roles(list(range(5)), COUNTS, 1, random.Random(0))


def test_items_are_spread_before_anyone_gets_a_second():
    dealt = deal_items(list(range(10)), {"shovel": 7, "taser": 4}, random.Random(3))
    assert Counter(kind for kind, _ in dealt) == {"shovel": 7, "taser": 4}
    holders = Counter(holder for _, holder in dealt)
    assert set(holders) == set(range(10))
    assert max(holders.values()) == 2
