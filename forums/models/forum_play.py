"""Forum Mafia's rows (docs/forum-play.md): the vote a post cast, the players' last wills and
the thread of each phase."""

from django.db import models


class PostVote(models.Model):
    """What a post's `VOTE:` or `UNVOTE` line did, kept as it was when posted: an edit or a
    deletion of the post changes neither the vote nor this record. `vote` is empty when the
    command was refused; `notice` then says why, to the author alone."""

    post = models.OneToOneField("forums.Post", on_delete=models.CASCADE, related_name="post_vote")
    command = models.CharField(max_length=200)
    vote = models.OneToOneField(
        "game.Vote", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    target_label = models.CharField(max_length=60, blank=True)
    notice = models.CharField(max_length=300, blank=True)

    @property
    def counted(self) -> bool:
        return self.vote_id is not None


class LastWill(models.Model):
    """A player's will: theirs and the moderators' to read until it is posted at their death."""

    player = models.OneToOneField("game.Player", on_delete=models.CASCADE, related_name="+")
    body = models.TextField(max_length=5000)
    updated_at = models.DateTimeField()
    posted = models.ForeignKey(
        "forums.Post", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )


class PhaseThread(models.Model):
    """The Town Square thread of one phase of a game."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    code = models.CharField(max_length=20)
    number = models.PositiveIntegerField()
    thread = models.OneToOneField("forums.Thread", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "code", "number"], name="one_thread_per_phase")
        ]
