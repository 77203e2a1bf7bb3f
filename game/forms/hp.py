"""The forms of HP games: the solo game's start (H10) and a player's choice (H3, H8)."""

from django import forms

from game.rulesets.hp.setup import MAX_SOLO_PLAYERS, MIN_PLAYERS

MAX_WATCH_SEED = 2**31 - 1

CHARACTER_CHOICES = [
    ("mafia", "Mafia"),
    ("detective", "Detective"),
    ("healer", "Healer"),
    ("commoner", "Commoner"),
    ("", "Assign Randomly"),
]
"""The seed's "Choose a Character" menu, in its order."""


class HpSoloForm(forms.Form):
    players = forms.IntegerField(
        label="Number of players",
        min_value=MIN_PLAYERS,
        max_value=MAX_SOLO_PLAYERS,
        initial=10,
        help_text=f"{MIN_PLAYERS} to {MAX_SOLO_PLAYERS}; the computer plays the other seats (H10).",
    )
    role = forms.ChoiceField(
        label="Choose a Character", choices=CHARACTER_CHOICES, required=False, initial=""
    )


class HpChoiceForm(forms.Form):
    target = forms.IntegerField(min_value=1)


class HpWatchForm(forms.Form):
    """A game of computer players to watch (H10): its size and its seed (C8)."""

    players = forms.IntegerField(
        label="Number of players",
        min_value=MIN_PLAYERS,
        max_value=MAX_SOLO_PLAYERS,
        initial=10,
        help_text=f"{MIN_PLAYERS} to {MAX_SOLO_PLAYERS}.",
    )
    seed = forms.IntegerField(
        label="Seed",
        min_value=0,
        max_value=MAX_WATCH_SEED,
        help_text="The same seed plays the same game.",
    )
