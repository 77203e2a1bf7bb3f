"""The pages of a Chiang Mai game (seed 004): the host's page, where the table is seated, dealt
and played (M12), a player's phone with their cards and ballot, and the table's shared screen;
no vote, kill or investigation page of the other rule sets: its vote is the host's show of
hands or the phones' ballots (M7)."""

from game.rulesets.pages import (
    DASHBOARD,
    DASHBOARD_END,
    ESTIMATES,
    EVERY_GAME,
    FORUMS,
    FORUMS_RULING,
    GAME_OVER,
    LOG,
    MESSAGES,
    MY_ROLE,
    OVERVIEW,
    PLAYERS,
    RULES,
    Link,
    Pages,
)

HAND = Link("chiang_mai_hand", "Your cards", may="hold_cards")
HOST = Link("chiang_mai_host", "Host the table", may="host_chiang_mai")

PAGES = Pages(
    menu=(
        OVERVIEW,
        MY_ROLE,
        HAND,
        HOST,
        LOG,
        PLAYERS,
        RULES,
        GAME_OVER,
        FORUMS,
        MESSAGES,
        DASHBOARD,
    ),
    bottom_bar=((OVERVIEW,), (HAND, HOST), (FORUMS,), (MESSAGES,)),
    overview=("table", "waiting", "signup", "over", "players", "news"),
    after_create=HOST,
    dashboard=("host", *DASHBOARD_END),
    boards_help="Town Square is for the players still in the game and the Graveyard for those "
    "out of it (R51); the table's own talk is at the table. The host reads every board.",
    more=EVERY_GAME
    | ESTIMATES
    | {
        "chiang_mai_screen",
        "chiang_mai_tap",
        "chiang_mai_undo",
        "chiang_mai_seat_add",
        "chiang_mai_deal",
    },
    cites=("M", "C8", FORUMS_RULING),
)
