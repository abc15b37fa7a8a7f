"""The groups readings are made of, each made once and shared: natural and wild pairs,
pungs and chows by face; the melds as groups; and the suit blocks that the search cuts.

A suit block is a suit's slice of ``Deal.naturals`` (one count per face, bytes); a place
is a face's position in its block.
"""

from __future__ import annotations

from typing import cast

from ..tiles import ALL_TILES, WHITE, Tile
from .reading import NATURAL as N
from .reading import WILD as W
from .reading import Group

HONOURS = 27  # the first face of the honours' block
# Each suit block: (its first face, its size): characters, dots, bamboo, honours.
BLOCKS = ((0, 9), (9, 9), (18, 9), (HONOURS, len(ALL_TILES) - HONOURS))

PAIRS = tuple(Group("pair", (f, f), (N, N)) for f in ALL_TILES)
PUNGS = tuple(Group("pung", (f, f, f), (N, N, N)) for f in ALL_TILES)
CHOWS = tuple(Group("chow", (f, f + 1, f + 2), (N, N, N)) for f in ALL_TILES)
WILD_PAIRS = tuple(Group("pair", (f, f), (N, W)) for f in ALL_TILES)  # a natural and a wild
ALL_WILD_PAIRS = tuple(Group("pair", (f, f), (W, W)) for f in ALL_TILES)
ALL_WILD_PUNGS = tuple(Group("pung", (f, f, f), (W, W, W)) for f in ALL_TILES)
PUNGS_ONE_WILD = tuple(Group("pung", (f, f, f), (N, N, W)) for f in ALL_TILES)
PUNGS_TWO_WILDS = tuple(Group("pung", (f, f, f), (N, W, W)) for f in ALL_TILES)
# chows by their first face, then by which of their places are wilds (a bit each, lowest
# first)
WILD_CHOWS = tuple(tuple(Group("chow", (f, f + 1, f + 2),
                               (bool(mask & 1), bool(mask & 2), bool(mask & 4)))
                         for mask in range(8))
                   for f in range(HONOURS))
# pairs by how many of their two tiles are wilds, then by face
PAIR_WITH_WILDS = (PAIRS, WILD_PAIRS, ALL_WILD_PAIRS)

# The kinds of group a cut is made of, each (kind, which places are wilds). A group's
# code is its lowest place in its block plus 9 times its shape's index here, so that a
# cut of one number suit is spelled the same for the others. The pairs come first, so a
# cut's pair has its lowest code.
SHAPES = (("pair", (N, N)), ("pair", (N, W)),
          ("pung", (N, N, N)), ("pung", (N, N, W)), ("pung", (N, W, W)),
          *(("chow", g.wilds) for g in WILD_CHOWS[0]))
SHAPE_INDEX = {shape: index for index, shape in enumerate(SHAPES)}
_BY_SHAPE = (PAIRS, WILD_PAIRS, PUNGS, PUNGS_ONE_WILD, PUNGS_TWO_WILDS)


def code_of(group: Group, first: int) -> int:
    """The code of ``group`` in the block from face ``first``."""
    return group.face - first + 9 * SHAPE_INDEX[group.kind, group.wilds]


def _group_by_code(first: int, code: int) -> Group | None:
    place, shape = code % 9, code // 9
    face = first + place
    if shape >= len(_BY_SHAPE):
        return WILD_CHOWS[face][shape - len(_BY_SHAPE)] if first < HONOURS and place <= 6 else None
    if first == HONOURS and place >= 7:
        return None
    return _BY_SHAPE[shape][face]


# Each block's groups by code (None where a code has no group in the block: no cut has
# such a code, hence the cast).
GROUPS_BY_CODE = cast(dict[int, tuple[Group, ...]], {
    first: tuple(_group_by_code(first, code) for code in range(9 * len(SHAPES)))
    for first, _ in BLOCKS})


# The melds as groups of a reading, by kind and lowest face: every tile natural, every
# meld laid out but a concealed kong. A chow is looked up by a face that starts one only
# (the request reader refuses any other chow), so the table's other chow entries go unread.
MELD_GROUPS: dict[str, tuple[Group, ...]] = {
    "chi": tuple(Group("chow", (f, f + 1, f + 2), (N, N, N), True) for f in ALL_TILES),
    "pung": tuple(Group("pung", (f,) * 3, (N,) * 3, True) for f in ALL_TILES),
    "kong": tuple(Group("kong", (f,) * 4, (N,) * 4, True) for f in ALL_TILES),
    "ankong": tuple(Group("kong", (f,) * 4, (N,) * 4, False) for f in ALL_TILES),
}


def meld_group(kind: str, tiles: tuple[Tile, ...], as_white: Tile) -> Group:
    """A meld as a group of its reading: what its tiles are (白 as ``as_white``: the
    wild's face where 白 substitutes for it). The request reader lays a meld's tiles in
    the order of their faces, so the first is the lowest."""
    lowest = tiles[0]
    return MELD_GROUPS[kind][as_white if lowest == WHITE else lowest]


def lowest(block: bytes) -> int | None:
    """The place of the lowest tile held in a block, None when it is empty."""
    held = block.lstrip(b"\0")
    return len(block) - len(held) if held else None


def take(block: bytes, places: tuple[int, ...]) -> bytes:
    """``block`` less one tile at each of ``places``."""
    rest = bytearray(block)
    for place in places:
        rest[place] -= 1
    return bytes(rest)


def number_suit_or_honours(first: int) -> int:
    """How the search spells a block's first face: 0 for every number suit (the place of
    a suit changes no count, so the suits share cached answers), HONOURS for the
    honours (no chows)."""
    return HONOURS if first == HONOURS else 0

