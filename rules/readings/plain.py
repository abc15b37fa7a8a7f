"""Four sets and a pair without wilds, the common hand, read from the table of runs
(``runs.all_run_cuts``) instead of searched.

No set spans an empty place, so each run of held faces of a number suit is cut on its
own; a block's cuts are its runs' cuts taken in order, one of each, with at most one
pair among them (a run of 3k + 2 tiles makes one pair, of 3k tiles none). The honours
make no chows: each held face is a pair or a pung.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from ..runs import CHOW_CODE, PUNG_CODE, all_run_cuts
from .groups import BLOCKS, CHOWS, HONOURS, PAIRS, PUNGS
from .reading import Cut, Group, Reading, joined, standard_reading, suit_bits


def standard_without_wilds(naturals: bytes, melds: tuple[Group, ...]) -> list[Reading]:
    """Every standard reading of a hand without wilds: the melds and one cut of each suit
    block, with one pair among them."""
    per_block = []
    suits = suit_bits(melds)
    for bit, (first, size) in enumerate(BLOCKS):
        block = naturals[first:first + size]
        if any(block):
            cuts = block_cuts(block, first)
            if not cuts:
                return []
            per_block.append(cuts)
            suits |= 1 << bit
    return [standard_reading(melds, combo, suits) for combo in product(*per_block)
            if sum(cut.pairs for cut in combo) == 1]


@lru_cache(maxsize=1 << 13)
def block_cuts(block: bytes, first: int) -> tuple[Cut, ...]:
    """The cuts of a suit block without wilds (its counts by face, from ``first``) into
    sets and at most one pair. Cached: about half the blocks of a hand were seen in
    recent hands."""
    if first == HONOURS:
        return _honour_cuts(block)
    held = block.lstrip(b"\0")
    start = first + len(block) - len(held)
    runs = []
    for run in held.rstrip(b"\0").split(b"\0"):
        if run:
            cuts = run_cuts_at(run, start)
            if not cuts:
                return ()
            runs.append(cuts)
        start += len(run) + 1
    if len(runs) == 1:
        return runs[0]
    return tuple(cut for cut in map(joined, product(*runs)) if cut.pairs <= 1)


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


def _honour_cuts(block: bytes) -> tuple[Cut, ...]:
    """``block_cuts`` for the honours: no chows, so each held face is a pair or a pung."""
    if any(n not in (0, 2, 3) for n in block) or block.count(2) > 1:
        return ()
    groups = tuple((PAIRS if n == 2 else PUNGS)[HONOURS + place]
                   for place, n in enumerate(block) if n)
    sets = tuple(g for g in groups if g.kind == "pung")
    pair = next((g for g in groups if g.kind == "pair"), None)
    return (Cut(wilds=0, pairs=int(pair is not None), groups=groups, sets=sets, pair=pair,
                substitutions=0, all_triplets=True, honour_pungs=len(sets)),)
