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
from django.utils.translation import gettext

__all__ = ["PlayersWords", "in_players_words"]

# A choice list is named in the message when it is this short (seats, regions, win types).
NAMED_CHOICES = 8
NAMED_LENGTH = 60  # characters, the names joined
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


def _choose(field: forms.Field, empty: bool) -> str:
    """Nothing picked, or something not on the list: pick one from it (named when short;
    never with a %, which Django's formatting of some messages with params would read)."""
    names = _choice_names(field)
    listed = " / ".join(names)
    if (names and len(names) <= NAMED_CHOICES and len(listed) <= NAMED_LENGTH
            and "%" not in listed):
        if empty:
            return gettext("Nothing chosen: pick one from the list (%(choices)s).") % {
                "choices": listed}
        return gettext("That is not one of the choices: pick one from the list "
                       "(%(choices)s).") % {"choices": listed}
    if empty:
        return gettext("Nothing chosen: pick one from the list.")
    return gettext("That is not one of the choices: pick one from the list.")


def _messages(field: forms.Field) -> dict[str, str]:
    """Our sentence for each code Django may answer for ``field`` with."""
    picked = _picked(field)
    if picked:
        invalid = _choose(field, empty=False)
    elif isinstance(field, forms.IntegerField):
        invalid = gettext("Not a whole number: write digits only, e.g. 2.")
    elif isinstance(field, forms.DecimalField | forms.FloatField):
        invalid = gettext("Not a number: write it in digits, e.g. 1 or 0.5.")
    else:
        invalid = gettext("This is not in a form the page can read: check what is "
                          "written here.")
    messages = {
        "required": _choose(field, empty=True) if picked
        else gettext("This is empty: please fill it in."),
        "invalid": invalid,
        "invalid_choice": _choose(field, empty=False),
        "max_length": gettext("Too long: at most %(limit_value)d characters (this has "
                              "%(show_value)d). Shorten it."),
        "min_length": gettext("Too short: at least %(limit_value)d characters (this has "
                              "%(show_value)d)."),
        "min_value": invalid if picked
        else gettext("Too small: write %(limit_value)s or more."),
        "max_value": invalid if picked
        else gettext("Too large: write %(limit_value)s or less."),
        "max_digits": gettext("Too many digits: at most %(max)s in all."),
        "max_decimal_places": gettext("Too many digits after the point: at most %(max)s."),
        "max_whole_digits": gettext("Too many digits before the point: at most %(max)s."),
        "null_characters_not_allowed": gettext(
            "This holds a character that cannot be kept (a null character): type it "
            "again."),
    }
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
