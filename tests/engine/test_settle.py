"""Paper results (``rules.settle``): a hand's total shared out by the region's payment
rule, with no tiles, and its claims' contracts (承包) applied by the region's contract
rule exactly as ``score`` applies them (RULEBOOK §7 "Paper results carry contracts").
One line per case in the tables, each contract line with a scored twin in tile notation
that ``score`` must pay alike; the properties hold settle to ``score``: the total and
claims of any winning hand settle to the payments and contract score gives it."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import InvalidRequest, deals, score
from rules.settle import settle, total_key
from tests.helpers import CLAIMED, CLAIMED4, CLAIMED4_MELDS, CLAIMED_MELDS, PLAIN, TABLE_WILD, by_id
from tests.strategies import COMMON, winning_deals

HZ, JH, HH = "hangzhou", "jinhua", "honghe"
MODERN = {"hangzhou_scoring": "modern"}


def paper(region, how, winner, total, dealer="E", discarder=None, claims=(), **more):
    """A paper result: ``claims`` as (by, from, count), put in the context."""
    request = {"region": region, "win_type": how, "winner": winner, "dealer": dealer,
               total_key(region): total, **more}
    if discarder:
        request["discarder"] = discarder
    if claims:
        request.setdefault("context", {})["claims"] = [
            {"by": by, "from": from_, "count": count} for by, from_, count in claims]
    return request


def scored(request, tiles, melds=()):
    """The paper result's twin with tiles: its fields, ``tiles`` (concealed, winning
    tile) and ``melds``, the table's wild (tests.helpers.TABLE_WILD)."""
    hand, win = tiles
    twin = {key: value for key, value in request.items() if key != total_key(request["region"])}
    twin.update(hand=hand, win_tile=win)
    if melds:
        twin["melds"] = list(melds)
    if TABLE_WILD[request["region"]]:
        twin["wild"] = TABLE_WILD[request["region"]]
    return twin


CASES = [
    # (id, request, payments E S W N)
    ("hz-dealer-self-draw-x2-streak1", paper("hangzhou", "self_draw", "E", 2, dealer_streak=1),
     (24, -8, -8, -8)),
    ("hz-non-dealer-self-draw", paper("hangzhou", "self_draw", "S", 1), (-2, 4, -1, -1)),
    ("hz-discard-from-sanlianzhuang", paper("hangzhou", "discard", "E", 1, discarder="S",
                                            dealer_streak=2), (8, -8, 0, 0)),
    ("hz-modern-non-dealer", paper("hangzhou", "self_draw", "S", 8,
                                   house_rules={"hangzhou_scoring": "modern"}),
     (-8, 10, -1, -1)),
    ("jh-discard-x4", paper("jinhua", "discard", "S", 4, discarder="W"), (-4, 16, -8, -4)),
    ("jh-self-draw-half-base", paper("jinhua", "self_draw", "N", 2, base=0.5),
     (-2, -2, -2, 6)),  # a self-draw is paid double in Jinhua
    ("hh-discard-3-fan", paper("honghe", "discard", "S", 3, discarder="W"), (-4, 16, -8, -4)),
    ("hh-self-draw-0-fan", paper("honghe", "self_draw", "E", 0), (3, -1, -1, -1)),
]


@pytest.mark.parametrize("request_, expected", by_id(CASES))
def test_a_paper_result_pays_as_the_region_pays(request_, expected):
    response = settle(request_)
    assert tuple(response["payments"].values()) == expected
    assert response["breakdown"]["contract"] is None  # no claims, no contract


