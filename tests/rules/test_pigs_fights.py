"""The pig game's fights: targets, Duels, area cards and the Nullify chain (seed 003, §6, §8)."""

from game.rulesets.pigs.events import (
    AREA,
    CANCEL,
    DAMAGE,
    DUEL,
    DUEL_REFUSE,
    DUEL_SLASH,
    JUMP,
    LIKE_REBEL,
    NULLIFIED,
    NULLIFY,
    RESPOND,
    SLASH,
)
from tests.rules.pigs_helpers import play, steps


def test_the_master_attacks_jumped_rebels_and_never_hidden_ones():
    """§8: the Master's Slash waits while its next pig is a hidden Rebel; its Duel goes to the
    first jumped Rebel counter-clockwise, past the hidden one."""
    result = play("3 6\nMP K F D D\nFP D D D D\nFP K D D D\nD D D D D D\n", max_turns=4)
    assert steps(result, SLASH, DUEL, DAMAGE) == [
        (SLASH, 3, 1),
        (DUEL, 1, 3),
        (DAMAGE, 3, 1),
    ]
    assert result.hands[0].count("K") == 1


def test_a_loyal_attacks_jumped_rebels_only():
    """§8: the Loyal's Duel has no target until the Rebel jumps, then it goes to that Rebel,
    never to the Master."""
    result = play("3 6\nMP D D D D\nZP F D D D\nFP K D D D\nD D D D D D\n", max_turns=5)
    assert steps(result, DUEL, SLASH) == [(SLASH, 3, 1), (DUEL, 2, 3)]


def test_a_rebel_duels_the_master_even_past_a_jumped_loyal():
    """§8: a Rebel's Duel always targets the Master."""
    result = play("3 6\nMP D D D D\nZP J D D D\nFP F F D D\nD D D D D D\n", max_turns=3)
    assert steps(result, DUEL) == [(DUEL, 3, 1), (DUEL, 3, 1)]


def test_in_a_duel_the_target_discards_first_and_the_first_without_a_slash_is_hurt():
    """§6.2: the Master (target) and the Rebel discard Slashes in turn, the Master first; the
    Rebel runs out and takes 1 damage from the Master."""
    result = play("2 2\nMP K K D D\nFP F K D D\nD D\n", max_turns=2)
    assert steps(result, DUEL, DUEL_SLASH, DAMAGE) == [
        (DUEL, 2, 1),
        (DUEL_SLASH, 1, 2),
        (DUEL_SLASH, 2, 1),
        (DUEL_SLASH, 1, 2),
        (DAMAGE, 2, 1),
    ]


def test_a_loyal_never_discards_a_slash_in_the_masters_duel():
    """§6.2: the suspected Loyal keeps its Slash and takes the damage; the Master discards none."""
    result = play("3 10\nMP D D F F\nZP N N N K\nFP J J J J\nF F D D J J F F K D\n")
    assert steps(result, DUEL_REFUSE).count((DUEL_REFUSE, 2, 1)) == 4
    assert steps(result, DUEL_SLASH) == []


def test_area_cards_go_round_from_the_next_pig_with_a_nullify_chain_per_target():
    """§6.3, §6.4: the Volley reaches pigs 4, 1, 2 in turn. Pig 4 is hidden: nobody helps it. For
    the Master, the Master nullifies, the user cancels that, the hidden Loyal cancels the cancel
    (each jumping); the Master is spared. For the Loyal, now jumped, nobody has a Nullify left."""
    result = play("4 6\nMP J P P P\nZP J P P P\nFP W J P P\nFP P P P P\nP P P P P P\n", max_turns=3)
    assert steps(result, AREA, DAMAGE, NULLIFY, CANCEL, JUMP, NULLIFIED) == [
        (AREA, 3, 0),
        (DAMAGE, 4, 3),
        (NULLIFY, 1, 1),
        (CANCEL, 3, 1),
        (JUMP, 3, 0),
        (CANCEL, 2, 3),
        (JUMP, 2, 0),
        (NULLIFIED, 1, 3),
        (DAMAGE, 2, 3),
    ]


def test_the_master_hurt_by_a_hidden_pigs_area_card_marks_it_a_like_rebel():
    """§6.3: the sample's Loyal hurts the Master with a Southern Invasion and is suspected."""
    result = play("3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n")
    assert steps(result, LIKE_REBEL) == [(LIKE_REBEL, 2, 1)]
    assert steps(result, DUEL)[0] == (DUEL, 1, 2)


def test_no_like_rebel_mark_when_the_master_answers_the_area_card():
    """§6.3: the Master discards a Slash against the Invasion, so it suspects nobody."""
    result = play("4 6\nMP K K K K\nFP N N N N\nFP D D D D\nZP K K K K\nD D D D J J\n", max_turns=2)
    assert steps(result, LIKE_REBEL) == []
    assert steps(result, RESPOND).count((RESPOND, 1, 2)) == 4


def test_a_like_rebel_who_jumps_is_no_longer_suspected():
    """§8: the suspected Loyal later Slashes the jumped Rebel, so it jumps; the Master's Duel
    then passes it by for the Rebel."""
    deck = "D " * 12 + "F D"
    result = play(f"3 14\nMP D D D D\nZP N K D D\nFP K K D D\n{deck}\n", max_turns=7)
    assert steps(result, LIKE_REBEL, JUMP, DUEL, SLASH) == [
        (LIKE_REBEL, 2, 1),
        (SLASH, 3, 1),
        (JUMP, 3, 0),
        (SLASH, 2, 3),
        (JUMP, 2, 0),
        (DUEL, 1, 3),
    ]


def test_nobody_protects_a_hidden_pig_not_even_itself():
    """§6.4: in the sample the hidden Rebel holds four Nullifies and is hurt three times."""
    result = play("3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n")
    assert steps(result, NULLIFY) == []
    assert steps(result, DAMAGE).count((DAMAGE, 3, 2)) == 3
