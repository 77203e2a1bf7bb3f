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
from game.snapshots.forum_day import NO_ONE_LABEL, WITHDRAWN


def post_vote_apply(*, fv: ForumViewer, thread: Thread, post: Post, now: dt.datetime) -> None:
    """Cast the vote a player's post carries at the post's own moment (`now`, one clock for
    both), or record why it was not counted (shown to the author in the post, which stays as
    talk). The caller holds the game lock, under which the vote is recorded: a post that comes
    after the hammer finds the day over."""
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
        target_id, label, record.notice = _named(game, command.name)
    if not record.notice:
        try:
            record.vote = vote_cast(
                game_id=game.pk,
                voter_id=fv.player.pk,
                target_id=target_id,
                note=WITHDRAWN if command.kind == UNVOTE else "",
                now=now,
                game_locked=True,
            )
            record.target_label = label
        except GameRuleError as refusal:
            record.notice = f"Your vote was not counted: {refusal}"
    record.save()
    post.post_vote = record


def _named(game, name: str) -> tuple[int | None, str, str]:
    """Whom a vote's name designates among the living (the pick, its label), or why nobody.
    A name only a dead player answers to is theirs, so that the day vote refuses it with its
    reason (a day that has ended, a dead target)."""
    players = list(game.players.values_list("pk", "name", "alive"))
    living = {pk: name for pk, name, alive in players if alive}
    match = vote_target(name, living)
    if not match.found and not match.candidates:
        anyone = vote_target(name, {pk: name for pk, name, _ in players})
        if anyone.found:
            return anyone.pick, "", ""
    label = NO_ONE_LABEL if match.pick is NO_ONE else living.get(match.pick, "")
    return match.pick, label, _name_refusal(name, match)


def _thread_refusal(game, thread: Thread) -> str:
    if not game.phase_threads:
        return ""
    if game.current_phase != DAY:
        return ""  # the day vote refuses it with its reason: it is night (C5)
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
