"""Tiles and tile notation.

A tile face is an int 0..33: 0-8 萬 characters (1m-9m), 9-17 筒 dots (1p-9p),
18-26 條 bamboo (1s-9s), 27-33 honours 東南西北白發中 (1z-7z), RULEBOOK §1.
Text is Tenhou-style mpsz (``123m456p11z``); Chinese names are accepted too.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

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
_CHINESE_SUITED = re.compile(r"([一二三四五六七八九1-9]+)([萬万筒餅饼條条索束])")
_CHINESE_HONOUR = re.compile(_HONOUR_PATTERN)
_ASCII_RUN = re.compile(r"([0-9]+)([mpsz])")
_SEPARATORS = re.compile(r"[\s,，、;；]+")


def parse_tiles(text: str) -> list[Tile]:
    """Parse mpsz and/or Chinese tile names, ignoring spaces and commas.

    >>> format_tiles(parse_tiles("123m 東東 白板 5z"))
    '123m1155z'
    """
    fast = plain_tiles(text)
    if fast is not None:
        return list(fast)
    if len(text) > MAX_TILE_TEXT:
        raise TileSyntaxError(f"{len(text)} characters is too long for tiles (at most "
                              f"{MAX_TILE_TEXT}); a hand has at most 14 tiles",
                              "tiles_too_long", length=len(text), limit=MAX_TILE_TEXT)
    # Full-width digits and letters, as a Chinese keyboard types them (１２３ｍ), read as
    # their ASCII selves (NFKC), and 123M as 123m (static/js/tiles.js does the same).
    compact = _SEPARATORS.sub("", unicodedata.normalize("NFKC", text).lower())
    tiles: list[Tile] = []
    pos = 0
    while pos < len(compact):
        for pattern, convert in _TOKEN_READERS:
            match = pattern.match(compact, pos)
            if match:
                tiles.extend(convert(match))
                pos = match.end()
                break
        else:
            raise _explain(compact, pos)
    return tiles


_DIGITS = {"m": frozenset("123456789"), "p": frozenset("123456789"),
           "s": frozenset("123456789"), "z": frozenset("1234567")}


class _NotPlain(Exception):
    """A run of text that is not plain mpsz notation."""


def plain_tiles(text: str) -> tuple[Tile, ...] | None:
    """Plain mpsz, the common case, read fast: runs of digits each closed by its suit
    letter, whitespace allowed between runs. None for anything else (``parse_tiles``
    then reads it or explains the error)."""
    if len(text) > MAX_TILE_TEXT:
        return None
    # A space after each suit letter splits the text into its runs, "234m" "7z".
    spaced = text.replace("m", "m ").replace("p", "p ").replace("s", "s ").replace("z", "z ")
    try:
        return sum(map(_run, spaced.split()), ())
    except _NotPlain:
        return None


def clear_tile_cache() -> None:
    _run.cache_clear()
    SUIT_RUNS.clear()


# Hands repeat the same few runs (123m, 789s, 55z …), so each is read once.
@lru_cache(maxsize=4096)
def _run(run: str) -> tuple[Tile, ...]:
    digits, s = run[:-1], run[-1]
    if s not in _DIGITS or not digits or not _DIGITS[s].issuperset(digits):
        raise _NotPlain(run)
    return tuple(digits.encode().translate(_FACES_OF_DIGITS[s]))


# Per suit letter, a table taking the byte of each digit to its tile (``bytes.translate``).
_FACES_OF_DIGITS = {
    s: bytes(offset + int(chr(b)) - 1 if chr(b) in "123456789" else 0 for b in range(256))
    for s, offset in _ASCII_SUIT_OFFSET.items()
}


# A hand as it is usually written: each suit at most once, in mpsz order
# ("34599m999p22277z"). One match cuts it into its suits' runs, "" for a suit not held.
# A run has at most the 13 tiles of a hand, so no long text reaches the run cache.
match_usual_hand = re.compile(
    r"([1-9]{1,13}m|)([1-9]{1,13}p|)([1-9]{1,13}s|)([1-7]{1,13}z|)").fullmatch

# Packed counts: an int holding one byte per face, the count of face t in bits 8t..8t+7,
# so that counting tiles together is adding ints and ``to_bytes(34, "little")`` gives
# the count of every face. ONE[t] is one tile t.
ONE = tuple(1 << 8 * t for t in ALL_TILES)


class _SuitRuns(dict[str, tuple[tuple[Tile, ...], int]]):
    """Each suit's run ("34599m", plain mpsz) read once, as its tiles and their packed
    counts."""

    def __missing__(self, run: str) -> tuple[tuple[Tile, ...], int]:
        tiles = run[:-1].encode().translate(_FACES_OF_DIGITS[run[-1]])
        count = 0
        for tile in tiles:
            count += ONE[tile]
        if len(self) >= 4096:  # runs repeat, but the texts a user can make are endless
            self.clear()
        self[run] = found = (tuple(tiles), count)
        return found

    def clear(self) -> None:
        """Forget every run read, keeping the empty run (a suit the hand does not hold)."""
        super().clear()
        self[""] = ((), 0)


# Looked up with the runs match_usual_hand cuts, which are all plain mpsz.
SUIT_RUNS = _SuitRuns({"": ((), 0)})


def _ascii_tiles(match: re.Match[str]) -> list[Tile]:
    digits, s = match.group(1), match.group(2)
    offset = SUITS.index(s) * 9
    tiles = []
    for d in digits:
        n = int(d)
        if n == 0 or (s == "z" and n > 7):
            limit = "1-7" if s == "z" else "1-9"
            raise TileSyntaxError(f"'{d}{s}' is not a tile: {s} tiles are numbered {limit}",
                                  "tile_number_invalid", text=f"{d}{s}", suit=s,
                                  highest=7 if s == "z" else 9)
        tiles.append(offset + n - 1)
    return tiles


def _chinese_suited(match: re.Match[str]) -> list[Tile]:
    offset = SUITS.index(_SUIT_WORDS[match.group(2)]) * 9
    return [offset + _NUMERAL_VALUE[n] - 1 for n in match.group(1)]


def _chinese_honour(match: re.Match[str]) -> list[Tile]:
    return [_HONOUR_WORDS[match.group(0)]]


_TOKEN_READERS = (
    (_ASCII_RUN, _ascii_tiles),
    (_CHINESE_SUITED, _chinese_suited),
    (_CHINESE_HONOUR, _chinese_honour),
)


def _explain(text: str, pos: int) -> TileSyntaxError:
    rest = text[pos:]
    if rest[0].isdigit():
        return TileSyntaxError(
            f"'{rest}' has digits without a suit letter after them: end each run of digits "
            "with m (萬), p (筒), s (條) or z (honours), e.g. 123m",
            "tile_digits_without_suit", text=rest)
    return TileSyntaxError(
        f"cannot read '{rest[:6]}': write tiles as digits followed by m, p, s or z "
        "(e.g. 123m456p77z) or by Chinese name (一萬, 三筒, 東, 白板)",
        "tile_unreadable", text=rest[:6])


def parse_tile(text: str) -> Tile:
    """Exactly one tile."""
    tile = BY_CODE.get(text)
    if tile is not None:
        return tile
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileSyntaxError(f"'{text}' must be exactly one tile, e.g. 5m or 東; got {len(tiles)}",
                              "not_one_tile", text=text, count=len(tiles))
    return tiles[0]
