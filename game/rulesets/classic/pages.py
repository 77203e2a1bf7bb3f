"""The pages of a classic game (seed 002): the night-and-day game's in its own words, citing
its own rulings and the forums' (R51), with the forum play of its day (docs/forum-play.md)."""

from dataclasses import replace

from game.rulesets.pages import (
    DEAL_ROLES,
    ESTIMATES,
    FORUM_DAY,
    FORUM_DAY_LINKS,
    FORUM_PLAY_SETTINGS,
    FORUMS_RULING,
    NIGHT_AND_DAY,
    NightWords,
    start,
)

NIGHT = NightWords(
    all_in="The night ends as soon as every night action is in (C1).",
    change="You may change it until the night ends; no choice counts as no one (C2).",
    vote="Vote for a player or no one (C5).",
    no_vote_today="No voting will occur today (C1).",
    no_result="No result yet: each dawn after a night you investigated brings one (C4).",
)

PAGES = replace(
    NIGHT_AND_DAY,
    setup_actions=(DEAL_ROLES, start("Day 0")),
    night=NIGHT,
    boards_links=FORUM_DAY_LINKS,
    settings=(*NIGHT_AND_DAY.settings, *FORUM_PLAY_SETTINGS),
    more=NIGHT_AND_DAY.more | FORUM_DAY | ESTIMATES,
    cites=("C", FORUMS_RULING),
)
