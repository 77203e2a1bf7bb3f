"""The HP rule set's parts (seed 000, H1-H12), tested with the seed's own numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rulesets.base import MAFIA, PlayerStatus
from game.rulesets.hp import HP
from game.rulesets.hp.choices import allowed_picks, group_choice, pick_refusal
from game.rulesets.hp.hp import absorbed_damage, healed_hp, shown_hp, target_hp_after_attack
from game.rulesets.hp.play import seats
from game.rulesets.hp.rounds import attack, resolve_night
from game.rulesets.hp.setup import counts_for, deal_with_choice
from game.rulesets.hp.texts import ALL, MODERATORS
from game.rulesets.hp.vote import vote_outcome
from game.rulesets.hp.win import winner
from game.rulesets.phases import draw_rng
from game.rulesets.setup import SetupError

F = Fraction
# The seed's deal seen from the detective's seat: Player1 and Player8 mafia, Player5 and Player6
# detectives, Player7 healer, the rest commoners.
SEED_ROLES = {
    **{i: "commoner" for i in range(1, 11)},
    1: "mafia",
    8: "mafia",
    5: "detective",
    6: "detective",
    7: "healer",
}


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (5, {"mafia": 1, "detective": 1, "healer": 1}),
        (10, {"mafia": 2, "detective": 2, "healer": 1}),
        (19, {"mafia": 3, "detective": 3, "healer": 1}),
        (20, {"mafia": 4, "detective": 4, "healer": 2}),
    ],
)
def test_the_deal_counts_follow_h1(players, expected):
    assert counts_for(players) == expected


def test_fewer_than_five_players_cannot_be_dealt():
    with pytest.raises(SetupError, match="at least 5"):
        HP.deal_roles([1, 2, 3, 4], HP.default_setup(4), draw_rng("s", "deal"))


def test_the_starting_hp_is_h1s():
    table = seats(SEED_ROLES)
    assert {seat.role: seat.hp for seat in table} == {
        "mafia": 2500,
        "detective": 800,
        "healer": 800,
        "commoner": 1000,
    }


def test_the_solo_deal_gives_the_person_the_role_they_chose_and_h1s_counts():
    for seed in ("a", "b", "c", "d"):
        roles = deal_with_choice(HP, list(range(1, 11)), {6: "detective"}, draw_rng(seed, "deal"))
        assert roles[6] == "detective"
        assert sorted(roles.values()).count("mafia") == 2
        assert sorted(roles.values()).count("detective") == 2
        assert sorted(roles.values()).count("healer") == 1


@pytest.mark.parametrize(
    ("mafias", "target", "target_after", "mafias_after"),
    [
        # The seed: "two mafias mafia1 and mafia2 with HP 100 and 200 ... kill a player with HP
        # 250, then the final HP of mafias after the kill are 0 and 50."
        ((100, 200), 250, 0, (0, 50)),
        # The seed: "2 mafias with HP 500 and 1000 ... the target has an HP of 1000 ... the
        # target dies. And the new HP of the mafias is 0 and 500."
        ((500, 1000), 1000, 0, (0, 500)),
        # Combined HP below the target's: the target keeps X - A, the mafias fall to 0 (H4).
        ((100, 200), 1000, 700, (0, 0)),
        # A mafia already at 0 absorbs nothing (H4).
        ((0, 1000), 600, 0, (0, 400)),
        # Three-way split with a remainder: kept exactly (H5).
        ((2500, 2500, 2500), 1000, 0, (F(6500, 3),) * 3),
    ],
)
def test_the_attack_and_the_damage_the_mafias_absorb(mafias, target, target_after, mafias_after):
    hp = [F(h) for h in mafias]
    assert target_hp_after_attack(hp, F(target)) == target_after
    assert absorbed_damage(hp, F(target)) == mafias_after


def test_hp_is_shown_rounded_down():
    assert shown_hp(F(6500, 3)) == 2166
    assert shown_hp(F(1, 2)) == 0


def test_the_heal_has_no_ceiling():
    assert healed_hp(F(2500)) == 3000


def test_the_attack_on_the_table_changes_only_the_target_and_the_living_mafias():
    table = attack(seats(SEED_ROLES), 3)
    hp = {seat.id: seat.hp for seat in table}
    assert hp[3] == 0 and hp[1] == hp[8] == 2000
    assert hp[2] == 1000 and hp[7] == 800


def test_a_heal_of_the_target_revives_them_at_500_and_no_one_dies():
    """H6, the seed's round 2: "Mafias selected Player9; however, the Healer chose Player9 as
    well, therefore new HP for Player9 is 500." """
    picks = {"mafia": {1: 9, 8: 9}, "detective": {5: 4, 6: 4}, "healer": {7: 9}}
    night = resolve_night(seats(SEED_ROLES), picks, draw_rng("s", "night 1"))
    names = {i: f"Player{i}" for i in range(1, 11)}
    public = [line.reason.render(names) for line in night.lines if line.audience == ALL]
    assert "No one died." in public and night.died is None and night.saved == 9
    assert next(s for s in night.table if s.id == 9).hp == 500
    saved = [line.reason.render(names) for line in night.lines if line.audience == MODERATORS]
    assert saved == [
        "Mafias selected Player9; however, the Healer chose Player9 as well, therefore new HP "
        "for Player9 is 500."
    ]


