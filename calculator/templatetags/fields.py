"""The score form's region fieldset, rendered once per language, region and values.

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

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

KEPT = 256  # fieldsets
LONGEST_KEY = 600  # characters of values: beyond it, rendered and not kept
_kept: OrderedDict[tuple, SafeString] = OrderedDict()
_lock = threading.Lock()


def _names(form) -> list[str]:
    names = [field.name for field in form.region_fields()]
    if form.uses_claims:
        names += [field.name for row in form.claim_rows() for field in row]
    return names


@register.simple_tag
def region_fields(form) -> SafeString:
    names = _names(form)
    if any(form[name].errors for name in names):
        return _render(form)
    values = tuple((name, str(form[name].value())) for name in names)
    key = (get_language(), type(form).__name__, form.region_key, form.is_bound, values)
    if sum(len(value) for _name, value in values) > LONGEST_KEY:
        return _render(form)
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    html = _render(form)
    with _lock:
        _kept[key] = html
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return html


def _render(form) -> SafeString:
    return SafeString(render_to_string("calculator/calculator.html#region-fields-body",
                                       {"form": form}))


@receiver(setting_changed)
def _forget(setting: str, **kwargs) -> None:
    if setting in ("TEMPLATES", "DEBUG", "LANGUAGES", "STORAGES", "STATIC_URL"):
        with _lock:
            _kept.clear()
