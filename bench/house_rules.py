"""Benchmark of a result with its house-rule readings (issue 28): ``rules.score`` timed on
the benchmark's corpus (bench/bench.py ``build_corpus``) without and with
``"alternatives": "house_rules"``, region by region, beside the goal: under 3×.

A second table times hands every house rule applies to, dealt with the benchmark's mix
(``MIX``) changed so: Honghe wins by robbing a kong (three other readings, each scored),
Hangzhou seven pairs half the time and wilds more often (six pairs and a lone 財神),
Jinhua without chows (碰碰胡's claims). It is the cost where a table disputes; the goal
is the first table's.

Run from the repository root::

    .venv/bin/python bench/house_rules.py            # report, always exits 0
    .venv/bin/python bench/house_rules.py --check    # exit 1 when the goal is missed

Timing as bench/bench.py times (its ``Suite`` and ``time_suites``): each request once a
round, the two ways interleaved round by round, the engine's caches emptied and warmed
by another seed's corpus before each round; a hand's time is its median over the
rounds. The ratio is the with-median over the without-median of the same hands, and
the same for the total time (the hands that score more readings weigh in).

Until the score request reads the option (the hook in rules/scoring.py, docs/API.md),
"with" times what the option runs: ``score`` and then
``rules.house_readings.house_rule_outcomes`` on its response; the report says which.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

# bench/corpus_cli.py, first: run as a script, this file's folder is first on the path,
# and importing it puts the repository root there for the engine's imports
from corpus_cli import corpus_arguments, exit_status

from bench import MIX, Row, Suite, build_corpus, time_suites, warm_up_with
from rules import InvalidRequest, deals, score
from rules.house_readings import OPTION, house_rule_outcomes

GOAL = 3.0  # with / without, on CPython (issue 28)
ASKED = {OPTION: "house_rules"}

Request = dict[str, Any]

# Where each region's house rules apply (the second table).
DISPUTED = {
    "honghe": dataclasses.replace(MIX, win_types={"rob_kong": 1}),
    "hangzhou": dataclasses.replace(MIX, seven_pairs=0.5, wild_chance=0.6),
    "jinhua": dataclasses.replace(MIX, chow=0.0),
}


def option_read() -> bool:
    """Whether ``score`` reads the option (else it refuses the key as unknown)."""
    probe = {"region": "hangzhou", "hand": "123m456p789s23s11z", "win_tile": "4s",
             "win_type": "self_draw", "winner": "S", "dealer": "E", **ASKED}
    try:
        return "house_rule_alternatives" in score(probe)
    except InvalidRequest:
        return False


def with_readings(read: bool) -> Callable[[Request], object]:
    """A result with its house-rule readings: through the option when ``score`` reads
    it, else the same two steps called here."""
    if read:
        return lambda request: score({**request, **ASKED})
    return lambda request: house_rule_outcomes(request, score, score(request))


def ratio_line(name: str, without: Row, with_: Row, readings: int) -> str:
    median = with_.median_us / without.median_us
    total = sum(with_.per_hand_us) / sum(without.per_hand_us)
    verdict = "ok" if max(median, total) < GOAL else "MISSED"
    return (f"{name:<10}{without.n:>5}{without.median_us:>11.1f}{with_.median_us:>11.1f}"
            f"{median:>8.2f}×{total:>8.2f}×{readings:>9}   goal < {GOAL:.0f}× {verdict}")


def by_region(requests: list[Request]) -> dict[str, list[Request]]:
    groups: dict[str, list[Request]] = {"all": requests}
    for request in requests:
        groups.setdefault(request["region"], []).append(request)
    return groups


def disputed_requests(seed: int, per_region: int) -> list[Request]:
    rng = random.Random(seed)
    return [deals.winning(rng, region, mix=mix).request
            for region, mix in DISPUTED.items() for _ in range(per_region)]


def report(title: str, groups: dict[str, list[Request]], with_: Callable[[Request], object],
           warm_up: Callable[[], None], rounds: int) -> list[str]:
    """Print one table; return the groups that miss the goal."""
    suites = []
    for name, group in groups.items():
        suites.append(Suite(name=f"{name} without", cases=[], before_round=warm_up,
                            calls=[lambda r=r: score(r) for r in group]))
        suites.append(Suite(name=f"{name} with", cases=[], before_round=warm_up,
                            calls=[lambda r=r: with_(r) for r in group]))
    rows = time_suites(suites, rounds)
    print(f"\n{title}\n{'region':<10}{'n':>5}{'without µs':>11}{'with µs':>11}{'median':>9}"
          f"{'total':>9}{'readings':>9}   (medians per hand; readings listed in all)")
    missed = []
    for name, group in groups.items():
        readings = sum(len(house_rule_outcomes(r, score)) for r in group)
        line = ratio_line(name, rows[f"{name} without"], rows[f"{name} with"], readings)
        print(line)
        if line.endswith("MISSED"):
            missed.append(name)
    return missed


def main(argv: Sequence[str] | None = None) -> int:
    parser = corpus_arguments(__doc__.splitlines()[0],
                              check="exit 1 if the benchmark's corpus misses the goal")
    args = parser.parse_args(argv)

    requests = [case.request for case in build_corpus(args.seed, args.per_category)]
    read = option_read()
    how = ("the option" if read else
           "score + house_rule_outcomes (the score request does not read the option yet)")
    print(f"house-rule readings, seed {args.seed}, {args.rounds} rounds; 'with' = {how}")
    warm_up = warm_up_with(score, args.seed + 1, args.per_category)
    with_ = with_readings(read)
    missed = report(f"the benchmark's corpus ({len(requests)} requests): the goal",
                    by_region(requests), with_, warm_up, args.rounds)
    disputed = disputed_requests(args.seed, args.per_category)
    report(f"hands every house rule applies to ({len(disputed)} requests): for the record",
           by_region(disputed), with_, warm_up, args.rounds)
    return exit_status(args.check, missed)


if __name__ == "__main__":
    sys.exit(main())
