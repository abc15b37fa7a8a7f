"""Score a finished hand. The whole pipeline is ``score``:

parse → validate → decompose (every reading, wilds assigned) → match patterns →
apply exclusions → total → payments (contract) → best reading first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple, TypedDict, cast

from .near_misses import near_misses
from .problems import problem
from .readings import (
    THIRTEEN_LONELY,
    Group,
    Reading,
    clear_reading_caches,
    closest_unmatched,
    facts,
    readings,
    sets_with_one_wild_left,
    six_pairs_and_a_lone_wild,
)
from .region import Amount, Contract, Pattern, PatternEntry, Payments, Region
from .regions import REGIONS
from .request import NO_CONTEXT, Deal, InvalidRequest, parse_request
from .tiles import CODES, WHITE, Tile

MAX_ALTERNATIVES = 5


class Matched(NamedTuple):
    """A reading with the patterns that count for it and their total."""

    reading: Reading
    patterns: tuple[tuple[Pattern, int], ...]
    fan: int | None
    multiplier: int
    substitutions: int


# A group as a response lists it ("as" is a keyword, so the functional form).
GroupEntry = TypedDict("GroupEntry", {"kind": str, "tiles": list[str], "as": list[str],
                                      "wild": list[bool], "exposed": bool})


class Breakdown(TypedDict):
    """How a response's payments came about."""

    base: int | float
    hand_value: int | float
    dealer_factor: int | None
    contract: Contract | None
    substitutions: int


# What ``_parts`` gives: shape, groups, patterns, fan, multiplier, payments, breakdown.
_Parts = tuple[str, list[GroupEntry], list[PatternEntry], int | None, int, Payments, Breakdown]


def score(request: dict[str, Any]) -> dict[str, Any]:
    """Score one request of API.md; raises ``InvalidRequest`` listing every problem."""
    deal = parse_request(request)
    region = REGIONS[deal.region]
    found = readings(deal, region.shapes, pair_wilds=region.reads_pair_wilds(deal))
    # only a 財飄, or a win on another's tile where a ready hand must self-draw, has
    # rules that need the readings
    if deal.context.cai_piao or (region.ready_hand_self_draw_only
                                 and deal.win_type != "self_draw"):
        _check_against_readings(deal, region, found)
    if not found:
        return _not_winning(deal)
    per_hand = _per_hand(found[0], deal, region)
    if len(found) > 1:
        found = _one_per_signature(found, deal)
    others: Sequence[Matched]
    if len(found) > 1:
        best, *others = _best_first([_match(r, deal, region, per_hand) for r in found])
    else:
        # one reading (most hands, and most that had several): nothing to rank
        best, others = _match(found[0], deal, region, per_hand), ()
    counted = set()
    for p, _ in best.patterns:
        counted.add(p.key)
    # the best reading's facts spelled out in the response itself (one dict, not merged)
    shape, groups, patterns, fan, multiplier, payments, breakdown = _parts(best, deal, region)
    return {
        "winning": True,
        "region": deal.region,
        "shape": shape,
        "groups": groups,
        "patterns": patterns,
        "fan": fan,
        "multiplier": multiplier,
        "payments": payments,
        "breakdown": breakdown,
        "combination": _combination(best, region),
        "near_misses": near_misses(best.reading, deal, region, counted),
        "alternatives": ([_describe(m, deal, region) for m in others[:MAX_ALTERNATIVES]]
                         if others else []),
    }


def ready_on_lone_wild(deal: Deal, region: Region) -> bool:
    """Whether the 13 tiles before the win stood as four sets and a lone wild (暴頭-ready,
    hangzhou.txt:136), or where the region counts it, six pairs and a lone wild."""
    if sets_with_one_wild_left(deal, list(deal.hand)):
        return True
    return (region.ready_with_six_pairs is not None and region.ready_with_six_pairs(deal)
            and six_pairs_and_a_lone_wild(deal))


def _check_against_readings(deal: Deal, region: Region, found: list[Reading]) -> None:
    """Rules that need the hand's shape, not just its fields."""
    errors = []
    if (region.ready_hand_self_draw_only and deal.win_type != "self_draw"
            and ready_on_lone_wild(deal, region)):
        how = "on a discard" if deal.win_type == "discard" else "by robbing a kong"
        four_sets = sets_with_one_wild_left(deal, list(deal.hand))
        shape = ("four sets and a lone " if four_sets
                 else "six pairs and a lone ") + region.wild_name
        errors.append(problem(
            "win_type", "ready_hand_must_self_draw",
            f"this hand stood ready on a lone wild ({shape}), and such a hand cannot "
            f"win {how} (hangzhou.txt:170); it must be self-drawn", win_type=deal.win_type,
            shape="four_sets" if four_sets else "six_pairs", wild_name=region.wild_name))
    cai_piao = next((p for p in region.patterns if p.key == "cai_piao"), None)
    if deal.context.cai_piao and not (cai_piao and any(cai_piao.check(r, deal) for r in found)):
        errors.append(problem(
            "context.cai_piao", "cai_piao_needs_bao_tou",
            f"財飄 needs a 暴頭 win: a self-drawn win whose hand stood ready on a lone "
            f"{region.wild_name} (hangzhou.txt:140); set cai_piao to 0 or correct the hand",
            wild_name=region.wild_name))
    if errors:
        raise InvalidRequest(errors)


