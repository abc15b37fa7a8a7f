"""The table of run cuts: every way to cut each run of held faces of a number suit into
sets and at most one pair, built when the engine first cuts a hand without wilds
(``all_run_cuts``, a few tenths of a second once).

A run is a stretch of consecutive faces each held at least once (counts 1-4, at most
nine faces and fourteen tiles): no set spans an empty place, so a suit block is cut run
by run, and the table spares the engine any search of a hand without wilds. Runs that
cannot be cut are left out. ``tests/engine/test_run_table.py`` checks the cuts against a brute
force.
"""

from __future__ import annotations

from collections.abc import Iterator

# A group of a cut as one code: its kind times 9 plus the place of its lowest tile in
# the run (``readings.plain.plain_cut`` turns codes into groups at the run's first face).
PAIR_CODE, PUNG_CODE, CHOW_CODE = 0, 9, 18


def run_cuts(run: bytes) -> list[bytes]:
    """The cuts of a run of a number suit: the lowest tile left opens a pair, a pung or
    a chow, in that order (the order of the engine's readings). A run of 3k + 2 tiles
    holds one pair; of 3k tiles none."""
    counts = list(run)
    size = len(counts)
    found: list[bytes] = []
    cut: list[int] = []
    left = sum(counts) % 3
    if left == 1:
        return found

    def walk(low: int, pair: int) -> None:
        while low < size and not counts[low]:
            low += 1
        if low == size:
            found.append(bytes(cut))
            return
        n = counts[low]
        if pair and n >= 2:
            counts[low] -= 2
            cut.append(PAIR_CODE + low)
            walk(low, 0)
            cut.pop()
            counts[low] += 2
        if n >= 3:
            counts[low] -= 3
            cut.append(PUNG_CODE + low)
            walk(low, pair)
            cut.pop()
            counts[low] += 3
        if low + 2 < size and counts[low + 1] and counts[low + 2]:
            for i in range(low, low + 3):
                counts[i] -= 1
            cut.append(CHOW_CODE + low)
            walk(low, pair)
            cut.pop()
            for i in range(low, low + 3):
                counts[i] += 1

    walk(0, 1 if left else 0)
    return found


def all_runs(most_tiles: int = 14, longest: int = 9) -> Iterator[bytes]:
    """Every run: counts 1-4 over one to ``longest`` faces, at most ``most_tiles`` tiles,
    shortest first, then by counts."""
    runs = [b""]
    for _ in range(longest):
        runs = [run + bytes([n]) for run in runs for n in range(1, 5)
                if sum(run) + n <= most_tiles]
        yield from runs


def all_run_cuts() -> dict[bytes, tuple[bytes, ...]]:
    """Every run that cuts (counts as bytes) with its cuts, in the order the engine lists
    them: each cut a bytes of group codes, kind times 9 (pair 0, pung 1, chow 2) plus the
    place of the group's lowest tile in the run."""
    table = {}
    for run in all_runs():
        cuts = run_cuts(run)
        if cuts:
            table[run] = tuple(cuts)
    return table
