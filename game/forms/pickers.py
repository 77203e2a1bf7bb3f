"""A player picked by name: the moderators' pages offer a text field that searches the game's
players as one types (`mod_player_search`) instead of a list of every player in each row, so that
a page's size does not grow with the players. The field takes what the list offers, "name #id",
or a bare id (the API's and older forms'). Several players are picked the same way: checkboxes
of the players found and of those already picked (`_player_checkboxes.html`), read back by
`PlayersPickField`."""

import re

from django import forms

PICKED = re.compile(r"(?:^|#)\s*([0-9]{1,18})\s*$")
PICK_ID = re.compile(r"[0-9]{1,18}")


LONGEST = 120


def picked_id(raw: str | None) -> int | None:
    """The id of "name #id" or of a bare id; None for anything else (a name alone)."""
    raw = (raw or "").strip()
    found = PICKED.search(raw) if len(raw) <= LONGEST else None
    return int(found.group(1)) if found else None


class PlayerPickField(forms.CharField):
    """ "name #id" or an id -> the player's id (None when left empty and not required)."""

    default_error_messages = {"not_picked": "Choose a player from the list."}

    def to_python(self, value) -> int | None:
        raw = super().to_python(value).strip()
        if not raw:
            return None
        found = picked_id(raw)
        if found is None:
            raise forms.ValidationError(self.error_messages["not_picked"], code="not_picked")
        return found


class PlayersPickField(forms.Field):
    """Several players' ids (checkboxes of a searching picker), or `nobody` alone: a list of
    ids, or [nobody]. Whether each id is a player the action may take is the service's to say."""

    widget = forms.MultipleHiddenInput
    default_error_messages = {
        "not_picked": "Choose players from the list.",
        "both": "Choose players, or nobody, not both.",
    }

    def __init__(self, *, nobody: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.nobody = nobody

    def to_python(self, value) -> list[str]:
        picks = [str(v).strip() for v in (value or [])]
        if any(v != self.nobody and not PICK_ID.fullmatch(v) for v in picks):
            raise forms.ValidationError(self.error_messages["not_picked"], code="not_picked")
        if self.nobody in picks and len(picks) > 1:
            raise forms.ValidationError(self.error_messages["both"], code="both")
        return list(dict.fromkeys(picks))
