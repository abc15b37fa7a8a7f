"""Tile pictures and result readings in templates (the markup: ``presentation``).

``{% load tiles %}`` then ``{% tile "5m" %}`` for one face, with ``wild=True`` for a wild
(a gold corner badge) and ``as_code="9s"`` for what a wild or a 白 substitute stands for;
``{% tile_group group %}`` draws one group of the engine's reading (docs/API.md
``groups[]``); ``{% tile_palette as suits %}`` lists the 34 faces in suit rows;
``{% result_reading result %}`` draws a presented result's best reading as the result
panel does (the ledger's win preview).
"""

from __future__ import annotations

import json
from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from calculator.results import page_links, tile_sources
from presentation import tiles
from presentation.form import MELD_WORDS
from presentation.language import chinese_lang
from presentation.page import reading_html
from presentation.regions import facts
from presentation.results import Result

register = template.Library()


@register.simple_tag
def tile(code: str, wild: bool = False, as_code: str | None = None,
         region: str | None = None, decorative: bool = False,
         winning: bool = False) -> SafeString:
    """One tile face (``presentation.tiles.tile_html``)."""
    return SafeString(tiles.tile_html(code, tile_sources().get(code, ""), wild=wild,
                                      as_code=as_code, region=region, decorative=decorative,
                                      winning=winning))


@register.simple_tag
def tile_group(group: dict, region: str | None = None) -> SafeString:
    """One group of a reading, as the engine returns it (``presentation.tiles.group_html``)."""
    return SafeString(tiles.group_html(group, tile_sources(), region))


@register.simple_tag
def tile_palette() -> tuple[tiles.PaletteSuit, ...]:
    """The 34 faces in four rows: 萬, 筒, 條, 字."""
    return tiles.palette(tile_sources())


@register.simple_tag
def result_reading(result: Result) -> SafeString:
    """A presented result's best reading, as the result panel draws it."""
    if result.best is None:
        return SafeString("")
    return SafeString(reading_html(result.best, result.region_key, page_links()))


@register.simple_tag(name="chinese_lang")
def chinese_lang_tag() -> str:
    """The ``lang`` of Chinese words on this page: zh-Hans or zh-Hant."""
    return chinese_lang()


@register.simple_tag
def palette_html() -> SafeString:
    """The palette's 34 buttons (``_palette.html``), rendered once per process and language:
    they are the same on every page and every request."""
    return _palette_html(get_language() or "")


@lru_cache(maxsize=8)
def _palette_html(language: str) -> SafeString:
    return SafeString(render_to_string("calculator/_palette.html"))


@register.simple_tag
def meld_words() -> str:
    """A meld's kind as the melds box writes it in the page's language
    (``presentation.form.MELD_WORDS``), as JSON for static/js/tiles.js (for a data
    attribute: the template escapes it)."""
    return json.dumps({kind: str(word) for kind, word in MELD_WORDS.items()},
                      ensure_ascii=False, separators=(",", ":"))


@register.simple_tag
def region_facts() -> str:
    """The regions' wild facts for static/js/tiles.js, as JSON (for a data attribute:
    the template escapes it)."""
    return json.dumps(facts(), ensure_ascii=False, separators=(",", ":"))


@receiver(setting_changed)
def _forget_rendered(setting: str, **kwargs) -> None:
    """A test that changes how static files are named (or the templates) starts afresh."""
    if setting in ("STORAGES", "STATIC_URL", "STATIC_ROOT", "TEMPLATES", "DEBUG"):
        tile_sources.cache_clear()
        _palette_html.cache_clear()
