import zoneinfo

from django import forms

from game.models import Game
from game.rules.roles import LIVE_ACTION_ROLES

TIME_ZONE_CHOICES = [(zone, zone) for zone in sorted(zoneinfo.available_timezones())]


class GameCreateForm(forms.Form):
    name = forms.CharField(max_length=100)
    time_zone = forms.ChoiceField(choices=TIME_ZONE_CHOICES, initial="America/New_York")
    day_end_time = forms.TimeField(
        initial="23:00",
        widget=forms.TimeInput(attrs={"type": "time"}),
        help_text="Each day ends at this local time (R1).",
    )


class GameSettingsForm(forms.ModelForm):
    class Meta:
        model = Game
        fields = [
            "name",
            "secret_ballots",
            "serial_killer_kills_count",
            "answers_without_review",
        ]


class RoleCountsForm(forms.ModelForm):
    class Meta:
        model = Game
        fields = [
            "mafia_count",
            "serial_killer_count",
            "investigator_count",
            "desperado_count",
            "gay_knight_pair_count",
            "group_investigator_count",
            "innocent_child_count",
            "priest_count",
            "stalker_count",
            "vigilante_count",
            "shovel_count",
            "taser_count",
        ]


class SignupForm(forms.Form):
    name = forms.CharField(
        max_length=60, required=False, help_text="Leave empty to play under your display name."
    )
    introduction = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=2000)
    photo = forms.ImageField(required=False, help_text="A photo so that others can find you.")


class RoleSetForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(choices=[(c.role.value, c.name) for c in LIVE_ACTION_ROLES.values()])
    partner = forms.IntegerField(required=False)


class DayEndTimeForm(forms.Form):
    day_end_time = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False)


class ModeratorAddForm(forms.Form):
    username_or_email = forms.CharField(max_length=254, label="Username or email")


class DisplayNameForm(forms.Form):
    display_name = forms.CharField(max_length=60, required=False)


class TokenCreateForm(forms.Form):
    name = forms.CharField(max_length=60)
