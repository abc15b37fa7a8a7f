"""The score form's fields, rendered once per rendering's inputs.

``{{ field|kept_crispy }}`` is crispy's ``as_crispy_field``, and ``{% region_fields form %}``
renders ``calculator.html#region-fields-body`` (the circumstances, house rules and 承包
claims of ``form``'s region). A seat, a win type, a streak or an unchanged hand renders
the same on every page, and most hands leave the region's fields as they come, so each
rendering is kept in a small per-process LRU under a key derived from everything it
reads: the page's language, the form's class and region, and each field shown — the
field itself (label, help text, widget, attributes, choices, validators), its name, id
and value — pickled and hashed, so that a change to any of them is a new key. Measured
with bench/pages.py (the calculator page about 5× faster with it). Nothing is kept for
a field with an error to show, or one whose inputs cannot be pickled; the cache is per
process (never a shared cache whose outage would break the page).
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

KEPT = 1024  # fieldsets and fields
_kept: OrderedDict[bytes, SafeString] = OrderedDict()
_lock = threading.Lock()


def _key(*inputs: object) -> bytes | None:
    """A digest of ``inputs`` (pickled: their whole state, lazy texts as their msgids);
    None for inputs that cannot be pickled (a lambda)."""
    try:
        return hashlib.sha256(pickle.dumps((get_language(), *inputs))).digest()
    except (pickle.PicklingError, TypeError, AttributeError):
        return None


def _inputs(bound) -> tuple:
    """What rendering a bound field reads of it."""
    return (bound.field, bound.html_name, bound.auto_id, str(bound.value()))


def _keep(key: bytes | None, render: Callable[[], SafeString]) -> SafeString:
    if key is None:
        return render()
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
    """``as_crispy_field``, kept when the field has no error."""
    if field.errors:
        return as_crispy_field(field)
    return _keep(_key(_inputs(field)), lambda: as_crispy_field(field))


@register.simple_tag
def region_fields(form) -> SafeString:
    fields = form.folded_fields()
    if any(field.errors for field in fields):
        return _render(form)
    key = _key(type(form).__qualname__, form.region_key, form.is_bound,
               [_inputs(field) for field in fields])
    return _keep(key, lambda: _render(form))


def _render(form) -> SafeString:
    return SafeString(render_to_string("calculator/calculator.html#region-fields-body",
                                       {"form": form}))


@receiver(setting_changed)
def _forget(setting: str, **kwargs) -> None:
    if setting in ("TEMPLATES", "DEBUG", "LANGUAGES", "STORAGES", "STATIC_URL"):
        with _lock:
            _kept.clear()
