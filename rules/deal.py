"""A hand as the engine reads it: the physical tiles and everything said about how it was
won (``Deal``), made by the request reader (``rules.request``) from a valid request."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from .circumstances import Context
from .tiles import WHITE, Tile


@dataclass(frozen=True, kw_only=True)
class Meld:
    kind: str
    tiles: tuple[Tile, ...]

    @property
    def is_kong(self) -> bool:
        return self.kind in ("kong", "ankong")

    @property
    def exposed(self) -> bool:
        return self.kind != "ankong"


class _DealFields(NamedTuple):
    region: str
    hand: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win_tile: Tile
    win_type: str
    winner: str
    dealer: str
    discarder: str | None
    dealer_streak: int
    base: int | Fraction
    wild: Tile
    substitutes: bool  # 白 is a plain copy of the wild's face (jinhua.txt:5, hangzhou.txt:166)
    wild_copies: int  # copies of the wild type in play: a flipped indicator takes one out
    context: Context
    # every house rule of the region, at its value: the request's, else the default
    house_rules: dict[str, str]
    # the tiles counted (``TileCounts``), once, by the request reader
    naturals: bytes
    wild_count: int
    suit_counts: tuple[int, int, int, int]


class TileCounts(NamedTuple):
    """A hand's tiles counted by face, in one pass over them (``count_tiles``)."""

    # The count of each face among the concealed tiles that are not wilds, 白
    # substitutes counted as the wild's face: what every reading of the hand is cut from
    # (a suit's slice is a hashable key for the cuts each suit can make).
    naturals: bytes
    # Physical wild tiles among the concealed tiles ("contains wilds" ruling, RULEBOOK §1).
    wild_count: int
    # Natural (non-wild) tiles per suit, melds included: characters, dots, bamboo,
    # honours. Every reading places every tile, so this is the same for all of them.
    suit_counts: tuple[int, int, int, int]
    # Every physical tile by face, melds included (no face is in play more than 4 times).
    in_play: bytes


def count_tiles(hand: tuple[Tile, ...], win_tile: Tile, melds: tuple[Meld, ...], wild: Tile,
                substitutes: bool) -> TileCounts:
    """The tiles of a hand counted by face: the concealed ones, then the melds'."""
    counts = bytearray(34)
    for tile in hand:
        counts[tile] += 1
    counts[win_tile] += 1
    wild_count = counts[wild]
    natural = counts.copy()
    natural[wild] = 0
    if substitutes:  # 白 is a plain copy of the wild's face (jinhua.txt:5, hangzhou.txt:166)
        natural[wild], natural[WHITE] = natural[WHITE], 0
    naturals = bytes(natural)
    suits = [sum(naturals[:9]), sum(naturals[9:18]), sum(naturals[18:27]), sum(naturals[27:])]
    for meld in melds:
        face = wild if substitutes and meld.tiles[0] == WHITE else meld.tiles[0]
        suits[face // 9] += len(meld.tiles)
        for tile in meld.tiles:
            counts[tile] += 1
    return TileCounts(naturals=naturals, wild_count=wild_count,
                      suit_counts=(suits[0], suits[1], suits[2], suits[3]),
                      in_play=bytes(counts))


class Deal(_DealFields):
    """A validated request: an immutable named tuple of its fields (``Deal(region=…, …)``,
    ``deal._replace(…)``; ``with_win_tile`` for other tiles, whose counts are fields
    too)."""

    def face(self, tile: Tile) -> Tile:
        """What a non-wild physical tile is: 白 is a plain copy of the wild face where it
        substitutes (jinhua.txt:5, hangzhou.txt:166)."""
        return self.wild if self.substitutes and tile == WHITE else tile

    def with_win_tile(self, tile: Tile) -> Deal:
        """The deal with ``tile`` as its winning tile, its tiles counted again."""
        counts = count_tiles(self.hand, tile, self.melds, self.wild, self.substitutes)
        return self._replace(win_tile=tile, naturals=counts.naturals,
                             wild_count=counts.wild_count, suit_counts=counts.suit_counts)

    @property
    def winner_is_dealer(self) -> bool:
        return self.winner == self.dealer

    def house_rule(self, key: str) -> str:
        return self.house_rules[key]
