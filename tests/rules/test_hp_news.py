"""What each player is told of their own HP after a night (H4-H6, H12): from what to what and
why, never by whom; with the seed's own numbers (mafias at 100 and 200 attacking 250)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from game.rulesets.hp.play import seats
from game.rulesets.hp.rounds import resolve_night
from game.rulesets.hp.texts import player_of
from game.rulesets.phases import draw_rng

ROLES = {1: "mafia", 2: "mafia", 3: "commoner", 4: "healer", 5: "detective", 6: "commoner"}


def table_at(**hp: int):
    table = seats(ROLES)
    return tuple(
        dataclasses.replace(s, hp=Fraction(hp[f"p{s.id}"])) if f"p{s.id}" in hp else s
        for s in table
    )


def told(table, picks) -> dict[int, str]:
    night = resolve_night(table, picks, draw_rng("news", "night 1"))
    return {
        player_of(line.audience): line.reason.render({s.id: s.name for s in table})
        for line in night.lines
        if player_of(line.audience) is not None
    }


def test_the_seeds_attack_tells_the_target_and_each_mafia_what_it_cost():
    """H4: 100 and 200 attacking 250 end at 0 and 50; the target falls to 0 and dies."""
    table = table_at(p1=100, p2=200, p3=250)
    news = told(table, {"mafia": {1: 3, 2: 3}, "detective": {5: 1}, "healer": {4: 6}})
    assert news == {
        1: "Player1, your HP went from 100 to 0: your side's attack cost you HP (H4).",
        2: "Player2, your HP went from 200 to 50: your side's attack cost you HP (H4).",
        3: "Player3, your HP went from 250 to 0: you were attacked.",
        6: "Player6, your HP went from 1000 to 1500: you were healed.",
    }


def test_an_attacked_player_healed_survives_and_reads_both_never_who():
    """H6: at 0 after the attack and healed, 500 HP."""
    news = told(seats(ROLES), {"mafia": {1: 3, 2: 3}, "healer": {4: 3}})
    assert (
        news[3] == "Player3, your HP went from 1000 to 500: you were attacked and you were healed."
    )
    assert not any("Player1" in text or "Player4" in text for pid, text in news.items() if pid == 3)


def test_a_night_that_changes_nobodys_hp_tells_nobody_anything():
    assert told(seats(ROLES), {"detective": {5: 1}}) == {}
