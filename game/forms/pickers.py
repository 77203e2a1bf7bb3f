"""A player picked by name: the moderators' pages offer a text field that searches the game's
players as one types (`mod_player_search`) instead of a list of every player in each row, so that
a page's size does not grow with the players. The field takes what the list offers, "name #id",
or a bare id (the API's and older forms')."""

import re

from django import forms

PICKED = re.compile(r"(?:^|#)\s*([0-9]{1,18})\s*$")


class PlayerPickField(forms.CharField):
    """ "name #id" or an id -> the player's id (None when left empty and not required)."""

    default_error_messages = {"not_picked": "Choose a player from the list."}
    longest = 120

    def to_python(self, value) -> int | None:
        raw = super().to_python(value).strip()
        if not raw:
            return None
        found = PICKED.search(raw) if len(raw) <= self.longest else None
        if found is None:
            raise forms.ValidationError(self.error_messages["not_picked"], code="not_picked")
        return int(found.group(1))
