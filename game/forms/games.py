"""Making a game and setting it up: its settings, its role and item counts, the sign-up, a
role given by hand, a moderator added."""

import zoneinfo

from django import forms

from game.forms.forum_settings import FORUM_FIELDS, forum_fields
from game.forms.pickers import PlayerPickField
from game.models import Game
from game.rulesets import registry
from game.rulesets.ruleset import Ruleset
from game.rulesets.setup import MAX_COUNT, Setup
from game.services.lobby.games import FORUM_PLAY_SETTINGS, SPECTATOR_SETTINGS

# The zones most games are played in first; then every region's zones ("Europe/Paris"), leaving
# out the database's aliases and oddities ("Factory", "localtime", "EST5EDT") that nobody picks.
COMMON_TIME_ZONES = (
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Asia/Bangkok",
    "Asia/Tokyo",
    "Australia/Sydney",
    "UTC",
)
TIME_ZONE_CHOICES = [
    ("Common time zones", [(zone, zone) for zone in COMMON_TIME_ZONES]),
    (
        "Every time zone",
        [
            (zone, zone)
            for zone in sorted(zoneinfo.available_timezones())
            if "/" in zone
            and not zone.startswith(("Etc/", "SystemV/", "posix/", "right/"))
            and zone not in COMMON_TIME_ZONES
        ],
    ),
]


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
    night_end_time = forms.TimeField(
        initial="09:00",
        widget=forms.TimeInput(attrs={"type": "time"}),
        help_text="Classic: each night ends at this local time (C1).",
    )
    phase_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=7 * 24 * 60,
        label="Phase length in minutes (optional)",
        help_text="Classic, for fast games: every day and night lasts this long instead of "
        "ending at the times above (C1).",
    )
    night_ends_when_all_in = forms.BooleanField(
        required=False,
        initial=True,
        label="End a night once every night action is in",
        help_text="Classic (C1).",
    )
    bots = forms.BooleanField(
        required=False,
        label="Bots may play",
        help_text="Classic and HP: every player then signs up with a protocol name, the name seed "
        "002's bots call them by (C10). Fixed once the game is made.",
    )

    # Shown only while a night-and-day rule set is chosen (the page's fieldsets).
    NIGHT_AND_DAY_FIELDS = ("night_end_time", "phase_minutes", "night_ends_when_all_in")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields.update(forum_fields())

    def general_fields(self) -> list[forms.BoundField]:
        hidden = {*self.NIGHT_AND_DAY_FIELDS, *FORUM_FIELDS}
        return [f for f in self if f.name not in hidden]

    def phase_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.NIGHT_AND_DAY_FIELDS]

    def forum_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in FORUM_FIELDS]

    @classmethod
    def forum_rulesets(cls) -> str:
        """The rule sets whose games are played in the threads, with these settings."""
        return " ".join(
            code
            for code, rules in registry.RULESETS.items()
            if set(FORUM_FIELDS) <= set(rules.pages.settings)
        )

    @classmethod
    def phase_rulesets(cls) -> str:
        """The rule sets whose games have these settings (`Ruleset.pages.settings`)."""
        return " ".join(
            code
            for code, rules in registry.RULESETS.items()
            if set(cls.NIGHT_AND_DAY_FIELDS) <= set(rules.pages.settings)
        )


NIGHT_AND_DAY_SETTINGS = (
    "night_end_time",
    "phase_minutes",
    "night_ends_when_all_in",
    "action_reminder_minutes",
    *FORUM_PLAY_SETTINGS,
)
LIVE_ACTION_SETTINGS = ("secret_ballots", "serial_killer_kills_count", "answers_without_review")


class GameSettingsForm(forms.ModelForm):
    class Meta:
        model = Game
        fields = [
            "name",
            *LIVE_ACTION_SETTINGS,
            "vote_reminder_minutes",
            *NIGHT_AND_DAY_SETTINGS,
            *SPECTATOR_SETTINGS,
        ]
        labels = {
            "night_end_time": "Nights end at",
            "spectators_allowed": "Allow spectators",
            "spectators_board": "A spectators' board for the dead and the spectators",
        }
        widgets = {"night_end_time": forms.TimeInput(format="%H:%M", attrs={"type": "time"})}

    def __init__(self, *args, **kwargs) -> None:
        """Only the settings the game's rule set has (`Ruleset.pages.settings`): the
        live-action rulings R50, R18 and R20 have no part in a night-and-day game, whose votes
        are public (C5), nor the phase engine's in a live-action one. The forum's settings in
        words (game.forms.forum_settings), grouped apart, each group with its own save button.
        Every rule set's games have the spectators' settings (docs/spectators.md)."""
        super().__init__(*args, **kwargs)
        self.fields.update(forum_fields(self.instance))
        pages = self.instance.rules.pages
        kept = {*pages.settings, *SPECTATOR_SETTINGS}
        for name in [name for name in self.fields if name not in kept]:
            del self.fields[name]
        for field in self.fields.values():
            field.help_text = pages.own_words(str(field.help_text))

    def general_fields(self) -> list[forms.BoundField]:
        return [f for f in self if f.name not in FORUM_FIELDS]

    def forum_fields(self) -> list[forms.BoundField]:
        return [f for f in self if f.name in FORUM_FIELDS]


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
        """The counts the moderator changed, as the setup the services take: where the rule set's
        defaults follow the sign-ups, a count left as shown keeps following them."""
        data = {name: self.cleaned_data[name] for name in self.changed_data}
        return {
            "roles": {k[len(self.ROLE) :]: v for k, v in data.items() if k.startswith(self.ROLE)},
            "items": {k[len(self.ITEM) :]: v for k, v in data.items() if k.startswith(self.ITEM)},
        }


class SignupForm(forms.Form):
    name = forms.CharField(
        max_length=60, required=False, help_text="Leave empty to play under your display name."
    )
    protocol_name = forms.CharField(
        max_length=60,
        required=False,
        help_text="Games with bots: the name bots call you by (C10): letters, digits, dashes and "
        "underscores. Leave empty to use your name, if it is one.",
    )
    introduction = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=2000,
        required=False,
        help_text="Optional: a few words so that others know who you are.",
    )
    photo = forms.ImageField(required=False, help_text="A photo so that others can find you.")


class RoleSetForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.CharField(max_length=30)
    partner = PlayerPickField(required=False)


class ModeratorAddForm(forms.Form):
    username_or_email = forms.CharField(max_length=254, label="Username or email")
