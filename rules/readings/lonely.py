"""Jinhua's shapes of single tiles: 十三不靠 / 七風 (jinhua.txt:39-43) and 亂風
(jinhua.txt:49)."""

from __future__ import annotations

from ..deal import Deal
from ..tiles import ALL_TILES, WHITE, Tile, is_honour
from .groups import BLOCKS, HONOURS
from .reading import ALL_HONOURS, NATURAL, THIRTEEN_LONELY, WILD, Group, Reading, reading

NUMBER_SUITS = tuple(first for first, _ in BLOCKS[:3])  # the first face of each
HONOUR_FACES = range(HONOURS, len(ALL_TILES))


def _lonely_sets() -> list[tuple[int, ...]]:
    """The numbers one suit may hold in 十三不靠: none, or up to three at least 3 apart."""
    sets: list[tuple[int, ...]] = [()]
    for a in range(1, 10):
        sets.append((a,))
        for b in range(a + 3, 10):
            sets.append((a, b))
            sets += [(a, b, c) for c in range(b + 3, 10)]
    return sets


_LONELY_SETS = _lonely_sets()


def thirteen_lonely(deal: Deal, naturals: bytes, jokers: int) -> list[Reading]:
    """14 different tiles: honours, and in each suit numbers at least 3 apart; wilds fill
    any gap (RULEBOOK §4). When the 財神 is an honour, one 白 may be 白 itself and the
    others the 財神's face (jinhua.txt:43, "手上必须有两个白板"; RULEBOOK §4, revised), so
    that reading is tried too."""
    found = _lonely(deal, naturals, jokers)
    wild = deal.wild
    if deal.substitutes and is_honour(wild) and naturals[wild]:
        as_white = bytearray(naturals)
        as_white[wild] -= 1
        as_white[WHITE] += 1
        found += _lonely(deal, bytes(as_white), jokers)
    return found


def _lonely(deal: Deal, naturals: bytes, jokers: int) -> list[Reading]:
    """The reading of 十三不靠 when the natural tiles fit it: the wilds go to the missing
    honours first, then to the numbers each suit lacks, the wild's own face first."""
    if max(naturals) > 1:
        return []
    fills = [_suit_fill(naturals, first, deal.wild) for first in NUMBER_SUITS]
    if None in fills:
        return []
    missing_honours = sorted((t for t in HONOUR_FACES if not naturals[t]),
                             key=lambda t: t != deal.wild)
    numbers = sorted((t for fill in fills if fill for t in fill), key=lambda t: t != deal.wild)
    if jokers > len(missing_honours) + len(numbers):
        return []
    wild_faces = (missing_honours + numbers)[:jokers]
    singles = sorted([(t, NATURAL) for t in ALL_TILES if naturals[t]]
                     + [(t, WILD) for t in wild_faces])
    return [reading(THIRTEEN_LONELY, tuple(Group(kind="single", faces=(t,), wilds=(w,))
                                           for t, w in singles), deal.wild)]


def _suit_fill(naturals: bytes, first: int, wild: Tile) -> tuple[Tile, ...] | None:
    """The faces of one suit wilds may fill in 十三不靠: the most numbers at least 3 apart
    that hold the suit's tiles (those with the wild's own face first), less the tiles
    held. None when the suit's tiles fit no such set."""
    held = {t - first + 1 for t in range(first, first + 9) if naturals[t]}
    fitting = [s for s in _LONELY_SETS if held <= set(s)]
    if not fitting:
        return None
    best = max(fitting, key=lambda s: (len(s), wild - first + 1 in s))
    return tuple(first + n - 1 for n in best if n not in held)


def all_honours(deal: Deal, naturals: bytes, jokers: int,
                melds: tuple[Group, ...]) -> list[Reading]:
    """亂風: every tile an honour, in any arrangement (jinhua.txt:49)."""
    if any(naturals[:HONOURS]) or any(not is_honour(g.face) for g in melds):
        return []
    wild_face = deal.wild if is_honour(deal.wild) else WHITE
    singles = sorted([(t, NATURAL) for t in HONOUR_FACES for _ in range(naturals[t])]
                     + [(wild_face, WILD)] * jokers)
    return [reading(ALL_HONOURS, melds + tuple(Group(kind="single", faces=(t,), wilds=(w,))
                                               for t, w in singles), deal.wild)]
