import datetime as dt
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from game.rulesets import registry
from game.rulesets.setup import Setup


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not a known time zone (for example America/New_York).")


class GameStatus(models.TextChoices):
    SIGNUP = "signup", "Sign-ups"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class Game(models.Model):
    name = models.CharField(max_length=100)
    ruleset = models.CharField(
        max_length=30,
        choices=registry.ruleset_choices,
        default=registry.DEFAULT_RULESET,
        editable=False,
    )
    status = models.CharField(max_length=10, choices=GameStatus.choices, default=GameStatus.SIGNUP)
    signups_open = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    time_zone = models.CharField(
        max_length=64,
        default="America/New_York",
        validators=[validate_time_zone],
        help_text="Day end is computed in this zone, so it stays at the same local time across "
        "daylight-saving changes (R1).",
    )
    day_end_time = models.TimeField(
        default=dt.time(23, 0), help_text="Local time at which each day ends (R1)."
    )
    night_end_time = models.TimeField(
        default=dt.time(9, 0),
        help_text="Night-and-day games: local time at which each night ends (C1).",
    )
    phase_minutes = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Night-and-day games: each phase lasts this many minutes (60 is an hour) "
        "instead of ending at the day's or the night's end time (C1), for fast games.",
    )
    night_ends_when_all_in = models.BooleanField(
        default=True,
        help_text="Night-and-day games: the night ends as soon as every night action is in (C1).",
    )
    bots = models.BooleanField(
        db_default=False,
        default=False,
        help_text="Classic games: bots may play (C10), so every player has a protocol name.",
    )
    random_seed = models.CharField(
        max_length=64,
        blank=True,
        help_text="Every draw (deal, ties) comes from this seed; moderators see it, everyone "
        "once the game ends (C8).",
    )
    current_phase = models.CharField(
        max_length=20, blank=True, help_text="Night-and-day games: the phase now (C1)."
    )
    secret_ballots = models.BooleanField(
        default=False, help_text="Hide who voted for whom; totals stay public (R50)."
    )
    serial_killer_kills_count = models.BooleanField(
        default=False,
        help_text="Count serial-killer kills as mafia kills for the mafia kill clock (R18).",
    )

    answers_without_review = models.BooleanField(
        default=False,
        help_text="Send investigation and shovel answers as computed, without a moderator's "
        "review (R20).",
    )

    vote_reminder_minutes = models.PositiveIntegerField(
        default=120,
        help_text="Minutes before the day ends at which players who have not voted are reminded "
        "(in the app, and by email or push if they asked); 0 for no reminder.",
    )

    action_reminder_minutes = models.PositiveIntegerField(
        db_default=60,
        default=60,
        help_text="Night-and-day games: minutes before each phase ends at which players whose "
        "night action or vote is still missing are reminded; 0 for no reminder.",
    )

    # Forum Mafia (docs/forum-play.md): each off by default where it changes the rules.
    votes_in_posts = models.BooleanField(
        db_default=False,
        default=False,
        help_text="Night-and-day games: a post in Town Square by day with “VOTE: name” or "
        "“UNVOTE” casts or withdraws the author's vote (C5); the vote form keeps working.",
    )
    majority_ends_day = models.BooleanField(
        db_default=False,
        default=False,
        help_text="Night-and-day games: a majority of the living voting the same way ends the "
        "day at once (the hammer); off, the day ends at its deadline and the most votes win (C5).",
    )
    vote_count_every = models.PositiveIntegerField(
        db_default=0,
        default=0,
        help_text="Night-and-day games: post a vote count in Town Square after every this many "
        "vote changes; 0 for counts on the moderators' request only.",
    )
    last_wills = models.CharField(
        db_default="",
        max_length=20,
        choices=[
            ("", "No last wills"),
            ("all", "Posted at every death"),
            ("not_night_kill", "Posted at death, but the mafia's night kill destroys it"),
        ],
        default="",
        blank=True,
        help_text="Night-and-day games: players write a will, posted in Town Square when they die.",
    )
    phase_threads = models.BooleanField(
        db_default=False,
        default=False,
        help_text="Night-and-day games: each day and night gets its own Town Square thread, "
        "opened with the phase (its deadline in its first post) and locked at its end.",
    )
    prod_hours = models.PositiveIntegerField(
        db_default=0,
        default=0,
        help_text="Night-and-day games: a living player who has not posted in Town Square for "
        "this many hours is prodded (a notification); 0 for no prods.",
    )
    vacation_days = models.PositiveIntegerField(
        db_default=0,
        default=0,
        help_text="Night-and-day games: the longest vacation a player may announce, in days; "
        "their prods wait until it ends. 0: no vacation notices.",
    )

    review_public = models.BooleanField(
        db_default=False,
        default=False,
        help_text="Once the game is over, open its review (every role, action, investigation and "
        "vote) to every signed-in user, not only to its players and moderators.",
    )

    spectators_allowed = models.BooleanField(
        db_default=False,
        default=False,
        help_text="Signed-in people who do not play may watch the running game: its public "
        "boards and announcements, never a role, a private board or a vote before it is public. "
        "Whoever watched it may not join it while it runs.",
    )
    spectators_board = models.BooleanField(
        db_default=False,
        default=False,
        help_text="A spectators' board shared by the dead and the spectators; the living never "
        "see it, and nothing written there reaches them.",
    )

    setup = models.JSONField(
        default=dict,
        blank=True,
        help_text="How many of each role and item the deal gives, checked by the rule set: "
        '{"roles": {"mafia": 5, …}, "items": {"shovel": 7, …}}.',
    )

    winner = models.CharField(max_length=30, choices=registry.winner_choices, blank=True)
    current_day = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)

    @property
    def rules(self):
        """The game's rule set (ruleset.Ruleset)."""
        return registry.ruleset_of(self)

    @property
    def role_setup(self) -> Setup:
        """The game's role and item counts, with the rule set's defaults for any it leaves out
        (for the players signed up, when the rule set's counts follow them: C7, and the
        live-action set's `setup_counts`)."""
        players = self.players.count() if self.rules.counts_for else None
        return self.rules.setup_of(self.setup, players)

    @property
    def is_running(self) -> bool:
        return self.status == GameStatus.RUNNING

    @property
    def clock_paused(self) -> bool:
        return self.clock_paused_at is not None


class GameModerator(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moderators")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="moderated"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_moderatorship")]


class Day(models.Model):
    """Day N of a game: from its start to its (possibly extended) end (R1, R2)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="days")
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Empty: no deadline, in a game nobody moderates (H10), whose day ends as its "
        "players vote.",
    )
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="one_day_number")]

    def __str__(self) -> str:
        return f"Day {self.number}"
