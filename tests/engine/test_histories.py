# ruff: noqa: E501  (one hand per line: the tables read better unwrapped)
"""RULEBOOK §7 (2026-12-02): histories no hand can have are refused, and Jinhua 地胡 is
the dealer's *first* discard. One hand per line, in tile notation: S wins, E deals, base 1,
the table's wild (Honghe 9m, Jinhua 6s, Hangzhou 白) unless the line says otherwise.

- ``first_turn`` with 財飄: 財飄 means a wild was already thrown away (hangzhou.txt:140,
  jinhua.txt:97), which no first-turn win has done.
- The dealer's ``first_turn`` win with any claim: the dealer discards first, so nobody
  has claimed yet; a concealed kong is not a claim (天胡 still counts on its replacement
  tile, §7 "Clarified").
- Anyone listed with more than four claims: each claim lays a meld, and nobody shows
  more than four.
- Jinhua 地胡 (jinhua.txt:63): once anyone has claimed from the dealer, the dealer's first
  discard is gone; Honghe 地和 (honghe.txt:42, the winner had not discarded yet) is not
  changed by it.
"""

from __future__ import annotations

import pytest

from rules import InvalidRequest, score
from tests.helpers import req

PLAIN = "123m456m789p234p1z"  # + 1z: a plain hand in every region, no wild in it
LONE = {"hangzhou": "123m456m789p234p5z", "jinhua": "123m456m789p234p6s"}  # four sets + a lone wild
FIRST = {"first_turn": True}


def claims(*entries):
    return [{"by": by, "from": from_, "count": count} for by, from_, count in entries]


# (id, request, the field refused)
REFUSED = [
    ("jinhua_first_turn_cai_piao", req("jinhua", LONE["jinhua"], "1z", context={**FIRST, "cai_piao": 1}), "context.first_turn"),
    ("hangzhou_first_turn_cai_piao", req("hangzhou", LONE["hangzhou"], "1z", context={**FIRST, "cai_piao": 1}), "context.first_turn"),
    ("jinhua_dealer_first_turn_claims_between_others", req("jinhua", PLAIN, "1z", winner="E", context={**FIRST, "claims": claims(("N", "S", 1))}), "context.first_turn"),
    ("hangzhou_dealer_first_turn_claims_between_others", req("hangzhou", PLAIN, "1z", winner="E", context={**FIRST, "claims": claims(("W", "N", 2))}), "context.first_turn"),
    ("honghe_dealer_first_turn_claims_between_others", req("honghe", PLAIN, "1z", winner="E", context={**FIRST, "claims": claims(("S", "W", 1))}), "context.first_turn"),
    ("dealer_first_turn_claim_from_dealer", req("jinhua", PLAIN, "1z", winner="E", context={**FIRST, "claims": claims(("S", "E", 1))}), "context.first_turn"),
    ("non_winner_five_claims", req("jinhua", PLAIN, "1z", context={"claims": claims(("N", "S", 3), ("N", "W", 2))}), "context.claims"),
    ("non_winner_five_claims_hangzhou", req("hangzhou", PLAIN, "1z", context={"claims": claims(("E", "S", 4), ("E", "N", 1))}), "context.claims"),
    ("non_winner_five_claims_from_three", req("jinhua", PLAIN, "1z", context={"claims": claims(("W", "E", 2), ("W", "S", 2), ("W", "N", 1))}), "context.claims"),
]


@pytest.mark.parametrize(("request_", "field"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_an_impossible_history_is_refused(request_, field):
    with pytest.raises(InvalidRequest) as refused:
        score(request_)
    assert field in [e["field"] for e in refused.value.errors]


# (id, request, the patterns that count, the payments E S W N)
SCORED = [
    # 財飄 without first_turn, and first_turn without 財飄, stay as they were
    ("jinhua_cai_piao_later", req("jinhua", LONE["jinhua"], "1z", context={"cai_piao": 1}), {"bao_tou": 2, "cai_piao": 2}, "-8 +24 -8 -8"),
    ("jinhua_ren_hu_without_cai_piao", req("jinhua", LONE["jinhua"], "1z", context=FIRST), {"bao_tou": 2, "ren_hu": 2}, "-8 +24 -8 -8"),
    # a concealed kong is no claim: the dealer's 天胡 on its replacement tile
    ("jinhua_tian_hu_after_concealed_kong", req("jinhua", "123m456m789p1z", "1z", winner="E", melds=["ankong 9999s"], context={**FIRST, "after_kong": True}), {"tian_hu": 2, "gang_shang_kai_hua": 2}, "+24 -8 -8 -8"),
    # four claims by one non-winner are possible
    ("non_winner_four_claims", req("jinhua", PLAIN, "1z", context={"claims": claims(("N", "W", 3), ("N", "E", 1))}), {"ping_hu": 1}, "-2 +6 -2 -2"),
    # a non-dealer's first turn with claims between the others
    ("jinhua_ren_hu_claims_between_others", req("jinhua", PLAIN, "1z", context={**FIRST, "claims": claims(("N", "W", 1))}), {"ren_hu": 2}, "-4 +12 -4 -4"),
    # Jinhua 地胡: the dealer's first discard …
    ("jinhua_di_hu", req("jinhua", PLAIN, "1z", discarder="E", context=FIRST), {"di_hu": 2}, "-4 +8 -2 -2"),
    # … is gone once anyone has claimed from the dealer
    ("jinhua_no_di_hu_after_claim_from_dealer", req("jinhua", PLAIN, "1z", discarder="E", context={**FIRST, "claims": claims(("N", "E", 1))}), {"ping_hu": 1}, "-2 +4 -1 -1"),
    ("jinhua_no_di_hu_after_pung_from_dealer", req("jinhua", PLAIN, "1z", discarder="E", context={**FIRST, "claims": claims(("W", "E", 2), ("N", "W", 1))}), {"ping_hu": 1}, "-2 +4 -1 -1"),
    # a claim between two others leaves the dealer's first discard where it was
    ("jinhua_di_hu_claim_between_others", req("jinhua", PLAIN, "1z", discarder="E", context={**FIRST, "claims": claims(("N", "W", 1))}), {"di_hu": 2}, "-4 +8 -2 -2"),
    # Honghe 地和 (honghe.txt:42): the winner had not discarded yet; unchanged
    ("honghe_di_he_after_claim_from_dealer", req("honghe", PLAIN, "1z", discarder="E", context={**FIRST, "claims": claims(("N", "E", 1))}), {"di_he": 2}, "-4 +8 -2 -2"),
]


def paid(text):
    return dict(zip("ESWN", (int(v) for v in text.split()), strict=True))


@pytest.mark.parametrize(("request_", "patterns", "payments"), [r[1:] for r in SCORED], ids=[r[0] for r in SCORED])
def test_a_possible_history_scores(request_, patterns, payments):
    result = score(request_)
    assert {p["key"]: p["value"] for p in result["patterns"]} == patterns
    assert result["payments"] == paid(payments)


def test_the_near_miss_says_why_di_hu_did_not_count():
    result = score(req("jinhua", PLAIN, "1z", discarder="E", context={**FIRST, "claims": claims(("N", "E", 1))}))
    [near] = [n for n in result["near_misses"] if n["key"] == "di_hu"]
    assert near["code"] == "near_dealer_discard_claimed"
    assert near["params"] == {"dealer": "E", "claimers": ["N"]}
    assert "莊家" in near["reason_zh"]
