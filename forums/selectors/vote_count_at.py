"""The vote count as of a post (docs/forum-play.md): the day's votes up to the post's moment, as
the app would have posted them then, for whoever may read the post and the forum's day. Four
queries whatever the game's size."""

from dataclasses import dataclass

from django.http import Http404

from forums.access import ForumViewer, can_read_vote_count_at
from forums.models import Post
from forums.selectors.boards import post_for
from game.models import GamePhase
from game.permissions import require
from game.rulesets.phases import DAY
from game.snapshots.forum_day import day_votes, vote_count_of

NO_DAY = "No day was open when this post was written: votes are cast by day (C5)."


@dataclass(frozen=True)
class VoteCountAt:
    post_id: int
    thread_id: int
    day: int | None
    vote_count: str


def game_of_post(post_id: int) -> int:
    """The game of a post, or the same 404 as for a post that does not exist."""
    rows = Post.objects.filter(pk=post_id).values_list("thread__board__game_id", flat=True)
    game_id = rows.first()
    require(game_id is not None)
    return game_id


def vote_count_at_post(fv: ForumViewer, post_id: int) -> VoteCountAt:
    """The count of the day open at the post's moment; its text says so when no day was."""
    post = post_for(fv, post_id)
    if not can_read_vote_count_at(fv, post):
        raise Http404("No such post.")
    at = post.created_at
    phase = (
        GamePhase.objects.filter(game=fv.game, code=DAY, number__gt=0, started_at__lte=at)
        .exclude(ended_at__lt=at)
        .order_by("-started_at")
        .first()
    )
    if phase is None:
        return VoteCountAt(post.pk, post.thread_id, None, NO_DAY)
    text = vote_count_of(fv.game, phase, day_votes(fv.game, phase.number, until=at), at)
    return VoteCountAt(post.pk, post.thread_id, phase.number, text)
