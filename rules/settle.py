"""Settle a hand scored on paper: the payments a hand value makes, with no tiles.

Some tables score their hands by eye and only want the money worked out: who won, how,
from whom, and the hand's total (倍数 × where values multiply, 番 in Honghe). ``settle``
shares that total out by the region's own payment rule (``Region.pay``: the dealer
factor, who pays alone on a discard, the house rules), exactly as ``score`` does for a
reading's total.

A paper result carries the same ``claims`` as a scored hand (``context: {"claims":
[…]}``, RULEBOOK §7 "Paper results carry contracts"), read and checked as ``score``
reads them, and the region's contract rule (承包, ``Region.contract``) applies to them
exactly as in ``score``: Hangzhou's one contract (hangzhou.txt:168,198), none in its
modern scoring (hangzhou.txt:176, the result says why), every Jinhua contract adding
(jinhua.txt:71); Honghe has no contract rule, and its claims change nothing. The
response's ``breakdown`` shows the contract as ``score``'s does (None for none).
``claims`` is the only context key a paper result reads: any other is refused by name
(``result_context_key_unused``), and so is a multiplier that no hand of a multiplying
region can have (every pattern there is ×2^k: ``multiplier_not_power_of_two``).

A region's payment and contract rules read a deal's seats, win type, streak, base,
house rules and claims, never its tiles; so the deal they are handed is the request's
own, around a fixed stand-in hand (``STAND_IN``: four exposed chows, no wild, the
winning tile not held). The checks of those fields are ``score``'s: a Hangzhou discard
win below 三連莊 is refused here as it is there. No check can speak of the stand-in's
tiles: none reads them but the one that holds the winner's claims to its exposed melds
(``claims_exceed_exposed_melds``), and the stand-in shows four, as many as any hand can
(each claim lays a meld): more than four claims by the winner are refused as they are
for any other player (``claims_over_four``).
"""

from __future__ import annotations

from typing import Any

from .problems import ErrorEntry, problem
from .region import Region
from .regions import REGIONS
from .request import MAX_MELDS, InvalidRequest, parse_request
from .scoring import number

# The keys a paper result carries besides its total ("multiplier" or "fan").
KEYS = ("region", "win_type", "winner", "dealer", "discarder", "dealer_streak", "base",
        "house_rules", "context")
# The context keys a paper result reads: the claims of its contracts (RULEBOOK §7).
CONTEXT_KEYS = ("claims",)
# The stand-in hand: four exposed chows and one concealed tile, without a wild, 白 or
# honour, won on a tile it does not hold (a robbed kong's tile may not be held). It is
# not a winning hand and need not be: nothing reads its tiles. Its four exposed melds
# leave room for as many claims by the winner as any hand can make; the wild named for
# it (9s, for the regions that need one) is not in it.
STAND_IN = {"hand": "5p", "melds": ["chi 123m", "chi 456m", "chi 789m", "chi 123p"],
            "win_tile": "3s"}
PLAIN_WILD = "9s"
MULTIPLIER_LIMIT = 1_000_000  # × values: more than any hand of the three regions
FAN_LIMIT = 40  # 番: 2^40 times the base is more than any table plays for


def total_key(region: str) -> str:
    """The name of a paper result's total: "fan" where 番 add (Honghe), else "multiplier"."""
    return "fan" if REGIONS[region].adds_fan else "multiplier"


