"""Each circumstance of a win is declared once (rules.circumstances) and everything else
derives from the declarations: the request reader reads each as its kind says, refuses a
bad value on its own field, the regions name only declared ones, and the practice dealer
deals each one a region reads. A new circumstance is one more declaration: these tests
enumerate the declarations, so they cover it without a line added here."""

import random
from collections import Counter
from dataclasses import fields

import pytest

from rules import deals
from rules.circumstances import CIRCUMSTANCES, KINDS, Context
from rules.problems import CODES
from rules.regions import REGIONS
from rules.request import InvalidRequest, parse_request

# A self-drawn Honghe or Jinhua hand with a concealed kong: every circumstance's checks
# can hold on it (after_kong needs a kong and a self-draw, first_turn no exposed meld).
HAND = {"hand": "123m456p789s1z", "melds": ["ankong 5555s"], "win_tile": "1z",
        "win_type": "self_draw", "winner": "S", "dealer": "E"}
REQUESTS = {"honghe": {**HAND, "region": "honghe", "wild": "9p"},
            "hangzhou": {**HAND, "region": "hangzhou"},
            "jinhua": {**HAND, "region": "jinhua", "wild": "6m"}}
GOOD = {"flag": True, "count": 1, "tile": "9p", "dice": [3, 5], "claims": [
    {"by": "E", "from": "W", "count": 2}]}
BAD = {"flag": ("yes", "flag_not_bool"), "count": (-1, "number_out_of_range"),
       "tile": ("中中", "not_one_tile"), "dice": ([7, 1], "dice_invalid"),
       "claims": ("E", "claims_not_list")}


def reading(key):
    """Each region that reads ``key``, with its request."""
    return [(name, REQUESTS[name]) for name, region in REGIONS.items()
            if key in region.context_keys]


def test_the_context_is_the_declarations():
    assert [f.name for f in fields(Context)] == [c.key for c in CIRCUMSTANCES]
    assert all(c.kind in KINDS and c.label and c.source for c in CIRCUMSTANCES)


def test_regions_read_only_declared_circumstances():
    declared = {c.key for c in CIRCUMSTANCES}
    for region in REGIONS.values():
        assert set(region.context_keys) <= declared, region.key
    assert {key for region in REGIONS.values() for key in region.context_keys} == declared


@pytest.mark.parametrize("c", CIRCUMSTANCES, ids=lambda c: c.key)
def test_a_good_value_is_read(c):
    for name, request in reading(c.key):
        deal = parse_request({**request, "context": {c.key: GOOD[c.kind]}}, REGIONS)
        assert getattr(deal.context, c.key), (name, c.key)


@pytest.mark.parametrize("c", CIRCUMSTANCES, ids=lambda c: c.key)
def test_a_bad_value_is_refused_on_its_field(c):
    value, code = BAD[c.kind]
    for _name, request in reading(c.key):
        with pytest.raises(InvalidRequest) as refused:
            parse_request({**request, "context": {c.key: value}}, REGIONS)
        assert [(e["field"], e["code"]) for e in refused.value.errors] == [(c.field, code)]


@pytest.mark.parametrize("c", [c for c in CIRCUMSTANCES if c.kind == "count"],
                         ids=lambda c: c.key)
def test_a_count_stops_at_its_limit(c):
    for _name, request in reading(c.key):
        over = {**request, "context": {c.key: c.limit + 1}}
        with pytest.raises(InvalidRequest) as refused:
            parse_request(over, REGIONS)
        assert refused.value.errors[0]["params"]["limit"] == c.limit


def test_every_check_speaks_a_registered_code():
    """Break each declared check's condition and the engine answers with a known code on
    the circumstance's field (or the first turn's, for the checks it owns)."""
    broken = {
        "after_kong": {"win_type": "discard", "discarder": "E", "context": {"after_kong": True},
                       "melds": []},
        "last_tile": {"win_type": "discard", "discarder": "E", "context": {"last_tile": True}},
        "first_turn": {"melds": ["kong 5555s"], "context": {"first_turn": True}},
        "cai_piao": {"context": {"cai_piao": 3}, "hand": "123m456p789s6m"},
        "claims": {"context": {"claims": [{"by": "S", "from": "E", "count": 1}]}},
    }
    for c in CIRCUMSTANCES:
        if not c.checks:
            continue
        assert c.key in broken, f"add a request that breaks {c.key}'s checks"
        name, request = reading(c.key)[-1]
        with pytest.raises(InvalidRequest) as refused:
            parse_request({**request, **broken[c.key]}, REGIONS)
        found = [e for e in refused.value.errors if e["field"].startswith("context.")]
        assert found and all(e["code"] in CODES for e in found), (name, c.key, refused.value)


def test_the_dealer_deals_every_circumstance_a_region_reads():
    dealt = Counter()
    for seed in range(600):
        region = sorted(REGIONS)[seed % len(REGIONS)]
        request = deals.winning(random.Random(seed), region, mix=deals.TESTING_MIX).request
        dealt.update((region, key) for key in request.get("context", {}))
    for name, region in REGIONS.items():
        for key in region.context_keys:
            assert dealt[name, key], f"{name} never dealt {key}"
