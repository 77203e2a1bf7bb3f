import zoneinfo

from django import forms

from game.models import Game, VoteCondition
from game.rulesets import registry
from game.rulesets.base import Ruleset
from game.rulesets.setup import MAX_COUNT, Setup

TIME_ZONE_CHOICES = [(zone, zone) for zone in sorted(zoneinfo.available_timezones())]


class GameCreateForm(forms.Form):
    name = forms.CharField(max_length=100)
    ruleset = forms.ChoiceField(
        label="Rule set",
        choices=registry.ruleset_choices,
        initial=registry.DEFAULT_RULESET,
        help_text="Roles, powers and items come from the rule set; counts are set next.",
    )
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
            "vote_reminder_minutes",
        ]


class SetupForm(forms.Form):
    """One count per role of the game's rule set (but the one that fills the rest) and per item,
    labelled and limited by the rule set."""

    ROLE = "role_"
    ITEM = "item_"

    def __init__(self, *args, rules: Ruleset, setup: Setup, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for role in rules.countable_roles:
            self.fields[self.ROLE + role.code] = self._count(
                role.count_label or role.name, setup.roles[role.code], role.not_yet
            )
        for item in rules.items:
            self.fields[self.ITEM + item.code] = self._count(
                item.name, setup.items[item.code], item.not_yet
            )

    @staticmethod
    def _count(label: str, initial: int, note: str) -> forms.IntegerField:
        return forms.IntegerField(
            label=label, min_value=0, max_value=MAX_COUNT, initial=initial, help_text=note
        )

    def setup_changes(self) -> dict[str, dict[str, int]]:
        """The counts as the setup the services take."""
        data = self.cleaned_data
        return {
            "roles": {k[len(self.ROLE) :]: v for k, v in data.items() if k.startswith(self.ROLE)},
            "items": {k[len(self.ITEM) :]: v for k, v in data.items() if k.startswith(self.ITEM)},
        }


class SignupForm(forms.Form):
    name = forms.CharField(
        max_length=60, required=False, help_text="Leave empty to play under your display name."
    )
    introduction = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=2000)
    photo = forms.ImageField(required=False, help_text="A photo so that others can find you.")


class RoleSetForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.CharField(max_length=30)
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

    def __init__(self, *args, candidates=(), no_execution: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        players = [(str(p.pk), p.name) for p in candidates]
        first = [(NO_EXECUTION_CHOICE, "No Execution (day 1 only)")] if no_execution else []
        self.fields["target"].choices = [("", "Choose a player"), *first, *players]
        self.fields["fallback"].choices = [("", "No fallback"), *players]
        self.fields["condition"].choices = [("", "No condition"), *VoteCondition.choices]

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
