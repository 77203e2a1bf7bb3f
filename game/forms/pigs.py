"""The pig game's deal forms (seed 003): a deal pasted in the original's format, or a random
deal from a seed."""

from django import forms

from game.rulesets.pigs import Deal, DealError, deal_parse
from game.rulesets.pigs.cards import MAX_PIGS
from game.rulesets.pigs.deal import MAX_SEED

MAX_TEXT = 20_000  # a full deal (10 pigs, 2,000 cards) is about 4,100 characters


class PigDealForm(forms.Form):
    deal = forms.CharField(
        label="Deal in the original's format",
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 7, "spellcheck": "false", "autocapitalize": "off"}),
        help_text="First line n m; then each pig's role (MP first) and 4 cards; then the deck "
        "(§1). Cards: P K D F N W J Z.",
    )

    def clean_deal(self) -> Deal:
        try:
            return deal_parse(self.cleaned_data["deal"])
        except DealError as error:
            raise forms.ValidationError(str(error)) from error


class PigRandomForm(forms.Form):
    seed = forms.IntegerField(
        label="Seed",
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text="The same seed deals the same game. Leave it empty for a new one.",
    )
    pigs = forms.IntegerField(
        label="Pigs",
        required=False,
        min_value=2,
        max_value=MAX_PIGS,
        help_text=f"2 to {MAX_PIGS}; empty for any number.",
    )
