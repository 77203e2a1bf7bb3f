"""The night's entries of a Chiang Mai story (M1, M4-M6, M10-M12): the card order before night 1,
each call of the host's script, the dawn, the Hunters' shots and the turn to the day or night.
Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rulesets.base import KILLED
from game.rulesets.chiang_mai.dawn import SHOT, SHOT_DEAD, hunter_shot, shot_refusal
from game.rulesets.chiang_mai.night import NightPicks, pick_refusal, resolve_night, with_doses
from game.rulesets.chiang_mai.script import Call, night_script
from game.rulesets.chiang_mai.story_state import (
    AFTER,
    DAY,
    DIED,
    NIGHT,
    NIGHTFALL,
    NOBODY_DIED,
    POINTING_CHANGED,
    Rng,
    Story,
    StoryError,
    kept_as_theirs,
    lose,
    player_of,
    settle,
)


def order(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M1: before night 1 a player puts one of their cards on top."""
    player = player_of(story, entry.get("player"))
    try:
        story.table[player] = story.table[player].reordered(str(entry.get("top")))
    except ValueError as error:
        raise StoryError(str(error)) from None


def nightfall(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M4, M10: a night begins; the script's actors are read from the hands at nightfall."""
    story.night += 1
    story.stage, story.call = NIGHT, 0
    story.nightfall = dict(story.table)
    story.script = night_script(story.table, story.night, seconds)
    story.night_picks, story.phone_picks, story.own_picks, story.after = {}, {}, set(), None
    story.note([NIGHTFALL(night=story.night)])


def pick(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M12: a player with a phone points when their role is called; the host enters it in
    their place only by saying so."""
    call = story.current_call
    assert call is not None
    actor, target = entry.get("actor"), entry.get("target")
    refusal = pick_refusal(
        story.nightfall, list(call.actors), actor, target, may_pass=call.may_pass
    )
    if refusal:
        raise StoryError(refusal)
    kept_as_theirs(story, story.own_picks, actor, entry, POINTING_CHANGED)
    story.phone_picks[actor] = target


def close_call(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M10, M12: the host's one tap ends a call. A name tapped is the pointing of everyone
    called who did not point on their phone (the Killers and the Policemen point together); the
    phones' pointings stay theirs. No name keeps the phones' pointings, or none."""
    call = story.current_call
    assert call is not None
    target = entry.get("target")
    picks = {a: t for a, t in story.phone_picks.items() if t is not None}
    if target is not None:
        _host_pointing_refusal(story, call, target)
        picks.update({a: target for a in call.actors if a not in story.phone_picks})
    story.night_picks[call.role] = picks
    story.phone_picks, story.own_picks = {}, set()
    story.call += 1
    if story.call == len(story.script):
        dawn(story, rng)


def _host_pointing_refusal(story: Story, call: Call, target: object) -> None:
    if not call.actors:
        raise StoryError(f"Nobody holds an active {call.name} card tonight: tap Next.")
    if all(actor in story.phone_picks for actor in call.actors):
        raise StoryError("Everyone called pointed on their phone: tap Next.")
    refusal = pick_refusal(
        story.nightfall, list(call.actors), call.actors[0], target, may_pass=call.may_pass
    )
    if refusal:
        raise StoryError(refusal)


def dawn(story: Story, rng: Rng) -> None:
    """M4, M5, M11: the night resolves in order; every card goes at once; the win is checked;
    then the Hunters shoot."""
    picks = story.night_picks
    outcome = resolve_night(
        story.nightfall,
        NightPicks(
            story.night,
            killers=picks.get("killer", {}),
            doctors=picks.get("doctor", {}),
            policemen=picks.get("policeman", {}),
            assassins=picks.get("assassin", {}),
        ),
        rng(f"night {story.night}"),
    )
    story.stage = AFTER
    story.note(outcome.reasons)
    story.flags.extend(outcome.flags)
    if outcome.thumbs:
        story.thumbs.append((story.night, outcome.thumbs))
    dead = list(dict.fromkeys(outcome.deaths))
    story.note([DIED(players={"player": p}) for p in dead] or [NOBODY_DIED], public=True)
    lose(story, with_doses(story.table, outcome.doses), outcome.deaths, KILLED.code)


def shot(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """M6, M11: the Hunter whose turn it is takes someone with them (or no one)."""
    assert story.after is not None
    hunter, target = entry.get("hunter", story.hunter), entry.get("target")
    refusal = shot_refusal(story.after, hunter, target)
    if refusal:
        raise StoryError(refusal)
    before = len(story.after.lost)
    after = hunter_shot(story.after, hunter, target)
    if target is not None:
        story.note([SHOT(players={"hunter": hunter, "target": target})], public=True)
    settle(story, after, after.lost[before:], SHOT_DEAD.code)


def next_phase(story: Story, entry: Mapping[str, Any], rng: Rng, seconds: int) -> None:
    """After the dawn, the day; after the vote, the next night (M7, M10)."""
    if story.hunter is not None:
        raise StoryError("A Hunter must shoot first (M6).")
    if story.night > story.day:
        story.day = story.night
        story.stage, story.ballots, story.tied, story.timers = DAY, {}, (), []
        story.hands, story.own_ballots = None, set()
    else:
        nightfall(story, entry, rng, seconds)
