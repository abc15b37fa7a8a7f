"""The groups that can hold the lowest tile left of a suit block: the step every search
of a block repeats (``standard._cuts``, ``ready``, ``unmatched``). The lowest tile left
must open, or sit in, the next group, so trying each of these in turn finds every way
to cut the block.

A wild stands beside natural tiles in a pair or a pung (every mix), and in a chow only
where no natural tile of its face is left: below the lowest tile nothing is left, so
those places are wilds; above it a place is a natural tile when the block holds one. (A
wild standing for a face whose natural tile sits in another group gives the same faces;
which group holds the wild is settled for the pair afterwards,
``standard._pair_variants``.)
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .groups import (
    HONOURS,
    PAIRS,
    PUNGS,
    PUNGS_ONE_WILD,
    PUNGS_TWO_WILDS,
    WILD_CHOWS,
    WILD_PAIRS,
    code_of,
)
from .reading import Group

NOT_HERE = -9  # the place of a face that is not in the block (far from every place)


class Opened(NamedTuple):
    """A group holding the lowest tile left of a suit block."""

    group: Group
    code: int  # the group's code (``groups.SHAPES``)
    taken: tuple[int, ...]  # the places of its natural tiles in the block, one per tile
    wilds: int  # wilds used
    made_pair: int  # 1 for a pair
    substitutions: int  # its wilds standing for another face than their own


def groups_opened_by(block: bytes, low: int, first: int, jokers: int, pair: int,
                     wild: int) -> tuple[Opened, ...]:
    """Groups holding the lowest tile ``low`` of ``block`` (places from face ``first``)
    with at most ``jokers`` wilds (two are enough for any group), and a pair only when
    ``pair``; ``wild`` is the place of the wild's face (NOT_HERE when it is in another
    suit): a wild standing for another face is a substitution."""
    size = len(block)
    held = (low + 1 < size and block[low + 1] > 0, low + 2 < size and block[low + 2] > 0)
    # the groups of ``low`` span two places either side: a wild's face further off is
    # none of theirs
    near = wild if abs(wild - low) <= 2 else NOT_HERE
    return opening_groups(low, min(block[low], 3), held, first, jokers, pair, near)


@lru_cache(maxsize=1 << 14)
def opening_groups(low: int, n: int, held: tuple[bool, bool], first: int, jokers: int, pair: int,
              wild: int) -> tuple[Opened, ...]:
    """``groups_opened_by`` for a block holding ``n`` tiles (three or more: 3) at ``low``,
    and tiles or none at the two places above (``held``): all that the groups depend on.
    Cached: a block's search asks for these again and again."""
    face = first + low
    sub = int(low != wild)
    found = []
    if pair and n >= 2:
        found.append(_opened(first, PAIRS[face], (low, low), 0, 0))
    if pair and jokers:
        found.append(_opened(first, WILD_PAIRS[face], (low,), 1, sub))
    if n >= 3:
        found.append(_opened(first, PUNGS[face], (low, low, low), 0, 0))
    if n >= 2 and jokers:
        found.append(_opened(first, PUNGS_ONE_WILD[face], (low, low), 1, sub))
    if jokers >= 2:
        found.append(_opened(first, PUNGS_TWO_WILDS[face], (low,), 2, 2 * sub))
    if first != HONOURS:
        found += _chows_opened_by(low, held, first, jokers, wild)
    return tuple(found)


def _chows_opened_by(low: int, above: tuple[bool, bool], first: int, jokers: int,
                     wild: int) -> list[Opened]:
    """The chows holding ``low``: as their last tile, their middle one or their first;
    ``above`` says which of the two places above hold tiles."""
    def held(place: int) -> bool:
        return above[place - low - 1]

    def subs(*places: int) -> int:
        return sum(place != wild for place in places)

    face = first + low
    found = []
    if low >= 2 and jokers >= 2:
        found.append(_opened(first, WILD_CHOWS[face - 2][0b011], (low,), 2,
                             subs(low - 2, low - 1)))
    if 1 <= low <= 7 and jokers and held(low + 1):
        found.append(_opened(first, WILD_CHOWS[face - 1][0b001], (low, low + 1), 1,
                             subs(low - 1)))
    elif 1 <= low <= 7 and jokers >= 2:
        found.append(_opened(first, WILD_CHOWS[face - 1][0b101], (low,), 2,
                             subs(low - 1, low + 1)))
    if low <= 6:
        wild_places = [place for place in (low + 1, low + 2) if not held(place)]
        if len(wild_places) <= jokers:
            mask = sum(1 << (place - low) for place in wild_places)
            taken = (low, *(place for place in (low + 1, low + 2) if held(place)))
            found.append(_opened(first, WILD_CHOWS[face][mask], taken, len(wild_places),
                                 subs(*wild_places)))
    return found


def _opened(first: int, group: Group, taken: tuple[int, ...], wilds: int,
            substitutions: int) -> Opened:
    return Opened(group, code_of(group, first), taken, wilds, int(group.kind == "pair"),
                  substitutions)
