import secrets
from pathlib import PurePath

from django.conf import settings
from django.db import models

from game.rulesets import registry
from game.rulesets.base import RoleSpec


def signup_photo_path(instance: "Player", filename: str) -> str:
    """A random name: the uploaded one may say who is in it, and nobody guesses the next one.
    Photos are served only through the app's permission check (game.views.photos)."""
    return f"signups/{secrets.token_urlsafe(24)}{PurePath(filename).suffix.lower()[:10]}"


# C9: lists of players follow the seats, the order of the players file; before the deal (no
# seats yet) they follow the names.
SEAT_ORDER = (models.F("seat").asc(nulls_last=True), "name", "id")


class Player(models.Model):
    """A user's place in one game: a sign-up before the start, a player after it."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=60, help_text="The name the game knows you by.")
    protocol_name = models.CharField(
        db_default="",
        max_length=60,
        blank=True,
        help_text="Games with bots: the name the bot protocol uses (C10), shown beside `name`.",
    )
    introduction = models.TextField(max_length=2000, blank=True)
    photo = models.ImageField(upload_to=signup_photo_path, blank=True, db_index=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    role = models.CharField(max_length=30, choices=registry.role_choices, blank=True)
    conscripted = models.BooleanField(default=False)
    partner = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    alive = models.BooleanField(default=True)
    died_at = models.DateTimeField(null=True, blank=True)
    death_day = models.PositiveIntegerField(null=True, blank=True)
    death_cause = models.CharField(max_length=30, choices=registry.death_cause_choices, blank=True)

    mayor_since = models.DateTimeField(null=True, blank=True)
    police_officer_since = models.DateTimeField(null=True, blank=True)
    desperado_since_day = models.PositiveIntegerField(
        null=True, blank=True, help_text="The day this desperado went desperado (R25)."
    )

    seat = models.PositiveIntegerField(
        null=True, blank=True, help_text="The place at the table, from 1, fixed at the deal (C9)."
    )
    computer = models.BooleanField(
        default=False, help_text="The computer plays this seat (H10): it chooses at random."
    )
    state = models.JSONField(
        default=dict,
        blank=True,
        help_text="The rule set's own state of this player (hit points, doses, cards and their "
        "order, charges): one value that the rule set defines and validates.",
    )

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_player_per_user_and_game"),
            models.UniqueConstraint(fields=["game", "name"], name="unique_player_name_in_game"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def role_spec(self) -> RoleSpec | None:
        """The player's role in the game's rule set (None before the deal)."""
        return self.game.rules.role(self.role) if self.role else None

    def get_role_display(self) -> str:
        return self.game.rules.role_name(self.role)

    @property
    def mafia_aligned(self) -> bool:
        """Mafia-aligned: the mafia's alignment in the game's rule set, or conscripted (R16)."""
        return bool(self.role) and self.game.rules.is_mafia_aligned(
            self.role, conscripted=self.conscripted
        )


class DesperadoRequest(models.Model):
    """A desperado's request to go desperado (R25), made during day `requested_day`; applied at
    that day's end (they are desperado from the next day), unless cancelled before."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="desperado_requests")
    requested_day = models.PositiveIntegerField()
    requested_at = models.DateTimeField()
    cancelled_at = models.DateTimeField(null=True, blank=True)
    applied_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["requested_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(cancelled_at__isnull=True, applied_at__isnull=True),
                name="one_waiting_desperado_request",
            )
        ]

    @property
    def waiting(self) -> bool:
        return self.cancelled_at is None and self.applied_at is None
