"""The Reading type: one way the tiles make a winning shape, each wild given a face,
with the facts the pattern checks read of it (``facts``).

Shapes (RULEBOOK §1, §4): standard (four sets and a pair), seven pairs, and in Jinhua
十三不靠/七風 and 亂風. A suit's part of a standard reading is a ``Cut``; the melds and
the cuts of the suits make the reading (``standard_reading``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..deal import Deal
from ..tiles import ALL_TILES, SUIT_OF, WHITE, Tile, is_honour

STANDARD, SEVEN_PAIRS, THIRTEEN_LONELY, ALL_HONOURS = (
    "standard", "seven_pairs", "thirteen_lonely", "all_honours")

NATURAL, WILD = False, True  # what a position of a group holds: a natural tile, a wild


class Group(NamedTuple):
    """A set, a pair or a single tile of a reading."""

    kind: str  # chow, pung, kong, pair, single
    faces: tuple[Tile, ...]  # what each tile stands for
    wilds: tuple[bool, ...]  # which positions are wild tiles
    exposed: bool = False

    @property
    def face(self) -> Tile:
        return self.faces[0]

    @property
    def wild_count(self) -> int:
        return sum(self.wilds)


class Reading(NamedTuple):
    """One way the tiles make a winning shape, with the facts patterns look at, worked
    out when it is made (``reading``, ``standard_reading``)."""

    shape: str
    groups: tuple[Group, ...]
    suits: frozenset[str]
    pair: Group | None  # standard shape only
    honour_triplets: int
    all_triplets: bool  # standard shape with no chow
    quads: int  # seven pairs: faces making two of the pairs (four identical tiles)
    substitutions: int  # wilds standing for a face other than their own

    @property
    def sets(self) -> tuple[Group, ...]:
        """Its chows, pungs and kongs: the groups other than pairs and single tiles."""
        return tuple(g for g in self.groups if g.kind not in ("pair", "single"))


class Cut(NamedTuple):
    """The groups of some of a standard reading's concealed tiles (a suit's, or those of
    the suits joined so far) with what they add to the reading's facts."""

    wilds: int  # wilds used
    pairs: int  # pairs made
    groups: tuple[Group, ...]
    sets: tuple[Group, ...]
    pair: Group | None
    substitutions: int
    all_triplets: bool  # no chow among its sets
    honour_pungs: int


NO_TILES = Cut(wilds=0, pairs=0, groups=(), sets=(), pair=None, substitutions=0,
               all_triplets=True, honour_pungs=0)


def joined(head: Cut, cut: Cut) -> Cut:
    """One cut of the tiles of ``head`` and ``cut`` (each of other tiles)."""
    return Cut(wilds=head.wilds + cut.wilds, pairs=head.pairs + cut.pairs,
               groups=head.groups + cut.groups, sets=head.sets + cut.sets,
               pair=cut.pair or head.pair, substitutions=head.substitutions + cut.substitutions,
               all_triplets=head.all_triplets and cut.all_triplets,
               honour_pungs=head.honour_pungs + cut.honour_pungs)


def suit_bits(groups: Iterable[Group]) -> int:
    """The suits of ``groups``' faces, a bit each (m p s z: 1 2 4 8)."""
    bits = 0
    for g in groups:
        bits |= 1 << g.face // 9
    return bits


# The suits present (m p s z), by a bit mask of them.
SUIT_SETS = tuple(frozenset(letter for bit, letter in enumerate("mpsz") if mask >> bit & 1)
                  for mask in range(16))


def standard_reading(melds: tuple[Group, ...], cuts: Iterable[Cut], suits: int) -> Reading:
    """The standard reading of the ``melds`` and the ``cuts`` of the concealed tiles, in
    ``suits`` (a bit per suit)."""
    groups = melds
    pair = None
    substitutions = honour_triplets = 0
    all_triplets = True
    for g in melds:
        if g.kind == "chow":
            all_triplets = False
        elif is_honour(g.face):
            honour_triplets += 1
    for cut in cuts:
        groups += cut.groups
        pair = cut.pair or pair
        substitutions += cut.substitutions
        all_triplets = all_triplets and cut.all_triplets
        honour_triplets += cut.honour_pungs
    return Reading(shape=STANDARD, groups=groups, suits=SUIT_SETS[suits], pair=pair,
                   honour_triplets=honour_triplets, all_triplets=all_triplets, quads=0,
                   substitutions=substitutions)


