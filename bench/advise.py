"""Benchmark of ``rules.advise`` (向听 and 何切) beside ``rules.score``, on the hands of the
bench corpus (bench/bench.py, same seed).

Run from the repository root::

    .venv/bin/python bench/advise.py            # report, always exits 0
    .venv/bin/python bench/advise.py --check    # exit 1 when a goal is missed

Hands (issue 29, "Fast enough to tap through"):

- 13 tiles: every corpus hand with its winning tile dropped (the winning hands stand
  ready, so their advice carries their waits, each scored; the non-winning ones are one
  or more tiles from ready). Goal: median < 5 ms.
- 14-tile 何切 with two wilds: the ``2-wilds`` winning hands with the winning tile back
  in the hand and one natural concealed tile swapped for another tile still in play (so
  the hand is a choice of discards, not a win). Goal: 99th percentile < 50 ms.
- ``rules.score`` on the corpus's own requests, timed in the same rounds.

Timing as bench/bench.py: each call once a round (garbage collector paused), a hand's
time its median over the rounds, after one untimed warm-up call each. The caches stay
warm between hands (as on a server); ``--cold`` clears every engine cache before each
call instead.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

# bench/corpus_cli.py, first: run as a script, this file's folder is first on the path,
# and importing it puts the repository root there for the engine's imports
from corpus_cli import corpus_arguments, exit_status

from bench import Suite, build_corpus, time_suites
from rules import advise as advise_module
from rules import clear_caches, score
from rules.advise import advise
from rules.readings import clear_reading_caches
from rules.tiles import CODES, WHITE, format_tiles, parse_tile, parse_tiles

THIRTEEN_MEDIAN_GOAL_MS = 5.0
WHICH_TILE_P99_GOAL_MS = 50.0
PER_CATEGORY = 60
NOT_IN_ADVICE = ("win_tile", "win_type", "discarder")


def thirteen_tile(request: dict) -> dict:
    """A scored hand with its winning tile dropped: an advise request of 13 tiles."""
    return {key: value for key, value in request.items() if key not in NOT_IN_ADVICE}


def which_tile(rng: random.Random, request: dict) -> dict:
    """A 2-wild winning hand as 14 tiles with one natural tile swapped for another."""
    wild = parse_tile(request.get("wild") or CODES[WHITE])
    tiles = [*parse_tiles(request["hand"]), parse_tile(request["win_tile"])]
    in_play = [0] * 34
    for tile in tiles + [t for m in request.get("melds", []) for t in parse_tiles(m.split()[1])]:
        in_play[tile] += 1
    naturals = [i for i, tile in enumerate(tiles) if tile != wild]
    swapped = rng.choice(naturals)
    other = rng.choice([f for f in range(34) if f != wild and in_play[f] < 4])
    tiles[swapped] = other
    return {**thirteen_tile(request), "hand": format_tiles(sorted(tiles))}


def clear_all() -> None:
    clear_caches()
    clear_reading_caches()
    advise_module.block_table.cache_clear()
    advise_module.lonely_suit.cache_clear()


def main(argv: Sequence[str] | None = None) -> int:
    parser = corpus_arguments(__doc__.split("\n\n")[0], per_category=PER_CATEGORY,
                              check="exit 1 when a goal is missed")
    parser.add_argument("--cold", action="store_true", help="clear the caches before each call")
    args = parser.parse_args(argv)

    corpus = build_corpus(args.seed, args.per_category)
    rng = random.Random(args.seed)
    scored = [case.request for case in corpus]
    thirteen = [thirteen_tile(r) for r in scored]
    fourteen = [which_tile(rng, case.request) for case in corpus
                if case.category == "2-wilds"]
    for request in scored:
        score(request)  # the warm-up
    for request in thirteen + fourteen:
        advise(request)
    before = clear_all if args.cold else None
    suites = [
        Suite(name="rules.score", cases=[], calls=[lambda r=r: score(r) for r in scored],
              before_each=before),
        Suite(name="advise 13 tiles", cases=[],
              calls=[lambda r=r: advise(r) for r in thirteen], before_each=before),
        Suite(name="advise 14 tiles, 2 wilds", cases=[],
              calls=[lambda r=r: advise(r) for r in fourteen], before_each=before),
    ]
    rows = time_suites(suites, args.rounds)
    caches = "cold caches" if args.cold else "warm caches"
    print(f"rules.advise beside rules.score (seed {args.seed}, {args.rounds} rounds, {caches})")
    print(f"{'':28} {'hands':>6} {'median':>10} {'p99':>10} {'max':>10}  goal")
    goals = {"advise 13 tiles": ("median", THIRTEEN_MEDIAN_GOAL_MS),
             "advise 14 tiles, 2 wilds": ("p99", WHICH_TILE_P99_GOAL_MS)}
    missed = []
    for name, row in rows.items():
        goal = ""
        if name in goals:
            stat, limit = goals[name]
            value = (row.median_us if stat == "median" else row.p99_us) / 1000
            verdict = "ok" if value < limit else "MISSED"
            goal = f"{stat} < {limit:.0f} ms {verdict}"
            if verdict == "MISSED":
                missed.append(name)
        print(f"{name:28} {row.n:>6} {row.median_us / 1000:>8.2f}ms {row.p99_us / 1000:>8.2f}ms "
              f"{row.max_us / 1000:>8.2f}ms  {goal}")
    return exit_status(args.check, missed)


if __name__ == "__main__":
    sys.exit(main())
