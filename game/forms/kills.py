"""Forms of the kill, investigation, shovel and mafia pages: they parse, the services decide
(a forged player id, or a method, capacity, power or role the game's rule set does not have,
gets the service's clear message)."""

from django import forms
from django.utils import timezone

from game.forms.pickers import PlayerPickField
from game.models import KillSide

LOCAL_INPUT = "%Y-%m-%dT%H:%M"


class LocalDateTimeField(forms.DateTimeField):
    """A phone's datetime-local input, read in the game's zone (the view activates it)."""

    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_INPUT)
    input_formats = [LOCAL_INPUT, "%Y-%m-%dT%H:%M:%S"]


def local_now_value(zone) -> str:
    return timezone.localtime(timezone.now(), zone).strftime(LOCAL_INPUT)


class KillReportForm(forms.Form):
    side = forms.ChoiceField(choices=KillSide.choices, widget=forms.RadioSelect)
    other = forms.IntegerField(required=False)
    method = forms.CharField(max_length=30, required=False)
    location = forms.CharField(max_length=200)
    happened_at = LocalDateTimeField(required=False)
    disarm_claimed = forms.BooleanField(required=False)
    note = forms.CharField(max_length=1000, required=False)


class KillRespondForm(forms.Form):
    agrees = forms.TypedChoiceField(choices=[("1", "Confirm"), ("0", "Dispute")], coerce=int)
    note = forms.CharField(max_length=1000, required=False)
    disarm_claimed = forms.BooleanField(required=False)
    method = forms.CharField(max_length=30, required=False, label="How you killed")


class KillDecisionForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False)
    override = forms.BooleanField(required=False)
    attempt_failed = forms.BooleanField(required=False)


class KillEditForm(forms.Form):
    killer = PlayerPickField(
        required=False,
        error_messages={"not_picked": "Choose the killer from the list of players."},
    )
    method = forms.CharField(max_length=30, required=False)
    happened_at = LocalDateTimeField(required=False)
    location = forms.CharField(max_length=200, required=False)
    reason = forms.CharField(max_length=500)


class SiteVisitForm(forms.Form):
    victim = forms.IntegerField()


class TazingForm(forms.Form):
    """The moderators' record of a tazing: the tazed player, picked by name (R44)."""

    victim = PlayerPickField(error_messages={"required": "Choose the tazed player."})


class ItemOfferForm(forms.Form):
    receiver = forms.IntegerField(label="Offer it to")


class TaserTargetForm(forms.Form):
    target = forms.IntegerField(label="Target")


class InvestigationForm(forms.Form):
    capacity = forms.CharField(max_length=30)
    victim = forms.IntegerField()
    suspects = forms.TypedMultipleChoiceField(coerce=int, choices=[])

    def __init__(self, *args, player_ids: list[int] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["suspects"].choices = [(pk, pk) for pk in player_ids]


class PlayerListForm(forms.Form):
    players = forms.TypedMultipleChoiceField(coerce=int, choices=[], required=False)
    saints = forms.TypedMultipleChoiceField(coerce=int, choices=[], required=False)
    sinners = forms.TypedMultipleChoiceField(coerce=int, choices=[], required=False)

    def __init__(self, *args, player_ids: list[int] = (), **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("players", "saints", "sinners"):
            self.fields[name].choices = [(pk, pk) for pk in player_ids]


class IdListField(forms.Field):
    """Every value of a repeated field, as ids."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value) -> list[int]:
        try:
            return [int(v) for v in value or []]
        except (TypeError, ValueError) as error:
            raise forms.ValidationError("Reload the queue: the list was not understood.") from error


class BulkForm(forms.Form):
    """The ids of what a one-click action was shown to act on."""

    kill = IdListField(required=False)
    investigation = IdListField(required=False)
    shovel = IdListField(required=False)


class AnswerForm(forms.Form):
    answer = forms.ChoiceField(
        choices=[("", "as computed"), ("yes", "yes"), ("no", "no")], required=False
    )
    reason = forms.CharField(max_length=500, required=False)

    def chosen(self) -> bool | None:
        value = self.cleaned_data["answer"]
        return None if not value else value == "yes"


class PowerRecordForm(forms.Form):
    power = forms.CharField(max_length=30)
    target = PlayerPickField(required=False)
    note = forms.CharField(max_length=500, label="Reason")


class TrapForm(forms.Form):
    power = forms.CharField(max_length=30)
    target = forms.IntegerField(label="Player to trap")
    guessed_role = forms.CharField(max_length=30, required=False, label="Role you guess")
    reason = forms.CharField(max_length=500, required=False)


class StalkForm(forms.Form):
    target = forms.IntegerField(label="Player to stalk")
    reason = forms.CharField(max_length=500, required=False)


class RevealForm(forms.Form):
    target = forms.IntegerField(label="Player you revealed yourself to")