def test_a_positive_test_forces_the_mafia_out_and_only_the_detectives_read_it():
    picks = {"mafia": {1: 3, 8: 3}, "detective": {5: 1, 6: 1}, "healer": {7: 2}}
    night = resolve_night(seats(SEED_ROLES), picks, draw_rng("s", "night 1"))
    assert night.forced_out == 1 and night.died == 3
    results = [
        (line.audience, line.reason.render())
        for line in night.lines
        if "mafia." in str(line.reason)
    ]
    assert results == [("detective", "1 is a mafia.")]


@pytest.mark.parametrize(
    ("role", "target", "refusal"),
    [
        ("detective", 5, "You cannot test a detective."),
        ("mafia", 8, "You cannot target a mafia."),
        ("healer", 1, ""),
        ("healer", 7, ""),
        ("mafia", 6, ""),
        ("detective", 1, ""),
    ],
)
def test_whom_each_group_may_pick(role, target, refusal):
    assert pick_refusal(seats(SEED_ROLES), role, target) == refusal


def test_a_player_out_of_the_game_cannot_be_picked():
    table = tuple(seat for seat in seats(SEED_ROLES))
    table = tuple(s if s.id != 9 else type(s)(s.id, s.name, s.role, s.hp, False) for s in table)
    assert pick_refusal(table, "healer", 9) == "Player9 is not in the game."
    assert 9 not in allowed_picks(table, "healer")


def test_the_group_choice_is_the_plurality_of_its_members_picks_only():
    rng = draw_rng("s", "night 1")
    assert group_choice({1: 3, 8: 3, 2: 4}, [1, 8], rng) == 3
    assert group_choice({}, [1, 8], rng) is None
    drawn = {group_choice({1: 3, 8: 4}, [1, 8], draw_rng(s, "x")) for s in "abcdefgh"}
    assert drawn == {3, 4}


def test_a_tie_repeats_the_vote_then_the_third_tie_is_drawn():
    """H8: "In case the votes are tied, the voting process is repeated until there is no tie";
    after the third tied vote in a row, a seeded draw among the tied."""
    living = [1, 2, 3, 4]
    tied = {1: 2, 2: 1, 3: 4, 4: 3}
    first = vote_outcome(tied, living, 1, draw_rng("s", "v"))
    assert first.voted_out is None and first.tied == (1, 2, 3, 4)
    assert vote_outcome(tied, living, 2, draw_rng("s", "v")).voted_out is None
    third = vote_outcome(tied, living, 3, draw_rng("s", "v"))
    assert third.drawn and third.voted_out in living
    assert vote_outcome({1: 2, 2: 1, 3: 2, 4: 3}, living, 2, draw_rng("s", "v")).voted_out == 2


def test_a_missing_or_refused_vote_counts_for_nobody():
    outcome = vote_outcome({1: 1, 2: 9, 3: 4}, [1, 2, 3, 4], 1, draw_rng("s", "v"))
    assert outcome.voted_out == 4


@pytest.mark.parametrize(
    ("mafias", "others", "won"),
    [(1, 1, MAFIA), (2, 2, MAFIA), (2, 3, None), (1, 2, None), (0, 4, "village")],
)
def test_the_mafias_win_at_one_to_one_and_lose_with_none_alive(mafias, others, won):
    players = [PlayerStatus(i, "mafia") for i in range(mafias)]
    players += [PlayerStatus(100 + i, "commoner") for i in range(others)]
    players += [PlayerStatus(200, "mafia", alive=False)]
    assert winner(players) == won
