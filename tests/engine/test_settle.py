"""Paper results (``rules.settle``): a hand's total shared out by the region's payment
rule, with no tiles. One line per case in the tables; the property holds settle to
``score``: the total of any winning hand settles to the payments score gives it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import InvalidRequest, score
from rules.settle import settle
from tests.strategies import COMMON, winning_deals


def paper(region, how, winner, total, dealer="E", discarder=None, **more):
    request = {"region": region, "win_type": how, "winner": winner, "dealer": dealer,
               "fan" if region == "honghe" else "multiplier": total, **more}
    if discarder:
        request["discarder"] = discarder
    return request


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


@pytest.mark.parametrize("request_, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_paper_result_pays_as_the_region_pays(request_, expected):
    assert tuple(settle(request_)["payments"].values()) == expected


REFUSED = [
    ("no-total", {"region": "jinhua", "win_type": "self_draw", "winner": "E", "dealer": "E"},
     "not_whole_number"),
    ("zero-multiplier", paper("jinhua", "self_draw", "E", 0), "number_out_of_range"),
    ("fan-over-limit", paper("honghe", "self_draw", "E", 41), "number_out_of_range"),
    ("fan-in-a-multiplying-region", {**paper("hangzhou", "self_draw", "E", 2), "fan": 1},
     "unknown_key"),
    ("tiles-given", {**paper("honghe", "self_draw", "E", 2), "hand": "123m"}, "unknown_key"),
    ("hz-discard-before-sanlianzhuang", paper("hangzhou", "discard", "E", 1, discarder="S"),
     "win_type_needs_dealer_streak"),
    ("discarder-is-winner", paper("honghe", "discard", "E", 1, discarder="E"),
     "discarder_is_winner"),
]


@pytest.mark.parametrize("request_, code", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_bad_paper_result_is_refused_with_its_code(request_, code):
    with pytest.raises(InvalidRequest) as refused:
        settle(request_)
    assert code in [e["code"] for e in refused.value.errors]


@COMMON
@given(data=st.data(), region=st.sampled_from(["hangzhou", "jinhua", "honghe"]))
def test_the_total_of_any_winning_hand_settles_to_its_scored_payments(data, region):
    request, _ = data.draw(winning_deals(region))
    response = score(request)
    if response["breakdown"]["contract"]:  # 承包 needs the claims of the tiles
        return
    total = "fan" if region == "honghe" else "multiplier"
    fields = {key: request[key] for key in ("region", "win_type", "winner", "dealer",
                                            "discarder", "dealer_streak", "base",
                                            "house_rules") if key in request}
    assert settle({**fields, total: response[total]})["payments"] == response["payments"]
