# ruff: noqa: E501  (one case per line: the table reads better unwrapped)
"""One request for every code the engine gives (``rules.problems``): the bad requests
with the field, code and params of the problem they must give, the not-winning hand,
and a hand for each near miss. Shared by the engine's tests (the codes and params) and
the pages' (each code said in the page's language). Not a test module."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any

from tests.helpers import req

PLAIN = ("123m456p789s23s11z", "4s")  # wins in every region, no wild in it


def hz(**changes):
    return {**req("hangzhou", *PLAIN), **changes}


def hh(**changes):
    return {**req("honghe", *PLAIN), **changes}


def jh(**changes):
    return {**req("jinhua", *PLAIN), **changes}


def without(request, *keys):
    return {k: v for k, v in request.items() if k not in keys}


def claims(*entries):
    """A context with claims given as (by, from, count) — or any dict, to break them."""
    return {"claims": [e if isinstance(e, dict) else dict(zip(("by", "from", "count"), e, strict=True)) for e in entries]}


def waiting(region, hand, **fields):
    """A waits request: S waits, E deals, the table's wild."""
    request = without(req(region, hand, "1m", **fields), "win_tile", "win_type")
    return request


@dataclass(frozen=True)
class Case:
    code: str
    request: Any
    field: str | None = None  # the error's field (None: a reason or a near miss)
    params: dict[str, Any] = _field(default_factory=dict)  # at least these params
    api: str = "score"  # "score", "waits" or "settle" (a paper result)

    @property
    def id(self) -> str:
        return self.code


DISCARD_E = {"win_type": "discard", "discarder": "E"}

