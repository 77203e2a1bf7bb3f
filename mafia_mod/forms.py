"""How every Django form of the app renders its fields (templates/forms/field.html): required
fields are marked in their label, errors and help are tied to the field."""

from django.forms.renderers import TemplatesSetting


class FormRenderer(TemplatesSetting):
    field_template_name = "forms/field.html"