# Contracts (承包): T is the winner's normal take, base 1 (hangzhou.txt:168,198; jinhua.txt:71;
# RULEBOOK §3, §4). Hangzhou, S's self-draw ×1 at 平莊 (D = 2): E pays H×D = 2, W and N 1 each,
# T = 4 (hangzhou.txt:184); a contract's payer alone pays T (the winner claimed from it) or
# 2T (it claimed from the winner). Jinhua, S's self-draw ×1: each pays 2H = 2, T = 6
# (jinhua.txt:9,25). Each line: (id, paper result, its twin's tiles and melds, payments E S W
# N, what the breakdown's contract says: the payers in order, None, or "not applied").
CONTRACTS = [
    # E claimed three times from the winner S: E alone pays 2T = 8
    ("hz-dealer-claimed-3-from-winner", paper(HZ, "self_draw", "S", 1, claims=[("E", "S", 3)]),
     PLAIN, (), (-8, 8, 0, 0), ["E"]),
    # the example, dealer E at 二連莊 (D = 4): E pays 4, W and N 1 each, T = 6 (the
    # paper result without its claims paid E −4 W −1 N −1 S +6); E alone pays 2T = 12
    ("hz-issue-example-streak-1", paper(HZ, "self_draw", "S", 1, dealer_streak=1,
                                        claims=[("E", "S", 3)]),
     PLAIN, (), (-12, 12, 0, 0), ["E"]),
    # S claimed three times from the dealer E: E alone pays T = 4
    ("hz-winner-claimed-3-from-dealer", paper(HZ, "self_draw", "S", 1, claims=[("S", "E", 3)]),
     CLAIMED, CLAIMED_MELDS, (-4, 4, 0, 0), ["E"]),
    # the winner's four claims (four melds): W alone pays T = 4
    ("hz-winner-claimed-4", paper(HZ, "self_draw", "S", 1, claims=[("S", "W", 4)]),
     CLAIMED4, CLAIMED4_MELDS, (0, 4, -4, 0), ["W"]),
    # one contract: the most claims (N's 4 from S) — N alone pays 2T = 8
    ("hz-most-claims", paper(HZ, "self_draw", "S", 1, claims=[("S", "W", 3), ("N", "S", 4)]),
     CLAIMED, CLAIMED_MELDS, (0, 8, 0, -8), ["N"]),
    # a tie (3 and 3): seat order from the winner's next player, W before N: W pays T = 4
    ("hz-tie-next-seat", paper(HZ, "self_draw", "S", 1, claims=[("S", "W", 3), ("N", "S", 3)]),
     CLAIMED, CLAIMED_MELDS, (0, 4, -4, 0), ["W"]),
    # a discard win at 三連莊 (D = 8): S would pay 8 = T; W, claimed from by the winner E,
    # pays it instead (RULEBOOK §3)
    ("hz-contract-on-discard", paper(HZ, "discard", "E", 1, discarder="S", dealer_streak=2,
                                     claims=[("E", "W", 3)]),
     CLAIMED, CLAIMED_MELDS, (8, 0, -8, 0), ["W"]),
    # ×2 (a 七對 on paper; its twin seven pairs): T = 8, E claimed from S pays 2T = 16
    ("hz-x2-claimed-from-winner", paper(HZ, "self_draw", "S", 2, claims=[("E", "S", 3)]),
     ("1122m3344p5566s7z", "7z"), (), (-16, 16, 0, 0), ["E"]),
    # Hangzhou as played now: no contract (hangzhou.txt:176); E 1, W and N 1/8 each
    ("hz-modern-no-contract", paper(HZ, "self_draw", "S", 1, claims=[("E", "S", 3)],
                                    house_rules=MODERN),
     PLAIN, (), (-1, 1.25, -0.125, -0.125), "not applied"),
    # Jinhua: both contracts count and add — W pays T = 6 (S claimed from W), N pays 2T = 12
    # (N claimed from S); E pays nothing
    ("jh-two-contracts-add", paper(JH, "self_draw", "S", 1, claims=[("S", "W", 3),
                                                                    ("N", "S", 3)]),
     CLAIMED, CLAIMED_MELDS, (0, 18, -6, -12), ["W", "N"]),
    # Jinhua, a discard by E: E would pay 2, W and N 1 each, T = 4; S claimed 3 from N: N
    # alone pays 4
    ("jh-contract-on-discard", paper(JH, "discard", "S", 1, discarder="E",
                                     claims=[("S", "N", 3)]),
     CLAIMED, CLAIMED_MELDS, (0, 4, 0, -4), ["N"]),
    # Honghe has no contract rule: the claims are accepted and change nothing (0 番, V = 1)
    ("hh-claims-no-contract", paper(HH, "self_draw", "S", 0, claims=[("E", "S", 3)]),
     PLAIN, (), (-1, 3, -1, -1), None),
]


def _payers(contract):
    if contract is None:
        return None
    if contract.get("applied") is False:
        return "not applied"
    return [entry["payer"] for entry in contract["all"]]


@pytest.mark.parametrize("request_, tiles, melds, expected, payers",
                         by_id(CONTRACTS))
def test_a_paper_result_pays_its_contracts_as_its_scored_twin(request_, tiles, melds,
                                                               expected, payers):
    response = settle(request_)
    assert tuple(response["payments"].values()) == expected
    assert _payers(response["breakdown"]["contract"]) == payers
    # the same hand with its tiles and claims: the same total, payments and contract
    twin = score(scored(request_, tiles, melds))
    key = total_key(request_["region"])
    assert twin[key] == request_[key]
    assert twin["payments"] == response["payments"]
    assert twin["breakdown"]["contract"] == response["breakdown"]["contract"]


