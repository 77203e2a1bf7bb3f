from django import forms

from game.services.estimates.requests import MAX_GAMES, MIN_GAMES


class EstimateForm(forms.Form):
    players = forms.IntegerField(
        label="Players",
        min_value=1,
        max_value=999,
        help_text="The setup for this many players: the game's role counts, the rest filled.",
    )
    games = forms.IntegerField(
        label="Games",
        min_value=1,
        max_value=99_999,
        initial=2000,
        help_text=f"How many computer games of the setup, {MIN_GAMES} to {MAX_GAMES}; each "
        "variant plays a quarter as many.",
    )
    seed = forms.CharField(
        label="Seed",
        required=False,
        max_length=64,
        help_text="Leave it empty for new games; an earlier estimate's seed repeats its games "
        "(C8).",
    )
