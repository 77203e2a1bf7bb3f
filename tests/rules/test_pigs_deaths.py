"""The pig game's damage, deaths, rewards, penalties and end (seed 003, §6.5, §7, P3, P5)."""

from game.rulesets.pigs import original_output
from game.rulesets.pigs.events import DAMAGE, DEATH, END, PENALTY, REWARD, SAVE, TURN
from tests.rules.pigs_helpers import play, steps


def test_a_pig_that_loses_its_own_duel_is_saved_by_a_peach():
    """P3: the Rebel at 1 HP duels the Master, runs out of Slashes first, and eats the Peach
    right of the Duel to live on."""
    result = play("2 4\nMP N N N K\nFP F P D D\nD D D D\n", max_turns=2)
    assert steps(result, DAMAGE, SAVE)[-2:] == [(DAMAGE, 2, 1), (SAVE, 2, 0)]
    assert result.hands[1] == "DDDD"
    assert result.states == ()


def test_the_killer_of_a_rebel_draws_three_cards_even_a_rebel():
    """§7, §4: a Rebel kills the other Rebel with its fourth Invasion and draws 3 cards at once:
    the deck's last two, then its last card again."""
    result = play("4 6\nMP K K K K\nFP N N N N\nFP D D D D\nZP K K K K\nD D D D J J\n", max_turns=2)
    assert steps(result, DEATH, REWARD) == [(DEATH, 3, 2), (REWARD, 2, 3)]
    assert [e.cards for e in result.events if e.kind == REWARD] == ["JJJ"]
    assert result.hands[1] == "DDJJJ"


def test_the_master_who_kills_a_loyal_loses_its_hand_and_its_crossbow():
    """§7: the Master equips a crossbow, then kills the suspected Loyal in a Duel: its hand and its
    crossbow leave the game."""
    result = play("3 10\nMP Z D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n", watch=1000)
    penalty = next(i for i, e in enumerate(result.events) if e.kind == PENALTY)
    assert result.events[penalty][:2] == (PENALTY, 1)
    hp, alive, known, like_rebel, crossbow, hand = result.states[penalty - 1][0]
    assert crossbow and hand > 0
    hp, alive, known, like_rebel, crossbow, hand = result.states[penalty][0]
    assert (crossbow, hand) == (False, 0)
    assert original_output(result) == "FP\nDEAD\nDEAD\nJ J J J J J D\n"


def test_the_game_stops_in_the_middle_of_an_area_card():
    """P5: the last Rebel dies at the first target of the fourth Invasion: the Loyal after it
    keeps its last Slash, and no reward is drawn."""
    result = play("3 2\nMP N N N N\nFP D D D D\nZP K K K K\nD D\n")
    assert original_output(result) == "MP\nD D\nDEAD\nK\n"
    assert [e.kind for e in result.events[-2:]] == [DEATH, END]
    assert steps(result, REWARD) == []


def test_the_game_stops_when_the_master_dies_in_a_duel():
    """P5: the Master loses the Rebel's Duel at 1 HP; the Rebel's Slashes stay unplayed."""
    result = play("2 4\nMP D D D D\nFP N N N F\nD D K K\n")
    assert original_output(result) == "FP\nDEAD\nK K\n"
    assert [e.kind for e in result.events if e.kind in (DEATH, END, TURN)] == [
        TURN,
        TURN,
        DEATH,
        END,
    ]
