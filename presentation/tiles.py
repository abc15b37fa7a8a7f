"""Tile faces as the pages draw them: ``<img>`` pictures with a text alternative, a wild's
badge, what a wild or a 白 substitute stands for, the winning tile's mark; a reading's
group of faces; the palette's 34 faces in suit rows.

The markup uses the ``tile-face`` class family: site.css styles plain ``.tile`` text.
A picture's URL is the caller's (``src``): the server's static files are named by hash.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from presentation.html import classes, esc
from presentation.language import chinese, current, gettext, gettext_lazy, pgettext
from presentation.regions import wild_badge
from rules.regions import REGIONS
from rules.tiles import CODES, NUMERALS, SUIT_NAMES

__all__ = ["GROUP_KINDS", "PaletteSuit", "PaletteTile", "chinese_name", "group_html",
           "palette", "tile_html", "tile_label"]

HONOUR_NAMES = ("東風", "南風", "西風", "北風", "白板", "發財", "紅中")
# The engine's group kinds (docs/API.md) in the page's language, for screen readers.
GROUP_KINDS = {"chow": gettext_lazy("chow"), "pung": gettext_lazy("pung"),
               "kong": gettext_lazy("kong"), "pair": gettext_lazy("pair"),
               "single": gettext_lazy("single")}


def chinese_name(code: str) -> str:
    """Chinese name of a tile as players say it: 五萬, 三筒, 七條, 東風, 白板 …"""
    number, suit = int(code[0]), code[1]
    if suit == "z":
        return HONOUR_NAMES[number - 1]
    return NUMERALS[number - 1] + SUIT_NAMES[suit]


def tile_label(code: str) -> str:
    """Text alternative of a face: its Chinese name and its code, ``五万 5m`` (in the
    page's Chinese characters)."""
    return f"{chinese(chinese_name(code))} {code}"


def tile_html(code: str, src: str, *, wild: bool = False, as_code: str | None = None,
              region: str | None = None, decorative: bool = False,
              winning: bool = False) -> str:
    """One tile face, its picture at ``src``. ``wild``: mark it as a wild; ``as_code``:
    show what it stands for (shown when it differs from the face, or for any wild);
    ``region`` picks the wild badge's word (the region's ``wild_badge``: 搭 for 百搭, 財
    for 財神); ``decorative``: empty alt, for a button that carries the label."""
    if code not in CODES:
        return f'<span class="tile-face tile-face--unknown">{esc(code)}</span>'
    # The same face draws the same way on every page of a language: drawn once.
    return _drawn(code, src, bool(wild), as_code if as_code in CODES else None,
                  region if region in REGIONS else None, bool(decorative), bool(winning),
                  current().code)


@lru_cache(maxsize=4096)
def _drawn(code: str, src: str, wild: bool, as_code: str | None, region: str | None,
           decorative: bool, winning: bool, language: str) -> str:
    stands_for = as_code if as_code in CODES and (wild or as_code != code) else None
    alt = "" if decorative else _describe(code, wild, stands_for)
    if winning and not decorative:
        alt += ", " + gettext("the winning tile")
    badge = (f'<span class="tile-face__badge" aria-hidden="true">{esc(wild_badge(region))}'
             "</span>" if wild else "")
    caption = (f'<span class="tile-face__as" aria-hidden="true">→{esc(stands_for)}</span>'
               if stands_for else "")
    mark = (f'<span class="tile-face__win" aria-hidden="true">'
            f'{esc(pgettext("the winning tile, marked on it", "和"))}</span>'
            if winning else "")
    face_classes = classes("tile-face", winning and "tile-face--winning",
                           wild and "tile-face--wild",
                           stands_for and not wild and "tile-face--sub")
    return (f'<span class="{face_classes}"><img class="tile-face__img" src="{esc(src)}" '
            f'alt="{esc(alt)}" width="36" height="48">{badge}{caption}{mark}</span>')


def _describe(code: str, wild: bool, stands_for: str | None) -> str:
    text = tile_label(code)
    if wild:
        text += ", " + gettext("wild")
    if stands_for:
        text += " → " + tile_label(stands_for)
    return text


def group_html(group: dict[str, Any], sources: dict[str, str], region: str | None = None) -> str:
    """One group of a reading, as the engine returns it:
    ``{"kind": "pung", "tiles": [...], "as": [...], "wild": [...], "exposed": false}``;
    ``as`` and ``wild`` may be missing (then nothing stands in). ``sources``: each face's
    picture URL."""
    tiles = group.get("tiles", [])
    stands = group.get("as") or tiles
    wilds = group.get("wild") or [False] * len(tiles)
    kind = group.get("kind", "")
    label = str(GROUP_KINDS.get(kind, kind))
    if group.get("exposed"):
        label += ", " + gettext("exposed")
    faces = "".join(tile_html(code, sources.get(code, ""), wild=bool(wild), as_code=stand,
                              region=region)
                    for code, stand, wild in zip(tiles, stands, wilds, strict=False))
    exposed = " tile-faces--exposed" if group.get("exposed") else ""
    return (f'<span class="tile-faces{exposed}" role="group" aria-label="{esc(label)}" '
            f'data-kind="{esc(kind)}">{faces}</span>')


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


def palette(sources: dict[str, str]) -> tuple[PaletteSuit, ...]:
    """The 34 faces in four rows: 萬, 筒, 條, 字."""
    return tuple(
        PaletteSuit(suit=suit, name=chinese(SUIT_NAMES[suit]), tiles=tuple(
            PaletteTile(code=code, name=chinese(chinese_name(code)), src=sources[code])
            for code in CODES if code[1] == suit))
        for suit in "mpsz"
    )
