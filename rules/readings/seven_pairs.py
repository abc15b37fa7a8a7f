"""Seven pairs, every way (RULEBOOK §1: four identical tiles may be two of the pairs).

A face held once pairs with a wild; held twice, it is a natural pair or two pairs each
with a wild (the drawn tile may pair with a lone wild, 七對子爆頭); three times, a natural
pair and one with a wild; four times, two natural pairs. The wilds left over pair up,
onto a face that has one pair (four of a kind) or a new face (``free_faces``). One face
never gives more than two pairs.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from ..deal import Deal
from ..tiles import Tile
from .groups import ALL_WILD_PAIRS, PAIRS, WILD_PAIRS
from .reading import SEVEN_PAIRS, Group, Reading, reading
from .standard import free_faces


def may_be_seven_pairs(naturals: bytes, jokers: int) -> bool:
    """Whether a wild is there for each face held once or three times."""
    return naturals.count(1) + naturals.count(3) <= jokers


def seven_pairs_readings(deal: Deal, naturals: bytes, jokers: int) -> list[Reading]:
    """Every seven-pairs reading of the concealed tiles (no melds)."""
    if max(naturals) > 4:
        return []
    fixed = _fixed_pairs(naturals)
    twice = [face for face, n in enumerate(naturals) if n == 2]  # a pair, or two with wilds
    spare = jokers - naturals.count(1) - naturals.count(3)
    if spare < 0 or len(fixed) + len(twice) + spare // 2 != 7:
        return []
    # Splitting a face held twice gives the faces that a natural pair and a pair of
    # wilds on that face give (four of a kind either way), with the same substitutions:
    # of a reading's facts only a pair of a wild and the winning tile tells them apart,
    # so only the winning tile's face is split.
    win_face = deal.face(deal.win_tile)
    may_split = [face for face in twice if face == win_face]
    found: dict[tuple[Group, ...], Reading] = {}
    for count in range(min(len(may_split), spare // 2) + 1):
        for split in combinations(may_split, count):
            pairs = fixed + [group for face in twice
                             for group in ((WILD_PAIRS[face],) * 2 if face in split
                                           else (PAIRS[face],))]
            for extra in _spare_wild_pairs(deal, pairs, (spare - 2 * count) // 2, naturals):
                groups = tuple(sorted(pairs + extra))
                if groups not in found:
                    found[groups] = reading(SEVEN_PAIRS, groups, deal.wild)
    return list(found.values())


def _fixed_pairs(naturals: bytes) -> list[Group]:
    """The pairs every reading makes: of a face held once, with a wild; three times, a
    natural pair and one with a wild; four times, two natural pairs."""
    fixed: list[Group] = []
    for face, n in enumerate(naturals):
        if n == 1:
            fixed.append(WILD_PAIRS[face])
        elif n == 3:
            fixed += (PAIRS[face], WILD_PAIRS[face])
        elif n == 4:
            fixed += (PAIRS[face], PAIRS[face])
    return fixed


def _spare_wild_pairs(deal: Deal, pairs: list[Group], count: int,
                      naturals: bytes) -> list[list[Group]]:
    """Where ``count`` pairs of wilds can go: onto a face that has one pair, making four
    of a kind (豪華), or onto a new face — its own face or one face of each suit."""
    if count == 0:
        return [[]]
    per_face: dict[Tile, int] = {}
    for g in pairs:
        per_face[g.face] = per_face.get(g.face, 0) + 1
    # A pair of wilds on a face that has one pair changes only the four of a kind it
    # makes (the suit is held already), and its substitutions: so the first ``count``
    # such faces are enough, the wild's own face first.
    singles = sorted((f for f, n in per_face.items() if n == 1), key=lambda f: f != deal.wild)
    new = [f for f in free_faces(deal, naturals, ()) if f not in per_face]
    options = [("up", f) for f in singles[:count]] + [("new", f) for f in dict.fromkeys(new)]
    found = []
    for choice in combinations_with_replacement(options, count):
        ups = [f for kind, f in choice if kind == "up"]
        if len(set(ups)) == len(ups):
            found.append([ALL_WILD_PAIRS[f] for _, f in choice])
    return found
