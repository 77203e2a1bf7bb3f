from django.conf import settings
from django.db import models

from game.rulesets import registry


class BoardKind(models.TextChoices):
    """The boards of R51, and the spectators' board of a game that has one, each linked by
    its kind."""

    TOWN_SQUARE = "town_square", "Town Square"
    MAFIA_DEN = "mafia_den", "Mafia Den"
    GRAVEYARD = "graveyard", "Graveyard"
    SPECTATORS = "spectators", "Spectators' board"


GROUP_BOARD = "group"
"""The kind of a private group's board other than the Den (H1), linked by its group's code."""


class Board(models.Model):
    """One of a game's sub-forums: Town Square, the Graveyard, and the private board of each
    group its rule set declares (`group`: the Mafia Den, R51; HP's groups, H1). Who reads and
    posts is decided in forums/access.py."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="boards")
    kind = models.CharField(
        max_length=20, choices=[*BoardKind.choices, (GROUP_BOARD, "Group board")]
    )
    group = models.CharField(
        max_length=30,
        choices=registry.private_group_choices,
        blank=True,
        default="",
        db_default="",
        help_text="The private group whose board this is; empty for the public boards.",
    )

    class Meta:
        ordering = ["game", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["game", "kind", "group"], name="one_board_per_group")
        ]

    def __str__(self) -> str:
        return self.get_group_display() if self.kind == GROUP_BOARD else self.get_kind_display()

    @property
    def key(self) -> str:
        """How links and the API name the board: its kind, or its group's code."""
        return self.group if self.kind == GROUP_BOARD else self.kind


class Thread(models.Model):
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="threads")
    title = models.CharField(max_length=150)
    created_at = models.DateTimeField()
    pinned = models.BooleanField(default=False)
    # Kept up to date by post_create so that board pages need no aggregate over posts.
    last_post_at = models.DateTimeField()
    latest_post_id = models.PositiveBigIntegerField(default=0)
    post_count = models.PositiveIntegerField(default=0)
    # A phase thread closes with its phase (docs/forum-play.md): players no longer post there.
    locked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pinned", "-last_post_at", "-id"]
        indexes = [models.Index(fields=["board", "-pinned", "-last_post_at"])]

    def __str__(self) -> str:
        return self.title


class PostKind(models.TextChoices):
    POST = "post", "Post"
    KILL_ANNOUNCEMENT = "kill", "Kill announcement"
    EXECUTION = "execution", "Execution"
    DEATH_ANNOUNCEMENT = "death", "End-of-day death"
    VICTIM_ANNOUNCEMENT = "victim", "Victim's own announcement"
    OFFICE = "office", "Election or impeachment"
    DAWN = "dawn", "Dawn"
    PHASE_ANNOUNCEMENT = "phase", "Phase announcement"
    VOTE_COUNT = "vote_count", "Vote count"
    LAST_WILL = "will", "Last will"


class Post(models.Model):
    """A post by a player, a moderator (`as_moderator`, marked on the page) or the app itself
    (`as_moderator` with no author: announcements, R14, R15). `body_html` is rendered and
    sanitized once, at save (forums/markup.py)."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts")
    kind = models.CharField(max_length=12, choices=PostKind.choices, default=PostKind.POST)
    author_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    author_player = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    as_moderator = models.BooleanField(default=False)
    body = models.TextField(max_length=20000)
    body_html = models.TextField()
    created_at = models.DateTimeField()
    edited_at = models.DateTimeField(null=True, blank=True)
    revision_count = models.PositiveIntegerField(default=0)
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    delete_reason = models.TextField(blank=True)
    mentions = models.ManyToManyField("game.Player", blank=True, related_name="+")

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["thread", "id"])]

    def __str__(self) -> str:
        return f"Post #{self.pk}"

    @property
    def author_label(self) -> str:
        if self.as_moderator:
            return "Moderators"
        return self.author_player.name if self.author_player else "Unknown"


class PostRevision(models.Model):
    """The text a post had before an edit; moderators read the history."""

    post = models.ForeignKey(Post, on_delete=models.CASCADE, related_name="revisions")
    body = models.TextField()
    replaced_at = models.DateTimeField()

    class Meta:
        ordering = ["replaced_at", "id"]


class DenMembership(models.Model):
    """A player the mafia (or the moderators) added to the Mafia Den (rules, Serial Killer)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    player = models.OneToOneField("game.Player", on_delete=models.CASCADE, related_name="+")
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    added_at = models.DateTimeField()


class ReadMarker(models.Model):
    """The last post of a thread a user has seen, for unread markers."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="read_markers")
    last_read_post_id = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "thread"], name="one_read_marker")]
