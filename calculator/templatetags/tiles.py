"""Tile pictures in templates.

``{% load tiles %}`` then ``{% tile "5m" %}`` for one face, with ``wild=True`` for a wild
(a gold corner badge) and ``as_code="9s"`` for what a wild or a 白 substitute stands for;
``{% tile_group group %}`` draws one group of the engine's reading (docs/API.md
``groups[]``); ``{% tile_palette as suits %}`` lists the 34 faces in suit rows.

The markup uses the ``tile-face`` class family: site.css styles plain ``.tile`` text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from calculator.regions import chinese, chinese_lang, facts, wild_badge
from rules.regions import REGIONS
from rules.tiles import CODES, NUMERALS, SUIT_NAMES

register = template.Library()
REGION_KEYS = frozenset(REGIONS)

HONOUR_NAMES = ("東風", "南風", "西風", "北風", "白板", "發財", "紅中")
# The engine's group kinds (docs/API.md) in the page's language, for screen readers.
GROUP_KINDS = {"chow": gettext_lazy("chow"), "pung": gettext_lazy("pung"),
               "kong": gettext_lazy("kong"), "pair": gettext_lazy("pair"),
               "single": gettext_lazy("single")}


def tile_name(code: str) -> str:
    """Chinese name of a tile as players say it: 五萬, 三筒, 七條, 東風, 白板 …"""
    number, suit = int(code[0]), code[1]
    if suit == "z":
        return HONOUR_NAMES[number - 1]
    return NUMERALS[number - 1] + SUIT_NAMES[suit]


def tile_label(code: str) -> str:
    """Text alternative of a face: its Chinese name and its code, ``五万 5m`` (in the
    page's Chinese characters)."""
    return f"{chinese(tile_name(code))} {code}"


@register.simple_tag
def tile(code: str, wild: bool = False, as_code: str | None = None,
         region: str | None = None, decorative: bool = False,
         winning: bool = False) -> SafeString:
    """One tile face. ``wild``: mark it as a wild; ``as_code``: show what it stands for
    (shown when it differs from the face, or for any wild); ``region`` picks the wild
    badge's word (the region's ``wild_badge``: 搭 for 百搭, 財 for 財神);
    ``decorative``: empty alt, for a button that carries the label."""
    if code not in CODES:
        return format_html('<span class="tile-face tile-face--unknown">{}</span>', code)
    # The same face draws the same way on every page of a language: drawn once.
    return _drawn(code, bool(wild), as_code if as_code in CODES else None,
                  region if region in REGION_KEYS else None, bool(decorative),
                  bool(winning), get_language() or "")


@lru_cache(maxsize=4096)
def _drawn(code: str, wild: bool, as_code: str | None, region: str | None,
           decorative: bool, winning: bool, language: str) -> SafeString:
    stands_for = as_code if as_code in CODES and (wild or as_code != code) else None
    alt = "" if decorative else _describe(code, wild, stands_for)
    if winning and not decorative:
        alt += ", " + _("the winning tile")
    classes = "tile-face"
    if winning:
        classes += " tile-face--winning"
    if wild:
        classes += " tile-face--wild"
    if stands_for and not wild:
        classes += " tile-face--sub"
    badge = (format_html('<span class="tile-face__badge" aria-hidden="true">{}</span>',
                         wild_badge(region)) if wild else "")
    caption = (format_html('<span class="tile-face__as" aria-hidden="true">→{}</span>',
                           stands_for) if stands_for else "")
    mark = (format_html('<span class="tile-face__win" aria-hidden="true">{}</span>',
                        pgettext("the winning tile, marked on it", "和")) if winning else "")
    return format_html(
        '<span class="{}"><img class="tile-face__img" src="{}" alt="{}" width="36" '
        'height="48">{}{}{}</span>',
        classes, tile_src(code), alt, badge, caption, mark,
    )


@lru_cache(maxsize=len(CODES))
def tile_src(code: str) -> str:
    """A face's picture URL (hashed in production): the same for every request."""
    return static(f"tiles/{code}.svg")


def _describe(code: str, wild: bool, stands_for: str | None) -> str:
    text = tile_label(code)
    if wild:
        text += ", " + _("wild")
    if stands_for:
        text += " → " + tile_label(stands_for)
    return text


@register.simple_tag
def tile_group(group: dict, region: str | None = None) -> SafeString:
    """One group of a reading, as the engine returns it:
    ``{"kind": "pung", "tiles": [...], "as": [...], "wild": [...], "exposed": false}``;
    ``as`` and ``wild`` may be missing (then nothing stands in)."""
    tiles = group.get("tiles", [])
    stands = group.get("as") or tiles
    wilds = group.get("wild") or [False] * len(tiles)
    kind = group.get("kind", "")
    label = str(GROUP_KINDS.get(kind, kind))
    if group.get("exposed"):
        label += ", " + _("exposed")
    faces = format_html_join(
        "", "{}", ((tile(code, wild=bool(wild), as_code=stand, region=region),)
                   for code, stand, wild in zip(tiles, stands, wilds, strict=False)))
    exposed = " tile-faces--exposed" if group.get("exposed") else ""
    return format_html('<span class="tile-faces{}" role="group" aria-label="{}" '
                       'data-kind="{}">{}</span>', exposed, label, kind, faces)


@dataclass(frozen=True)
class PaletteTile:
    code: str
    name: str
    src: str


@dataclass(frozen=True)
class PaletteSuit:
    suit: str
    name: str
    tiles: tuple[PaletteTile, ...]


@register.simple_tag
def tile_palette() -> tuple[PaletteSuit, ...]:
    """The 34 faces in four rows: 萬, 筒, 條, 字."""
    return tuple(
        PaletteSuit(suit=suit, name=chinese(SUIT_NAMES[suit]), tiles=tuple(
            PaletteTile(code=code, name=chinese(tile_name(code)), src=tile_src(code))
            for code in CODES if code[1] == suit))
        for suit in "mpsz"
    )


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
    from django.template.loader import render_to_string

    return mark_safe(render_to_string("calculator/_palette.html"))  # noqa: S308 (our template)


@register.simple_tag
def region_facts() -> str:
    """The regions' wild facts for static/js/tiles.js, as JSON (for a data attribute:
    the template escapes it)."""
    return json.dumps(facts(), ensure_ascii=False, separators=(",", ":"))


@receiver(setting_changed)
def _forget_rendered(setting: str, **kwargs) -> None:
    """A test that changes how static files are named (or the templates) starts afresh."""
    if setting in ("STORAGES", "STATIC_URL", "STATIC_ROOT", "TEMPLATES", "DEBUG"):
        tile_src.cache_clear()
        _palette_html.cache_clear()
        _drawn.cache_clear()
