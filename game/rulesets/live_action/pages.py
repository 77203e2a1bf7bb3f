"""The pages of a live-action game (seed 001): the menu with kills, investigations, the mafia's
powers and petitions; the moderators' queue and the day's clock; the items' pages."""

from game.rulesets.pages import (
    DASHBOARD,
    DASHBOARD_END,
    DAY_CLOCK,
    DEAL_ITEMS,
    DEAL_ROLES,
    DEALT_BY_COUNTS,
    DEATHS,
    DEN,
    EVERY_GAME,
    FORUMS,
    GAME_OVER,
    LOG,
    MESSAGES,
    MY_RESULTS,
    MY_ROLE,
    OVERVIEW,
    PLAYERS,
    RULES,
    VOTE,
    VOTES,
    Link,
    Pages,
    start,
)

ITEMS = frozenset(
    {
        "taser_write",
        "taser_use",
        "item_claim",
        "item_offer",
        "item_destroy",
        "item_offer_accept",
        "item_offer_decline",
        "mod_items_deal",
        "mod_item_give",
        "mod_item_cards",
    }
)
ROLES = frozenset(
    {"desperado_request", "desperado_cancel", "stalker_target_set", "innocent_child_reveal"}
)
KILLS = frozenset({"kills", "kill_report", "kill_respond", "kill_announce"})
INVESTIGATIONS = frozenset(
    {
        "investigate",
        "investigation_suspects",
        "site_visit",
        "investigation_request",
        "shovel_use",
        "watch_list",
        "priest",
        "results",
        "player_results",
        "investigation_detail",
        "shovel_detail",
    }
)
MAFIA = frozenset(
    {
        "mafia",
        "mafia_power",
        "mafia_poison",
        "mafia_conscript",
        "mafia_trap",
        "mafia_hitman",
        "mafia_stalk",
        "mafia_frame",
        "mafia_plant",
        "mafia_press",
        "mafia_don",
        "mod_mafia_record",
    }
)
PETITIONS = frozenset(
    {
        "petitions",
        "petition_create",
        "petition_detail",
        "petition_sign",
        "petition_withdraw",
        "petition_use",
        "mayor_count_mafia",
    }
)
# The day's clock (R1-R4), its undo and the moderators' day tools (R8, R49).
DAY_TOOLS = frozenset(
    {
        "notice_ack",
        "mod_day_end",
        "mod_day_extend",
        "mod_day_undo",
        "mod_day_time",
        "mod_clock",
        "mod_missed_run",
        "mod_missed_resume",
        "mod_mayor",
        "mod_notice_send",
    }
)
# The moderators' queue of kills, answers, shovels and counts (R20).
QUEUE = frozenset(
    {
        "mod_queue",
        "mod_kill_confirm",
        "mod_kills_confirm_agreed",
        "mod_answers_send_all",
        "mod_decision_undo",
        "mod_kill_reject",
        "mod_kill_edit",
        "mod_investigation_answer",
        "mod_shovel_send",
        "mod_mafia_count_send",
        "mod_desperado",
        "mod_tazing",
    }
)

PAGES = Pages(
    menu=(
        OVERVIEW,
        MY_ROLE,
        VOTE,
        VOTES,
        LOG,
        Link("petitions", "Petitions", may="see_petitions"),
        PLAYERS,
        DEATHS,
        RULES,
        GAME_OVER,
        FORUMS,
        MESSAGES,
        Link("kills", "Kills", may="act"),
        Link("investigate", "Investigate", may="act"),
        MY_RESULTS,
        Link("mafia", "Mafia", may="see_mafia"),
        DASHBOARD,
        Link("mod_queue", "Queue", may="moderate_play", template="game/_queue_link.html"),
        Link("mafia", "Mafia powers", may="moderate_play"),
    ),
    bottom_bar=((OVERVIEW,), (VOTE, DASHBOARD), (FORUMS,), (MESSAGES,)),
    overview=("waiting", "signup", "day", "over", "players", "news"),
    dashboard=(
        "setup",
        "waiting",
        "day",
        "day_tools",
        "undo",
        *DASHBOARD_END[:1],
        "powers",
        "items",
        *DASHBOARD_END[1:],
    ),
    setup_actions=(DEAL_ROLES, DEAL_ITEMS, start("Day 1")),
    boards_help="Town Square is for the living, the Graveyard for the dead, and the Mafia Den "
    "for the mafia and whoever they add (R51). The moderators read every board.",
    more=EVERY_GAME
    | DEALT_BY_COUNTS
    | DEN
    | ITEMS
    | ROLES
    | KILLS
    | INVESTIGATIONS
    | MAFIA
    | PETITIONS
    | DAY_TOOLS
    | QUEUE,
    counts_help="Everyone not given a role by these counts is a plain townie. Gay Knights come "
    "in pairs; the deal sometimes adds one more pair (R26).",
    settings=(
        "name",
        "secret_ballots",
        "serial_killer_kills_count",
        "answers_without_review",
        "vote_reminder_minutes",
    ),
    clock=DAY_CLOCK,
    cites=("R",),
)
