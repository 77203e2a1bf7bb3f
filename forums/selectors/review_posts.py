"""What a game's review and statistics read of its forums (the game may not import the forums,
so these readers register themselves with it): the posts votes were made in (C5, votes in
posts), and when each player posted. One query each, whatever the number of posts."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from forums.models import Post, PostVote
from game.models import Game


def vote_posts(game: Game) -> dict[int, str]:
    """{vote id: the address of the post that cast it}."""
    thread_url = reverse("forums:thread_detail", args=[0])[: -len("0/")]
    return {
        vote_id: f"{thread_url}{thread_id}/?post={post_id}#post-{post_id}"
        for vote_id, post_id, thread_id in PostVote.objects.filter(
            vote__game=game, vote__isnull=False
        ).values_list("vote_id", "post_id", "post__thread_id")
    }


def post_times(game: Game) -> list[tuple[int, dt.datetime]]:
    """(player id, when) of every post a player of the game made on its boards, deleted or not
    (a deleted post was still written then)."""
    return list(
        Post.objects.filter(thread__board__game=game, author_player__isnull=False).values_list(
            "author_player_id", "created_at"
        )
    )
