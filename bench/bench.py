"""Benchmark of the scoring engine: ``rules.score`` timed on a fixed corpus of hands.

Run from the repository root (``make bench`` does exactly this)::

    .venv/bin/python bench/bench.py            # report, always exits 0
    .venv/bin/python bench/bench.py --check    # exit 1 when a target is missed

Corpus: the engine's hand generator (``rules.deals``) driven by ``random.Random(seed)``
builds the same hands on every run. Each category holds ``--per-category`` requests,
mostly Honghe with some Hangzhou (白 wild) and Jinhua:

- ``no-wild``: winning hands without a wild tile — standard concealed, standard with
  melds (chi/pung/kong/ankong), seven pairs (some with four alike as two pairs);
- ``1-wild`` … ``4-wilds``: the same kinds of winning hands with exactly n concealed
  tiles replaced by the wild type (never in a meld, never the winning tile of a
  discard win; Jinhua has only 3 wilds in play, so none of its hands has 4);
- ``non-winning``: well-formed 14-tile hands (0-2 wilds), winning hands with one or two
  concealed tiles changed, that the engine scores as not winning.

Wins are self-drawn or on a discard, as each region allows them (a Hangzhou discard
win only from 三連莊, between dealer and non-dealer); a self-draw's request has no
``discarder`` key. Every request is one ``rules.score`` accepts (the generator draws
again otherwise).

Validation: every request is scored once first (untimed, also the warm-up); a
rejection, an exception or a wrong ``winning`` is counted and shown as a warning.

Timing: every round times each request once with ``time.perf_counter_ns`` (garbage
collector paused, as ``timeit`` does); a hand's time is its median over the rounds and
a category reports the median, 99th percentile and maximum of those per-hand times.

Yardstick: the wild-free standard hands of ``no-wild`` (row ``rules no-wild standard``)
are converted to the riichi calculator of the PyPI ``mahjong`` package and timed in the
same rounds, its decomposition cache cleared before each call. Its result is an error
("no_yaku") on some open hands: it still divides and evaluates the hand.

Targets (``--check``, issue 26): rules/mahjong median ratio ≤ 0.6 on those hands, 4-wilds
p99 < 2000 µs; ``--check`` also fails when the engine is missing or the corpus warns.

Waits (printed after the table, not part of ``--check``): ``rules.waits`` on the
``3-wilds`` winning hands whose winning tile is not a wild, with the winning tile
dropped (``win_tile``, ``win_type`` and ``discarder`` removed): 13-tile hands holding 3
wilds. Reported: the median over the hands (target < 10 ms).
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from rules import deals  # noqa: E402 (once REPO_ROOT is on the path)
from rules.tiles import WHITE, tile_code  # noqa: E402

DEFAULT_SEED = 20261129
DEFAULT_PER_CATEGORY = 200
DEFAULT_ROUNDS = 5

RATIO_TARGET = 0.6  # rules median / mahjong median on the same wild-free hands
FOUR_WILDS_P99_TARGET_US = 2000.0
WAITS_MEDIAN_TARGET_MS = 10.0
WAITS_WILDS = 3

WILD_CATEGORIES = {"1-wild": 1, "2-wilds": 2, "3-wilds": 3, "4-wilds": 4}
CATEGORIES = ("no-wild", *WILD_CATEGORIES, "non-winning")
YARDSTICK_SUBSET = "no-wild standard"  # the rows compared with the yardstick

N_FACES = 34  # faces 0-33: 1-9m, 1-9p, 1-9s, 1-7z, also the riichi package's 34-tile order

# How often each kind of hand is dealt (the number of wilds is the category's).
MIX = deals.Mix(
    flavours={"mixed": 70, "one_suit": 13, "suit_and_honours": 14, "honours": 3},
    seven_pairs=0.2,
    four_alike=0.1,
    melds={0: 55, 1: 7, 2: 6, 3: 6, 4: 6},  # 4 melds leave no room for 2 wilds: 3 then
    streaks={0: 2, 1: 1, 2: 1},
    win_types={"self_draw": 60, "discard": 40},
    bases=(1, 1, 1, 2, 5),
    dice=0.3,
)
NON_WINNING_WILDS = {0: 60, 1: 30, 2: 10}


# ---------------------------------------------------------------------------
# Corpus generation


@dataclass(frozen=True, kw_only=True)
class RiichiHand:
    """The same hand in the riichi package's 136-tile format."""

    tiles: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...]