ERRORS = [
    Case("request_not_object", [], "body"),
    Case("unknown_key", hz(colour="red"), "colour", {"key": "colour"}),
    Case("choice_missing", without(hz(), "region"), "region", {"field": "region"}),
    Case("choice_not_allowed", hz(win_type="tsumo"), "win_type", {"field": "win_type", "value": "tsumo"}),
    Case("tiles_missing", hz(hand=123), "hand", {"field": "hand"}),
    Case("tile_missing", without(hz(), "win_tile"), "win_tile", {"field": "win_tile"}),
    Case("tiles_too_long", hz(hand="1m " * 40), "hand", {"field": "hand", "length": 120, "limit": 100}),
    Case("tile_number_invalid", hz(hand="023m456p789s23s11z"), "hand", {"text": "0m", "suit": "m", "highest": 9}),
    Case("tile_digits_without_suit", hz(hand="123m456p789s23s11"), "hand", {"text": "11"}),
    Case("tile_unreadable", hz(hand="hello world"), "hand", {"text": "hello world"}),
    Case("not_one_tile", hz(win_tile="44s"), "win_tile", {"field": "win_tile", "text": "44s", "count": 2}),
    Case("hand_too_few_tiles", hz(hand="123m456p789s23s1z"), "hand", {"count": 12, "needed": 13, "missing": 1, "melds": 0}),
    Case("hand_too_many_tiles", hz(hand="123m456p789s23s111z"), "hand", {"count": 14, "needed": 13, "extra": 1, "melds": 0}),
    Case("too_many_copies", hz(hand="11111m456p789s23s"), "hand", {"tile": "1m", "count": 5, "limit": 4}),
    Case("too_many_wild_copies", req("jinhua", "6666s123m456p11z9p", "9p"), "hand", {"tile": "6s", "count": 4, "limit": 3}),
    Case("wild_missing", without(hh(), "wild"), "wild", {"region": "honghe", "wild_name": "百搭"}),
    Case("wild_in_meld", req("honghe", "123m789s23s11z", "4s", wild="5p", melds=["pung 555p"]), "melds[0]", {"tile": "5p", "index": 0}),
    Case("melds_not_list", hz(melds="pung 555p"), "melds"),
    Case("melds_too_many", req("hangzhou", "1z", "1z", melds=["pung 111m", "pung 222m", "pung 333p", "pung 444p", "pung 777s"]), "melds", {"count": 5, "limit": 4}),
    Case("meld_malformed", req("hangzhou", "456p789s23s11z", "4s", melds=["pung"]), "melds[0]", {"index": 0}),
    Case("meld_unknown_kind", req("hangzhou", "456p789s23s11z", "4s", melds=["eat 123m"]), "melds[0]", {"kind": "eat"}),
    Case("meld_wrong_size", req("hangzhou", "123m456p23s11z", "4s", melds=["kong 777s"]), "melds[0]", {"kind": "kong", "size": 4, "count": 3, "tiles": ["7s", "7s", "7s"]}),
    Case("meld_not_chow", req("hangzhou", "456p789s23s11z", "4s", melds=["chi 124m"]), "melds[0]", {"tiles": ["1m", "2m", "4m"]}),
    Case("meld_not_same", req("hangzhou", "123m789s23s11z", "4s", melds=["pung 556p"]), "melds[0]", {"kind": "pung", "size": 3}),
    Case("not_whole_number", hz(dealer_streak="2"), "dealer_streak", {"field": "dealer_streak", "limit": 99, "value": "2"}),
    Case("number_out_of_range", hh(context={"previous_draws": -1}), "context.previous_draws", {"field": "context.previous_draws", "limit": 999, "value": -1}),
    Case("base_not_number", hz(base="1"), "base", {"value": "1"}),
    Case("base_out_of_range", hz(base=0), "base", {"value": 0}),
    Case("discarder_missing", hh(win_type="rob_kong"), "discarder", {"win_type": "rob_kong"}),
    Case("discarder_not_for_self_draw", hh(discarder="W"), "discarder"),
    Case("discarder_is_winner", hh(win_type="discard", discarder="S"), "discarder", {"seat": "S"}),
    Case("win_on_discarded_wild", hh(wild="4s", win_type="discard", discarder="W"), "win_tile", {"tile": "4s"}),
    Case("rob_kong_tile_held", req("honghe", "123m456p789s234s4s", "4s", win_type="rob_kong", discarder="W"), "win_tile", {"tile": "4s"}),
    Case("win_type_not_in_scoring", hz(**DISCARD_E, dealer_streak=2, house_rules={"hangzhou_scoring": "modern"}), "win_type", {"win_type": "discard", "region": "hangzhou", "house_rule": "hangzhou_scoring", "choice": "modern"}),
    Case("win_type_house_rule_never", hz(**DISCARD_E, dealer_streak=2, house_rules={"hangzhou_discard": "never"}), "win_type", {"house_rule": "hangzhou_discard", "choice": "never"}),
    Case("win_type_needs_dealer_streak", hz(**DISCARD_E), "win_type", {"win_type": "discard", "region": "hangzhou", "dealer_streak": 0, "min_streak": 2}),
    Case("win_between_non_dealers", hz(win_type="discard", discarder="W", dealer_streak=2), "discarder", {"winner": "S", "discarder": "W", "dealer": "E"}),
    Case("ready_hand_must_self_draw", req("hangzhou", "123m456m789p345s5z", "9s", **DISCARD_E, dealer_streak=2), "win_type", {"win_type": "discard", "shape": "four_sets", "wild_name": "財神"}),
    Case("context_not_object", hz(context=[1, 2]), "context"),
    Case("unknown_context_key", hz(context={"afterkong": True}), "context.afterkong", {"key": "afterkong"}),
    Case("flag_not_bool", hz(context={"after_kong": "yes"}), "context.after_kong", {"field": "context.after_kong", "value": "yes"}),
    Case("dice_invalid", hh(context={"dice": [7, 1]}), "context.dice"),
    Case("after_kong_not_self_draw", req("honghe", "456p789s23s11z", "4s", melds=["ankong 1111m"], win_type="discard", discarder="W", context={"after_kong": True}), "context.after_kong"),
    Case("after_kong_without_kong", hh(context={"after_kong": True}), "context.after_kong"),
    Case("last_tile_not_self_draw", hh(win_type="discard", discarder="W", context={"last_tile": True}), "context.last_tile"),
    Case("first_turn_with_exposed_melds", req("honghe", "456p789s23s11z", "4s", melds=["pung 111m"], context={"first_turn": True}), "context.first_turn"),
    Case("first_turn_and_last_tile", hh(context={"first_turn": True, "last_tile": True}), "context.first_turn"),
    Case("first_turn_dealer_not_self_draw", hh(winner="E", win_type="discard", discarder="S", context={"first_turn": True}), "context.first_turn"),
    Case("first_turn_winner_claimed", req("jinhua", "123m456p789s234s1z", "1z", context={"first_turn": True, **claims(("S", "E", 1))}), "context.first_turn"),
    Case("first_turn_claimed_from_winner", req("honghe", "123m456p789s234s7z", "7z", wild="9p", context={"first_turn": True, **claims(("W", "S", 2))}), "context.first_turn"),
    Case("first_turn_dealer_claims", hh(winner="E", context={"first_turn": True, **claims(("N", "S", 1))}), "context.first_turn", {"claims": 1}),
    Case("first_turn_with_cai_piao", req("jinhua", "123m456m789p234p6s", "1z", context={"first_turn": True, "cai_piao": 1}), "context.first_turn", {"cai_piao": 1, "wild_name": "財神"}),
    Case("cai_piao_not_in_region", hh(context={"cai_piao": 1}), "context.cai_piao", {"region": "honghe", "regions": ["hangzhou", "jinhua"]}),
    Case("cai_piao_too_many_wilds", req("hangzhou", "123m456p789s5551z", "1z", context={"cai_piao": 2}), "context.cai_piao", {"cai_piao": 2, "held": 3, "in_play": 4, "wild_name": "財神"}),
    Case("cai_piao_needs_bao_tou", hz(context={"cai_piao": 1}), "context.cai_piao", {"wild_name": "財神"}),
    Case("claims_not_list", hz(context={"claims": {"by": "E", "from": "S", "count": 3}}), "context.claims"),
    Case("claims_too_many", hz(context=claims(*[("E", "S", 1)] * 13)), "context.claims", {"count": 13, "limit": 12}),
    Case("claim_malformed", hz(context=claims({"by": "E", "count": 3})), "context.claims[0]", {"index": 0}),
    Case("claim_bad_seat", hz(context=claims(("X", "S", 3))), "context.claims[0]", {"index": 0}),
    Case("claim_from_self", hz(context=claims(("E", "W", 1), ("S", "S", 3))), "context.claims[1]", {"index": 1, "by": "S"}),
    Case("claim_count_invalid", hz(context=claims(("E", "S", 5))), "context.claims[0]", {"by": "E", "from": "S", "value": 5}),
    Case("claim_duplicate", hz(context=claims(("E", "S", 1), ("E", "S", 1))), "context.claims[1]", {"by": "E", "from": "S"}),
    Case("claims_exceed_exposed_melds", hz(context=claims(("S", "W", 3))), "context.claims", {"winner": "S", "claimed": 3, "exposed": 0}),
    Case("claims_over_four", hz(context=claims(("N", "S", 3), ("N", "W", 2))), "context.claims", {"seat": "N", "claimed": 5, "limit": 4}),
    # --- paper results (rules.settle) ---
    Case("multiplier_not_power_of_two", {**without(hz(), "hand", "win_tile", "melds", "wild"), "multiplier": 3}, "multiplier", {"region": "hangzhou", "value": 3}, api="settle"),
    Case("result_context_key_unused", {**without(jh(), "hand", "win_tile", "melds", "wild"), "multiplier": 2, "context": {"first_turn": True}}, "context.first_turn", {"key": "first_turn"}, api="settle"),
    Case("house_rules_not_object", hz(house_rules="never"), "house_rules"),
    Case("unknown_house_rule", hz(house_rules={"no_such_rule": "x"}), "house_rules.no_such_rule", {"key": "no_such_rule"}),
    Case("house_rule_bad_value", hz(house_rules={"hangzhou_discard": "always"}), "house_rules.hangzhou_discard", {"rule": "hangzhou_discard", "value": "always", "allowed": ["dealer_streak3", "never"]}),
    # --- waits (聽牌) ---
    Case("waits_win_tile_given", {**waiting("hangzhou", "123m456p789s11z45s"), "win_tile": "3s"}, "win_tile", api="waits"),
    Case("waits_win_type_given", {**waiting("hangzhou", "123m456p789s11z45s"), "win_type": "self_draw"}, "win_type", api="waits"),
    Case("waits_discarder_given", {**waiting("hangzhou", "123m456p789s11z45s"), "discarder": "E"}, "discarder", api="waits"),
    Case("waits_hand_too_few_tiles", waiting("hangzhou", "123m456p789s11z4s"), "hand", {"count": 12, "needed": 13, "missing": 1, "melds": 0}, api="waits"),
    Case("waits_hand_too_many_tiles", waiting("hangzhou", "123m456p789s11z45s3s"), "hand", {"count": 14, "needed": 13, "extra": 1, "melds": 0}, api="waits"),
    Case("waits_too_many_copies", waiting("hangzhou", "11111m456p789s45s"), "hand", {"tile": "1m", "count": 5, "limit": 4}, api="waits"),
    Case("waits_too_many_wild_copies", waiting("jinhua", "6666s123m456p111z"), "hand", {"tile": "6s", "count": 4, "limit": 3}, api="waits"),
    Case("waits_cai_piao_needs_ready_hand", waiting("hangzhou", "123m456p789s11z45s", context={"cai_piao": 1}), "context.cai_piao", {"wild_name": "財神"}, api="waits"),
]

