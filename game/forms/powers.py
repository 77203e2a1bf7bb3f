"""A mafia power's form, built from its spec's inputs (R33-R42): a player by id (or "name #id",
as the moderators' player fields send it), a kill by id, a role, an alignment or a short text by
value, and the moderators' reason for an override."""

from django import forms

from game.forms.pickers import PlayerPickField
from game.rulesets.base import Choice, PowerInput


def _field(spec_input: PowerInput) -> forms.Field:
    if spec_input.choice.is_player:
        return PlayerPickField(label=spec_input.label, required=spec_input.required)
    if spec_input.choice == Choice.MAFIA_KILL:
        return forms.IntegerField(label=spec_input.label, required=spec_input.required)
    return forms.CharField(label=spec_input.label, max_length=200, required=spec_input.required)


def power_form(inputs: tuple[PowerInput, ...], data) -> forms.Form:
    """The form of a power with these inputs, bound to `data`."""
    fields = {spec_input.name: _field(spec_input) for spec_input in inputs}
    fields["reason"] = forms.CharField(max_length=500, required=False)
    return type("PowerForm", (forms.Form,), fields)(data)
