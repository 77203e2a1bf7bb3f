from django import forms

from game.models import Game


class ReviewPublishForm(forms.Form):
    public = forms.BooleanField(
        required=False,
        label="Open the review to everyone",
        help_text=Game._meta.get_field("review_public").help_text,
    )
