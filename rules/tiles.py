"""Tiles and tile notation.

A tile face is an int 0..33: 0-8 萬 characters (1m-9m), 9-17 筒 dots (1p-9p),
18-26 條 bamboo (1s-9s), 27-33 honours 東南西北白發中 (1z-7z), RULEBOOK §1.
Text is Tenhou-style mpsz (``123m456p11z``); Chinese names are accepted too.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from .problems import quoted

Tile = int

SUITS = "mpsz"
SUIT_NAMES = {"m": "萬", "p": "筒", "s": "條", "z": "字"}
HONOUR_NAMES = "東南西北白發中"
NUMERALS = "一二三四五六七八九"

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
ALL_TILES = range(34)


class TileSyntaxError(ValueError):
    """Text that is not tile notation; the message says where and how to fix it, ``code``
    and ``params`` say the same as data (``rules.problems``)."""

    def __init__(self, message: str, code: str, **params: object):
        super().__init__(message)
        self.code = code
        self.params = params


# The longest tile text a hand needs: 14 tiles in two-character names with separators.
# Longer text is refused before it is read, so that no request can make reading slow.
MAX_TILE_TEXT = 100


def suit(tile: Tile) -> str:
    return SUITS[tile // 9]


def number(tile: Tile) -> int:
    return tile % 9 + 1


def is_honour(tile: Tile) -> bool:
    return tile >= 27


def tile_code(tile: Tile) -> str:
    """``5z`` style code of one tile."""
    return f"{number(tile)}{suit(tile)}"


def tile_chinese(tile: Tile) -> str:
    """Chinese name of one tile: 五萬, 三筒, 七條, 東 …"""
    if is_honour(tile):
        return HONOUR_NAMES[tile - 27]
    return NUMERALS[tile % 9] + SUIT_NAMES[suit(tile)]


CODES = tuple(tile_code(t) for t in ALL_TILES)
SUIT_OF = tuple(suit(t) for t in ALL_TILES)
BY_CODE = {code: t for t, code in enumerate(CODES)}
_ASCII_SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Compact mpsz text in the order given, digits sharing a suit letter: ``123m5z``."""
    out: list[str] = []
    run_suit = ""
    for tile in tiles:
        s = suit(tile)
        if run_suit and s != run_suit:
            out.append(run_suit)
        out.append(str(number(tile)))
        run_suit = s
    if run_suit:
        out.append(run_suit)
    return "".join(out)


def sorted_code(tiles: Iterable[Tile]) -> str:
    return format_tiles(sorted(tiles))


# Chinese names. Suited tiles: a numeral (一..九 or 1..9) followed by a suit word.
_SUIT_WORDS = {
    "萬": "m", "万": "m", "m": "m",
    "筒": "p", "餅": "p", "饼": "p", "p": "p",
    "條": "s", "条": "s", "索": "s", "束": "s", "s": "s",
}
_HONOUR_WORDS = {
    "東風": EAST, "东风": EAST, "東": EAST, "东": EAST,
    "南風": SOUTH, "南风": SOUTH, "南": SOUTH,
    "西風": WEST, "西风": WEST, "西": WEST,
    "北風": NORTH, "北风": NORTH, "北": NORTH,
    "白板": WHITE, "白": WHITE,
    "發財": GREEN, "发财": GREEN, "發": GREEN, "发": GREEN,
    "紅中": RED, "红中": RED, "中": RED,
}
_NUMERAL_VALUE = {c: i + 1 for i, c in enumerate(NUMERALS)} | {str(i): i for i in range(1, 10)}
_HONOUR_PATTERN = "|".join(sorted(_HONOUR_WORDS, key=len, reverse=True))
# One tile token: digits and their suit letter (123m), numerals and a suit word (一二三萬),
# or an honour's name (東, 白板).
_TOKEN = re.compile(r"(?P<digits>[0-9]+)(?P<suit>[mpsz])"
                    r"|(?P<numerals>[一二三四五六七八九1-9]+)(?P<suit_word>[萬万筒餅饼條条索束])"
                    rf"|(?P<honour>{_HONOUR_PATTERN})")
# Between tiles: white space, commas and semicolons (ASCII and Chinese), and the invisible
# marks a phone or a copied text may slip in (zero-width spaces and joiners, direction
# marks, variation selectors, a byte-order mark, a soft hyphen), which the player cannot
# see to take out.
_SEPARATORS = re.compile(
    r"[\s,，、;；\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufe00-\ufe0f\ufeff\u034f]+")


