"""The village's pages: the night-and-day pages in the village's words, citing no ruling."""

from dataclasses import replace

from game.rulesets.pages import DEAL_ROLES, NIGHT_AND_DAY, NightWords, start

NIGHT = NightWords(
    all_in="The night ends as soon as everyone who acts at night has chosen.",
    change="You may change your mind until dawn; no choice is no one.",
    vote="Vote to eliminate a player, or no one.",
    no_vote_today="The village does not vote today.",
    no_result="No vision yet: each dawn after a night you looked into someone brings one.",
)

PAGES = replace(
    NIGHT_AND_DAY,
    setup_actions=(DEAL_ROLES, start("Night 1")),
    night=NIGHT,
    boards_help="The village square is for the living, the graveyard for the dead, and the den "
    "for the werewolves. The moderators read every board.",
    cites=(),
)
