"""Invariants of ``rules.score`` checked with hypothesis (RULEBOOK §1, API.md).

1. Payments of every winning hand sum to zero, the winner alone receives (RULEBOOK §1
   "Amounts": "Every result's payments sum to zero").
2. The order of the tiles in ``hand`` (and of the melds) does not change the result,
   nor does renaming the suits; the result is JSON and the request is left untouched.
3. Junk never escapes as anything but ``InvalidRequest`` (API.md: "all 400, never 500").
4. The reference's brute-force win check (tests/reference.py) agrees with the engine's
   ``winning`` flag on Honghe hands with 0-4 wilds (standard shape and seven pairs only,
   honghe.txt:24-30).

Winning hands come from the product's one generator, ``rules.deals.winning`` with its
``TESTING_MIX`` (tests/strategies.py draws its seed): four sets and a pair (or seven
pairs), some tiles replaced by the wild, some sets laid down as melds, house rules,
contexts and claims, within the physical limits of RULEBOOK §1.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from rules import InvalidRequest, score
from rules.tiles import parse_tiles
from tests import reference
from tests.strategies import (
    CHOW_STARTS,
    COMMON,
    FACES,
    SEATS,
    code,
    codes,
    winning_deals,
    winning_deals_anywhere,
)


def check_result_payments(request, result):
    payments = result["payments"]
    assert set(payments) == set(SEATS), payments
    amounts = {seat: Fraction(payments[seat]) for seat in SEATS}
    assert sum(amounts.values()) == 0, payments
    assert amounts[request["winner"]] > 0, payments
    assert all(amounts[s] <= 0 for s in SEATS if s != request["winner"]), payments


def assert_valid_and_winning(request):
    try:
        result = score(request)
    except InvalidRequest as exc:  # the generator only builds valid requests
        raise AssertionError(f"valid request refused: {exc.errors}\n{request}") from exc
    assert result["winning"] is True, (result.get("reason"), request)
    return result


@settings(COMMON, max_examples=200)
@given(st.data())
def test_honghe_payments_sum_to_zero(data):
    request, _ = data.draw(winning_deals("honghe"))
    check_result_payments(request, assert_valid_and_winning(request))


@settings(COMMON, max_examples=200)
@given(st.data())
def test_hangzhou_payments_sum_to_zero(data):
    request, _ = data.draw(winning_deals("hangzhou"))
    check_result_payments(request, assert_valid_and_winning(request))


@settings(COMMON, max_examples=200)
@given(st.data())
def test_jinhua_payments_sum_to_zero(data):
    request, _ = data.draw(winning_deals("jinhua"))
    check_result_payments(request, assert_valid_and_winning(request))


# --- 2. tile order does not matter --------------------------------------------------------

def essence(result):
    out = {"winning": result["winning"]}
    if result["winning"]:
        out.update(
            multiplier=Fraction(result["multiplier"]),
            fan=result.get("fan"),
            payments={s: Fraction(v) for s, v in result["payments"].items()},
            patterns=sorted((p["key"], Fraction(p["value"])) for p in result["patterns"]),
        )
    return out


@settings(COMMON, max_examples=150)
@given(st.data())
def test_tile_order_does_not_matter(data):
    request, hand = data.draw(winning_deals_anywhere())
    shuffled = copy.deepcopy(request)
    shuffled["hand"] = codes(data.draw(st.permutations(hand)))
    shuffled["melds"] = data.draw(st.permutations(request["melds"]))
    sorted_request = copy.deepcopy(request)
    sorted_request["hand"] = codes(sorted(hand))
    assert essence(score(shuffled)) == essence(score(sorted_request))


def relabel(text, suits):
    """Tile text with the suit letters m, p, s renamed by ``suits`` (a dict)."""
    return "".join(suits.get(ch, ch) for ch in text)


@settings(COMMON, max_examples=100)
@given(st.data())
def test_suit_relabelling_does_not_change_the_result(data):
    """Every pattern of the three regions is suit-blind (STYLE.md §6): renaming the
    suits everywhere in the request (hand, melds, wild…) leaves the score unchanged."""
    request, _ = data.draw(winning_deals_anywhere())
    suits = dict(zip("mps", data.draw(st.permutations("mps")), strict=True))
    renamed = copy.deepcopy(request)
    renamed["hand"] = relabel(request["hand"], suits)
    renamed["melds"] = [kind + " " + relabel(tiles, suits)
                        for kind, tiles in (m.split() for m in request["melds"])]
    renamed["win_tile"] = relabel(request["win_tile"], suits)
    if "wild" in request:
        renamed["wild"] = relabel(request["wild"], suits)
    if request.get("context", {}).get("previous_wild"):
        renamed["context"]["previous_wild"] = relabel(request["context"]["previous_wild"], suits)
    assert essence(score(renamed)) == essence(score(request))


@settings(COMMON, max_examples=60)
@given(st.data())
def test_result_is_json_and_request_untouched(data):
    """API.md: the response is JSON (fractions as JSON numbers); scoring is pure."""
    request, _ = data.draw(winning_deals_anywhere())
    before = copy.deepcopy(request)
    result = score(request)
    assert request == before
    decoded = json.loads(json.dumps(result, allow_nan=False))
    assert {s: Fraction(v) for s, v in decoded["payments"].items()} == {
        s: Fraction(v) for s, v in result["payments"].items()}
    assert essence(score(request)) == essence(result)  # same answer twice


# --- 3. junk never escapes as another exception ----------------------------------------------

API_KEYS = ("region", "hand", "melds", "win_tile", "win_type", "winner", "dealer", "discarder",
            "dealer_streak", "base", "wild", "context", "house_rules")
CONTEXT_KEYS = ("after_kong", "last_tile", "first_turn", "dice", "previous_draws", "previous_wild",
                "cai_piao", "claims")
scalars = (st.none() | st.booleans() | st.integers(-(10**20), 10**20)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
json_values = st.recursive(
    scalars,
    lambda inner: (st.lists(inner, max_size=4)
                   | st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10)
tile_text = st.text(alphabet="0123456789mpsz 萬万筒條条索東东南西北白發中板風", max_size=24)
known_words = st.sampled_from(
    SEATS + ("self_draw", "discard", "rob_kong", "honghe", "hangzhou", "jinhua"))
field_values = json_values | tile_text | known_words


def call_never_crashes(request):
    try:
        result = score(request)
    except InvalidRequest as exc:
        assert isinstance(exc.errors, list) and exc.errors
        for error in exc.errors:
            assert isinstance(error["field"], str)
            assert isinstance(error["message"], str) and error["message"].strip()
        return
    assert isinstance(result, dict)
    assert isinstance(result["winning"], bool)
    if result["winning"]:
        assert sum(Fraction(v) for v in result["payments"].values()) == 0


@settings(COMMON, max_examples=300)
@given(st.dictionaries(st.sampled_from(API_KEYS) | st.text(max_size=8), field_values, max_size=14))
def test_junk_dicts_never_crash(request):
    call_never_crashes(request)


@settings(COMMON, max_examples=60)
@given(json_values)
def test_non_object_bodies_are_invalid(body):
    if isinstance(body, dict):
        call_never_crashes(body)
        return
    try:
        score(body)
    except InvalidRequest as exc:
        assert exc.errors
    else:
        raise AssertionError(f"{body!r} is not a request object but was scored")


@st.composite
def mutated_requests(draw):
    region = draw(st.sampled_from(("honghe", "hangzhou", "jinhua")))
    request, _ = draw(winning_deals(region))
    request = copy.deepcopy(request)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("set", "drop", "context", "tiles", "meld")))
        if op == "set":
            request[draw(st.sampled_from(API_KEYS) | st.text(max_size=6))] = draw(field_values)
        elif op == "drop" and request:
            request.pop(draw(st.sampled_from(sorted(request))))
        elif op == "context":
            ctx = request.get("context")
            if not isinstance(ctx, dict):
                ctx = request["context"] = {}
            ctx[draw(st.sampled_from(CONTEXT_KEYS) | st.text(max_size=6))] = draw(field_values)
        elif op == "tiles":
            key = draw(st.sampled_from(("hand", "win_tile", "wild")))
            old = request.get(key) if isinstance(request.get(key), str) else ""
            cut = draw(st.integers(0, len(old)))
            request[key] = old[:cut] + draw(tile_text) + old[cut + draw(st.integers(0, 3)):]
        else:
            melds = request.get("melds") if isinstance(request.get("melds"), list) else []
            kind = draw(st.sampled_from(("chi ", "pung ", "kong ", "ankong ", "")))
            request["melds"] = melds + [kind + draw(tile_text)]
    return request


@settings(COMMON, max_examples=300)
@given(mutated_requests())
def test_mutated_requests_never_crash(request):
    call_never_crashes(request)


# --- 4. brute-force win check (Honghe: standard + seven pairs) -------------------------------

def test_brute_force_checker_sanity():
    """The reference's win check itself, on hands whose answer is known by hand."""
    def wins(text, wilds):
        return reference.wins(tile_counts(text), wilds)
    assert wins("1m2m3m4p5p6p7s8s9s2s3s4s7z7z", 0)
    assert not wins("1m2m3m4p5p6p7s8s9s2s3s4s7z6z", 0)
    assert wins("1m2m3m4p5p6p7s8s9s2s3s4s7z", 1)
    assert wins("1m1m2m2m3p3p4s4s5z5z6z6z7z7z", 0)
    assert not wins("1m1m1m1m3p3p4s4s5z5z6z6z7z1z", 0)
    assert wins("1m1m1m1m3p3p4s4s5z5z6z6z7z", 1)  # 1m×4 = two pairs
    assert not wins("1m9m1p9p1s9s1z2z3z4z", 4)
    assert not wins("1m3m5m7m9m2p", 0)
    assert not wins("1m4m7m1p4p7p1s4s7s1z", 4)
    assert wins("1m2m3m4p5p6p7s8s9s1z", 4)  # wild pung + 1z pair
    assert wins("1m2m3m4p5p6p7s8s9s1z2z", 3)  # 1z+wild pair, 2z+2 wilds pung
    assert not wins("1m2m3m4p5p6p7s8s9s1z2z3z", 2)  # needs 4 wilds


