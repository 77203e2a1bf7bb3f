"""The pages a rule set's players and moderators use, declared as data on its `Ruleset`
(`Ruleset.pages`): the game's menu, the phone's bottom bar, the overview's cards, the
dashboard's sections and set-up actions, the boards page's text, the page a game's address
opens, every page a game of the rule set serves, and the rulings its pages may cite. Pure
Python, no Django.

A page is named by its URL name (`"vote"`, `"forums:board_list"`); a link says the permission
it needs by the name the templates' `may` filter knows (`game/permissions/pages.py` and
`game/templatetags/game_access.py`), so who sees a link is decided in the permissions, never in
a template. A page the game's rule set does not serve answers 404 for that game. The bundles
below are the pages rule sets share; a rule set's own `pages` module composes them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

# A citation in parentheses: "(C1)", "(C5, C8)".
CITED = re.compile(r" ?\(([RCHMP]\d{1,2}(?:, [RCHMP]\d{1,2})*)\)")


@dataclass(frozen=True)
class Link:
    """A link of the menu, the bottom bar or a dashboard: the page it opens, its words, and
    the permission it needs. `template` renders a link that shows more than its words (the
    queue's count); `id` names it for the page's scripts and tests."""

    page: str
    label: str
    may: str = "view_game"
    template: str = ""
    id: str = ""


@dataclass(frozen=True)
class Action:
    """A button of the dashboard's set-up: the action it posts to, its words, the permission
    it needs and the question asked before it runs (every such action is asked, so a slip
    changes nothing); `needs_ready` keeps it disabled while the set-up has problems."""

    page: str
    label: str
    confirm: str
    may: str = "moderate"
    id: str = ""
    needs_ready: bool = False


@dataclass(frozen=True)
class NightWords:
    """What the night page and the results page say, each text citing the rule set's own
    rulings in parentheses (the pages link them); plain words that cite none by default."""

    all_in: str = "The night ends as soon as every night action is in."
    change: str = "You may change it until the night ends; no choice counts as no one."
    vote: str = "Vote for a player or no one."
    no_vote_today: str = "No voting will occur today."
    no_result: str = "No result yet: each dawn after a night you acted on someone brings one."


@dataclass(frozen=True)
class Pages:
    """Everything of a rule set's pages that is not a rule.

    `menu`: the game's menu, in order; `bottom_bar`: the phone's bar, each slot the first of
    its links the viewer may open; `overview`: the overview's cards, in order (each the
    template `game/overview/_<card>.html`); `home`: a page the overview sends its viewers on to
    when they may open it (HP's round); `after_create`: the page a game's maker is sent to
    once it exists (the dashboard when None); `dashboard`: the moderators' dashboard's sections, in
    order (each `game/mod/_<section>.html`; the first is the moderator's next step after
    making the game); `setup_actions`: the buttons of its set-up before the start;
    `night`: the night page's and the results page's words (`NightWords`);
    `boards_help`: the boards page's words on who reads which board; `boards_links`: the
    boards page's links to the forum's day (each needing a permission of the forums,
    `forums/access.py`); `counts_help`: the words
    under the set-up's counts; `settings`: the game's settings its moderators change (fields
    of the game); `clock`: what the header counts down to (`DAY_CLOCK`: the open day,
    `PHASE_CLOCK`: the open phase, night included; "" for nothing: a table's host keeps the
    time); `more`: the pages reached from these (forms' actions, details) that a game serves
    too; `cites`: the rulings its pages may cite, as family letters ("R") or single rulings
    ("R51")."""

    menu: tuple[Link, ...] = ()
    bottom_bar: tuple[tuple[Link, ...], ...] = ()
    overview: tuple[str, ...] = ()
    home: Link | None = None
    after_create: Link | None = None
    dashboard: tuple[str, ...] = ()
    setup_actions: tuple[Action, ...] = ()
    night: NightWords = NightWords()
    boards_help: str = ""
    boards_links: tuple[Link, ...] = ()
    counts_help: str = ""
    settings: tuple[str, ...] = ("name",)
    clock: str = ""
    more: frozenset[str] = field(default_factory=frozenset)
    cites: tuple[str, ...] = ()

    @cached_property
    def served(self) -> frozenset[str]:
        """Every page a game of the rule set serves: its links' and actions' pages and the
        pages reached from them."""
        links = [*self.menu, *(link for slot in self.bottom_bar for link in slot)]
        links += [*self.boards_links, *([self.home] if self.home is not None else [])]
        return frozenset(
            {link.page for link in links}
            | {action.page for action in self.setup_actions}
            | self.more
        )

    def may_cite(self, ruling: str) -> bool:
        """Whether the rule set's pages may cite `ruling`: its family's or itself declared."""
        return ruling in self.cites or ruling[:1] in self.cites

    def own_words(self, text: str) -> str:
        """`text`, a shared text of the engine's pages (a setting's help, the seed's line),
        citing only the rulings the rule set's pages cite: a citation of another's is left out
        (a rule set that cites none of the phase engine's rulings reads its settings plainly)."""

        def kept(match: re.Match[str]) -> str:
            codes = [code for code in match.group(1).split(", ") if self.may_cite(code)]
            return f" ({', '.join(codes)})" if codes else ""

        return CITED.sub(kept, text)

    @cached_property
    def families(self) -> tuple[str, ...]:
        """The ruling families the rule set's pages cite whole, in order (its rules page
        explains them)."""
        return tuple(code for code in self.cites if code.isalpha())


# The pages every game has: its overview, sign-up, role card, log, rules, players and end;
# its review and statistics once it is over; its forums and messages; the moderators'
# dashboard (and its player fields' search), settings, record and sign-ups.
EVERY_GAME = frozenset(
    {
        "game_detail",
        "signup",
        "signup_withdraw",
        "game_watch",
        "game_watch_start",
        "game_watch_stop",
        "role_card",
        "game_log",
        "game_rules",
        "introductions",
        "game_over",
        "game_review",
        "game_review_publish",
        "game_stats",
        "forums:replaced",
        "forums:board_list",
        "forums:board_detail",
        "forums:search",
        "forums:conversation_list",
        "forums:conversation_detail",
        "mod_dashboard",
        "mod_player_search",
        "mod_settings",
        "mod_moderator_add",
        "mod_signups",
        "mod_signup_remove",
        "mod_export_csv",
        "mod_export_json",
        "mod_role_cards",
    }
)
# Roles dealt by the moderators' counts, or set by hand, then the start.
DEALT_BY_COUNTS = frozenset({"mod_counts", "mod_role_set", "mod_roles_assign", "mod_start"})
# The phase engine's pages: the night, its choices, the phase's end and the dawn's override.
PHASES = frozenset({"night", "night_action", "mod_phase_end", "mod_night_override"})
# A night-and-day game played in the forum's threads: the vote count, its actions, the wills.
FORUM_DAY = frozenset(
    {
        "forums:forum_day",
        "forums:forum_day_action",
        "forums:will",
        "forums:post_vote_count",
        "forums:activity",
        "forums:vacation",
        "forums:today",
    }
)
# The Den's doors: the mafia add whoever they choose (R51).
DEN = frozenset({"forums:den_member_add"})

DAY_CLOCK = "day"
PHASE_CLOCK = "phase"

# Forum Mafia's settings of a night-and-day game (docs/forum-play.md).
FORUM_PLAY_SETTINGS = (
    "votes_in_posts",
    "majority_ends_day",
    "vote_count_every",
    "last_wills",
    "phase_threads",
    "prod_hours",
    "vacation_days",
)
# Every rule set's spectators (docs/spectators.md): whether outsiders may watch a running game,
# and whether its dead and its spectators share a board.
SPECTATOR_SETTINGS = ("spectators_allowed", "spectators_board")

# The phase engine's settings: when its phases end (C1) and the reminder before (C2, C5).
PHASE_SETTINGS = (
    "name",
    "vote_reminder_minutes",
    "night_end_time",
    "phase_minutes",
    "night_ends_when_all_in",
    "action_reminder_minutes",
)

FORUMS_RULING = "R51"
"""Who reads and posts on which board is one table for every game's forums (R51): every rule
set's pages may cite it."""
PHASE_ENGINE_RULINGS = ("C1", "C8")
"""The phase engine's phases and deadlines (C1) and its seeded draws (C8): the settings and the
dashboard of every rule set on it cite them."""

OVERVIEW = Link("game_detail", "Overview")
MY_ROLE = Link("role_card", "My role", may="hold_role_card")
LOG = Link("game_log", "Log")
PLAYERS = Link("introductions", "Players")
DEATHS = Link("deaths", "Deaths", may="see_play")
RULES = Link("game_rules", "Rules")
GAME_OVER = Link("game_over", "Game over", may="see_game_over")
FORUMS = Link("forums:board_list", "Forums")
MESSAGES = Link("forums:conversation_list", "Messages")
VOTE = Link("vote", "Vote", may="act")
VOTES = Link("vote_tally", "Votes", may="see_play")
NIGHT = Link("night", "Night", may="act")
TONIGHT = Link("night", "Night", may="act_tonight")
MY_RESULTS = Link("results", "My results", may="act")
DASHBOARD = Link("mod_dashboard", "Dashboard", may="moderate")

DEAL_ROLES = Action(
    "mod_roles_assign",
    "Deal roles at random",
    "Deal every role again at random? Roles set by hand are replaced.",
)
DEAL_ITEMS = Action("mod_items_deal", "Deal items at random", "Deal every item again at random?")


def start(first_phase: str) -> Action:
    """The start's button; its question names the phase it begins."""
    return Action(
        "mod_start",
        "Start the game",
        f"Start the game? {first_phase} begins now and roles are final.",
        id="start-game",
        needs_ready=True,
    )


# The sections of a dashboard every game has, after its own.
DASHBOARD_END = ("players", "deadlines", "settings", "record", "log")

NIGHT_AND_DAY = Pages(
    menu=(
        OVERVIEW,
        MY_ROLE,
        VOTE,
        NIGHT,
        VOTES,
        LOG,
        PLAYERS,
        DEATHS,
        RULES,
        GAME_OVER,
        FORUMS,
        MESSAGES,
        MY_RESULTS,
        DASHBOARD,
    ),
    bottom_bar=((OVERVIEW,), (TONIGHT, VOTE, DASHBOARD), (FORUMS,), (MESSAGES,)),
    overview=("waiting", "signup", "phase", "over", "players", "news"),
    dashboard=("setup", "phase", *DASHBOARD_END),
    setup_actions=(DEAL_ROLES, start("The first phase")),
    boards_help="Town Square is for the living, the Graveyard for the dead, and the Mafia Den "
    "for the mafia and whoever they add (R51). The moderators read every board.",
    counts_help="Everyone not given a role by these counts is a plain villager.",
    settings=PHASE_SETTINGS,
    clock=PHASE_CLOCK,
    more=EVERY_GAME | DEALT_BY_COUNTS | PHASES | DEN | {"player_results"},
)
"""The pages of a night-and-day game on the phase engine (the classic set's, the party's of
the tests): its night and its day vote, its results; a rule set takes them with its own words
and rulings (`dataclasses.replace(NIGHT_AND_DAY, night=..., cites=...)`)."""

# A night-and-day day played in the forum's threads (docs/forum-play.md): its settings, the vote
# count and the wills, linked from the boards page.
FORUM_DAY_LINKS = (
    Link("forums:forum_day", "Vote count and activity", may="read_forum_day"),
    Link("forums:will", "Your last will", may="write_will"),
)