def parse_tiles(text: str, limit: int = MAX_TILE_TEXT) -> list[Tile]:
    """Parse mpsz and/or Chinese tile names, ignoring spaces and commas; at most
    ``limit`` characters (a hand's; the tiles seen on a table are longer).

    >>> format_tiles(parse_tiles("123m 東東 白板 5z"))
    '123m1155z'
    """
    if len(text) > limit:
        raise TileSyntaxError(f"{len(text)} characters is too long for tiles (at most "
                              f"{limit}); a hand has at most 14 tiles",
                              "tiles_too_long", length=len(text), limit=limit)
    compact = _compacted(text)
    tiles: list[Tile] = []
    pos = 0
    while pos < len(compact):
        token = _TOKEN.match(compact, pos)
        if token is None:
            raise _explain(compact[pos:], _as_typed(text, compact, pos))
        digits, letter, numerals, suit_word, honour = token.groups()
        if digits is not None:
            tiles += _ascii_tiles(digits, letter)
        elif numerals is not None:
            offset = SUITS.index(_SUIT_WORDS[suit_word]) * 9
            tiles += [offset + _NUMERAL_VALUE[n] - 1 for n in numerals]
        else:
            tiles.append(_HONOUR_WORDS[honour])
        pos = token.end()
    return tiles


def _ascii_tiles(digits: str, s: str) -> bytes:
    """The faces of a run of digits with its suit letter (``123m``), one byte each."""
    faces = digits.encode().translate(_FACES_OF_DIGITS[s])
    if NOT_A_FACE in faces:
        d = digits[faces.index(NOT_A_FACE)]
        highest = _HIGHEST_NUMBER[s]
        raise TileSyntaxError(f"'{d}{s}' is not a tile: {s} tiles are numbered 1-{highest}",
                              "tile_number_invalid", text=f"{d}{s}", suit=s,
                              highest=highest)
    return faces


# Per suit letter, the highest number of its tiles (the honours are 1z-7z), and a table
# taking the byte of each digit to its tile (``bytes.translate``), or to NOT_A_FACE where
# no tile has that number (0, and 8 or 9 for honours).
_HIGHEST_NUMBER = {s: 7 if s == "z" else 9 for s in _ASCII_SUIT_OFFSET}
NOT_A_FACE = 255
_FACES_OF_DIGITS = {
    s: bytes(offset + int(chr(b)) - 1 if "1" <= chr(b) <= str(_HIGHEST_NUMBER[s])
             else NOT_A_FACE for b in range(256))
    for s, offset in _ASCII_SUIT_OFFSET.items()}


def _compacted(text: str) -> str:
    """Tile text as it is read: full-width digits and letters, as a Chinese keyboard types
    them (１２３ｍ), as their ASCII selves (NFKC: ASCII text is its own), 123M as 123m
    (static/js/tiles.js does the same), and no separators."""
    compact = (text if text.isascii() else unicodedata.normalize("NFKC", text)).lower()
    if not compact.isalnum():  # letters and digits only: no separator to take out
        compact = _SEPARATORS.sub("", compact)
    return compact


def _as_typed(text: str, compact: str, pos: int) -> str:
    """What the player typed from the character read as ``compact[pos]`` on (its spaces,
    width and case as typed), for a message to quote; the whole text where reading it
    character by character would not give ``compact``."""
    read = ""
    for index, char in enumerate(text):
        if len(read) >= pos and _compacted(char):  # from a character read, not a separator
            return text[index:] if read == compact[:pos] else text
        read += _compacted(char)
    return text


def _explain(rest: str, typed: str) -> TileSyntaxError:
    """Why the text cannot be read from ``rest`` (its compacted remainder) on; ``typed``
    is that remainder as the player typed it, which the message quotes."""
    if rest[0].isdigit():
        return TileSyntaxError(
            f"'{quoted(typed)}' has digits without a suit letter after them: end each run "
            "of digits with m (萬), p (筒), s (條) or z (honours), e.g. 123m",
            "tile_digits_without_suit", text=quoted(typed))
    return TileSyntaxError(
        f"cannot read '{quoted(typed)}': write tiles as digits followed by m, p, s or z "
        "(e.g. 123m456p77z) or by Chinese name (一萬, 三筒, 東, 白板)",
        "tile_unreadable", text=quoted(typed))


def parse_tile(text: str) -> Tile:
    """Exactly one tile."""
    tile = BY_CODE.get(text)
    if tile is not None:
        return tile
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileSyntaxError(f"'{quoted(text)}' must be exactly one tile, e.g. 5m or 東; "
                              f"got {len(tiles)}", "not_one_tile", text=quoted(text),
                              count=len(tiles))
    return tiles[0]
