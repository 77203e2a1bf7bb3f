"""Private messages (rules, Communication; Kills: "Dead players tell no tales")."""

import datetime as dt
from collections.abc import Iterable

from django.db import transaction

from forums.access import can_read_conversation, can_use_messages, forum_viewer_for
from forums.errors import ForbiddenError
from forums.markup import render_markdown
from forums.models import (
    Conversation,
    ConversationKind,
    ConversationMember,
    Message,
    NotificationKind,
)
from forums.services.notifications import notify
from forums.services.posts import clean_body
from game.errors import GameRuleError
from game.models import GameStatus, Player, User
from game.services.ids import storable_ids
from game.services.locking import lock_game

DEAD_TELL_NO_TALES = (
    "Dead players tell no tales: you may not message living players about the game (rules, "
    "Kills). You can still write to the moderators and to other dead players."
)


@transaction.atomic
def message_send(
    *,
    game_id: int,
    by: User,
    body: str,
    now: dt.datetime,
    conversation_id: int | None = None,
    recipient_ids: Iterable[int] = (),
    to_moderators: bool = False,
    subject: str = "",
) -> Message:
    """Reply in a conversation, or start one: with other players, or with the moderators (the
    moderators' inbox). Moderators start conversations with any players and write as
    "Moderators". Every conversation is readable by the game's moderators."""
    game = lock_game(game_id)
    fv = forum_viewer_for(by, game)
    if not can_use_messages(fv):
        raise GameRuleError("There is no such game.")
    body = clean_body(body)
    if conversation_id is not None:
        conversation = Conversation.objects.filter(pk=conversation_id, game=game).first()
        members = (
            list(Player.objects.filter(pk__in=_member_ids(conversation)).select_related("user"))
            if conversation
            else []
        )
        if conversation is None or not can_read_conversation(
            fv, conversation, {p.pk for p in members}
        ):
            raise GameRuleError("There is no such conversation.")
    else:
        conversation, members = _conversation_start(
            fv=fv,
            game=game,
            recipient_ids=recipient_ids,
            to_moderators=to_moderators,
            subject=subject,
            now=now,
        )
    sender = None if fv.is_moderator else fv.player
    if _dead_writing_to_living(game, sender, members):
        raise ForbiddenError(DEAD_TELL_NO_TALES)
    message = Message.objects.create(
        conversation=conversation,
        author_user=by,
        author_player=sender,
        as_moderator=fv.is_moderator,
        body=body,
        body_html=render_markdown(body),
        created_at=now,
    )
    Conversation.objects.filter(pk=conversation.pk).update(last_message_at=now)
    recipients: list = [p.user for p in members if sender is None or p.pk != sender.pk]
    if conversation.kind == ConversationKind.MODERATORS and sender is not None:
        recipients += [m.user for m in game.moderators.select_related("user")]
    notify(recipients=recipients, kind=NotificationKind.MESSAGE, target=message, now=now, game=game)
    return message


def _conversation_start(
    *, fv, game, recipient_ids: Iterable[int], to_moderators: bool, subject: str, now: dt.datetime
) -> tuple[Conversation, list[Player]]:
    subject = " ".join(subject.split())[:150] or "(no subject)"
    ids = {int(i) for i in recipient_ids}
    if fv.player is not None:
        ids.discard(fv.player.pk)
    recipients = list(
        Player.objects.filter(game=game, pk__in=storable_ids(ids)).select_related("user")
    )
    if len(recipients) != len(ids):
        raise GameRuleError("Some recipients are not players of this game.")
    if fv.is_moderator:
        if not recipients:
            raise GameRuleError("Choose at least one player to write to.")
        kind, members = ConversationKind.MODERATORS, recipients
    elif to_moderators:
        if recipients:
            raise GameRuleError("Write either to the moderators or to players.")
        kind, members = ConversationKind.MODERATORS, [fv.player]
    else:
        if not recipients:
            raise GameRuleError("Choose at least one player to write to.")
        kind, members = ConversationKind.PLAYERS, [fv.player, *recipients]
    conversation = Conversation.objects.create(
        game=game, kind=kind, subject=subject, created_at=now, last_message_at=now
    )
    ConversationMember.objects.bulk_create(
        [ConversationMember(conversation=conversation, player=p) for p in members]
    )
    return conversation, members


def _dead_writing_to_living(game, sender: Player | None, members: list[Player]) -> bool:
    """Rules, Kills: "Dead players tell no tales." Moderators write to anyone."""
    if sender is None or sender.alive or game.status != GameStatus.RUNNING:
        return False
    return any(p.alive for p in members if p.pk != sender.pk)


def _member_ids(conversation: Conversation | None) -> list[int]:
    if conversation is None:
        return []
    return list(conversation.memberships.values_list("player_id", flat=True))
