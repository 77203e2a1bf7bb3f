"""The day's forms: the vote (R5-R7), and the moderators' changes to the day (its end time,
ending it now, extending it, undoing, choosing a player)."""

from collections.abc import Mapping

from django import forms

from game.models import VoteCondition


class DayEndTimeForm(forms.Form):
    day_end_time = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False)


class DayEndNowForm(ReasonForm):
    """Names the day it ends, so that a second click ends nothing more (R4)."""

    day = forms.IntegerField(min_value=1, max_value=2**31 - 1, widget=forms.HiddenInput)


NO_EXECUTION_CHOICE = "none"


class VoteForm(forms.Form):
    """A vote (R5-R7). Choices are the living players, and No Execution on day 1 (R6)."""

    day = forms.IntegerField(widget=forms.HiddenInput)
    target = forms.ChoiceField(label="Execute")
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
        candidates=(),
        no_execution: bool = False,
        no_execution_label: str = "No Execution (day 1 only)",
        names: Mapping[int, str] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        players = [(str(p.pk), p.name) for p in candidates]
        first = [(NO_EXECUTION_CHOICE, no_execution_label)] if no_execution else []
        self.fields["target"].choices = [("", "Choose a player"), *first, *players]
        self.fields["fallback"].choices = [("", "No fallback"), *players]
        self.fields["condition"].choices = [("", "No condition"), *VoteCondition.choices]
        for field in ("target", "fallback"):
            self.fields[field].error_messages["invalid_choice"] = self._not_a_candidate(
                self.data.get(field, ""), names or {}
            )

    @staticmethod
    def _not_a_candidate(posted: str, names: Mapping[int, str]) -> str:
        """A refused choice in the player's words: the player named, never their internal id
        (R5: only the living may be voted for)."""
        name = names.get(int(posted)) if posted.isdigit() else None
        if name is None:
            return "Choose one of the players listed (R5)."
        return f"{name} is dead or out of the game: vote for a living player (R5)."

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
    player = forms.IntegerField(required=False)
    reason = forms.CharField(max_length=500, required=False)
