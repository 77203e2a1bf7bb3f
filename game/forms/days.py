"""The day's forms: the vote (R5-R7), and the moderators' changes to the day (its end time,
ending it now, extending it, undoing, choosing a player)."""

from collections.abc import Mapping

from django import forms

from game.forms.pickers import PlayerPickField
from game.models import VoteCondition
from game.rulesets.days import DayTexts


class DayEndTimeForm(forms.Form):
    day_end_time = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False)


class DayEndNowForm(ReasonForm):
    """Names the day it ends, so that a second click ends nothing more (R4)."""

    day = forms.IntegerField(min_value=1, max_value=2**31 - 1, widget=forms.HiddenInput)


NO_EXECUTION_CHOICE = "none"


class VoteForm(forms.Form):
    """A vote, in the words of the game's day (`DayTexts`): the living players, and no one
    where the day allows it (No Execution on day 1, R6; no one, C5); a fallback and a note
    where it has them (R7)."""

    day = forms.IntegerField(widget=forms.HiddenInput)
    target = forms.ChoiceField()
    condition = forms.ChoiceField(
        required=False,
        label="Conditional fallback (optional)",
        help_text="Your vote moves to the fallback when the condition holds at day end (R7).",
    )
    fallback = forms.ChoiceField(required=False, label="Fallback")
    note = forms.CharField(
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Only the moderators read this note (R7).",
    )

    def __init__(
        self,
        *args,
        texts: DayTexts,
        candidates=(),
        no_execution: bool = False,
        names: Mapping[int, str] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.texts = texts
        self.fields["target"].label = texts.target_label
        players = [(str(p.pk), p.name) for p in candidates]
        first = [(NO_EXECUTION_CHOICE, texts.no_one_choice)] if no_execution else []
        self.fields["target"].choices = [("", "Choose a player"), *first, *players]
        self.fields["fallback"].choices = [("", "No fallback"), *players]
        self.fields["condition"].choices = [("", "No condition"), *VoteCondition.choices]
        for field in ("target", "fallback"):
            self.fields[field].error_messages["invalid_choice"] = self._not_a_candidate(
                self.data.get(field, ""), names or {}
            )

    def _not_a_candidate(self, posted: str, names: Mapping[int, str]) -> str:
        """A refused choice in the player's words: the player named, never their internal id
        (only the living may be voted for: R5, C5)."""
        name = names.get(int(posted)) if posted.isdigit() else None
        if name is None:
            return self.texts.not_listed
        return self.texts.not_living.format(name=name)

    def target_id(self) -> int | None:
        value = self.cleaned_data["target"]
        return None if value == NO_EXECUTION_CHOICE else int(value)

    def fallback_id(self) -> int | None:
        value = self.cleaned_data["fallback"]
        return int(value) if value else None


class DayExtendForm(forms.Form):
    minutes = forms.IntegerField(
        min_value=1,
        max_value=24 * 60,
        initial=60,
        help_text="Minutes added to the current day's end; shown to everyone (R2).",
    )
    reason = forms.CharField(max_length=500, required=False)


class UndoForm(forms.Form):
    reason = forms.CharField(max_length=500, help_text="Logged with the undo.")


class PlayerChoiceForm(forms.Form):
    player = PlayerPickField(required=False)
    reason = forms.CharField(max_length=500, required=False)
