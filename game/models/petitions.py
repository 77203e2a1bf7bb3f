"""Petitions for the elected offices (R46, R47) and their signatures."""

from django.conf import settings
from django.db import models

from game.models.investigations import ResultStatus
from game.rulesets import registry
from game.rulesets.live_action.petitions import END_TEXTS, EndReason, PetitionKind

# The Player field that says since when a player holds each office (R46).
OFFICE_SINCE = {"mayor": "mayor_since", "police_officer": "police_officer_since"}


class Petition(models.Model):
    """An election of `candidate` to `office`, or the impeachment of its holder `candidate`,
    started and held by `holder` (R46, R47). Open until used (`used_at`) or ended (`ended_at`
    with `end_reason`)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="petitions")
    kind = models.CharField(
        max_length=12, choices=[(k.value, k.value.title()) for k in PetitionKind]
    )
    office = models.CharField(max_length=30, choices=registry.office_choices)
    candidate = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    holder = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="petitions")
    created_at = models.DateTimeField()
    day = models.PositiveIntegerField()
    used_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(
        max_length=30, blank=True, choices=[(r.value, END_TEXTS[r]) for r in EndReason]
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["game", "used_at", "ended_at"])]

    @property
    def is_open(self) -> bool:
        return self.used_at is None and self.ended_at is None


class PetitionSignature(models.Model):
    """One player's signature (R47: at most once per petition)."""

    petition = models.ForeignKey(Petition, on_delete=models.CASCADE, related_name="signatures")
    signer = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    signed_at = models.DateTimeField()

    class Meta:
        ordering = ["signed_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["petition", "signer"], name="one_signature_each")
        ]


class MafiaCount(models.Model):
    """The mayor's Count the Mafia (R48): how many mafia-aligned players are alive (R16),
    computed when asked and sent by a moderator (or at once without review, R20). `term_start`
    is the asker's `mayor_since`, so a term's count is found again."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="mafia_counts")
    mayor = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    term_start = models.DateTimeField()
    day = models.PositiveIntegerField()
    requested_at = models.DateTimeField()
    computed_answer = models.PositiveIntegerField()
    answer = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=ResultStatus.choices, default="pending")
    sent_at = models.DateTimeField(null=True, blank=True)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    override_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["requested_at", "id"]
