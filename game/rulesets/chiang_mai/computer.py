"""Computer players of Chiang Mai (as HP's, H10): a seat the computer plays chooses at random
among what the rules allow, always points when its card is called, always shoots as a Hunter
and always places all its votes; every draw comes from the game's seed (C8), named by the seat's
place at the table, so that the same seed repeats the same game anywhere. Pure Python.

`computer_entries` says what the computer's seats owe the story where it stands: the services
record them as the phones' entries are recorded, and `play` runs a whole game with them."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from game.rulesets.chiang_mai.cards import ASSASSIN, DOCTOR
from game.rulesets.chiang_mai.story_state import AFTER, DAY, NIGHT, RUNOFF, Story
from game.rulesets.chiang_mai.table import Hand, Table
from game.rulesets.phases import draw_rng

Entry = dict[str, Any]


def _place(table: Table, player: int) -> int:
    """A player's place at the table (1 for the first seat): draws are named by places, not by
    database ids (C8)."""
    return list(table).index(player) + 1


def _in_game(table: Table) -> list[int]:
    return [player for player, hand in table.items() if hand.in_game]


def computer_top(hand: Hand, place: int, seed: str) -> str:
    """M1: the card the computer puts on top, at random."""
    return draw_rng(seed, f"computer order {place}").choice(hand.cards)


def pointing_options(story: Story, actor: int) -> list[int]:
    """Whom a computer points at when its card is called (M4): the Killers and the Policemen,
    who wake together and know each other (M3), never at one of themselves; the Doctor at
    anyone still in the game, themself included; the Assassin at anyone but themself. A
    computer Assassin never refrains (the computer always chooses, as in H12)."""
    call = story.current_call
    assert call is not None
    everyone = _in_game(story.nightfall)
    if call.role == DOCTOR:
        return everyone
    if call.role == ASSASSIN:
        return [player for player in everyone if player != actor]
    return [player for player in everyone if player not in call.actors] or everyone


def _pick(story: Story, actor: int, seed: str) -> Entry:
    call = story.current_call
    assert call is not None
    place = _place(story.table, actor)
    rng = draw_rng(seed, f"computer night {story.night} {call.role} {place}")
    return {"kind": "pick", "actor": actor, "target": rng.choice(pointing_options(story, actor))}


def _shot(story: Story, hunter: int, seed: str) -> Entry:
    """M6: a computer Hunter takes a random player still in the game with them."""
    place = _place(story.table, hunter)
    done = len(story.after.lost) if story.after else 0
    rng = draw_rng(seed, f"computer shot {story.label} {done} {place}")
    options = [player for player in _in_game(story.table) if player != hunter]
    return {"kind": "shot", "hunter": hunter, "target": rng.choice(options) if options else None}


def computer_ballot(story: Story, voter: int, seed: str) -> dict[int, int]:
    """M7, M8: one vote per card held, each on a random other player still in the game; in a
    runoff each on a random tied player (every vote placed, M8)."""
    runoff = story.stage == RUNOFF
    options: Sequence[int] = (
        story.tied if runoff else [p for p in _in_game(story.table) if p != voter]
    )
    stage = "runoff" if runoff else "vote"
    rng = draw_rng(seed, f"computer day {story.day} {stage} {_place(story.table, voter)}")
    split: dict[int, int] = {}
    for _ in story.table[voter].cards:
        target = rng.choice(options)
        split[target] = split.get(target, 0) + 1
    return split


def _voters(story: Story) -> list[int]:
    return [
        player
        for player in _in_game(story.table)
        if player not in story.ballots and (story.stage != RUNOFF or player not in story.tied)
    ]


def computer_entries(story: Story, computers: Collection[int], seed: str) -> list[Entry]:
    """What the computer's seats owe the story now: their pointing when their card is called
    (once each), a computer Hunter's shot, and their ballots when the vote is open."""
    if story.stage == NIGHT:
        call = story.current_call
        assert call is not None
        actors = [a for a in call.actors if a in computers and a not in story.phone_picks]
        return [_pick(story, actor, seed) for actor in actors]
    if story.stage == AFTER and story.hunter in computers:
        return [_shot(story, story.hunter, seed)]
    if story.stage in (DAY, RUNOFF):
        voters = [voter for voter in _voters(story) if voter in computers]
        return [
            {"kind": "ballot", "voter": voter, "split": computer_ballot(story, voter, seed)}
            for voter in voters
        ]
    return []


def computer_orders(table: Table, computers: Collection[int], seed: str) -> list[Entry]:
    """M1: each computer seat's card order before night 1."""
    return [
        {"kind": "order", "player": player, "top": computer_top(hand, _place(table, player), seed)}
        for player, hand in table.items()
        if player in computers
    ]
