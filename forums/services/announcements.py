"""The app's own posts in Town Square: kill announcements (R14), executions and end-of-day
deaths (R15), and the victim's own announcement when the moderators are late (R14); and in the
Mafia Den, the mafia's Stalk results (R41)."""

import datetime as dt

from django.db import transaction

from forums.models import BoardKind, NotificationKind, Post, PostKind
from forums.services.boards import boards_ensure, thread_start
from forums.services.notifications import notify
from forums.services.posts import post_write
from game.errors import GameRuleError
from game.models import Game, Player

TITLES = {
    PostKind.KILL_ANNOUNCEMENT: "Kill announcement",
    PostKind.EXECUTION: "Execution",
    PostKind.DEATH_ANNOUNCEMENT: "Death at day end",
    PostKind.VICTIM_ANNOUNCEMENT: "Kill announcement (posted by the victim)",
    PostKind.OFFICE: "Office",
    PostKind.DAWN: "Dawn",
    PostKind.PHASE_ANNOUNCEMENT: "Announcement",
    PostKind.VOTE_COUNT: "Vote count",
    PostKind.LAST_WILL: "Last will",
}


@transaction.atomic
def announcement_post(
    *, game: Game, text: str, now: dt.datetime, kind: str = PostKind.KILL_ANNOUNCEMENT
) -> Post:
    """Post `text` in Town Square as the moderators, in a new thread, and notify every player.
    `kind` is "kill" (R14), "execution" or "death" (R15), "office" (an election or impeachment
    by petition, R47), or the dawn and phase announcements of night-and-day games (C1, C6).
    Called inside the caller's transaction, which holds the game lock."""
    kind = PostKind(kind)
    if kind in (PostKind.POST, PostKind.VICTIM_ANNOUNCEMENT):
        raise GameRuleError("Announcements are the app's own posts, not players'.")
    return _announce(game=game, text=text, now=now, kind=kind, author=None)


@transaction.atomic
def victim_announcement_post(*, game: Game, victim: Player, text: str, now: dt.datetime) -> Post:
    """R14: when the moderators have not announced a kill 30 minutes after it was reported, the
    victim may post it, though dead (the app may not know it yet: the kill can still wait for a
    moderator). The caller (the kill report) checks the victim and the 30 minutes."""
    if victim.game_id != game.pk:
        raise GameRuleError("Only the victim of a reported kill may announce it.")
    return _announce(
        game=game, text=text, now=now, kind=PostKind.VICTIM_ANNOUNCEMENT, author=victim
    )


def _announce(
    *, game: Game, text: str, now: dt.datetime, kind: PostKind, author: Player | None
) -> Post:
    board = boards_ensure(game=game)[BoardKind.TOWN_SQUARE]
    first_line = text.strip().splitlines()[0] if text.strip() else ""
    thread = thread_start(board=board, title=f"{TITLES[kind]}: {first_line}", now=now)
    post = post_write(fv=None, thread=thread, body=text, now=now, kind=kind, author_player=author)
    if author is not None:
        Post.objects.filter(pk=post.pk).update(as_moderator=False, author_user=author.user)
        post.as_moderator = False
        post.author_user = author.user
    players = list(game.players.select_related("user"))
    notify(recipients=players, kind=NotificationKind.KILL_ANNOUNCEMENT, target=post, now=now)
    return post


def den_post(*, game: Game, title: str, text: str, now: dt.datetime) -> Post:
    """Post `text` in the Mafia Den as the moderators, in a new thread (the mafia's Stalk result,
    R41). Called inside the caller's transaction."""
    board = boards_ensure(game=game)[BoardKind.MAFIA_DEN]
    thread = thread_start(board=board, title=title, now=now)
    return post_write(fv=None, thread=thread, body=text, now=now)
