"""Permission checks for templates: templates ask `game.permissions`, never decide themselves."""

from django import template

from game import permissions

register = template.Library()


@register.filter
def may(viewer: permissions.Viewer, action: str) -> bool:
    """`{% if viewer|may:"moderate" %}`"""
    return permissions.may(viewer, action)


@register.filter
def first_allowed(links, viewer: permissions.Viewer):
    """The first of a bottom bar's slot of links (`Ruleset.pages`) the viewer may open."""
    return next((link for link in links if permissions.may(viewer, link.may)), None)


@register.filter
def sees_role_of(viewer: permissions.Viewer, player) -> bool:
    return permissions.can_see_role_of(viewer, player)


@register.filter
def lookup(mapping: dict, key):
    return mapping.get(key)
