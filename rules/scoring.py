"""Score a finished hand. The whole pipeline is ``score``:

parse → validate → decompose (every reading, wilds assigned) → match patterns →
apply exclusions → total → payments (contract) → best reading first.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypedDict

from .house_readings import house_rule_outcomes
from .melds import clear_meld_cache
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
from .region import Amount, Contract, Pattern, PatternEntry, Region
from .regions import REGIONS
from .request import NO_CONTEXT, Deal, InvalidRequest, parse_request
from .tiles import ALL_TILES, CODES, WHITE, Tile, is_honour

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


def score(request: dict[str, Any]) -> dict[str, Any]:
    """Score one request of API.md; raises ``InvalidRequest`` listing every problem."""
    deal = parse_request(request, REGIONS)
    region = REGIONS[deal.region]
    found = readings(deal, region.shapes, pair_wilds=region.reads_pair_wilds(deal))
    # only a 財飄, or a win on another's tile where a ready hand must self-draw, has
    # rules that need the readings
    if deal.context.cai_piao or (region.ready_hand_self_draw_only
                                 and deal.win_type != "self_draw"):
        _check_against_readings(deal, region, found)
    if not found:
        return _with_house_rules(request, deal, _not_winning(deal))
    per_hand = _per_hand(found[0], deal, region)
    ranked = _best_first([_match(r, deal, region, per_hand)
                          for r in _one_per_signature(found, deal)])
    best = ranked[0]
    counted = {p.key for p, _ in best.patterns}
    return _with_house_rules(request, deal, {
        "winning": True,
        "region": deal.region,
        **_describe(best, deal, region),
        "combination": _combination(best, region),
        "near_misses": near_misses(best.reading, deal, region, counted),
        "alternatives": [_describe(m, deal, region) for m in ranked[1:1 + MAX_ALTERNATIVES]],
    })


def _with_house_rules(request: dict[str, Any], deal: Deal,
                      response: dict[str, Any]) -> dict[str, Any]:
    """``"alternatives": "house_rules"`` (docs/API.md): the response also gives the outcome
    under each other house-rule value that changes it (``rules.house_readings``)."""
    if request.get("alternatives") == "house_rules":
        response["house_rule_alternatives"] = house_rule_outcomes(request, score, response, deal)
    return response


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
        bao_tou = region.pattern("bao_tou")
        errors.append(problem(
            "context.cai_piao", "cai_piao_needs_bao_tou",
            f"財飄 needs a {bao_tou.name} win: a self-drawn win whose hand stood ready on a "
            f"lone {region.wild_name} ({region.pattern('cai_piao').source}); set cai_piao to 0 "
            "or correct the hand", wild_name=region.wild_name, bao_tou=bao_tou.name,
            source=region.pattern("cai_piao").source))
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
    if len(found) == 1:
        return found
    kept: dict[tuple[object, ...], Reading] = {}
    for reading in found:
        key = facts(reading, deal)
        if key not in kept or reading.substitutions < kept[key].substitutions:
            kept[key] = reading
    return list(kept.values())


def _best_first(matched: list[Matched]) -> list[Matched]:
    """Most paid to the winner first (payments grow with the multiplier); ties go to
    fewer wild substitutions (RULEBOOK §1), then to more patterns. One reading per
    outcome: readings that score the same patterns in the same shape are one
    alternative."""
    if len(matched) == 1:
        return matched
    ranked = sorted(matched, key=lambda m: (-m.multiplier, m.substitutions, -len(m.patterns)))
    first: dict[tuple[object, ...], Matched] = {}
    for m in ranked:
        first.setdefault((m.reading.shape, tuple((p.key, v) for p, v in m.patterns)), m)
    return list(first.values())


def _combination(s: Matched, region: Region) -> str | None:
    """How players name the best reading's product of patterns (槓暴 …), if they do."""
    if not region.combinations:
        return None
    keys = {p.key for p, _ in s.patterns}
    return next((name for parts, name in region.combinations if parts <= keys), None)


def _group_entries(groups: tuple[Group, ...], wild: Tile, substitutes: bool,
                   stand_ins: bool) -> list[GroupEntry]:
    """The groups of a reading as the response lists them: each group's tiles as laid (a
    wild tile as the wild, the wild's face as 白 where 白 substitutes for it) and what
    each stands for. ``stand_ins``: the hand holds a wild or 白 substitutes for one; else
    every tile stands for itself. Every list is new: a response is the caller's to
    change."""
    entries: list[GroupEntry] = []
    for kind, faces, wilds, exposed in groups:
        codes = GROUP_CODES[kind][faces[0]]
        if stand_ins and (True in wilds or (substitutes and wild in faces)):
            tiles = [CODES[wild if w else WHITE if substitutes and f == wild else f]
                     for f, w in zip(faces, wilds, strict=True)]
        else:
            tiles = list(codes)  # natural tiles standing for themselves
        entries.append({"kind": kind, "tiles": tiles, "as": list(codes),
                        "wild": list(wilds), "exposed": exposed})
    return entries


# The tile codes of every group by its kind and lowest face: a chow's faces rise by one
# from it (none past 7 of a suit), the others' repeat it.
GROUP_CODES: dict[str, tuple[tuple[str, ...], ...]] = {
    "chow": tuple(CODES[f:f + 3] if not is_honour(f) and f % 9 <= 6 else ()
                  for f in ALL_TILES),
    **{kind: tuple((CODES[f],) * size for f in ALL_TILES)
       for kind, size in (("pair", 2), ("pung", 3), ("kong", 4), ("single", 1))},
}


def clear_caches() -> None:
    """Forget every cached intermediate (for honest cold-cache benchmarks)."""
    clear_reading_caches()
    clear_meld_cache()


def _describe(s: Matched, deal: Deal, region: Region) -> dict[str, Any]:
    """A reading as the response describes it: shape, groups, patterns, fan,
    multiplier, payments and breakdown."""
    hand_value = deal.base * s.multiplier
    payments = region.pay(deal, hand_value)
    contract = None
    if region.contract is not None and deal.context.claims:
        payments, contract = region.contract(deal, payments)
    breakdown: Breakdown = {
        "base": number(deal.base),
        "hand_value": number(hand_value),
        "dealer_factor": region.dealer_factor(deal) if region.dealer_factor else None,
        "contract": contract,
        "substitutions": s.substitutions,
    }
    return {
        "shape": s.reading.shape,
        "groups": _group_entries(s.reading.groups, deal.wild, deal.substitutes,
                                 deal.wild_count > 0 or deal.substitutes),
        "patterns": [_pattern_entry(p, value) for p, value in s.patterns],
        "fan": s.fan,
        "multiplier": s.multiplier,
        "payments": {seat: number(amount) for seat, amount in payments.items()},
        "breakdown": breakdown,
    }


def _pattern_entry(p: Pattern, value: int) -> PatternEntry:
    """A counted pattern as the response lists it, with the value it had for the hand."""
    entry = p.entry.copy()
    if entry["value"] is None:
        entry["value"] = value
    return entry


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
