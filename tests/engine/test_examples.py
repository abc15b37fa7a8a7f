"""RULEBOOK §5: every worked example, with its patterns, total and exact payments."""

import re

import pytest

from rules import score
from tests.helpers import keys, req

SOURCE = re.compile(r"^(honghe|hangzhou|jinhua)\.txt:\d+")

# (id, request, pattern keys, 番 or None, multiplier, payments)
EXAMPLES = [
    # 1. Honghe, base 2, wild 9p, 清一色 2 番, V = 2 × 2² = 8 (honghe.txt:46,56).
    (
        "1_honghe_self_draw",
        req("honghe", "1234567892345m", "5m", wild="9p", base=2),
        {"qing_yi_se"}, 2, 4,
        {"E": -8, "S": 24, "W": -8, "N": -8},
    ),
    # 1. … won on W's discard: the discarder pays V, the other two V/2 (honghe.txt:56).
    (
        "1_honghe_discard",
        req("honghe", "1234567892345m", "5m", wild="9p", base=2, discarder="W"),
        {"qing_yi_se"}, 2, 4,
        {"E": -4, "S": 16, "W": -8, "N": -4},
    ),
    # 2. Hangzhou, 白 wild, streak 0 (D = 2): plain ×1; the dealer pays H×D (hangzhou.txt:184).
    (
        "2_hangzhou_plain_self_draw",
        req("hangzhou", "123m456p789s234s7z", "7z"),
        set(), None, 1,
        {"E": -2, "S": 4, "W": -1, "N": -1},
    ),
    # 3. Hangzhou, dealer E, streak 1 (D = 4), 暴頭 ×2 (hangzhou.txt:136,192): H×D = 8 each.
    (
        "3_hangzhou_dealer_bao_tou",
        req("hangzhou", "123m456m789p345s5z", "9s", winner="E", dealer_streak=1),
        {"bao_tou"}, None, 2,
        {"E": 24, "S": -8, "W": -8, "N": -8},
    ),
    # 4. Jinhua, wild 6s, W wins on N's discard, 平胡: discarder 2H, others H (jinhua.txt:9,25).
    (
        "4_jinhua_ping_hu_discard",
        req("jinhua", "123m456m789p234p1z", "1z", wild="6s", winner="W", discarder="N"),
        {"ping_hu"}, None, 1,
        {"E": -1, "S": -1, "W": 4, "N": -2},
    ),
    # 5. Jinhua, wild 6s, 清一色 without 財神 ×4 (jinhua.txt:47): each pays 2H = 8.
    (
        "5_jinhua_qing_yi_se_self_draw",
        req("jinhua", "1232347897895s", "5s", wild="6s"),
        {"qing_yi_se"}, None, 4,
        {"E": -8, "S": 24, "W": -8, "N": -8},
    ),
]


@pytest.mark.parametrize(
    ("request_fields", "expected", "fan", "multiplier", "payments"),
    [e[1:] for e in EXAMPLES],
    ids=[e[0] for e in EXAMPLES],
)
def test_worked_example(request_fields, expected, fan, multiplier, payments):
    result = score(request_fields)
    assert result["winning"] is True, result.get("reason")
    assert result["region"] == request_fields["region"]
    assert result["shape"] == "standard"
    assert keys(result) == expected
    assert result["fan"] == fan
    assert result["multiplier"] == multiplier
    assert result["payments"] == payments
    for pattern in result["patterns"]:
        assert pattern["name"]
        assert SOURCE.match(pattern["source"]), pattern


def test_example_1_pattern_value_is_fan():
    """Honghe pattern values are 番: 清一色 is worth 2 (honghe.txt:46)."""
    result = score(req("honghe", "1234567892345m", "5m", wild="9p", base=2))
    assert [(p["key"], p["value"]) for p in result["patterns"]] == [("qing_yi_se", 2)]


def test_example_3_pattern_value_is_times():
    """Hangzhou pattern values are ×: 暴頭 is ×2 (hangzhou.txt:138)."""
    result = score(req("hangzhou", "123m456m789p345s5z", "9s", winner="E", dealer_streak=1))
    assert [(p["key"], p["value"]) for p in result["patterns"]] == [("bao_tou", 2)]
    # The 白 stands in the pair as 9s; the groups say so.
    pair = [g for g in result["groups"] if g["kind"] == "pair"]
    assert len(pair) == 1
    assert sorted(pair[0]["tiles"]) == ["5z", "9s"]
    assert pair[0]["as"] == ["9s", "9s"]
