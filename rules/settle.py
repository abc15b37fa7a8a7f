"""Settle a hand scored on paper: the payments a hand value makes, with no tiles.

Some tables score their hands by eye and only want the money worked out: who won, how,
from whom, and the hand's total (倍数 × where values multiply, 番 in Honghe). ``settle``
shares that total out by the region's own payment rule (``Region.pay``: the dealer
factor, who pays alone on a discard, the house rules), exactly as ``score`` does for a
reading's total.

A region's payment rule reads a deal's seats, win type, streak, base and house rules,
never its tiles; so the deal it is handed is the request's own, around a fixed plain
hand (``PLAIN_HAND``: four chows and a pair, no wild). The checks of those fields are
``score``'s: a Hangzhou discard win below 三連莊 is refused here as it is there.
Contracts (承包) need the claims of a real hand and are not applied.
"""

from __future__ import annotations

from typing import Any

from .problems import problem
from .regions import REGIONS
from .request import InvalidRequest, parse_request
from .scoring import number

# The keys a paper result carries besides its total ("multiplier" or "fan").
KEYS = ("region", "win_type", "winner", "dealer", "discarder", "dealer_streak", "base",
        "house_rules", "context")
# A plain winning hand without a wild, 白 or honour, won on a tile it does not hold (a
# robbed kong's tile may not be held): it makes no pattern of its own,
# and the wild named for it (9s, for the regions that need one) is not in it.
PLAIN_HAND, PLAIN_WIN, PLAIN_WILD = "123m456m789m55p12s", "3s", "9s"
MULTIPLIER_LIMIT = 1_000_000  # × values: more than any hand of the three regions
FAN_LIMIT = 40  # 番: 2^40 times the base is more than any table plays for


def total_key(region: str) -> str:
    """The name of a paper result's total: "fan" where 番 add (Honghe), else "multiplier"."""
    return "fan" if REGIONS[region].adds_fan else "multiplier"


def settle(request: dict[str, Any]) -> dict[str, Any]:
    """The payments of a paper result: ``request`` holds ``KEYS`` (as a score request
    has them) and the hand's total, ``multiplier`` (≥ 1) or, in Honghe, ``fan`` (≥ 0).
    Returns ``{"region", "winning": True, "patterns": [], "multiplier" or "fan",
    "payments", "breakdown": {"base", "hand_value", "dealer_factor"}}``; raises
    InvalidRequest (the engine's problem codes) for a bad request."""
    region_key = request.get("region")
    if not isinstance(region_key, str) or region_key not in REGIONS:
        parse_request({"region": region_key})  # raises, with the engine's own message
        raise AssertionError("an unknown region is refused")
    key = total_key(region_key)
    low, limit = (0, FAN_LIMIT) if key == "fan" else (1, MULTIPLIER_LIMIT)
    errors = [problem(name, "unknown_key", f"unknown key {name!r}", key=name,
                      allowed=[*KEYS, key])
              for name in request if name not in (*KEYS, key)]
    value = request.get(key)
    if type(value) is not int:
        errors.append(problem(key, "not_whole_number", f"{key} must be a whole number",
                              field=key, limit=limit, value=value if isinstance(
                                  value, str | float) else None))
    elif not low <= value <= limit:
        errors.append(problem(key, "number_out_of_range",
                              f"{key} must be from {low} to {limit}", field=key,
                              limit=limit, value=value))
    stand_in = {name: request[name] for name in KEYS if name in request}
    stand_in.update(hand=PLAIN_HAND, win_tile=PLAIN_WIN)
    if REGIONS[region_key].default_wild is None:
        stand_in["wild"] = PLAIN_WILD
    try:
        deal = parse_request(stand_in)
    except InvalidRequest as invalid:
        errors.extend(invalid.errors)
    if errors:
        raise InvalidRequest(errors)
    region = REGIONS[region_key]
    assert isinstance(value, int)
    hand_value = deal.base * (2 ** value if key == "fan" else value)
    payments = {seat: number(amount) for seat, amount in region.pay(deal, hand_value).items()}
    return {
        "region": region_key, "winning": True, "patterns": [], key: value,
        "payments": payments,
        "breakdown": {"base": number(deal.base), "hand_value": number(hand_value),
                      "dealer_factor": region.dealer_factor(deal) if region.dealer_factor
                      else None},
    }