REASONS = [
    Case("not_winning", req("hangzhou", "135m246p789s23s17z", "4s"), None, {"shapes": ["standard", "seven_pairs"], "count": 8}),
]

DISCARD_W = {"win_type": "discard", "discarder": "W"}
QQR_MELDS = ["chi 123m", "pung 555p", "chi 789s", "pung 111z"]

NEAR_MISSES = [
    Case("near_one_suit", req("honghe", "123456789m234m1z", "9p", wild="9p"), None, {"count": 1, "suit": "m", "tiles": ["1z"], "white_as": None}),
    Case("near_one_suit_and_honours", req("honghe", "123456789m55p11z", "1z", wild="9p"), None, {"count": 2, "suit": "m", "tiles": ["5p", "5p"]}),
    Case("near_needs_self_draw", req("jinhua", "123m456m789p234p6s", "1z", **DISCARD_W), None, {"win_type": "discard"}),
    Case("near_lone_wild_pair", req("jinhua", "22m22888p", "2m", wild="8p", melds=["pung 777p", "chi 456s"], dealer_streak=2), None, {}),
    Case("near_all_claimed_concealed_kong", req("jinhua", "2z", "2z", melds=["chi 123m", "pung 555p", "chi 789s", "ankong 1111z"], **DISCARD_W), None, {"kong": "1111z"}),
    Case("near_all_claimed_lone_wild", req("jinhua", "6s", "2z", melds=QQR_MELDS, **DISCARD_W), None, {}),
    Case("near_all_claimed_self_drawn", req("jinhua", "2z", "2z", melds=QQR_MELDS), None, {}),
    Case("near_one_chow_away", req("jinhua", "789s2z", "2z", melds=["pung 111m", "pung 333p", "pung 555s"]), None, {"chow": "789s"}),
    Case("near_too_few_claimed", req("jinhua", "333p777s22z44z", "4z", melds=["pung 111m"]), None, {"claimed": 1, "needed": 3}),
    Case("near_honour_triplets", req("honghe", "111z222z333z123m4z", "4z", wild="9p"), None, {"set": "123m"}),
    Case("near_pairs_with_wild", req("jinhua", "11m33m55p77p699s24z", "2z"), None, {"count": 1, "wild": "6s"}),
    Case("near_no_quads", req("hangzhou", "11m33m55p77p99s22z4z", "4z"), None, {}),
    Case("near_fewer_quads", req("jinhua", "1111m33p55s77s6s24z", "2z"), None, {"quads": 1}),
    Case("near_two_wilds", req("honghe", "123m456m789s55z99p", "5z", wild="9p", **DISCARD_W), None, {"count": 2, "needed": 3}),
    Case("near_dealer_discard_claimed", req("jinhua", "123m456m789p234p1z", "1z", winner="W", win_type="discard", discarder="E", context={"first_turn": True, **claims(("N", "E", 1))}), None, {"dealer": "E", "claimers": ["N"]}),
    Case("near_after_kong", req("jinhua", "123m456m789p2p", "2p", melds=["kong 1111z"]), None, {"kong": "1111z"}),
]
