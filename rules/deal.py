"""A hand as the engine reads it: the physical tiles and everything said about how it was
won (``Deal``), made by the request reader (``rules.request``) from a valid request."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from .circumstances import Context
from .lazy import lazy
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


class Deal(_DealFields):
    """A validated request: an immutable named tuple of its fields (``Deal(region=…, …)``,
    ``deal._replace(…)``); the facts worked out from them are kept per deal (``lazy``)."""

    def face(self, tile: Tile) -> Tile:
        """What a non-wild physical tile is: 白 is a plain copy of the wild face where it
        substitutes (jinhua.txt:5, hangzhou.txt:166)."""
        return self.wild if self.substitutes and tile == WHITE else tile

    @lazy
    def concealed(self) -> tuple[Tile, ...]:
        """The 14 − 3·melds concealed tiles, winning tile included."""
        return (*self.hand, self.win_tile)

    @lazy
    def all_tiles(self) -> tuple[Tile, ...]:
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    @lazy
    def wild_count(self) -> int:
        """Physical wild tiles among the hand's tiles ("contains wilds" ruling, RULEBOOK §1)."""
        return self.concealed.count(self.wild)

    @lazy
    def naturals(self) -> bytes:
        """The count of each face among the concealed tiles that are not wilds, 白
        substitutes counted as the wild's face: what every reading of the hand is cut
        from (a suit's slice is a hashable key for the cuts each suit can make)."""
        counts = [0] * 34
        for tile in self.concealed:
            counts[tile] += 1
        counts[self.wild] = 0
        if self.substitutes:
            counts[self.wild], counts[WHITE] = counts[WHITE], 0
        return bytes(counts)

    @lazy
    def suit_counts(self) -> tuple[int, int, int, int]:
        """Natural (non-wild) tiles per suit, melds included: characters, dots, bamboo,
        honours. Every reading places every tile, so this is the same for all of them."""
        naturals = self.naturals
        counts = [sum(naturals[:9]), sum(naturals[9:18]), sum(naturals[18:27]),
                  sum(naturals[27:])]
        for meld in self.melds:
            counts[self.face(meld.tiles[0]) // 9] += len(meld.tiles)
        return counts[0], counts[1], counts[2], counts[3]

    @property
    def winner_is_dealer(self) -> bool:
        return self.winner == self.dealer

    def house_rule(self, key: str) -> str:
        return self.house_rules[key]
