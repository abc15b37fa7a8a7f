# ruff: noqa: E501  (one hand per line: the tables read better unwrapped)
"""若按另一种读法 (issue 28): ``rules.house_readings.house_rule_outcomes`` lists, for a score
request, the outcome under each other value of each house rule of its region, one rule
changed at a time, where it differs from the shown answer.

Unless a row says otherwise: S wins by self-draw, E deals with dealer_streak 0, base 1,
the table's wild (tests/helpers.py ``req``). Each row lists every reading the function
gives for its hand, as (rule, value, payments E S W N) or (rule, value, the refusal's
code); for each house rule one row where another value changes the hand and one where
none does (the rule is not listed). jinhua_dealer decides only who deals next
(RULEBOOK §7): it is never listed.
"""

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import InvalidRequest, deals, score
from rules.house_readings import CAN_MATTER, house_rule_outcomes
from rules.regions import REGIONS
from tests.helpers import HH, HZ, JH, PLAIN, pays, req
from tests.strategies import COMMON, on_generated_hands

ROB_W = {"win_type": "rob_kong", "discarder": "W"}
NOT_WINNING = ("123m456p789s23s12z", "4s")  # 1z 2z fit nowhere
SIX_PAIRS_LONE_WILD = ("11m33m55p77p99s22z5z", "4z")  # six pairs + a lone 白 財神, drawn 4z pairs it
SEVEN_PAIRS_WILD_NOT_LONE = ("115599m2288p37s5z", "3s")  # two singles before the win: never 暴頭
ALL_PUNGS = ("111m222p333s444s7z", "7z")  # concealed pungs: 碰碰胡 only under any_pungs
CLAIMED_PUNGS = (("444s7z", "7z"), ("pung 111m", "pung 222p", "pung 333s"))  # 碰碰胡 either way
# two claimed pungs and a concealed kong: a concealed kong is no claim (jinhua.txt:27)
TWO_CLAIMED_PUNGS = (("444s7z", "7z"), ("pung 111m", "pung 222p", "ankong 3333s"))

# (house rule, id, request, every reading listed: (rule, value, payments | refusal code))
ROWS = [
    ("honghe_rob_kong", "rob_kong_three_other_readings", req(HH, *PLAIN, **ROB_W), [
        ("honghe_rob_kong", "robbed_pays_double", "-1 +4 -2 -1"),
        ("honghe_rob_kong", "as_discard", "-0.5 +2 -1 -0.5"),
        ("honghe_rob_kong", "robbed_pays_two_alone", "0 +2 -2 0")]),
    ("honghe_rob_kong", "as_discard_in_force", req(HH, *PLAIN, **ROB_W, house_rules={"honghe_rob_kong": "as_discard"}), [
        ("honghe_rob_kong", "robbed_pays_all", "0 +3 -3 0"),
        ("honghe_rob_kong", "robbed_pays_double", "-1 +4 -2 -1"),
        ("honghe_rob_kong", "robbed_pays_two_alone", "0 +2 -2 0")]),
    ("honghe_rob_kong", "discard_win_not_listed", req(HH, *PLAIN, discarder="W"), []),
    ("hangzhou_scoring", "modern_pays_otherwise", req(HZ, *PLAIN, wild=None), [
        ("hangzhou_scoring", "modern", "-1 +1.25 -0.125 -0.125")]),
    ("hangzhou_scoring", "classic_from_modern", req(HZ, *PLAIN, wild=None, house_rules={"hangzhou_scoring": "modern"}), [
        ("hangzhou_scoring", "classic", "-2 +4 -1 -1")]),
    ("hangzhou_scoring", "not_winning_not_listed", req(HZ, *NOT_WINNING, wild=None), []),
    ("hangzhou_discard", "never_refuses_discard_win", req(HZ, *PLAIN, wild=None, discarder="E", dealer_streak=2), [
        ("hangzhou_scoring", "modern", "win_type_not_in_scoring"),
        ("hangzhou_discard", "never", "win_type_house_rule_never")]),
    ("hangzhou_discard", "self_draw_not_listed", req(HZ, *PLAIN, wild=None, dealer_streak=2), [
        ("hangzhou_scoring", "modern", "-1 +1.25 -0.125 -0.125")]),
    ("hangzhou_seven_pairs_bao_tou", "six_pairs_lone_wild_bao_tou", req(HZ, *SIX_PAIRS_LONE_WILD, wild=None), [
        ("hangzhou_scoring", "modern", "-2 +2.5 -0.25 -0.25"),
        ("hangzhou_seven_pairs_bao_tou", "yes", "-8 +16 -4 -4")]),
    ("hangzhou_seven_pairs_bao_tou", "six_pairs_lone_wild_must_self_draw", req(HZ, *SIX_PAIRS_LONE_WILD, wild=None, winner="E", discarder="S", dealer_streak=2), [
        ("hangzhou_scoring", "modern", "win_type_not_in_scoring"),
        ("hangzhou_discard", "never", "win_type_house_rule_never"),
        ("hangzhou_seven_pairs_bao_tou", "yes", "ready_hand_must_self_draw")]),
    ("hangzhou_seven_pairs_bao_tou", "wild_not_lone_not_listed", req(HZ, *SEVEN_PAIRS_WILD_NOT_LONE, wild=None), [
        ("hangzhou_scoring", "modern", "-2 +2.5 -0.25 -0.25")]),
    ("jinhua_peng_peng_hu", "concealed_pungs_count", req(JH, *ALL_PUNGS), [
        ("jinhua_peng_peng_hu", "any_pungs", "-4 +12 -4 -4")]),
    ("jinhua_peng_peng_hu", "concealed_kong_is_no_claim", req(JH, *TWO_CLAIMED_PUNGS[0], melds=TWO_CLAIMED_PUNGS[1]), [
        ("jinhua_peng_peng_hu", "any_pungs", "-4 +12 -4 -4")]),
    ("jinhua_peng_peng_hu", "three_claimed_not_listed", req(JH, *CLAIMED_PUNGS[0], melds=CLAIMED_PUNGS[1]), []),
    ("jinhua_peng_peng_hu", "chows_not_listed", req(JH, *PLAIN), []),
    ("jinhua_dealer", "dealer_win_not_listed", req(JH, *ALL_PUNGS, winner="E", house_rules={"jinhua_dealer": "keep_on_win_or_draw"}), [
        ("jinhua_peng_peng_hu", "any_pungs", "+12 -4 -4 -4")]),
]