def tile_counts(text):
    counts = [0] * 34
    for tile in parse_tiles(text):
        counts[tile] += 1
    return counts


@st.composite
def honghe_hands(draw, min_wilds, max_wilds):
    wild = draw(st.sampled_from(FACES))
    k = draw(st.integers(min_wilds, max_wilds))
    others = tuple(f for f in FACES if f != wild)
    mode = draw(st.sampled_from(("random", "winning", "near", "few_faces")))
    if mode == "random":
        real = draw(st.lists(st.sampled_from(others), min_size=14 - k, max_size=14 - k))
    elif mode == "few_faces":
        # many copies of few faces: pungs, kongs and pairs of pairs (a face gives at
        # most two of the seven pairs, RULEBOOK §1)
        pool = draw(st.lists(st.sampled_from(others), min_size=4, max_size=5, unique=True))
        real = draw(st.lists(st.sampled_from(pool), min_size=14 - k, max_size=14 - k))
    else:
        logical = []
        for _ in range(4):
            if draw(st.booleans()):
                start = draw(st.sampled_from(CHOW_STARTS))
                logical += [start, start + 1, start + 2]
            else:
                logical += [draw(st.sampled_from(others))] * 3
        if draw(st.integers(0, 3)) == 0:  # sometimes seven pairs
            faces = draw(st.lists(st.sampled_from(others), min_size=7, max_size=7))
            logical = [f for f in faces for _ in (0, 1)]
        else:
            logical += [draw(st.sampled_from(others))] * 2
        drop = set(draw(st.lists(st.integers(0, 13), min_size=k, max_size=k, unique=True)))
        real = [f for i, f in enumerate(logical) if i not in drop]
        if mode == "near":
            real[draw(st.integers(0, len(real) - 1))] = draw(st.sampled_from(others))
    assume(all(f != wild for f in real))
    assume(all(n <= 4 for n in Counter(real).values()))
    tiles = draw(st.permutations(list(real) + [wild] * k))
    win_index = draw(st.integers(0, 13))
    hand = [t for i, t in enumerate(tiles) if i != win_index]
    request = {
        "region": "honghe", "hand": codes(hand), "win_tile": code(tiles[win_index]),
        "win_type": "self_draw", "winner": "S", "dealer": "E", "wild": code(wild),
    }
    return request, real, k


def check_against_brute_force(request, real, wilds):
    counts = [0] * 34
    for face in real:
        counts[face] += 1
    expected = reference.wins(counts, wilds)
    event(f"winning={expected}")
    result = score(request)
    assert result["winning"] is expected, (
        f"engine says winning={result['winning']}, brute force says {expected}: {request}"
    )


@settings(COMMON, max_examples=400)
@given(honghe_hands(0, 2))
def test_winning_flag_matches_brute_force_up_to_two_wilds(sample):
    check_against_brute_force(*sample)


@settings(COMMON, max_examples=80)
@given(honghe_hands(3, 3))
def test_winning_flag_matches_brute_force_three_wilds(sample):
    check_against_brute_force(*sample)


@settings(COMMON, max_examples=60)
@given(honghe_hands(4, 4))
def test_winning_flag_matches_brute_force_four_wilds(sample):
    check_against_brute_force(*sample)