def _per_hand(first: Reading, deal: Deal, region: Region) -> list[Pattern]:
    """The patterns that read only the deal, checked once per hand (on its first reading);
    only those that can hold in a hand with or without a context and a wild."""
    matched = []
    for p in region.hand_tables[deal.context is not NO_CONTEXT][deal.wild_count > 0]:
        if p.check(first, deal):
            matched.append(p)
    return matched




def _match(reading: Reading, deal: Deal, region: Region, per_hand: list[Pattern]) -> Matched:
    """The patterns that count for ``reading``, their values and total: those of its
    table (by the hand's wild, the reading's shape and the suits it spans) whose checks
    hold, then the hand's own, less those another one replaces."""
    matched = []
    for p in region.suit_tables[deal.wild_count > 0][reading.shape][len(reading.suits)]:
        if p.check(reading, deal):
            matched.append(p)
    if per_hand:
        matched += per_hand
    if len(matched) > 1:
        # the keys the matched patterns replace; most patterns replace none
        replaced = None
        for p in matched:
            if p.excludes:
                replaced = p.excludes if replaced is None else replaced | p.excludes
        if replaced is not None:
            matched = [p for p in matched if p.key not in replaced]
    # the values, their sum (番) and their product (multiplier)
    counted = []
    fan, multiplier = 0, 1
    for p in matched:
        value = p.value
        if type(value) is not int:
            value = value(reading, deal)  # type: ignore[operator]  # not an int: a function
        counted.append((p, value))
        fan += value
        multiplier *= value
    if region.adds_fan:
        return Matched(reading=reading, patterns=tuple(counted), fan=fan, multiplier=2 ** fan,
                       substitutions=reading.substitutions)
    return Matched(reading=reading, patterns=tuple(counted), fan=None, multiplier=multiplier,
                   substitutions=reading.substitutions)


def _one_per_signature(found: list[Reading], deal: Deal) -> list[Reading]:
    """Readings with the same facts (``readings.facts``: all that a pattern check may
    read of a reading) score alike: keep the one with the fewest substitutions of each."""
    kept: dict[tuple[object, ...], Reading] = {}
    for reading in found:
        key = facts(reading, deal)
        if key not in kept or reading.substitutions < kept[key].substitutions:
            kept[key] = reading
    return list(kept.values())


def _best_first(matched: list[Matched]) -> list[Matched]:
    """Most paid to the winner first (payments grow with the multiplier); ties go to
    fewer wild substitutions (RULEBOOK §1). One reading per outcome: readings that
    score the same patterns in the same shape are one alternative."""
    # sorted by ready-made keys (the position last: a stable sort, never comparing two
    # Matched), not by a key function called for each
    ranked = []
    for i, m in enumerate(matched):
        ranked.append((-m.multiplier, m.substitutions, -len(m.patterns), i))
    ranked.sort()
    seen, kept = set(), []
    for rank in ranked:
        m = matched[rank[3]]
        outcome: list[str | int] | tuple[str | int, ...]
        outcome = [m.reading.shape]
        for p, v in m.patterns:
            outcome += p.key, v
        outcome = tuple(outcome)
        if outcome not in seen:
            seen.add(outcome)
            kept.append(m)
    return kept


def _combination(s: Matched, region: Region) -> str | None:
    """How players name the best reading's product of patterns (槓暴 …), if they do."""
    if not region.combinations:
        return None
    keys = {p.key for p, _ in s.patterns}
    return next((name for parts, name in region.combinations if parts <= keys), None)


# A group's kind, tiles as laid, faces, wilds and exposed (``_group_parts``).
_GroupParts = tuple[str, tuple[str, ...], tuple[str, ...], tuple[bool, ...], bool]


@lru_cache(maxsize=4096)
def _group_parts(g: Group, wild: Tile, substitutes: bool) -> _GroupParts:
    """A group as the response shows it: physical tiles (wild tiles and 白 substitutes
    as laid) and what each stands for, for a group holding a wild or a 白 substitute
    (such groups recur from hand to hand)."""
    faces = tuple(map(_CODE, g.faces))
    tiles = tuple([CODES[wild if w else WHITE if substitutes and f == wild else f]
                   for f, w in zip(g.faces, g.wilds, strict=True)])
    return g.kind, tiles, faces, g.wilds, g.exposed


_CODE = CODES.__getitem__

# The codes of the faces of every group without wilds, by kind and then by the lowest
# face (a group's faces are in order: a chow from its lowest, the others one face
# repeated), made once: such a group shows its faces as its tiles. A str key and two
# indexes cost less than hashing and comparing a tuple of faces. (None where no chow
# opens; no group looks one up, hence the cast.)
_PLAIN_BY_KIND = cast(dict[str, list[tuple[str, ...]]], {
    "chow": [(CODES[t], CODES[t + 1], CODES[t + 2]) if t < 27 and t % 9 < 7 else None
             for t in range(34)],
    **{kind: [(CODES[t],) * size for t in range(34)]
       for kind, size in (("pung", 3), ("kong", 4), ("pair", 2), ("single", 1))},
})