REFUSED = [
    # (id, request, field, code)
    ("no-total", {"region": "jinhua", "win_type": "self_draw", "winner": "E", "dealer": "E"},
     "multiplier", "not_whole_number"),
    ("zero-multiplier", paper("jinhua", "self_draw", "E", 0), "multiplier",
     "number_out_of_range"),
    ("fan-over-limit", paper("honghe", "self_draw", "E", 41), "fan", "number_out_of_range"),
    ("fan-in-a-multiplying-region", {**paper("hangzhou", "self_draw", "E", 2), "fan": 1},
     "fan", "unknown_key"),
    ("tiles-given", {**paper("honghe", "self_draw", "E", 2), "hand": "123m"}, "hand",
     "unknown_key"),
    ("hz-discard-before-sanlianzhuang", paper("hangzhou", "discard", "E", 1, discarder="S"),
     "win_type", "win_type_needs_dealer_streak"),
    ("discarder-is-winner", paper("honghe", "discard", "E", 1, discarder="E"), "discarder",
     "discarder_is_winner"),
    # what no hand can have: a multiplying region's patterns are ×2^k (RULEBOOK §3, §4)
    ("hz-x3", paper(HZ, "self_draw", "S", 3), "multiplier", "multiplier_not_power_of_two"),
    ("jh-x3", paper(JH, "self_draw", "S", 3), "multiplier", "multiplier_not_power_of_two"),
    ("hz-x6", paper(HZ, "self_draw", "S", 6), "multiplier", "multiplier_not_power_of_two"),
    ("jh-x6-discard", paper(JH, "discard", "S", 6, discarder="W"), "multiplier",
     "multiplier_not_power_of_two"),
    ("jh-x12-with-claims", paper(JH, "self_draw", "S", 12, claims=[("E", "S", 3)]),
     "multiplier", "multiplier_not_power_of_two"),
    # a context key a paper result does not read, named
    ("first-turn", {**paper(JH, "self_draw", "S", 2), "context": {"first_turn": True}},
     "context.first_turn", "result_context_key_unused"),
    ("first-turn-with-claims", {**paper(HZ, "self_draw", "S", 1),
                                "context": {"first_turn": True,
                                            "claims": [{"by": "S", "from": "E", "count": 3}]}},
     "context.first_turn", "result_context_key_unused"),
    ("hh-previous-draws", {**paper(HH, "self_draw", "S", 1), "context": {"previous_draws": 2}},
     "context.previous_draws", "result_context_key_unused"),
    ("after-kong", {**paper(HZ, "self_draw", "S", 2), "context": {"after_kong": True}},
     "context.after_kong", "result_context_key_unused"),
    ("unknown-context-key", {**paper(HZ, "self_draw", "S", 2), "context": {"colour": "red"}},
     "context.colour", "result_context_key_unused"),
    # bad claims, as score refuses them
    ("claim-from-self", paper(HZ, "self_draw", "S", 1, claims=[("E", "E", 3)]),
     "context.claims[0]", "claim_from_self"),
    ("claim-count-5", paper(HZ, "self_draw", "S", 1, claims=[("E", "S", 5)]),
     "context.claims[0]", "claim_count_invalid"),
    ("claim-count-0", paper(JH, "self_draw", "S", 1, claims=[("S", "W", 3), ("N", "S", 0)]),
     "context.claims[1]", "claim_count_invalid"),
    ("claim-duplicate", paper(JH, "self_draw", "S", 1, claims=[("N", "S", 3), ("N", "S", 1)]),
     "context.claims[1]", "claim_duplicate"),
    ("claims-not-list", {**paper(HZ, "self_draw", "S", 1), "context": {"claims": "E from S"}},
     "context.claims", "claims_not_list"),
    # more than four claims: the winner too (a paper result has no melds to count)
    ("winner-claims-5", paper(HZ, "self_draw", "S", 1, claims=[("S", "E", 4), ("S", "W", 1)]),
     "context.claims", "claims_over_four"),
    ("other-claims-5", paper(JH, "self_draw", "S", 1, claims=[("N", "S", 3), ("N", "E", 2)]),
     "context.claims", "claims_over_four"),
]


