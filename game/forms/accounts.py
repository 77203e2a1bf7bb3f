"""A user's own settings: their display name and API tokens."""

from django import forms


class DisplayNameForm(forms.Form):
    display_name = forms.CharField(max_length=60, required=False)


class TokenCreateForm(forms.Form):
    name = forms.CharField(max_length=60)
