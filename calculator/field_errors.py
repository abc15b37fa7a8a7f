"""Every form's messages in the players' words, written once.

Django's own messages ("This field is required.", "Select a valid choice. x is not one
of the available choices.", "Ensure this value has at most 80 characters …") say what a
programmer checks; ours say what is wrong and how to put it right, in 简体, 繁體 and
English. Every form of the site mixes in ``PlayersWords``: before it checks its data,
each of its fields — those a form adds in its ``__init__`` too, and the parts of a field
made of several (the dice) — gets our sentence for each code Django would answer with,
where the field does not give its own.
"""

from __future__ import annotations

from django import forms

from presentation.form import choose, number_message, text_message, too_long_message

__all__ = ["PlayersWords", "in_players_words"]

# The codes Django's validators answer with: a field's message for one of them replaces
# the validator's own (``Field.run_validators``), as ModelForm does for a model's.
VALIDATOR_CODES = ("max_length", "min_length", "min_value", "max_value", "max_digits",
                   "max_decimal_places", "max_whole_digits", "null_characters_not_allowed")


def _stock(field: forms.Field) -> dict:
    """The messages Django gives a field of this class (``default_error_messages``)."""
    messages: dict = {}
    for cls in reversed(type(field).__mro__):
        messages.update(getattr(cls, "default_error_messages", {}))
    return messages


def _choice_names(field: forms.Field) -> list[str]:
    """The names of the field's choices (its widget's, for a number picked from a list),
    the blank one left out."""
    choices = getattr(field, "choices", None)
    if choices is None:
        choices = getattr(field.widget, "choices", None) or []
    names = []
    for value, label in choices:
        if isinstance(label, list | tuple):  # a group of choices
            names += [str(name) for inner, name in label if inner not in ("", None)]
        elif value not in ("", None):
            names.append(str(label))
    return names


def _picked(field: forms.Field) -> bool:
    """Whether the player picks the value from a list, rather than typing it."""
    return isinstance(field, forms.ChoiceField) or isinstance(
        field.widget, forms.Select | forms.RadioSelect)


def _invalid(field: forms.Field) -> str:
    # (Django's DecimalField and FloatField are IntegerFields too: 0.5 is a base)
    if isinstance(field, forms.DecimalField | forms.FloatField):
        return number_message("invalid", whole=False)
    if isinstance(field, forms.IntegerField):
        return number_message("invalid", whole=True)
    return text_message("invalid")


def _messages(field: forms.Field) -> dict[str, str]:
    """Our sentence for each code Django may answer for ``field`` with (the sentences of
    a form's fields, ``presentation.form``, which the offline engine says too)."""
    if _picked(field):
        names = _choice_names(field)
        invalid = choose(names, empty=False)
        messages = {"required": choose(names, empty=True), "invalid": invalid,
                    "invalid_choice": invalid, "min_value": invalid, "max_value": invalid}
    else:
        messages = {"required": text_message("required"), "invalid": _invalid(field),
                    "invalid_choice": choose(_choice_names(field), empty=False),
                    "min_value": number_message("min_value", whole=False),
                    "max_value": number_message("max_value", whole=False)}
    for code in ("max_length", "min_length", "max_digits", "max_decimal_places",
                 "max_whole_digits", "null_characters_not_allowed"):
        messages[code] = text_message(code)
    return {code: message for code, message in messages.items()
            if code in field.error_messages or code in VALIDATOR_CODES}


def in_players_words(field: forms.Field) -> None:
    """Give ``field`` (and each part of a field made of several) our messages, in the
    active language, for every code whose message is still Django's own."""
    stock = _stock(field)
    for code, message in _messages(field).items():
        current = field.error_messages.get(code)
        if current is None or current is stock.get(code):
            field.error_messages[code] = message
    for part in getattr(field, "fields", ()):  # a MultiValueField's parts
        in_players_words(part)


class PlayersWords(forms.BaseForm):
    """A form whose fields answer in the players' words (``in_players_words``), in the
    page's language: the fields a subclass adds after ``__init__`` are covered too.
    Most forms a page checks have no error: the sentences are worked out only for one
    that has, which is then checked again with them (checking is deterministic)."""

    def full_clean(self):
        super().full_clean()
        if not self._errors:
            return
        for field in self.fields.values():
            in_players_words(field)
        super().full_clean()
        self._say_too_long_numbers()

    def _say_too_long_numbers(self) -> None:
        """A whole number too long for Python (over 4300 digits) is one all the same:
        Django's IntegerField calls it "invalid", not a number; we say it is out of the
        field's range, and the range (``presentation.form.too_long_message``), where the
        field says ours for a typed whole number's "invalid" (``_messages``: a typed
        IntegerField's alone; not a hidden field's own)."""
        ours = number_message("invalid", whole=True)
        for name, field in self.fields.items():
            if name not in self._errors or str(field.error_messages.get("invalid")) != ours:
                continue
            text = self[name].data
            message = too_long_message(text, field.min_value, field.max_value) if isinstance(
                text, str) else None
            if message is not None:  # in its place: the errors keep the fields' order
                self._errors[name] = self.error_class(
                    forms.ValidationError(message, code="too_long").error_list,
                    renderer=self.renderer, field_id=self[name].auto_id)

