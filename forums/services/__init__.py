"""The only code that writes forum data (STYLE). Other features call `announcement_post`,
`victim_announcement_post` and `notify`; their signatures are stable."""

from .announcements import announcement_post, victim_announcement_post
from .boards import boards_ensure, den_member_add, thread_create, thread_pin
from .messages import message_send
from .notifications import (
    notification_email_send,
    notification_setting_update,
    notifications_mark_read,
    notify,
)
from .posts import post_create, post_delete, post_edit, read_marker_update
from .push import push_messages_send, push_subscribe, push_unsubscribe

__all__ = [
    "announcement_post",
    "boards_ensure",
    "den_member_add",
    "message_send",
    "notification_email_send",
    "notification_setting_update",
    "notifications_mark_read",
    "notify",
    "post_create",
    "push_messages_send",
    "push_subscribe",
    "push_unsubscribe",
    "post_delete",
    "post_edit",
    "read_marker_update",
    "thread_create",
    "thread_pin",
    "victim_announcement_post",
]
