"""Votes written in posts (docs/forum-play.md): a Town Square post by day with `VOTE: name` or
`UNVOTE` casts or withdraws its author's vote through the day vote itself (C5), at the moment
it is posted. What the command did is kept with the post (`PostVote`): an edit or a deletion
rewrites neither. A post anywhere else (the Mafia Den, the Graveyard, private conversations)
casts nothing."""

import datetime as dt

from forums.access import ForumViewer
from forums.models import BoardKind, PhaseThread, Post, PostVote, Thread
from game.errors import GameRuleError
from game.rulesets.forum_play import UNVOTE, NameMatch, vote_command, vote_target
from game.rulesets.phases import DAY, NO_ONE
from game.services.days.votes import vote_cast
from game.services.locking import uses_database_clock
from game.snapshots.forum_day import NO_ONE_LABEL, WITHDRAWN


def post_vote_apply(*, fv: ForumViewer, thread: Thread, post: Post, now: dt.datetime) -> None:
    """Cast the vote a player's post carries, or record why it was not counted (shown to the
    author in the post). The caller holds the game lock."""
    game = fv.game
    if (
        not game.votes_in_posts
        or not game.rules.day.in_threads
        or fv.is_moderator
        or fv.player is None
        or thread.board.kind != BoardKind.TOWN_SQUARE
    ):
        return
    command = vote_command(post.body)
    if command is None:
        return
    record = PostVote(post=post, command=command.line[:200])
    record.notice = _thread_refusal(game, thread)
    target_id, label = NO_ONE, ""
    if not record.notice and command.kind != UNVOTE:
        living = dict(game.players.filter(alive=True).values_list("pk", "name"))
        match = vote_target(command.name, living)
        record.notice = _name_refusal(command.name, match)
        target_id = match.pick
        label = NO_ONE_LABEL if match.pick is NO_ONE else living.get(match.pick, "")
    if not record.notice:
        try:
            record.vote = vote_cast(
                game_id=game.pk,
                voter_id=fv.player.pk,
                target_id=target_id,
                note=WITHDRAWN if command.kind == UNVOTE else "",
                # One clock: where the database's orders the game, it stamps the vote too.
                now=None if uses_database_clock() else now,
            )
            record.target_label = label
        except GameRuleError as refusal:
            record.notice = f"Your vote was not counted: {refusal}"
    record.save()
    post.post_vote = record


def _thread_refusal(game, thread: Thread) -> str:
    if not game.phase_threads:
        return ""
    day = PhaseThread.objects.filter(game=game, thread=thread, code=DAY).first()
    if day is None or day.number != game.current_day or thread.locked_at is not None:
        return "Your vote was not counted: votes count in the thread of the open day only."
    return ""


def _name_refusal(name: str, match: NameMatch) -> str:
    if match.found:
        return ""
    if match.candidates:
        return (
            f"Your vote was not counted: “{name}” could be {', '.join(match.candidates)}. "
            "Write more of the name."
        )
    return f"Your vote was not counted: no living player is called “{name}”."
