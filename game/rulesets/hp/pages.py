"""The pages of an HP game (seed 000): its round on one page (the night's pick, the vote, what
happened), which the overview opens once the game has started; the votes, the log and the
groups' boards (H1). It runs on the phase engine and plays with bots: its pages cite the
engine's deadlines (C1), its seeded draws (C8) and the bots' names (C10) besides H."""

from game.rulesets.pages import (
    DASHBOARD,
    DASHBOARD_END,
    DEAL_ROLES,
    DEALT_BY_COUNTS,
    DEATHS,
    ESTIMATES,
    EVERY_GAME,
    FORUMS,
    FORUMS_RULING,
    GAME_OVER,
    LOG,
    MESSAGES,
    MY_ROLE,
    OVERVIEW,
    PHASE_CLOCK,
    PHASE_ENGINE_RULINGS,
    PHASE_SETTINGS,
    PLAYERS,
    RULES,
    VOTES,
    Link,
    Pages,
    start,
)

PAGES = Pages(
    menu=(
        OVERVIEW,
        MY_ROLE,
        VOTES,
        LOG,
        PLAYERS,
        DEATHS,
        RULES,
        GAME_OVER,
        FORUMS,
        MESSAGES,
        DASHBOARD,
    ),
    home=Link("hp_game", "The game", may="see_play"),
    bottom_bar=((OVERVIEW,), (DASHBOARD,), (FORUMS,), (MESSAGES,)),
    overview=("waiting", "signup", "over", "players", "news"),
    dashboard=("setup", "phase", *DASHBOARD_END),
    setup_actions=(DEAL_ROLES, start("Night 1")),
    boards_help="Town Square is for the living and the Graveyard for the dead (R51); the "
    "mafias, the detectives and the healers each have a board of their own, for the group's "
    "living members (H1). The moderators read every board.",
    counts_help="Everyone not given a role by these counts is a commoner (H1).",
    settings=PHASE_SETTINGS,
    clock=PHASE_CLOCK,
    more=EVERY_GAME | DEALT_BY_COUNTS | ESTIMATES | {"hp_choose", "mod_phase_end"},
    cites=("H", *PHASE_ENGINE_RULINGS, "C10", FORUMS_RULING),
)