def listed(entries):
    """The entries as the rows write them."""
    return [(e["rule"], e["value"], e["errors"][0]["code"] if e["refused"] else
             {seat: Fraction(amount) for seat, amount in e["payments"].items()})
            for e in entries]


def expected(rows):
    """A table's readings with their payments read ("-1 +4 -2 -1"); a refusal's code
    (snake_case) as it is."""
    return [(rule, value, outcome if "_" in outcome else pays(outcome))
            for rule, value, outcome in rows]


@pytest.mark.parametrize(("request_", "readings"),
                         [pytest.param(request, readings, id=f"{rule}-{case}")
                          for rule, case, request, readings in ROWS])
def test_readings_that_change_the_hand_are_listed(request_, readings):
    assert listed(house_rule_outcomes(request_, score)) == expected(readings)


def test_every_house_rule_has_a_row_listing_it_and_one_not():
    rules = {rule.key: rule.rotation_only for region in REGIONS.values()
             for rule in region.house_rules}
    listing = {rule for _, _, _, readings in ROWS for rule, _, _ in readings}
    not_listing = {rule for rule, _, _, readings in ROWS
                   if rule not in {r for r, _, _ in readings}}
    assert listing == {key for key, rotation_only in rules.items() if not rotation_only}
    assert not_listing == set(rules)


def test_honghe_rob_kong_shows_all_four_readings():
    request = req(HH, *PLAIN, **ROB_W)
    shown = score(request)
    entries = house_rule_outcomes(request, score, shown)

    assert {e["in_force"] for e in entries} == {"robbed_pays_all"}
    readings = {"robbed_pays_all": shown["payments"], **{e["value"]: e["payments"] for e in entries}}
    assert readings == {
        "robbed_pays_all": {"E": 0, "S": 3, "W": -3, "N": 0},
        "robbed_pays_double": {"E": -1, "S": 4, "W": -2, "N": -1},
        "as_discard": {"E": -0.5, "S": 2, "W": -1, "N": -0.5},
        "robbed_pays_two_alone": {"E": 0, "S": 2, "W": -2, "N": 0},
    }
    assert [e["changed"] for e in entries] == [["payments"]] * 3
    assert [e["source"] for e in entries] == ["honghe.txt:32", "honghe.txt:32,56", "honghe.txt:2"]