def settle(request: dict[str, Any]) -> dict[str, Any]:
    """The payments of a paper result: ``request`` holds ``KEYS`` (as a score request
    has them; its ``context`` only ``claims``) and the hand's total, ``multiplier``
    (≥ 1; a power of two where values multiply) or, in Honghe, ``fan`` (≥ 0).
    Returns ``{"region", "winning": True, "patterns": [], "multiplier" or "fan",
    "payments", "breakdown": {"base", "hand_value", "dealer_factor", "contract"}}``;
    raises InvalidRequest (the engine's problem codes) for a bad request."""
    region_key = request.get("region")
    if not isinstance(region_key, str) or region_key not in REGIONS:
        parse_request({"region": region_key}, REGIONS)  # raises, with the engine's own message
        raise AssertionError("an unknown region is refused")
    region = REGIONS[region_key]
    key = total_key(region_key)
    value = request.get(key)
    errors = [problem(name, "unknown_key", f"unknown key {name!r}", key=name,
                      allowed=[*KEYS, key])
              for name in request if name not in (*KEYS, key)]
    errors += _total_problems(region, key, value)
    stand_in, context_errors = _stand_in(request, region)
    errors += context_errors
    try:
        deal = parse_request(stand_in, REGIONS)
    except InvalidRequest as invalid:
        errors.extend(_about_the_result(error) for error in invalid.errors)
    if errors:
        raise InvalidRequest(errors)
    assert isinstance(value, int)
    hand_value = deal.base * (2 ** value if key == "fan" else value)
    payments = region.pay(deal, hand_value)
    contract = None
    if region.contract is not None and deal.context.claims:  # as rules.scoring._describe
        payments, contract = region.contract(deal, payments)
    return {
        "region": region_key, "winning": True, "patterns": [], key: value,
        "payments": {seat: number(amount) for seat, amount in payments.items()},
        "breakdown": {"base": number(deal.base), "hand_value": number(hand_value),
                      "dealer_factor": region.dealer_factor(deal) if region.dealer_factor
                      else None,
                      "contract": contract},
    }


def _total_problems(region: Region, key: str, value: object) -> list[ErrorEntry]:
    """What is wrong with the hand's total ``value`` (``key``: "fan" or "multiplier")."""
    low, limit = (0, FAN_LIMIT) if key == "fan" else (1, MULTIPLIER_LIMIT)
    if type(value) is not int:
        return [problem(key, "not_whole_number", f"{key} must be a whole number", field=key,
                        limit=limit, value=value if isinstance(value, str | float) else None)]
    if not low <= value <= limit:
        return [problem(key, "number_out_of_range", f"{key} must be from {low} to {limit}",
                        field=key, limit=limit, value=value)]
    if key == "multiplier" and value & (value - 1):
        # every pattern of a multiplying region is ×2^k (RULEBOOK §3, §4), and so is
        # every product of them
        return [problem(key, "multiplier_not_power_of_two", f"no {region.english} hand is "
                        f"worth ×{value}: every pattern doubles or more, so the multiplier "
                        "is a power of two (1, 2, 4, 8 …)", region=region.key, value=value)]
    return []


def _stand_in(request: dict[str, Any], region: Region) -> tuple[dict[str, Any],
                                                                 list[ErrorEntry]]:
    """The score request of the stand-in hand (``STAND_IN``) with the paper result's
    fields and claims, and the problems of its context keys that a paper result does not
    read."""
    stand_in = {name: request[name] for name in KEYS if name in request}
    errors = []
    context = request.get("context")
    if isinstance(context, dict):
        errors = _unused(context)
        stand_in["context"] = {name: context[name] for name in CONTEXT_KEYS
                               if name in context}
    stand_in.update(STAND_IN)
    if region.default_wild is None:
        stand_in["wild"] = PLAIN_WILD
    return stand_in, errors


def _unused(context: dict[Any, Any]) -> list[ErrorEntry]:
    """The context keys a paper result does not read, each refused by name."""
    errors = []
    for name in context:
        if name not in CONTEXT_KEYS:
            field = f"context.{name}"
            errors.append(problem(field, "result_context_key_unused", f"a paper result "
                                  f"does not read {field!r}: it reads only "
                                  f"{', '.join(CONTEXT_KEYS)}; leave it out, or score the "
                                  "hand with its tiles", field=field, key=str(name),
                                  allowed=list(CONTEXT_KEYS)))
    return errors


def _about_the_result(error: ErrorEntry) -> ErrorEntry:
    """A problem of the stand-in deal as the paper result's own. The one check that reads
    the stand-in's melds holds the winner's claims to them; the stand-in shows four, so it
    fails only for more claims than any hand can make: said as for any other player."""
    if error["code"] != "claims_exceed_exposed_melds":
        return error
    winner, claimed = error["params"]["winner"], error["params"]["claimed"]
    return problem("context.claims", "claims_over_four", f"{winner} is said to have "
                   f"claimed {claimed} times, but nobody lays more than {MAX_MELDS} melds; "
                   "correct that player's counts", seat=winner, claimed=claimed,
                   limit=MAX_MELDS)
