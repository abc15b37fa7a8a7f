"""Benchmark of the scoring engine: ``rules.score`` timed on a fixed corpus of hands.

Run from the repository root (``make bench`` does exactly this)::

    .venv/bin/python bench/bench.py            # report, always exits 0
    .venv/bin/python bench/bench.py --check    # exit 1 when a target is missed

Corpus: ``random.Random(seed)`` builds the same hands on every run. Each category holds
``--per-category`` requests, mostly Honghe with some Hangzhou (白 wild) and Jinhua:

- ``no-wild``: winning hands without a wild tile — standard concealed, standard with
  exposed melds (chi/pung/kong/ankong), seven pairs;
- ``1-wild`` … ``4-wilds``: the same kinds of winning hands with exactly n concealed
  tiles replaced by the wild type (never in a meld, never the winning tile of a
  discard win, at most 4 copies of any face; Jinhua has only 3 wilds in play);
- ``non-winning``: well-formed 14-tile hands (0-2 wilds) that cannot be completed.

Validation: every request is scored once first (untimed, also the warm-up); a
rejection, an exception or a wrong ``winning`` is counted and shown as a warning.

Timing: every round times each request once with ``time.perf_counter_ns`` (garbage
collector paused, as ``timeit`` does); a hand's time is its median over the rounds and
a category reports the median, 99th percentile and maximum of those per-hand times.

Yardstick: the wild-free standard hands of ``no-wild`` (row ``rules no-wild standard``)
are converted to the riichi calculator of the PyPI ``mahjong`` package and timed in the
same rounds, its decomposition cache cleared before each call. Its result is an error
("no_yaku") on some open hands: it still divides and evaluates the hand.

Targets (``--check``): rules/mahjong median ratio ≤ 0.5 on those hands, 4-wilds p99
< 1000 µs; ``--check`` also fails when the engine is missing or the corpus warns.

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
from functools import cache
from pathlib import Path

from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

DEFAULT_SEED = 20261129
DEFAULT_PER_CATEGORY = 200
DEFAULT_ROUNDS = 5

RATIO_TARGET = 0.5  # rules median / mahjong median on the same wild-free hands
FOUR_WILDS_P99_TARGET_US = 1000.0
WAITS_MEDIAN_TARGET_MS = 10.0
WAITS_WILDS = 3

WILD_CATEGORIES = {"1-wild": 1, "2-wilds": 2, "3-wilds": 3, "4-wilds": 4}
CATEGORIES = ("no-wild", *WILD_CATEGORIES, "non-winning")
YARDSTICK_SUBSET = "no-wild standard"  # the rows compared with the yardstick

# ---------------------------------------------------------------------------
# Tiles: faces 0-33 in the order 1-9m, 1-9p, 1-9s, 1-7z (東南西北白發中), which is
# also the riichi package's 34-tile order.

SUIT_LETTERS = "mpsz"
N_FACES = 34
HONOURS = range(27, 34)
WHITE = 31  # 白 5z: Hangzhou's default wild, Jinhua's substitute for the wild face
SEATS = "ESWN"


def face_name(face: int) -> str:
    return f"{face % 9 + 1}{SUIT_LETTERS[face // 9]}"


def is_suited(face: int) -> bool:
    return face < 27


def notation(faces: Sequence[int]) -> str:
    """Tenhou-style notation, e.g. ``123m456p11z`` (RULEBOOK §1)."""
    parts = []
    for suit, letter in enumerate(SUIT_LETTERS):
        digits = "".join(str(face % 9 + 1) for face in sorted(faces) if face // 9 == suit)
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def tile_counts(faces: Sequence[int]) -> list[int]:
    counts = [0] * N_FACES
    for face in faces:
        counts[face] += 1
    return counts


# ---------------------------------------------------------------------------
# Could these tiles win? Used to keep non-winning hands non-winning. Wilds count as
# jokers that may stand for anything, so the check errs on the side of "could win".


@cache
def _forms_sets(counts: tuple[int, ...], jokers: int, need_pair: bool) -> bool:
    """Can the tiles (plus jokers) be split into sets, and one pair if needed?"""
    first = next((face for face, count in enumerate(counts) if count), None)
    if first is None:
        return True  # the tile total is 3k (+2), so the jokers left fill the rest
    groups = [[first] * 3]
    if need_pair:
        groups.append([first] * 2)
    if is_suited(first):
        suit_start = first - first % 9
        for start in (first - 2, first - 1, first):
            if suit_start <= start <= suit_start + 6:
                groups.append([start, start + 1, start + 2])
    for group in groups:
        rest = list(counts)
        jokers_needed = 0
        for face in group:
            if rest[face]:
                rest[face] -= 1
            else:
                jokers_needed += 1
        is_pair = len(group) == 2
        if jokers_needed <= jokers and _forms_sets(
            tuple(rest), jokers - jokers_needed, need_pair and not is_pair
        ):
            return True
    return False


def could_win(concealed: Sequence[int], jokers: int, has_melds: bool, region: str) -> bool:
    """True if the concealed tiles (winning tile included) might read as a winning hand."""
    counts = tile_counts(concealed)
    if _forms_sets(tuple(counts), jokers, need_pair=True):
        return True
    if has_melds:
        return False
    if sum(count % 2 for count in counts) <= jokers:
        return True  # seven pairs
    if region == "jinhua":
        # 十三不靠/七風 need ≥5 different honours, 亂風 all honours (RULEBOOK §4)
        honours_seen = sum(1 for face in HONOURS if counts[face])
        all_honours = all(not is_suited(face) for face in concealed)
        return honours_seen + jokers >= 5 or all_honours
    return False


# ---------------------------------------------------------------------------
# Corpus generation


@dataclass(frozen=True, kw_only=True)
class Table:
    """Region and wild of one request, and the faces a wild-free hand must avoid."""

    region: str
    wild: int
    wild_copies: int
    avoid: frozenset[int]


@dataclass(frozen=True, kw_only=True)
class Deal:
    """The tiles of one hand before it is written as a request."""

    melds: tuple[tuple[str, tuple[int, ...]], ...]  # ("chi" | "pung" | "kong" | "ankong", faces)
    concealed: tuple[int, ...]  # the winning tile included
    shape: str  # "standard" | "seven_pairs" | "none"


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
    shape: str
    riichi: RiichiHand | None  # wild-free standard winning hands only


def pick_table(rng: random.Random, wilds: int) -> Table:
    """Mostly Honghe; Hangzhou (白 wild, 4 copies) and Jinhua (3 wilds in play) sometimes."""
    regions = ["honghe"] * 8 + ["hangzhou"] + (["jinhua"] if wilds <= 3 else ["honghe"])
    region = rng.choice(regions)
    if region == "hangzhou":
        return Table(region=region, wild=WHITE, wild_copies=4, avoid=frozenset({WHITE}))
    if region == "jinhua":
        # 白 substitutes for the wild face: keep it out so the tiles mean what they say
        wild = rng.choice([face for face in range(N_FACES) if face != WHITE])
        return Table(region=region, wild=wild, wild_copies=3, avoid=frozenset({wild, WHITE}))
    wild = rng.randrange(N_FACES)
    return Table(region=region, wild=wild, wild_copies=4, avoid=frozenset({wild}))


def pick_faces(rng: random.Random, table: Table) -> list[int]:
    """The faces a hand may use: mostly any, sometimes one suit (+ honours) or honours only."""
    flavour = rng.choices(["mixed", "one_suit", "suit_and_honours", "honours"], [70, 13, 14, 3])[0]
    suit = rng.randrange(3)
    in_suit = range(9 * suit, 9 * suit + 9)
    chosen = {
        "mixed": range(N_FACES),
        "one_suit": in_suit,
        "suit_and_honours": [*in_suit, *HONOURS],
        "honours": HONOURS,
    }[flavour]
    return [face for face in chosen if face not in table.avoid]


def draw_standard(rng: random.Random, faces: list[int], n_melds: int) -> Deal | None:
    """Four sets and a pair from ``faces``; ``n_melds`` of the sets are exposed melds."""
    allowed = set(faces)
    chow_starts = [f for f in faces if is_suited(f) and f % 9 <= 6 and {f + 1, f + 2} <= allowed]
    counts = [0] * N_FACES
    sets: list[list[int]] = []
    for _ in range(50):
        if len(sets) == 4:
            break
        if chow_starts and rng.random() < 0.6:
            start = rng.choice(chow_starts)
            group = [start, start + 1, start + 2]
        else:
            group = [rng.choice(faces)] * 3
        if all(counts[face] + group.count(face) <= 4 for face in group):
            sets.append(group)
            for face in group:
                counts[face] += 1
    pair_faces = [face for face in faces if counts[face] <= 2]
    if len(sets) < 4 or not pair_faces:
        return None
    pair = rng.choice(pair_faces)
    counts[pair] += 2

    exposed = set(rng.sample(range(4), n_melds))
    melds = []
    concealed = [pair, pair]
    for index, group in enumerate(sets):
        if index not in exposed:
            concealed += group
        elif group[0] != group[1]:
            melds.append(("chi", tuple(group)))
        else:
            kind = rng.choices(["pung", "kong", "ankong"], [70, 15, 15])[0]
            if kind != "pung" and counts[group[0]] < 4:
                counts[group[0]] += 1
                group = group + group[:1]
            else:
                kind = "pung"
            melds.append((kind, tuple(group)))
    return Deal(melds=tuple(melds), concealed=tuple(concealed), shape="standard")


def draw_seven_pairs(rng: random.Random, faces: list[int]) -> Deal | None:
    if len(faces) < 7:
        return None
    if rng.random() < 0.1:  # four identical tiles serve as two pairs (RULEBOOK §1)
        pairs = rng.sample(faces, 6)
        pairs.append(pairs[0])
    else:
        pairs = rng.sample(faces, 7)
    return Deal(melds=(), concealed=tuple(pairs * 2), shape="seven_pairs")


def draw_winning(rng: random.Random, table: Table, wilds: int) -> Deal:
    """A winning deal whose concealed part leaves room for ``wilds`` replaced tiles."""
    while True:
        faces = pick_faces(rng, table)
        kind = rng.choices(["concealed", "melds", "seven_pairs"], [55, 25, 20])[0]
        if kind == "seven_pairs":
            deal = draw_seven_pairs(rng, faces)
        else:
            # at least wilds + 1 concealed tiles, so a discard win keeps its tile real
            most_melds = min(4, (13 - wilds) // 3)
            n_melds = rng.randint(1, most_melds) if kind == "melds" else 0
            deal = draw_standard(rng, faces, n_melds)
        if deal is not None:
            return deal


def write_request(
    rng: random.Random, table: Table, deal: Deal, wilds: int
) -> tuple[dict, int, tuple[int, ...]]:
    """Replace ``wilds`` concealed tiles by the wild type and write the request.

    Returns the request, the winning tile's face and the concealed faces after the
    replacement (winning tile included).
    """
    concealed = list(deal.concealed)
    win_index = rng.randrange(len(concealed))
    discard_allowed = table.region != "hangzhou"  # Hangzhou: self-draw (RULEBOOK §3)
    win_type = "discard" if discard_allowed and rng.random() < 0.4 else "self_draw"
    replaceable = [i for i in range(len(concealed)) if win_type == "self_draw" or i != win_index]
    for index in rng.sample(replaceable, wilds):
        concealed[index] = table.wild
    win_face = concealed[win_index]
    hand = concealed[:win_index] + concealed[win_index + 1 :]

    winner = rng.choice(SEATS)
    request: dict = {
        "region": table.region,
        "hand": notation(hand),
        "melds": [f"{kind} {notation(faces)}" for kind, faces in deal.melds],
        "win_tile": face_name(win_face),
        "win_type": win_type,
        "winner": winner,
        "dealer": rng.choice(SEATS),
        "base": rng.choice([1, 1, 1, 2, 5]),
    }
    if win_type == "discard":
        request["discarder"] = rng.choice([seat for seat in SEATS if seat != winner])
    if table.region != "hangzhou":
        request["wild"] = face_name(table.wild)
    if table.region == "hangzhou":
        request["dealer_streak"] = rng.choice([0, 0, 1, 2])
    if table.region == "honghe" and rng.random() < 0.3:
        request["context"] = {"dice": [rng.randint(1, 6), rng.randint(1, 6)]}
    return request, win_face, tuple(concealed)


def to_riichi(deal: Deal, win_face: int) -> RiichiHand:
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
        for kind, faces in deal.melds
    )
    hand = list(deal.concealed)
    hand.remove(win_face)
    concealed_ids = [take(face) for face in hand]
    win_tile = take(win_face)
    meld_ids = [tile for meld in melds for tile in meld.tiles]
    return RiichiHand(tiles=(*meld_ids, *concealed_ids, win_tile), win_tile=win_tile, melds=melds)


def winning_case(rng: random.Random, category: str, wilds: int) -> Case:
    table = pick_table(rng, wilds)
    deal = draw_winning(rng, table, wilds)
    request, win_face, _ = write_request(rng, table, deal, wilds)
    riichi = to_riichi(deal, win_face) if wilds == 0 and deal.shape == "standard" else None
    return Case(category=category, request=request, winning=True, shape=deal.shape, riichi=riichi)


def non_winning_case(rng: random.Random) -> Case:
    """A winning deal with one or two concealed tiles swapped, or 14 random tiles,
    that no reading completes."""
    while True:
        wilds = rng.choices([0, 1, 2], [60, 30, 10])[0]
        table = pick_table(rng, wilds)
        faces = [face for face in range(N_FACES) if face not in table.avoid]
        if rng.random() < 0.7:
            deal = draw_standard(rng, pick_faces(rng, table), rng.choice([0, 0, 0, 1, 2]))
            if deal is None:
                continue
            counts = tile_counts(
                [f for _, group in deal.melds for f in group] + list(deal.concealed)
            )
            concealed = list(deal.concealed)
            for index in rng.sample(range(len(concealed)), rng.randint(1, 2)):
                new_face = rng.choice(faces)
                if counts[new_face] < 4:
                    counts[concealed[index]] -= 1
                    counts[new_face] += 1
                    concealed[index] = new_face
            deal = Deal(melds=deal.melds, concealed=tuple(concealed), shape="none")
        else:
            pool = [face for face in faces for _ in range(4)]
            deal = Deal(melds=(), concealed=tuple(rng.sample(pool, 14)), shape="none")
        request, _, concealed = write_request(rng, table, deal, wilds)
        real_tiles = [face for face in concealed if face != table.wild]
        if not could_win(real_tiles, concealed.count(table.wild), bool(deal.melds), table.region):
            return Case(
                category="non-winning", request=request, winning=False, shape="none", riichi=None
            )


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
        wild = request.get("wild", face_name(WHITE))
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