@dataclass(frozen=True, kw_only=True)
class Case:
    category: str
    request: dict
    winning: bool
    shape: str  # "standard" | "seven_pairs" as built, "none" for a non-winning hand
    riichi: RiichiHand | None  # wild-free standard winning hands only


def pick_region(rng: random.Random, wilds: int) -> str:
    """Mostly Honghe; Hangzhou (白 wild, 4 copies) and Jinhua (3 wilds in play) sometimes."""
    regions = ["honghe"] * 8 + ["hangzhou"] + (["jinhua"] if wilds <= 3 else ["honghe"])
    return rng.choice(regions)


def corpus_request(dealt: deals.Dealt) -> dict:
    """The generator's request, less a self-draw's ``discarder: null``."""
    return {key: value for key, value in dealt.request.items()
            if key != "discarder" or value is not None}


def to_riichi(dealt: deals.Dealt) -> RiichiHand:
    """Give every physical tile its own 136-format id (face * 4 + copy)."""
    copies_used = [0] * N_FACES

    def take(face: int) -> int:
        copies_used[face] += 1
        return face * 4 + copies_used[face] - 1

    meld_types = {"chi": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN, "ankong": Meld.KAN}
    melds = tuple(
        Meld(
            meld_type=meld_types[kind],
            tiles=[take(face) for face in faces],
            opened=kind != "ankong",
        )
        for kind, faces in dealt.melds
    )
    hand = list(dealt.concealed)
    hand.remove(dealt.win_tile)
    concealed_ids = [take(face) for face in hand]
    win_tile = take(dealt.win_tile)
    meld_ids = [tile for meld in melds for tile in meld.tiles]
    return RiichiHand(tiles=(*meld_ids, *concealed_ids, win_tile), win_tile=win_tile, melds=melds)


def winning_case(rng: random.Random, category: str, wilds: int) -> Case:
    dealt = deals.winning(rng, pick_region(rng, wilds), wilds=wilds, mix=MIX)
    riichi = to_riichi(dealt) if wilds == 0 and dealt.shape == "standard" else None
    return Case(category=category, request=corpus_request(dealt), winning=True,
                shape=dealt.shape, riichi=riichi)


def non_winning_case(rng: random.Random) -> Case:
    """A winning hand with one or two concealed tiles changed, that no reading completes."""
    wilds = rng.choices(list(NON_WINNING_WILDS), list(NON_WINNING_WILDS.values()))[0]
    dealt = deals.near_winning(rng, pick_region(rng, wilds), wilds=wilds, mix=MIX)
    return Case(category="non-winning", request=corpus_request(dealt), winning=False,
                shape="none", riichi=None)

def build_corpus(seed: int, per_category: int) -> list[Case]:
    rng = random.Random(seed)
    corpus = [winning_case(rng, "no-wild", 0) for _ in range(per_category)]
    for category, wilds in WILD_CATEGORIES.items():
        corpus += [winning_case(rng, category, wilds) for _ in range(per_category)]
    corpus += [non_winning_case(rng) for _ in range(per_category)]
    return corpus


# ---------------------------------------------------------------------------
# Validation: every request accepted, winning hands win, non-winning ones do not.


def load_engine() -> tuple[Callable[[dict], dict] | None, str]:
    try:
        import rules
    except ImportError as exc:
        return None, f"rules engine not importable ({exc})"
    score = getattr(rules, "score", None)
    if score is None:
        return None, "rules has no score() yet"
    return score, ""


def validate(score: Callable[[dict], dict], corpus: list[Case]) -> tuple[list[Case], list[str]]:
    """Score every case once (this also warms up); return the cases safe to time and warnings."""
    timeable, warnings = [], []
    for case in corpus:
        before = copy.deepcopy(case.request)
        problem = ""
        try:
            result = score(case.request)
        except Exception as exc:  # any failure is reported, not fatal
            problem = f"raised {type(exc).__name__}: {exc}"
        else:
            timeable.append(case)
            if not isinstance(result, dict):
                problem = f"returned {type(result).__name__}, not a dict"
            elif result.get("errors"):
                problem = f"rejected: {result['errors']}"
            elif bool(result.get("winning")) != case.winning:
                problem = f"came back winning={result.get('winning')!r}, expected {case.winning}"
        if case.request != before:
            problem += " (and score() changed the request dict)"
        if problem:
            warnings.append(
                f"[{case.category}] {problem}\n    {json.dumps(case.request, ensure_ascii=False)}"
            )
    return timeable, warnings


