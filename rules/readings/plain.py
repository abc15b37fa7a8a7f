"""Four sets and a pair without wilds, the common hand, read from the table of runs
(``runs.all_run_cuts``) instead of searched.

No set spans an empty place, so each run of held faces of a number suit is cut on its
own; a hand's readings are its runs' cuts taken in order, one of each, with one pair
among them (a run of 3k + 2 tiles makes one pair, of 3k tiles none). The honours make
no chows: each held face is a pair or a pung.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from ..runs import CHOW_CODE, PUNG_CODE, all_run_cuts
from ..tiles import ALL_TILES
from .groups import BLOCKS, CHOWS, HONOURS, PAIRS, PUNGS
from .reading import Cut, Group, Reading, standard_reading, suit_bits


def standard_without_wilds(naturals: bytes, melds: tuple[Group, ...]) -> list[Reading]:
    """Every standard reading of a hand without wilds: the melds and one cut of each run
    of held faces, with one pair among them."""
    per_run: list[tuple[Cut, ...]] = []
    pairs = 0
    suits = suit_bits(melds)
    for bit, (first, size) in enumerate(BLOCKS):
        block = naturals[first:first + size]
        if any(block):
            for cuts in _honour_cuts(block) if first == HONOURS else _number_cuts(block, first):
                if not cuts:  # a run that cannot be cut
                    return []
                # each cut of a run has as many pairs as the others: one for 3k + 2
                # tiles, none for 3k
                pairs += cuts[0].pairs
                per_run.append(cuts)
            suits |= 1 << bit
    if pairs != 1:
        return []
    return [standard_reading(melds, combo, suits) for combo in product(*per_run)]


def _number_cuts(block: bytes, first: int) -> list[tuple[Cut, ...]]:
    """The cuts of each run of held faces of a number suit's block (its counts by face,
    from ``first``)."""
    held = block.lstrip(b"\0")
    start = first + len(block) - len(held)
    runs = []
    for run in held.rstrip(b"\0").split(b"\0"):
        if run:
            runs.append(run_cuts_at(run, start))
        start += len(run) + 1
    return runs


@cache
def _run_table() -> dict[bytes, tuple[bytes, ...]]:
    """The table of runs, built when the first hand without wilds is cut (a few tenths of
    a second)."""
    return all_run_cuts()


@lru_cache(maxsize=1 << 15)  # more than every run at every face
def run_cuts_at(run: bytes, start: int) -> tuple[Cut, ...]:
    """The cuts of a run of held faces (counts) from face ``start``, from the table of
    runs; none when it cannot be cut. Cached: a suit block is seldom seen twice, but its
    runs recur from hand to hand."""
    return tuple(plain_cut(codes, start) for codes in _run_table().get(run, ()))


def plain_cut(codes: bytes, start: int) -> Cut:
    """A cut of the table of runs (its groups' codes, ``runs``) for a run from face
    ``start``."""
    groups = tuple(_run_group(code, start) for code in codes)
    pair = next((g for g in groups if g.kind == "pair"), None)
    return Cut(wilds=0, pairs=int(pair is not None), groups=groups,
               sets=tuple(g for g in groups if g.kind != "pair"), pair=pair,
               substitutions=0, all_triplets=max(codes) < CHOW_CODE, honour_pungs=0)


def _run_group(code: int, start: int) -> Group:
    """The group of a run's code: its kind (``runs``: pair, pung, chow) and the place of
    its lowest tile in the run from face ``start``."""
    kind = PAIRS if code < PUNG_CODE else PUNGS if code < CHOW_CODE else CHOWS
    return kind[start + code % 9]


def _honour_cuts(block: bytes) -> list[tuple[Cut, ...]]:
    """The cuts of each held face of the honours' block: no chows, so a pair or a pung."""
    return [HONOUR_CUTS[n][HONOURS + place] for place, n in enumerate(block) if n]


def _honour_cut(group: Group) -> Cut:
    """The cut of one honour face's tiles: ``group``, a pair or a pung."""
    pung = group.kind == "pung"
    return Cut(wilds=0, pairs=int(not pung), groups=(group,), sets=(group,) if pung else (),
               pair=None if pung else group, substitutions=0, all_triplets=True,
               honour_pungs=int(pung))


# The cuts of an honour face held n times, by n and face: a pair for two, a pung for
# three, none for one or four.
HONOUR_CUTS = tuple(tuple((_honour_cut(kind[f]),) if kind is not None else ()
                          for f in ALL_TILES)
                    for kind in (None, None, PAIRS, PUNGS, None))
