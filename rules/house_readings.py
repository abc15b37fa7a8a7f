"""若按另一种读法 (issue 28): the outcome of a score request under each other value of each
house rule of its region, so that a table that disputes a rule sees what each reading
would pay beside the answer it was shown.

The pipeline: the request without its option → for each house rule of the region that
can change this hand (``CAN_MATTER``) and each of its values but the one in force → the
same request with that one value changed, never two at once → scored by the same
``score`` (or refused: its ``InvalidRequest`` errors) → kept where the outcome differs
from the shown answer: winning or not, the patterns and their values, the 番, the
multiplier, the payments, or now refused.

At most one score per other value of a rule: three in Honghe and Hangzhou, one in
Jinhua. Codes and keys only: the pages word each entry from its ``Choice``
(``label_zh``, ``label_en``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from .deal import Deal
from .readings import six_pairs_and_a_lone_wild
from .region import HouseRule
from .regions import REGIONS
from .request import InvalidRequest, parse_request

# The score request's key that asks for this (docs/API.md): it is taken off the request
# before each reading is scored.
OPTION = "alternatives"

# ``rules.score``, handed in by its caller: the scoring module calls this one for the
# option, so this one may not import it back.
Scorer = Callable[[dict[str, Any]], dict[str, Any]]

# The outcome a reading is compared on, and the name each part has in ``changed`` (or
# "refused" alone).
ASPECTS = ("winning", "patterns", "fan", "multiplier", "payments")
# What an entry copies of a reading's response: its best reading, described as the
# response's top level describes it.
DESCRIBED = ("winning", "shape", "groups", "patterns", "fan", "multiplier", "payments",
             "breakdown", "combination")


def _robbed_kong(deal: Deal) -> bool:
    """Only who pays a robbed kong (honghe.txt:2,32,52,56)."""
    return deal.win_type == "rob_kong"


def _every_hand(deal: Deal) -> bool:
    """The scoring mode's dealer factor, contracts and win types (hangzhou.txt:176,
    180-194) change every hand; so may a rule ``CAN_MATTER`` does not list."""
    return True


def _on_anothers_tile(deal: Deal) -> bool:
    """Whether a win on a discard or a robbed kong is allowed (hangzhou.txt:16,60)."""
    return deal.win_type != "self_draw"


def _pungs_short_of_claims(deal: Deal) -> bool:
    """碰碰胡's three claimed pungs (jinhua.txt:27): only a hand that may be all pungs —
    no chow laid out, no more faces among the concealed tiles than the pungs and the
    pair they make — with fewer than three pungs or kongs claimed (with three, both
    readings count it)."""
    concealed_groups = 5 - len(deal.melds)  # the pair and the sets not laid out
    return (all(meld.kind != "chi" for meld in deal.melds)
            and sum(meld.exposed for meld in deal.melds) < 3
            and sum(1 for count in deal.naturals if count) <= concealed_groups)


# When each house rule can change a hand's outcome: a plain test of the deal that may say
# yes where the outcome turns out the same, never no where it differs
# (tests/engine/test_house_readings.py holds it to scoring every value). A rule not
# listed is always tried; a rule that decides only who deals next
# (``HouseRule.rotation_only``, such as jinhua_dealer) never.
CAN_MATTER: dict[str, Callable[[Deal], bool]] = {
    "honghe_rob_kong": _robbed_kong,
    "hangzhou_scoring": _every_hand,
    "hangzhou_discard": _on_anothers_tile,
    # whether six pairs and a lone 財神 count as 暴頭 (RULEBOOK §3): only a hand that stood
    # so before the win
    "hangzhou_seven_pairs_bao_tou": six_pairs_and_a_lone_wild,
    "jinhua_peng_peng_hu": _pungs_short_of_claims,
}


def house_rule_outcomes(request: Mapping[str, Any], score: Scorer,
                        shown: Mapping[str, Any] | None = None, deal: Deal | None = None,
                        *, prune: bool = True) -> list[dict[str, Any]]:
    """The readings of ``request`` under each other house-rule value that change its
    outcome, in the region's order of rules and choices (docs/API.md,
    ``house_rule_alternatives``). ``shown`` and ``deal``: the request's own response and
    its ``Deal``, when the caller has them (else they are worked out). ``prune=False``
    tries every value, however plainly it cannot matter. Raises ``InvalidRequest`` for a
    request that is itself invalid."""
    plain = {key: value for key, value in request.items() if key != OPTION}
    if shown is None:
        shown = score(plain)
    if deal is None:
        deal = parse_request(plain, REGIONS)
    entries = []
    for rule in REGIONS[deal.region].house_rules:
        if prune and not _can_matter(rule, deal):
            continue
        in_force = deal.house_rule(rule.key)
        for choice in rule.choices:
            if choice.value == in_force:
                continue
            house_rules = {**plain.get("house_rules", {}), rule.key: choice.value}
            reading = _reading(score, {**plain, "house_rules": house_rules})
            changed = _changes(shown, reading)
            if changed:
                entries.append({"rule": rule.key, "value": choice.value, "in_force": in_force,
                                "source": choice.source, "changed": changed, **reading,
                                "payment_changes": _payment_changes(shown, reading)})
    return entries


def _can_matter(rule: HouseRule, deal: Deal) -> bool:
    if rule.rotation_only:
        return False
    return CAN_MATTER.get(rule.key, _every_hand)(deal)


def _reading(score: Scorer, request: dict[str, Any]) -> dict[str, Any]:
    """The outcome of ``request``: its best reading as the response describes it, or its
    refusal."""
    try:
        response = score(request)
    except InvalidRequest as invalid:
        return {"refused": True, "errors": invalid.errors, "winning": None, "shape": None,
                "groups": [], "patterns": [], "fan": None, "multiplier": None,
                "payments": None, "breakdown": None, "combination": None}
    return {"refused": False, "errors": [], **{key: response.get(key) for key in DESCRIBED}}


def _outcome(response: Mapping[str, Any]) -> dict[str, object]:
    """What a reading is compared on, by ``ASPECTS``; patterns as (key, value) pairs."""
    return {"winning": response["winning"],
            "patterns": sorted((p["key"], p["value"]) for p in response["patterns"]),
            "fan": response["fan"], "multiplier": response["multiplier"],
            "payments": response["payments"]}


def _changes(shown: Mapping[str, Any], reading: Mapping[str, Any]) -> list[str]:
    """The aspects in which ``reading`` differs from ``shown``: a refusal is the whole
    difference."""
    if reading["refused"]:
        return ["refused"]
    before, after = _outcome(shown), _outcome(reading)
    return [aspect for aspect in ASPECTS if before[aspect] != after[aspect]]


def _payment_changes(shown: Mapping[str, Any],
                     reading: Mapping[str, Any]) -> dict[str, int | float] | None:
    """Each seat's payment under ``reading`` less its shown one (None: either side has no
    payments)."""
    before, after = shown["payments"], reading["payments"]
    if before is None or after is None:
        return None
    return {seat: _difference(after[seat], before[seat]) for seat in after}


def _difference(after: int | float, before: int | float) -> int | float:
    """``after − before`` exactly, as a response writes amounts (``rules.scoring.number``:
    whole ones as ints). A fraction is the base as typed (a decimal) times whole numbers,
    halves and eighths, so its shortest text is exact: read back from it, 0.3 − 0.1 is
    0.2."""
    if type(after) is int and type(before) is int:
        return after - before
    value = Decimal(repr(after)) - Decimal(repr(before))
    return int(value) if value == value.to_integral_value() else float(value)