def reading(shape: str, groups: tuple[Group, ...], wild: Tile) -> Reading:
    """The reading of ``groups`` in ``shape``, its facts worked out from them."""
    suits = set()
    pair = None
    honour_triplets = substitutions = 0
    all_triplets = shape == STANDARD
    for g in groups:
        suits.add(SUIT_OF[g.face])
        if g.kind == "pair":
            pair = g
        elif g.kind != "single":
            all_triplets = all_triplets and g.kind != "chow"
            honour_triplets += g.kind != "chow" and is_honour(g.face)
        if WILD in g.wilds:
            substitutions += sum(w and f != wild for f, w in zip(g.faces, g.wilds, strict=True))
    faces = len({g.face for g in groups})
    return Reading(shape=shape, groups=groups, suits=frozenset(suits),
                   pair=pair if shape == STANDARD else None,
                   honour_triplets=honour_triplets, all_triplets=all_triplets,
                   quads=len(groups) - faces if shape == SEVEN_PAIRS else 0,
                   substitutions=substitutions)


def facts(r: Reading, deal: Deal) -> tuple[object, ...]:
    """Everything a pattern check may read of a reading of ``deal`` (the deal's own
    fields aside, the same for every reading of a hand): readings with the same facts
    score alike, so only one of them is matched (tests/engine/test_pattern_tables.py holds
    every check to these). For the standard shape: the suits, honour pungs, all sets
    triplets, whether the pair is a wild with the winning tile (暴頭, 任意胡), and the
    kinds of the groups of wilds only at their own face (財神頭, 三財一刻); for seven
    pairs: the suits, the faces making two pairs, and whether a pair is a wild with the
    winning tile; for the other shapes, the groups themselves."""
    shape = r.shape
    if shape == STANDARD and not deal.wild_count:  # no wild: no wild pair, no group of wilds
        return (STANDARD, r.suits, False, r.honour_triplets, r.all_triplets, ())
    if shape == STANDARD:
        own_face = tuple(g.kind for g in r.groups
                         if all(g.wilds) and g.face == deal.wild)
        pair_with_win = r.pair is not None and wild_pair_with_win(r.pair, deal)
        return (STANDARD, r.suits, pair_with_win, r.honour_triplets, r.all_triplets,
                own_face)
    if shape == SEVEN_PAIRS:
        return (SEVEN_PAIRS, r.suits, r.quads,
                any(wild_pair_with_win(g, deal) for g in r.groups))
    return (shape, r.suits, tuple(sorted((g.face, g.wilds) for g in r.groups)))


def wild_pair_with_win(g: Group, deal: Deal) -> bool:
    """A pair made of a lone wild and the winning tile (two wilds when the winning tile
    is a wild): the hand stood on the wild alone (暴頭, hangzhou.txt:136)."""
    if g.kind != "pair":
        return False
    wilds = g.wilds.count(WILD)
    if deal.win_tile == deal.wild:
        return wilds == 2
    return wilds == 1 and g.face == deal.face(deal.win_tile)


def count_tiles(deal: Deal, tiles: Iterable[Tile]) -> tuple[bytes, int]:
    """Natural tiles counted by face (白 substitutes mapped), as ``Deal.naturals`` counts
    them, and the number of wilds."""
    naturals = bytearray(len(ALL_TILES))
    for tile in tiles:
        naturals[tile] += 1
    wild = deal.wild
    jokers = naturals[wild]
    naturals[wild] = 0
    if deal.substitutes:
        naturals[wild] = naturals[WHITE]
        naturals[WHITE] = 0
    return bytes(naturals), jokers
