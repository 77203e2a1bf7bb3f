"""Uses of the mafia's shared powers (R33-R42), made in the mafia page or recorded by a
moderator by hand."""

from django.conf import settings
from django.db import models


class MafiaPower(models.TextChoices):
    FRAME = "frame", "Frame a Townsperson"
    PLANT_EVIDENCE = "plant_evidence", "Plant Evidence"
    MANIPULATE_PRESS = "manipulate_press", "Manipulate the Press"
    DON = "don", "Designate the Don"
    HITMAN = "hitman", "Hire a Hitman"
    POISON = "poison", "Poison"
    SET_TRAP = "set_trap", "Set a Trap"
    SLAUGHTER_THE_WEAK = "slaughter_the_weak", "Slaughter the Weak"
    CONSCRIPT = "conscript", "Conscript"
    STALK = "stalk", "Stalk"


POWER_USES: dict[str, int] = {
    MafiaPower.FRAME: 4,
    MafiaPower.PLANT_EVIDENCE: 2,
    MafiaPower.MANIPULATE_PRESS: 1,
    MafiaPower.DON: 1,
    MafiaPower.HITMAN: 1,
    MafiaPower.POISON: 3,
    MafiaPower.SET_TRAP: 3,
    MafiaPower.SLAUGHTER_THE_WEAK: 1,
    MafiaPower.CONSCRIPT: 1,
}
"""Uses per game (R34-R42); Stalk is one a day (R41)."""


class MafiaPowerUse(models.Model):
    """One use. `target` is X of a Frame (X, Y), the player of Plant Evidence, the Don, …;
    `second_target` is Y of a Frame; `kill` the kill of Manipulate the Press."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="mafia_powers")
    power = models.CharField(max_length=30, choices=MafiaPower.choices)
    used_by = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    day = models.PositiveIntegerField()
    used_at = models.DateTimeField()
    target = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    second_target = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kill = models.ForeignKey(
        "game.Kill", on_delete=models.CASCADE, null=True, blank=True, related_name="press"
    )
    planted_role = models.CharField(max_length=30, blank=True)
    planted_alignment = models.CharField(max_length=30, blank=True)
    location = models.CharField(max_length=200, blank=True)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["used_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_power_display()} (day {self.day})"
