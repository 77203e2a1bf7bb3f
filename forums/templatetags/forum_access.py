"""Forum permission checks for templates: they ask forums/access.py, never decide themselves."""

from django import template
from django.utils import timezone

from forums import access

register = template.Library()

CHECKS = {
    "add_to_den": access.can_add_to_den,
    "moderate_posts": access.can_moderate_posts,
    "read_forum_day": access.can_read_forum_day,
    "write_will": access.can_write_will,
}


@register.filter
def forum_may(fv: access.ForumViewer, action: str) -> bool:
    """`{% if fv|forum_may:"moderate_posts" %}`"""
    return CHECKS[action](fv)


@register.filter
def may_post_on(fv: access.ForumViewer, board) -> bool:
    return access.can_post(fv, board)


@register.filter
def shows_text_of(fv: access.ForumViewer, post) -> bool:
    return access.post_text_visible(fv, post)


@register.filter
def in_edit_window(post) -> bool:
    return access.edit_window_open(post, timezone.now())