@pytest.mark.parametrize("request_, field, code", by_id(REFUSED))
def test_a_bad_paper_result_is_refused_with_its_field_and_code(request_, field, code):
    with pytest.raises(InvalidRequest) as refused:
        settle(request_)
    errors = refused.value.errors
    assert (field, code) in [(e["field"], e["code"]) for e in errors], errors
    # never a word about the stand-in hand: every problem is on a key the request has
    # (or its total, which it lacks)
    for error in errors:
        root = error["field"].split(".")[0].split("[")[0]
        assert root in request_ or root == total_key(request_["region"]), error


def test_the_refusals_name_the_key_and_the_value():
    with pytest.raises(InvalidRequest) as refused:
        settle({**paper(JH, "self_draw", "S", 3), "context": {"first_turn": True}})
    by_code = {e["code"]: e for e in refused.value.errors}
    assert by_code["multiplier_not_power_of_two"]["params"] == {"region": JH, "value": 3}
    assert by_code["result_context_key_unused"]["params"] == {
        "field": "context.first_turn", "key": "first_turn", "allowed": ["claims"]}
    assert len(refused.value.errors) == 2  # nothing about a stand-in hand's tiles or melds
    winner = settle_errors(paper(HZ, "self_draw", "S", 1, claims=[("S", "E", 4),
                                                                   ("S", "W", 2)]))
    assert winner == [{"field": "context.claims", "code": "claims_over_four",
                       "params": {"seat": "S", "claimed": 6, "limit": 4}}]


def settle_errors(request):
    with pytest.raises(InvalidRequest) as refused:
        settle(request)
    return [{k: e[k] for k in ("field", "code", "params")} for e in refused.value.errors]


@pytest.mark.parametrize("total", [1, 2, 4, 8, 16, 1024, 2**19])
@pytest.mark.parametrize("region", [HZ, JH])
def test_every_power_of_two_is_a_multiplier(region, total):
    assert settle(paper(region, "self_draw", "S", total))["multiplier"] == total


def test_honghe_fan_is_any_whole_number():
    """番 add (Honghe): 3 番 is a total like any other; only × values are powers of two."""
    assert settle(paper(HH, "self_draw", "S", 3))["payments"]["S"] == 24


def _paper_of(request, response):
    """A scored hand as a paper result: its fields, its claims, and the total score gave."""
    fields = {key: request[key] for key in ("region", "win_type", "winner", "dealer",
                                            "discarder", "dealer_streak", "base",
                                            "house_rules") if key in request}
    claims = request.get("context", {}).get("claims")
    if claims:
        fields["context"] = {"claims": claims}
    key = total_key(request["region"])
    return {**fields, key: response[key]}


def _settles_alike(request):
    response = score(request)
    settled = settle(_paper_of(request, response))
    assert settled["payments"] == response["payments"]
    assert settled["breakdown"]["contract"] == response["breakdown"]["contract"]
    assert settled["breakdown"]["dealer_factor"] == response["breakdown"]["dealer_factor"]


@settings(COMMON, max_examples=150, derandomize=True)
@given(data=st.data(), region=st.sampled_from([HZ, JH, HH]))
def test_the_total_of_any_winning_hand_settles_to_its_scored_payments(data, region):
    """Any winning hand of the tests' mix (its claims included, each pair with chance 1/6)."""
    request, _ = data.draw(winning_deals(region))
    _settles_alike(request)


# The tests' mix with claims between every pair half the time: most hands then make a
# contract (test_the_claims_mix_makes_contracts).
CLAIMS_MIX = dataclasses.replace(deals.TESTING_MIX, claims=0.5)


@settings(COMMON, max_examples=150, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), region=st.sampled_from([HZ, JH, HH]))
def test_the_total_and_claims_of_any_winning_hand_settle_to_its_contract(seed, region):
    _settles_alike(deals.winning(seed, region, mix=CLAIMS_MIX).request)


def test_the_claims_mix_makes_contracts():
    """The property above is not vacuous: its mix deals every kind of contract."""
    kinds = set()
    for region in (HZ, JH):
        for seed in range(200):
            contract = score(deals.winning(seed, region, mix=CLAIMS_MIX).request)[
                "breakdown"]["contract"]
            if contract:
                kinds.add((region, contract.get("applied", True), contract["factor"],
                           len(contract["all"]) > 1))
    assert {(HZ, True, 1, False), (HZ, True, 2, False), (HZ, False, 2, False),
            (JH, True, 1, False), (JH, True, 2, False)} <= kinds
    assert any(region == JH and several for region, _, _, several in kinds)
