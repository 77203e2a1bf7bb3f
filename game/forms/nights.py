"""The night's forms: a player's night choice (C2-C4), the moderators' dawn override, and
ending a phase."""

from django import forms

from game.forms.pickers import PlayersPickField

NO_ONE_CHOICE = "none"


class NightActionForm(forms.Form):
    """Tonight's choice (C2-C4) for one of the player's night actions (`action`; empty: their
    first, M12: a player with two active cards acts twice): a living player, or no one."""

    night = forms.IntegerField(widget=forms.HiddenInput)
    action = forms.CharField(max_length=40, required=False, widget=forms.HiddenInput)
    target = forms.ChoiceField(label="Your choice")

    def __init__(self, *args, choices=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        players = [(str(c.id), c.name) for c in choices]
        self.fields["target"].choices = [("", "Choose"), (NO_ONE_CHOICE, "No one"), *players]

    @staticmethod
    def target_of(data: dict) -> int | None:
        return None if data["target"] == NO_ONE_CHOICE else int(data["target"])


class NightOverrideForm(forms.Form):
    """The moderators' decision of who dies at dawn (several players, or nobody), with its
    reason. The players are picked by name from a search (`_dawn_override.html`), never from a
    list of every living player."""

    night = forms.IntegerField(widget=forms.HiddenInput)
    victim = PlayersPickField(label="At dawn", nobody=NO_ONE_CHOICE)
    reason = forms.CharField(max_length=1000, label="Reason")

    @staticmethod
    def victims_of(data: dict) -> list[int]:
        return [int(pk) for pk in data["victim"] if pk != NO_ONE_CHOICE]


class PhaseEndForm(forms.Form):
    code = forms.CharField(widget=forms.HiddenInput, max_length=20)
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    reason = forms.CharField(max_length=500, required=False)
