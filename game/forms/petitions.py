"""The petition forms (R46, R47): the rules check the office, the kind and the candidate."""

from django import forms

from game.rulesets.live_action.petitions import PetitionKind


class PetitionForm(forms.Form):
    kind = forms.ChoiceField(
        label="Petition to",
        choices=[(PetitionKind.ELECTION, "elect"), (PetitionKind.IMPEACHMENT, "impeach")],
    )
    office = forms.CharField(label="Office", max_length=30)
    candidate = forms.IntegerField(label="Player")