def test_an_entry_describes_its_reading_as_the_response_does():
    request = req(HZ, *SIX_PAIRS_LONE_WILD, wild=None, house_rules={"hangzhou_scoring": "classic"})
    entry = house_rule_outcomes(request, score)[-1]
    alone = score({**request, "house_rules": {"hangzhou_scoring": "classic", "hangzhou_seven_pairs_bao_tou": "yes"}})

    assert entry["rule"] == "hangzhou_seven_pairs_bao_tou"
    assert (entry["value"], entry["in_force"], entry["source"]) == ("yes", "no", "RULEBOOK §3")
    assert entry["changed"] == ["patterns", "multiplier", "payments"]
    assert (entry["refused"], entry["errors"]) == (False, [])
    for key in ("winning", "shape", "groups", "patterns", "fan", "multiplier", "payments", "breakdown", "combination"):
        assert entry[key] == alone[key], key
    assert entry["payment_changes"] == {"E": -4, "S": 8, "W": -2, "N": -2}


def test_a_refused_reading_carries_the_errors_and_no_outcome():
    request = req(HZ, *PLAIN, wild=None, discarder="E", dealer_streak=2)
    entry = house_rule_outcomes(request, score)[-1]

    assert (entry["rule"], entry["value"], entry["changed"], entry["refused"]) == ("hangzhou_discard", "never", ["refused"], True)
    assert entry["errors"] == [{"field": "win_type", "message": entry["errors"][0]["message"],
                                "code": "win_type_house_rule_never",
                                "params": {"win_type": "discard", "region": "hangzhou",
                                           "house_rule": "hangzhou_discard", "choice": "never"}}]
    assert (entry["winning"], entry["patterns"], entry["payments"], entry["payment_changes"]) == (None, [], None, None)


def test_payment_changes_are_exact_on_a_decimal_base():
    entry, = house_rule_outcomes(req(HZ, *PLAIN, wild=None, base=0.1), score)

    assert entry["payments"] == {"E": -0.1, "S": 0.125, "W": -0.0125, "N": -0.0125}
    assert entry["payment_changes"] == {"E": 0.1, "S": -0.275, "W": 0.0875, "N": 0.0875}


def test_the_option_key_is_taken_off_and_the_request_left_untouched():
    request = req(HH, *PLAIN, **ROB_W)
    asked = {**request, "alternatives": "house_rules"}
    before = dict(asked)

    assert house_rule_outcomes(asked, score) == house_rule_outcomes(request, score)
    assert asked == before


def test_an_invalid_request_is_refused():
    with pytest.raises(InvalidRequest):
        house_rule_outcomes(req(HZ, *PLAIN, wild=None, discarder="E"), score)


def test_the_pruning_table_names_house_rules_that_exist():
    rules = {rule.key: rule for region in REGIONS.values() for rule in region.house_rules}
    assert set(CAN_MATTER) <= {key for key, rule in rules.items() if not rule.rotation_only}


# --- the pruning is conservative: it leaves out only what scoring would leave out too ---

def check_pruning_changes_nothing(request):
    assert (house_rule_outcomes(request, score)
            == house_rule_outcomes(request, score, prune=False))


test_pruning_changes_nothing_on_generated_hands = on_generated_hands(check_pruning_changes_nothing, 80)


@settings(COMMON, max_examples=60)
@given(st.sampled_from(sorted(REGIONS)), st.integers(0, 2**32 - 1))
def test_pruning_changes_nothing_on_hands_that_do_not_win(region, seed):
    request = deals.near_winning(seed, region, mix=deals.TESTING_MIX).request
    check_pruning_changes_nothing(request)


# Hands where the rarer rules decide: pungs only (碰碰胡's claims), mostly seven pairs (six
# pairs and a lone 財神).
FOCUSED_MIXES = {"pungs": dataclasses.replace(deals.TESTING_MIX, chow=0.0, seven_pairs=0.0),
                 "seven_pairs": dataclasses.replace(deals.TESTING_MIX, seven_pairs=0.9)}


@pytest.mark.parametrize("mix", sorted(FOCUSED_MIXES))
@settings(COMMON, max_examples=60)
@given(region=st.sampled_from(sorted(REGIONS)), seed=st.integers(0, 2**32 - 1))
def test_pruning_changes_nothing_where_the_rarer_rules_decide(mix, region, seed):
    request = deals.winning(seed, region, mix=FOCUSED_MIXES[mix]).request
    check_pruning_changes_nothing(request)
