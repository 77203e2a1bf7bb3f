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


class CountAnswerForm(forms.Form):
    answer = forms.IntegerField(label="Send", min_value=0, max_value=999, required=False)
    reason = forms.CharField(label="Reason", max_length=500, required=False)