def _group_entries(groups: tuple[Group, ...], wild: Tile, substitutes: bool,
                   wild_free: bool) -> list[GroupEntry]:
    """The groups of a reading as the response lists them (``wild_free``: the hand holds
    no wild tile). Every list is new: a response is the caller's to change."""
    entries: list[GroupEntry] = []
    # most hands hold no wild tile and no 白 substitute: then every group is the usual one
    usual = not substitutes and wild_free
    faces: tuple[Tile, ...] | tuple[str, ...]
    for g in groups:
        kind, faces, wilds, exposed = g
        if not usual and (True in wilds or (substitutes and wild in faces)):
            # a wild tile or a 白 substitute: the tiles as laid differ from what they stand for
            kind, tiles, faces, wilds, exposed = _group_parts(g, wild, substitutes)
            entries.append({"kind": kind, "tiles": [*tiles], "as": [*faces],
                            "wild": [*wilds], "exposed": exposed})
            continue
        # the usual group: natural tiles standing for themselves
        codes = _PLAIN_BY_KIND[kind][faces[0]]
        entries.append({"kind": kind, "tiles": [*codes], "as": [*codes], "wild": [*wilds],
                        "exposed": exposed})
    return entries


def clear_caches() -> None:
    """Forget every cached intermediate (for honest cold-cache benchmarks)."""
    clear_reading_caches()
    _group_parts.cache_clear()


def _describe(s: Matched, deal: Deal, region: Region) -> dict[str, Any]:
    """A reading as the response describes it (an alternative; ``score`` spells out the
    best one's the same way)."""
    shape, groups, patterns, fan, multiplier, payments, breakdown = _parts(s, deal, region)
    return {"shape": shape, "groups": groups, "patterns": patterns, "fan": fan,
            "multiplier": multiplier, "payments": payments, "breakdown": breakdown}


def _parts(s: Matched, deal: Deal, region: Region) -> _Parts:
    """What ``_describe`` shows of a reading, in its order: shape, groups, patterns, fan,
    multiplier, payments and breakdown."""
    reading, counted, fan, multiplier, substitutions = s
    base = deal.base
    hand_value = base * multiplier
    payments = region.pay(deal, hand_value)
    contract = None
    if region.contract is not None and deal.context.claims:
        payments, contract = region.contract(deal, payments)
    patterns = []
    for p, v in counted:
        entry = p.entry.copy()
        if entry["value"] is None:
            entry["value"] = v
        patterns.append(entry)
    # each seat's amount as a JSON number: ``payments`` is new (``region.pay`` makes it,
    # in seat order), so with whole amounts, the usual case, it is the answer
    east, south, west, north = payments.values()
    if not (type(east) is int and type(south) is int and type(west) is int
            and type(north) is int):
        payments = {"E": number(east), "S": number(south), "W": number(west),
                    "N": number(north)}
    return (reading.shape, _group_entries(reading.groups, deal.wild, deal.substitutes,
                                           not deal.wild_count),
            patterns, fan, multiplier, payments, {
                "base": base if type(base) is int else number(base),
                "hand_value": hand_value if type(hand_value) is int else number(hand_value),
                "dealer_factor": (region.dealer_factor(deal) if region.dealer_factor
                                  else None),
                "contract": contract,
                "substitutions": substitutions,
            })


def _not_winning(deal: Deal) -> dict[str, Any]:
    left = closest_unmatched(deal)
    region_shapes = REGIONS[deal.region].shapes
    shapes = "four sets and a pair, or seven pairs"
    if THIRTEEN_LONELY in region_shapes:
        shapes += ", or 十三不靠 / 亂風"
    unmatched = [CODES[t] for t in left]
    reason = (f"not a winning hand: it needs {shapes}; the closest reading leaves "
              f"{len(left)} tile(s) that fit nowhere: {' '.join(unmatched)}")
    return {
        "winning": False,
        "region": deal.region,
        "reason": reason,
        "reason_code": "not_winning",
        "reason_params": {"shapes": list(region_shapes), "unmatched": unmatched,
                          "count": len(unmatched)},
        "unmatched": [CODES[t] for t in left],
        "shape": None,
        "groups": [],
        "patterns": [],
        "fan": None,
        "multiplier": None,
        "payments": None,
        "near_misses": [],
        "alternatives": [],
    }


def number(value: Amount) -> int | float:
    """Exact amounts as JSON numbers: whole numbers as ints, fractions as floats (0.5)."""
    if type(value) is int:
        return value
    if type(value) is float:
        return int(value) if value.is_integer() else value
    # (the ignore: the type() checks above leave a Fraction)
    return value.numerator if value.denominator == 1 else float(value)  # type: ignore[union-attr]
