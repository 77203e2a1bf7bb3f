"""Forum Mafia's settings in words (docs/forum-play.md), on the create-game form and the
dashboard alike: each a choice that says what it does, with its help text, the game's own value
kept among the choices when the API set another."""

from django import forms

from game.models import Game
from game.rulesets.pages import FORUM_PLAY_SETTINGS

HAMMER_HELP = (
    "More than half of the living voting the same way ends the day at once. Off: the day ends "
    "at its deadline and the most votes win (C5)."
)
CHOICES = {
    "vote_count_every": (
        "Vote counts in Town Square",
        "Each count lists the votes, who has not voted and the time left. Moderators can "
        "post one at any time too.",
        [(0, "Only when the moderators ask"), (1, "After every vote")]
        + [(n, f"After every {n} votes") for n in (2, 3, 4, 5, 10)],
    ),
    "prod_hours": (
        "Prod silent players",
        "A living player silent in Town Square this long by day is prodded privately; silent as "
        "long again, warned; then the moderators are asked for a replacement.",
        [(0, "Never")] + [(n, f"After {n} hours without a post") for n in (12, 24, 48, 72)],
    ),
    "vacation_days": (
        "Vacation notices",
        "A player may announce an absence this long at most; their prods wait until it ends.",
        [(0, "Not allowed")] + [(n, f"Up to {n} days") for n in (2, 4, 7, 14)],
    ),
}
BOOLEANS = {
    "votes_in_posts": (
        "Votes written in posts",
        "A player's Town Square post by day with “VOTE: name” or “UNVOTE” casts or withdraws "
        "their vote (C5). The vote form keeps working.",
    ),
    "majority_ends_day": ("A majority ends the day at once (the hammer)", HAMMER_HELP),
    "phase_threads": (
        "A thread for each day and night",
        "Opened with its phase, its deadline in its first post, locked when the phase ends.",
    ),
}
FORUM_FIELDS = FORUM_PLAY_SETTINGS


def forum_fields(current: Game | None = None) -> dict[str, forms.Field]:
    """The forum settings' fields, their initial values the game's (or the defaults)."""
    fields: dict[str, forms.Field] = {}
    for name, (label, help_text) in BOOLEANS.items():
        fields[name] = forms.BooleanField(required=False, label=label, help_text=help_text)
    for name, (label, help_text, choices) in CHOICES.items():
        value = getattr(current, name, 0)
        if value not in dict(choices):
            choices = sorted([*choices, (value, str(value))])
        fields[name] = forms.TypedChoiceField(
            label=label,
            help_text=help_text,
            choices=choices,
            coerce=int,
            initial=0,
            required=False,
            empty_value=0,
        )
    wills = Game._meta.get_field("last_wills")
    fields["last_wills"] = forms.ChoiceField(
        required=False,
        label="Last wills",
        help_text="Players write a will, posted in Town Square when they die.",
        choices=wills.choices,
    )
    return {name: fields[name] for name in FORUM_FIELDS}