# ---------------------------------------------------------------------------
# Timing

YARDSTICK = "mahjong.HandCalculator (same hands)"


@dataclass(frozen=True, kw_only=True)
class Suite:
    name: str
    cases: list[Case]
    calls: list[Callable[[], object]]  # one per case
    before_each: Callable[[], object] | None = None  # untimed
    before_round: Callable[[], object] | None = None  # untimed


@dataclass(frozen=True, kw_only=True)
class Row:
    name: str
    n: int
    median_us: float
    p99_us: float
    max_us: float
    per_hand_us: tuple[float, ...]  # in the order of the suite's cases


def run_round(suite: Suite) -> list[float]:
    """Each call once, in microseconds, with the garbage collector paused (as timeit does)."""
    if suite.before_round is not None:
        suite.before_round()
    gc.collect()
    gc.disable()
    try:
        samples = []
        for call in suite.calls:
            if suite.before_each is not None:
                suite.before_each()
            start = time.perf_counter_ns()
            call()
            samples.append((time.perf_counter_ns() - start) / 1000)
        return samples
    finally:
        gc.enable()


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def time_suites(suites: list[Suite], rounds: int) -> dict[str, Row]:
    """Interleave the suites round by round, so drift on the machine hits them all alike."""
    samples: dict[str, list[list[float]]] = {suite.name: [] for suite in suites if suite.calls}
    for _ in range(rounds):
        for suite in suites:
            if suite.calls:
                samples[suite.name].append(run_round(suite))
    rows = {}
    for name, by_round in samples.items():
        per_hand = [statistics.median(times) for times in zip(*by_round, strict=True)]
        rows[name] = Row(
            name=name,
            n=len(per_hand),
            median_us=statistics.median(per_hand),
            p99_us=percentile(per_hand, 0.99),
            max_us=max(per_hand),
            per_hand_us=tuple(per_hand),
        )
    return rows


def rules_call(score: Callable[[dict], dict], request: dict) -> Callable[[], object]:
    return lambda: score(request)


def riichi_call(hand: RiichiHand) -> Callable[[], HandResponse]:
    config = HandConfig(is_tsumo=True)
    melds = list(hand.melds)
    return lambda: HandCalculator.estimate_hand_value(
        hand.tiles, hand.win_tile, melds=melds, config=config
    )


def clear_rules_caches() -> None:
    # --cold: the engine's caches of suit cuts and tile runs start empty for every call.
    import rules

    rules.clear_caches()


def warm_up_with(score: Callable[[dict], dict], seed: int, per_category: int):
    """The engine's caches as on a server that has scored other hands: before each round
    they are emptied, then filled by a corpus of other hands (another seed), so no timed
    hand gains from having been scored before."""
    others = [case.request for case in build_corpus(seed, per_category)]

    def warm_up() -> None:
        clear_rules_caches()
        for request in others:
            score(request)

    return warm_up


def clear_riichi_cache() -> None:
    # The divider memoises decompositions; clear it so every call does the full work.
    HandDivider._divide_hand_impl.cache_clear()


# ---------------------------------------------------------------------------
# Report


def print_table(rows: list[Row]) -> None:
    print(f"{'category':<37}{'n':>5}{'median µs':>12}{'p99 µs':>12}{'max µs':>12}")
    for row in rows:
        print(
            f"{row.name:<37}{row.n:>5}{row.median_us:>12.1f}{row.p99_us:>12.1f}{row.max_us:>12.1f}"
        )


def print_slowest(suites: list[Suite], rows: dict[str, Row], count: int) -> None:
    for suite in suites:
        row = rows.get(suite.name)
        if row is None or suite.name == YARDSTICK:
            continue
        print(f"\nslowest of {suite.name}:")
        ranked = sorted(zip(row.per_hand_us, suite.cases, strict=True), key=lambda pair: -pair[0])
        for time_us, case in ranked[:count]:
            print(f"  {time_us:9.1f} µs  {json.dumps(case.request, ensure_ascii=False)}")


