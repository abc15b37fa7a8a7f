"""The score form's fields, rendered once per language, region and values.

``{{ field|kept_crispy }}`` is crispy's ``as_crispy_field`` for a field of the
calculator's or the waits page's form, kept per (language, form, region, field, value):
a seat, a win type, a streak or an unchanged hand renders the same on every page.

``{% region_fields form %}`` renders ``calculator.html#region-fields-body`` (the
circumstances, house rules and 承包 claims of ``form``'s region). Most hands leave those
fields at their defaults, so the fieldset of a (language, form class, region, values)
is kept in a small per-process LRU and rendered again only for new values. Nothing is
kept for a fieldset with an error to show, or for values too long to be a hand's; the
cache is per process (never a shared cache whose outage would break the page).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

KEPT = 1024  # fieldsets and fields
LONGEST_KEY = 600  # characters of values: beyond it, rendered and not kept
_kept: OrderedDict[tuple, SafeString] = OrderedDict()
_lock = threading.Lock()


def _names(form) -> list[str]:
    return [field.name for field in form.folded_fields()]


def _keep(key: tuple, render) -> SafeString:
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    html = render()
    with _lock:
        _kept[key] = html
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return html


@register.filter
def kept_crispy(field) -> SafeString:
    """``as_crispy_field``, kept for the calculator's and waits page's forms (not the
    ledger's, whose seat labels carry a table's names) when the field has no error."""
    from calculator.forms import ScoreForm, WaitsForm

    form = field.form
    value = str(field.value())
    if field.errors or type(form) not in (ScoreForm, WaitsForm) or len(value) > LONGEST_KEY:
        return as_crispy_field(field)
    key = ("field", get_language(), type(form).__name__, form.region_key, form.is_bound,
           field.name, value)
    return _keep(key, lambda: as_crispy_field(field))


@register.simple_tag
def region_fields(form) -> SafeString:
    names = _names(form)
    if any(form[name].errors for name in names):
        return _render(form)
    values = tuple((name, str(form[name].value())) for name in names)
    key = (get_language(), type(form).__name__, form.region_key, form.is_bound, values)
    if sum(len(value) for _name, value in values) > LONGEST_KEY:
        return _render(form)
    return _keep(key, lambda: _render(form))


def _render(form) -> SafeString:
    return SafeString(render_to_string("calculator/calculator.html#region-fields-body",
                                       {"form": form}))


@receiver(setting_changed)
def _forget(setting: str, **kwargs) -> None:
    if setting in ("TEMPLATES", "DEBUG", "LANGUAGES", "STORAGES", "STATIC_URL"):
        with _lock:
            _kept.clear()
