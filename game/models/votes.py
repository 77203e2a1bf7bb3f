"""Votes (R5-R8), each day's published result (R9, R50), the record of what a day end changed
(so that moderators can undo it), kill facts read by the end-of-day clocks (R18, R32) and
inactivity notices (R49)."""

from django.conf import settings
from django.db import models


class VoteCondition(models.TextChoices):
    """When a vote's fallback replaces its primary target (R7); mirrors rules.votes.Condition."""

    PRIMARY_DEAD = "primary_dead", "if my choice is dead at day end"
    KILL_ANNOUNCED_AFTER = "kill_announced_after", "if a kill is announced after this vote"


class Vote(models.Model):
    """One submission; append-only. Only a voter's latest submission of a day counts (R5).
    `target` empty means No Execution (day 1 only, R6)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="votes")
    day = models.PositiveIntegerField()
    voter = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="votes_cast")
    target = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    fallback = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    condition = models.CharField(max_length=30, choices=VoteCondition.choices, blank=True)
    note = models.TextField(max_length=1000, blank=True)
    cast_at = models.DateTimeField()
    round = models.PositiveIntegerField(
        default=0, help_text="The day's ballot: 0 the first, then each repeat or runoff."
    )
    split = models.JSONField(
        default=dict,
        blank=True,
        help_text="A ballot that splits the voter's weight: target player id (as a string) to "
        "votes; what is not placed is withheld. Empty: the whole weight goes to `target`.",
    )

    class Meta:
        ordering = ["cast_at", "id"]
        indexes = [models.Index(fields=["game", "day", "voter", "cast_at"])]

    def __str__(self) -> str:
        return f"Vote of {self.voter_id} on day {self.day}"

    @property
    def is_no_execution(self) -> bool:
        return self.target_id is None


class DayResult(models.Model):
    """The tally of an ended day as published (R9, R50). Later tiebreaks read these totals.

    `totals` maps a player id (as a string) or "none" (No Execution) to votes; `counted` lists
    [voter id, target id or "none", weight, source] for every living voter."""

    NO_EXECUTION_KEY = "none"

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="day_results")
    day = models.PositiveIntegerField()
    totals = models.JSONField(default=dict)
    counted = models.JSONField(default=list)
    executed = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reason = models.CharField(max_length=60)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["day"]
        constraints = [models.UniqueConstraint(fields=["game", "day"], name="one_result_per_day")]

    def __str__(self) -> str:
        return f"Result of day {self.day}"


class DayEndRecord(models.Model):
    """What one day end changed, so that it can be undone in one transaction: the players who
    died, the items that moved, the due events it finished, cancelled or created, and the game's
    status before it (see services.day_end_record)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="day_end_records")
    day = models.PositiveIntegerField()
    ended_at = models.DateTimeField()
    processed_at = models.DateTimeField()
    changes = models.JSONField(default=dict)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    undo_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"End of day {self.day}"


class KillerAlignment(models.TextChoices):
    TOWN = "town", "Town"
    MAFIA = "mafia", "Mafia-aligned"
    SERIAL_KILLER = "serial_killer", "Serial killer"
    HITMAN = "hitman", "Hitman (non-player)"


class KillRecord(models.Model):
    """A confirmed kill or a disarm, as the end-of-day clocks need it: the mafia kill clock
    (R18) and the serial killer's bloodlust clock (R32, R40). The kills feature writes these
    through services.killing.kill_decisions (one pass); `announced_at` feeds conditional votes
    (R7)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="kill_records")
    day = models.PositiveIntegerField()
    killer = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    victim = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kill = models.OneToOneField(
        "game.Kill", on_delete=models.CASCADE, null=True, blank=True, related_name="record"
    )
    killer_alignment = models.CharField(max_length=20, choices=KillerAlignment.choices)
    disarmed = models.BooleanField(
        default=False, help_text="The victim disarmed the killer and survived (R40)."
    )
    happened_at = models.DateTimeField()
    announced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["happened_at", "id"]

    def __str__(self) -> str:
        return f"Kill on day {self.day}"


class InactivityNotice(models.Model):
    """R49: a moderator's notice; unacknowledged 24 hours later, the player is evicted at the
    next day end. `event` is the eviction's due event."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="notices")
    player = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="notices")
    sent_at = models.DateTimeField()
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    event = models.OneToOneField(
        "game.DueEvent",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="inactivity_notice",
    )

    class Meta:
        ordering = ["-sent_at"]

    def __str__(self) -> str:
        return f"Inactivity notice to {self.player_id}"