def describe_corpus(corpus: list[Case]) -> str:
    regions: dict[str, int] = {}
    shapes: dict[str, int] = {}
    for case in corpus:
        regions[case.request["region"]] = regions.get(case.request["region"], 0) + 1
        shapes[case.shape] = shapes.get(case.shape, 0) + 1
    with_melds = sum(1 for case in corpus if case.request["melds"])
    discards = sum(1 for case in corpus if case.request["win_type"] == "discard")
    return (
        f"{len(corpus)} requests; regions {regions}; shapes {shapes}; "
        f"{with_melds} with melds; {discards} discard wins"
    )


def dump_corpus(corpus: list[Case], path: Path) -> None:
    with path.open("w", encoding="utf-8") as out:
        for case in corpus:
            line = {"category": case.category, "request": case.request}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    print(f"corpus written to {path}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--per-category", type=int, default=DEFAULT_PER_CATEGORY)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument(
        "--only", action="append", choices=CATEGORIES, help="time only this category (repeatable)"
    )
    parser.add_argument("--no-yardstick", action="store_true", help="skip the mahjong package")
    parser.add_argument("--dump", type=Path, help="also write the corpus as JSON lines")
    parser.add_argument(
        "--slowest", type=int, default=0, metavar="N", help="show each category's N slowest hands"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument(
        "--cold", action="store_true",
        help="empty the engine's caches before every call (default: warmed by other hands)",
    )
    return parser.parse_args(argv)


def check_targets(rows: dict[str, Row], yardstick_cases: list[Case]) -> list[str]:
    """Print the yardstick and target lines; return the targets missed."""
    missed = []
    yardstick = rows.get(YARDSTICK)
    if yardstick:
        no_yaku = sum(1 for case in yardstick_cases if riichi_call(case.riichi)().error)
        print(
            f"yardstick {YARDSTICK.split(' ')[0]} median {yardstick.median_us:.1f} µs "
            f"({no_yaku}/{yardstick.n} hands have no riichi yaku: an error result, "
            "after the full division and evaluation)"
        )
    same_hands = rows.get(f"rules {YARDSTICK_SUBSET}")
    if yardstick and same_hands:
        ratio = same_hands.median_us / yardstick.median_us
        ok = ratio <= RATIO_TARGET
        verdict = "ok" if ok else "MISSED"
        print(f"ratio rules/mahjong = {ratio:.2f} (target ≤ {RATIO_TARGET}) {verdict}")
        if not ok:
            missed.append(f"ratio rules/mahjong {ratio:.2f}")
    four = rows.get("rules 4-wilds")
    if four:
        ok = four.p99_us < FOUR_WILDS_P99_TARGET_US
        target = f"target < {FOUR_WILDS_P99_TARGET_US:.0f}"
        print(f"4 wilds p99 = {four.p99_us:.1f} µs ({target}) {'ok' if ok else 'MISSED'}")
        if not ok:
            missed.append(f"4-wilds p99 {four.p99_us:.0f} µs")
    return missed


# ---------------------------------------------------------------------------
# Waits: rules.waits on 13-tile hands holding 3 wilds (the 3-wilds corpus minus its win tile)


def waits_requests(corpus: list[Case]) -> list[dict]:
    """The ``3-wilds`` hands whose 3 wilds are all in ``hand``, as waits requests."""
    requests = []
    for case in corpus:
        request = case.request
        wild = request.get("wild", tile_code(WHITE))
        if case.category != "3-wilds" or request["win_tile"] == wild:
            continue
        requests.append({key: value for key, value in request.items()
                         if key not in ("win_tile", "win_type", "discarder")})
    return requests


def time_waits(requests: list[dict], rounds: int) -> None:
    """Print the median time of ``rules.waits`` over the hands (each hand's median over
    the rounds); a rejected request is counted and left out."""
    import rules

    waits = getattr(rules, "waits", None)
    if waits is None:
        print("waits: rules has no waits() yet")
        return
    accepted, rejected = [], 0
    for request in requests:
        try:
            waits(request)  # also the warm-up
        except Exception:  # reported as a count, not fatal
            rejected += 1
        else:
            accepted.append(request)
    if not accepted:
        print(f"waits: no {WAITS_WILDS}-wild hand to time ({rejected} rejected)")
        return
    suite = Suite(name="waits", cases=[], calls=[lambda r=r: waits(r) for r in accepted])
    per_round = [run_round(suite) for _ in range(rounds)]
    per_hand = [statistics.median(times) for times in zip(*per_round, strict=True)]
    median_ms = statistics.median(per_hand) / 1000
    verdict = "ok" if median_ms < WAITS_MEDIAN_TARGET_MS else "MISSED"
    note = f"; {rejected} rejected" if rejected else ""
    print(
        f"waits ({len(accepted)} 13-tile hands with {WAITS_WILDS} wilds{note}): "
        f"median {median_ms:.2f} ms, p99 {percentile(per_hand, 0.99) / 1000:.2f} ms, "
        f"max {max(per_hand) / 1000:.2f} ms (target < {WAITS_MEDIAN_TARGET_MS:.0f} ms) {verdict}"
    )


REFERENCE_SAMPLE = {"no-wild": 20, "1-wild": 10, "2-wilds": 5}  # hands timed per category


def time_reference(corpus: list[Case], categories: Sequence[str]) -> None:
    """Print the reference scorer's time (``tests/reference.py``, every face for every
    wild and every decomposition; the tests hold ``rules.score`` to it) on the first
    hands of the lighter categories, once each, beside ``rules.score``'s on the same
    hands: a yardstick of what the engine's search saves."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import rules
    from tests.reference import reference_score

    for category, count in REFERENCE_SAMPLE.items():
        if category not in categories:
            continue
        requests = [c.request for c in corpus if c.category == category][:count]
        reference, engine = [], []
        for request in requests:
            start = time.perf_counter_ns()
            reference_score(request)
            reference.append((time.perf_counter_ns() - start) / 1000)
            start = time.perf_counter_ns()
            rules.score(request)
            engine.append((time.perf_counter_ns() - start) / 1000)
        print(f"reference scorer, {category} ({len(requests)} hands, once each): median "
              f"{statistics.median(reference) / 1000:.1f} ms against rules.score "
              f"{statistics.median(engine):.0f} µs on the same hands")


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    corpus = build_corpus(args.seed, args.per_category)
    print(f"corpus (seed {args.seed}): {describe_corpus(corpus)}")
    if args.dump:
        dump_corpus(corpus, args.dump)
    categories = args.only or list(CATEGORIES)
    selected = [case for case in corpus if case.category in categories]
    problems = []

    score, why_not = load_engine()
    if score is None:
        print(f"WARNING: {why_not}; timing the yardstick only")
        problems.append(why_not)
    else:
        selected, warnings = validate(score, selected)
        if warnings:
            print(f"WARNING: {len(warnings)} corpus requests not scored as expected; the first:")
            for warning in warnings[:8]:
                print(f"  {warning}")
            problems.append(f"{len(warnings)} corpus warnings")

    yardstick_cases = [] if args.no_yardstick else [c for c in selected if c.riichi is not None]
    suites = []
    if score is not None and not args.cold:
        warm_up = warm_up_with(score, args.seed + 1, args.per_category)
        print("engine caches: emptied, then warmed by another seed's corpus before each round")
    elif score is not None:
        print("engine caches: emptied before every call (--cold)")
    if score is not None:
        groups = {name: [c for c in selected if c.category == name] for name in categories}
        if yardstick_cases:
            groups[YARDSTICK_SUBSET] = yardstick_cases
        suites += [
            Suite(
                name=f"rules {name}",
                cases=cases,
                calls=[rules_call(score, case.request) for case in cases],
                before_each=clear_rules_caches if args.cold else None,
                before_round=None if args.cold else warm_up,
            )
            for name, cases in groups.items()
        ]
    if yardstick_cases:
        suites.append(
            Suite(
                name=YARDSTICK,
                cases=yardstick_cases,
                calls=[riichi_call(case.riichi) for case in yardstick_cases],
                before_each=clear_riichi_cache,
            )
        )

    rows = time_suites(suites, args.rounds)
    print(f"\n{args.rounds} rounds; a hand's time is its median over the rounds.\n")
    print_table(list(rows.values()))
    print()
    problems += check_targets(rows, yardstick_cases)
    if score is not None:
        time_waits(waits_requests(corpus), args.rounds)
        time_reference(corpus, categories)
    if args.slowest:
        print_slowest(suites, rows, args.slowest)

    if args.check and problems:
        print(f"--check failed: {'; '.join(problems)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
