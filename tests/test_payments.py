"""Payments of every region, read off RULEBOOK §2-§5 (black box: ``rules.score``).

One line per case, hands in tile notation. The expected column is the net result of
each seat in the fixed order ``E S W N`` (positive receives). Every result must sum
to zero and amounts are exact: fractions are compared exactly, never rounded
(RULEBOOK §1 "Amounts").

Hands used (each scores a known multiplier; none holds a wild unless stated):

- ``PLAIN`` = 123m 456p 789s 23s 11z + 4s — 0 番 in Honghe (wild 9m), ×1 in
  Hangzhou (白 wild) and 平胡 ×1 in Jinhua (wild 6s). The winner holds no other 4s,
  so the same hand can rob a kong of 4s.
- ``CLAIMED`` = pung 111m, pung 555p, pung 777s (exposed) + 234s 1z, won on 1z —
  the winner has three exposed melds, enough for three claims (承包 cases).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules import InvalidRequest, score

SEATS = ("E", "S", "W", "N")
DEFAULT_WILD = {"honghe": "9m", "hangzhou": None, "jinhua": "6s"}

PLAIN = ("123m456p789s23s11z", "4s")
CLAIMED_MELDS = ("pung 111m", "pung 555p", "pung 777s")
CLAIMED = ("234s1z", "1z")
# Four exposed pungs: the winner can have made four claims.
CLAIMED4_MELDS = ("pung 111m", "pung 555p", "pung 777s", "pung 222p")
CLAIMED4 = ("1z", "1z")


HH, HZ, JH = "honghe", "hangzhou", "jinhua"
WIN_TYPES = {"self": "self_draw", "discard": "discard", "rob": "rob_kong"}


def req(region, hand, win, *, how="self_draw", winner="S", dealer="E", discarder=None,
        streak=0, base=1, wild="default", melds=(), claims=None, house=None, context=None):
    """A request per API.md; ``claims`` is a list of (by, from, count)."""
    request = {
        "region": region,
        "hand": hand,
        "melds": list(melds),
        "win_tile": win,
        "win_type": how,
        "winner": winner,
        "dealer": dealer,
        "dealer_streak": streak,
        "base": base,
    }
    if discarder is not None:
        request["discarder"] = discarder
    wild = DEFAULT_WILD[region] if wild == "default" else wild
    if wild is not None:
        request["wild"] = wild
    if context is not None:
        request["context"] = dict(context)
    if claims is not None:
        request.setdefault("context", {})["claims"] = [
            {"by": b, "from": f, "count": n} for b, f, n in claims
        ]
    if house is not None:
        request["house_rules"] = house
    return request


def pays(text):
    """'+6 -2 -2 -2' → {E: 6, S: -2, W: -2, N: -2} as exact fractions."""
    values = [Fraction(v) for v in text.split()]
    assert len(values) == 4
    return dict(zip(SEATS, values, strict=True))


def P(case_id, region, hand_win, expected, win, *, w="S", d="E", s=0, b=1, h=None, **kw):
    """One table line.

    ``win``: "self", "discard X" (X threw the tile) or "rob X" (X's added kong was
    robbed); ``w`` winner, ``d`` dealer, ``s`` dealer_streak, ``b`` base, ``h``
    house_rules; ``expected``: net points of E S W N.
    """
    hand, tile = hand_win
    how, _, discarder = win.partition(" ")
    request = req(region, hand, tile, how=WIN_TYPES[how], winner=w, dealer=d,
                  discarder=discarder or None, streak=s, base=b, house=h, **kw)
    return pytest.param(request, pays(expected), id=case_id)


def check_payments(request, expected):
    result = score(request)
    assert result["winning"] is True, result.get("reason")
    payments = result["payments"]
    # "payments: each seat's net points for the hand" (API.md): all four seats.
    assert set(payments) == set(SEATS), payments
    got = {seat: Fraction(payments[seat]) for seat in SEATS}
    assert got == expected, f"payments {payments} != {expected} (patterns {result.get('patterns')})"
    assert sum(got.values()) == 0


# --- Honghe (RULEBOOK §2, honghe.txt:56): V = base × 2^番 --------------------------
# self-draw: each other pays V; discard: discarder V, the two others V/2;
# rob kong (honghe.txt:52 ruling): robbed pays 3V | house rule robbed_pays_double:
# robbed 2V, others V (honghe.txt:32). No dealer multiplier (rotation only,
# honghe.txt:19), so dealer / streak never change the amounts.
DOUBLE = {"honghe_rob_kong": "robbed_pays_double"}
ALL = {"honghe_rob_kong": "robbed_pays_all"}
HONGHE = [
    # id                   region hand   E  S  W  N    win (+ thrower)  seats, streak, base
    P("hh-self-dealer-s0", HH, PLAIN, "+6 -2 -2 -2", "self", b=2, w="E"),
    P("hh-self-dealer-s1", HH, PLAIN, "+6 -2 -2 -2", "self", b=2, w="E", s=1),
    P("hh-self-dealer-s2", HH, PLAIN, "+6 -2 -2 -2", "self", b=2, w="E", s=2),
    P("hh-self-nondealer-s0", HH, PLAIN, "-2 +6 -2 -2", "self", b=2, w="S"),
    P("hh-self-nondealer-s1", HH, PLAIN, "-2 +6 -2 -2", "self", b=2, w="S", s=1),
    P("hh-self-nondealer-s2", HH, PLAIN, "-2 +6 -2 -2", "self", b=2, w="S", s=2),
    P("hh-self-dealerN-s3", HH, PLAIN, "-2 -2 -2 +6", "self", b=2, w="N", d="N", s=3),
    P("hh-discard-dealer-s0", HH, PLAIN, "+4 -1 -1 -2", "discard N", b=2, w="E"),
    P("hh-discard-dealer-s1", HH, PLAIN, "+4 -2 -1 -1", "discard S", b=2, w="E", s=1),
    P("hh-discard-dealer-s2", HH, PLAIN, "+4 -1 -2 -1", "discard W", b=2, w="E", s=2),
    P("hh-discard-nondealer-from-dealer-s0", HH, PLAIN, "-2 +4 -1 -1", "discard E", b=2),
    P("hh-discard-nondealer-s1", HH, PLAIN, "-1 +4 -2 -1", "discard W", b=2, s=1),
    P("hh-discard-nondealer-s2", HH, PLAIN, "-1 +4 -1 -2", "discard N", b=2, s=2),
    P("hh-robkong-default-dealer-s0", HH, PLAIN, "+6 -6 0 0", "rob S", b=2, w="E"),
    P("hh-robkong-default-dealer-s1", HH, PLAIN, "+6 0 -6 0", "rob W", b=2, w="E", s=1),
    P("hh-robkong-default-dealer-s2", HH, PLAIN, "+6 0 0 -6", "rob N", b=2, w="E", s=2),
    P("hh-robkong-default-nondealer-s0", HH, PLAIN, "-6 +6 0 0", "rob E", b=2),
    P("hh-robkong-default-nondealer-s1", HH, PLAIN, "0 +6 0 -6", "rob N", b=2, s=1),
    P("hh-robkong-default-nondealer-s2", HH, PLAIN, "-6 0 +6 0", "rob E", b=2, w="W", s=2),
    P("hh-robkong-all-explicit", HH, PLAIN, "0 +6 -6 0", "rob W", b=2, h=ALL),
    P("hh-robkong-double-dealer-s0", HH, PLAIN, "+8 -4 -2 -2", "rob S", b=2, w="E", h=DOUBLE),
    P("hh-robkong-double-dealer-s1", HH, PLAIN, "+8 -2 -4 -2", "rob W", b=2, w="E", s=1, h=DOUBLE),
    P("hh-robkong-double-dealer-s2", HH, PLAIN, "+8 -2 -2 -4", "rob N", b=2, w="E", s=2, h=DOUBLE),
    P("hh-robkong-double-nondealer-s0", HH, PLAIN, "-2 +8 -4 -2", "rob W", b=2, h=DOUBLE),
    P("hh-robkong-double-nondealer-s1", HH, PLAIN, "-2 +8 -2 -4", "rob N", b=2, s=1, h=DOUBLE),
    P("hh-robkong-double-nondealer-s2", HH, PLAIN, "-4 -2 +8 -2", "rob E", b=2, w="W", s=2,
      h=DOUBLE),
    # The text's own example (honghe.txt:56): base 2, 2 番 (清一色) → self-draw 8
    # each; discard: discarder 8, the others 4. Also RULEBOOK §5 example 1.
    P("hh-text-example-self", HH, ("1234567892345m", "5m"), "-8 +24 -8 -8", "self", b=2, wild="9p"),
    P("hh-text-example-discard", HH, ("1234567892345m", "5m"), "-4 +16 -8 -4", "discard W", b=2,
      wild="9p"),
    P("hh-text-example-self-dealer-s2", HH, ("1234567892345m", "5m"), "+24 -8 -8 -8", "self", b=2,
      wild="9p", w="E", s=2),
    # The other two readings of the text (RULEBOOK §2, revised): as a discard
    # (honghe.txt:32 against :56) and the robbed player alone 2V (honghe.txt:2); and
    # RULEBOOK §5 example 10 (0 番, V = 1) under every value.
    P("hh-robkong-as-discard", HH, PLAIN, "-1 +4 -2 -1", "rob W", b=2,
      h={"honghe_rob_kong": "as_discard"}),
    P("hh-robkong-two-alone", HH, PLAIN, "0 +4 -4 0", "rob W", b=2,
      h={"honghe_rob_kong": "robbed_pays_two_alone"}),
    P("hh-example10-as-discard", HH, ("123m456p789s11z45s", "6s"), "-0.5 +2 -1 -0.5", "rob W",
      wild="9p", h={"honghe_rob_kong": "as_discard"}),
    P("hh-example10-two-alone", HH, ("123m456p789s11z45s", "6s"), "0 +2 -2 0", "rob W",
      wild="9p", h={"honghe_rob_kong": "robbed_pays_two_alone"}),
    P("hh-example10-default", HH, ("123m456p789s11z45s", "6s"), "0 +3 -3 0", "rob W",
      wild="9p"),
    P("hh-example10-double", HH, ("123m456p789s11z45s", "6s"), "-1 +4 -2 -1", "rob W",
      wild="9p", h=DOUBLE),
    # RULEBOOK §5 example 8: six pairs and a lone wild, self-drawn: 對對和 2 + 任意胡 1.
    P("hh-example8-six-pairs-lone-wild", HH, ("1133m5577p22s44z9p", "6z"), "-8 +24 -8 -8",
      "self", wild="9p"),
    # 任意胡 when the lone wild's partner face is held elsewhere (13s + a wild as 2s):
    # 任意胡 1 + 三百搭 1 = 2番.
    P("hh-ren-yi-hu-partner-held", HH, ("234m567p13s88s999p", "2s"), "-4 +12 -4 -4", "self",
      wild="9p"),
    # Honghe has no 承包 (RULEBOOK §2 "No contract rule"): claims change nothing.
    P("hh-claims-no-contract-winner", HH, CLAIMED, "-1 +3 -1 -1", "self", melds=CLAIMED_MELDS,
      claims=[("S", "W", 3)]),
    P("hh-claims-no-contract-other", HH, CLAIMED, "-1 +3 -1 -1", "self", melds=CLAIMED_MELDS,
      claims=[("N", "S", 3)]),
]

# --- Fractions: exact, never rounded (RULEBOOK §1 "Amounts", API.md "0.5") ---------
FRACTIONS = [
    P("frac-honghe-base1-discard", HH, PLAIN, "-0.5 +2 -1 -0.5", "discard W"),
    P("frac-honghe-base3-discard", HH, PLAIN, "-1.5 +6 -3 -1.5", "discard W", b=3),
    P("frac-honghe-base0.5-discard", HH, PLAIN, "-0.25 +1 -0.5 -0.25", "discard W", b=0.5),
    P("frac-honghe-base0.25-self", HH, PLAIN, "-0.25 +0.75 -0.25 -0.25", "self", b=0.25),
    P("frac-hangzhou-base0.5-nondealer-self", HZ, PLAIN, "-1 +2 -0.5 -0.5", "self", b=0.5),
    P("frac-jinhua-base0.5-discard", JH, PLAIN, "-1 +2 -0.5 -0.5", "discard E", b=0.5),
    P("frac-jinhua-base1.5-self", JH, PLAIN, "-3 +9 -3 -3", "self", b=1.5),
]

# --- Hangzhou (RULEBOOK §3, hangzhou.txt:180-194): H = base × multiplier, -----------
# D = 2 (streak 0), 4 (streak 1), 8 (streak ≥ 2; 三連莊以上 counts as 三連莊,
# hangzhou.txt:194). Dealer self-draw: each non-dealer H×D; non-dealer self-draw:
# dealer H×D, other non-dealers H; discard (streak ≥ 2, dealer involved): the
# discarder alone H×D (ruling, hangzhou.txt:60,170).
HANGZHOU = [
    P("hz-self-dealer-s0", HZ, PLAIN, "+6 -2 -2 -2", "self", w="E"),
    P("hz-self-dealer-s1", HZ, PLAIN, "+12 -4 -4 -4", "self", w="E", s=1),
    P("hz-self-dealer-s2", HZ, PLAIN, "+24 -8 -8 -8", "self", w="E", s=2),
    P("hz-self-dealer-s3-still-x8", HZ, PLAIN, "+24 -8 -8 -8", "self", w="E", s=3),
    P("hz-self-dealer-s7-still-x8", HZ, PLAIN, "+24 -8 -8 -8", "self", w="E", s=7),
    P("hz-self-nondealer-s0", HZ, PLAIN, "-2 +4 -1 -1", "self"),
    P("hz-self-nondealer-s1", HZ, PLAIN, "-4 +6 -1 -1", "self", s=1),
    P("hz-self-nondealer-s2", HZ, PLAIN, "-8 +10 -1 -1", "self", s=2),
    P("hz-self-nondealer-s3-still-x8", HZ, PLAIN, "-8 +10 -1 -1", "self", s=3),
    P("hz-self-nondealer-dealerW-s1", HZ, PLAIN, "-1 -1 -4 +6", "self", w="N", d="W", s=1),
    P("hz-self-dealerN-s2", HZ, PLAIN, "-8 -8 -8 +24", "self", w="N", d="N", s=2),
    P("hz-self-base2-nondealer-s0", HZ, PLAIN, "-4 +8 -2 -2", "self", b=2),
    # 七對 ×2 (hangzhou.txt:120-122), base 2 → H = 4.
    P("hz-self-qidui-base2", HZ, ("1122m3344p5566s7z", "7z"), "-8 +16 -4 -4", "self", b=2),
    # RULEBOOK §5 examples 2 and 3.
    P("hz-example2", HZ, ("123m456p789s234s7z", "7z"), "-2 +4 -1 -1", "self"),
    P("hz-example3-baotou-s1", HZ, ("123m456m789p345s5z", "9s"), "+24 -8 -8 -8", "self", w="E",
      s=1),
    # 財飄 doubles 暴頭 once per 飄 (hangzhou.txt:140-146): ×4 and ×8, H = 4 and 8, D = 4.
    P("hz-example3-caipiao1-s1", HZ, ("123m456m789p345s5z", "9s"), "+48 -16 -16 -16", "self",
      w="E", s=1, context={"cai_piao": 1}),
    P("hz-example3-caipiao2-s1", HZ, ("123m456m789p345s5z", "9s"), "+96 -32 -32 -32", "self",
      w="E", s=1, context={"cai_piao": 2}),
    # Discard wins: only from streak 2 and only between dealer and a non-dealer.
    P("hz-discard-dealer-wins-s2", HZ, PLAIN, "+8 -8 0 0", "discard S", w="E", s=2),
    P("hz-discard-dealer-wins-s3", HZ, PLAIN, "+8 0 -8 0", "discard W", w="E", s=3),
    P("hz-discard-nondealer-wins-s2", HZ, PLAIN, "-8 +8 0 0", "discard E", s=2),
    P("hz-discard-nondealer-wins-s4", HZ, PLAIN, "-8 0 0 +8", "discard E", w="N", s=4),
    P("hz-discard-dealerW-wins-s2", HZ, PLAIN, "0 0 +8 -8", "discard N", w="W", d="W", s=2),
    P("hz-discard-dealerW-discards-s2", HZ, PLAIN, "+8 0 -8 0", "discard W", w="E", d="W", s=2),
    P("hz-discard-explicit-house-default", HZ, PLAIN, "-8 +8 0 0", "discard E", s=2,
      h={"hangzhou_discard": "dealer_streak3"}),
    P("hz-discard-base2", HZ, PLAIN, "+16 -16 0 0", "discard S", b=2, w="E", s=2),
    P("hz-discard-qidui-s2", HZ, ("1122m3344p5566s7z", "7z"), "+16 -16 0 0", "discard S", w="E",
      s=2),
    # One 財神 in a hand that was NOT 暴頭-ready (the 財神 completes 23s): a discard win
    # stays allowed (hangzhou.txt:170 forbids it only for a 暴頭-ready hand).
    P("hz-discard-wild-not-baotou-ready", HZ, ("123m456p789s23s5z7z", "7z"), "+8 -8 0 0",
      "discard S", w="E", s=2),
    # Classic mode (wild 3m): 白 is a plain 3m, not a 財神, so a lone 白 is no 暴頭-ready
    # hand (hangzhou.txt:166) and the discard win stands.
    P("hz-classic-lone-bai-is-plain-discard", HZ, ("123p456p789s234s5z", "5z"), "+8 -8 0 0",
      "discard S", w="E", s=2, wild="3m"),
    # 搶槓胡 on a discard win's terms (hangzhou.txt:16 "三牢起可以點炮胡和拉槓"; RULEBOOK
    # §3, revised): from 三連莊, dealer against non-dealer, the robbed player pays H×D.
    P("hz-rob-kong-dealer-wins-s2", HZ, PLAIN, "+8 -8 0 0", "rob S", w="E", s=2),
    P("hz-rob-kong-nondealer-robs-dealer-s3", HZ, PLAIN, "-8 0 +8 0", "rob E", w="W", s=3),
    # A lone 財神 whose partner face is held elsewhere: 1m 財神 3m read as 123m, the
    # drawn 2m pairs with the other 財神 — 暴頭 ×2 (hangzhou.txt:136).
    P("hz-baotou-partner-face-held", HZ, ("13m456m789p123s5z5z", "2m"), "-4 +8 -2 -2", "self"),
    # Six pairs and a lone 財神 self-drawn: 七對 ×2 only; under
    # hangzhou_seven_pairs_bao_tou = yes also 暴頭 ×2 (RULEBOOK §3, house rule).
    P("hz-six-pairs-lone-wild-no", HZ, ("1133m5577p22s44z5z", "6z"), "-4 +8 -2 -2", "self"),
    P("hz-six-pairs-lone-wild-yes", HZ, ("1133m5577p22s44z5z", "6z"), "-8 +16 -4 -4", "self",
      h={"hangzhou_seven_pairs_bao_tou": "yes"}),
    P("hz-six-pairs-lone-wild-yes-caipiao", HZ, ("1133m5577p22s44z5z", "6z"), "-16 +32 -8 -8",
      "self", h={"hangzhou_seven_pairs_bao_tou": "yes"}, context={"cai_piao": 1}),
    # Modern scoring (hangzhou.txt:176; RULEBOOK §3, examples 6 and 7): no dealer factor;
    # a non-dealer's self-draw: the dealer H, the other two H/8 each.
    P("hz-example6-modern", HZ, ("123m456p789s234s7z", "7z"), "-1 +1.25 -0.125 -0.125", "self",
      h={"hangzhou_scoring": "modern"}),
    P("hz-example7-modern-dealer-baotou", HZ, ("123m456m789p345s5z", "9s"), "+6 -2 -2 -2", "self",
      w="E", s=3, h={"hangzhou_scoring": "modern"}),
    P("hz-modern-base3-eighths", HZ, PLAIN, "-3 +3.75 -0.375 -0.375", "self", b=3, s=2,
      h={"hangzhou_scoring": "modern"}),
    P("hz-modern-wild-named-flipped", HZ, ("123p456p789s234s3m", "7z"), "-2 +2.5 -0.25 -0.25",
      "self", w="S", wild="3m", h={"hangzhou_scoring": "modern"}),
    # Modern: claims are accepted and change nothing (no contract).
    P("hz-modern-claims-no-contract", HZ, CLAIMED, "-1 +1.25 -0.125 -0.125", "self",
      melds=CLAIMED_MELDS, claims=[("S", "W", 3)], h={"hangzhou_scoring": "modern"}),
]

# --- Jinhua (RULEBOOK §4, jinhua.txt:9,25): H = base × multiplier ------------------
# self-draw: each of the three pays 2H; discard: discarder 2H, the two others H;
# 搶槓胡 pays as a discard by the robbed player (ruling). No dealer multiplier.
JINHUA = [
    P("jh-self-dealer-s0", JH, PLAIN, "+6 -2 -2 -2", "self", w="E"),
    P("jh-self-dealer-s1", JH, PLAIN, "+6 -2 -2 -2", "self", w="E", s=1),
    P("jh-self-dealer-s2", JH, PLAIN, "+6 -2 -2 -2", "self", w="E", s=2),
    P("jh-self-nondealer-s0", JH, PLAIN, "-2 +6 -2 -2", "self"),
    P("jh-self-nondealer-s1", JH, PLAIN, "-2 +6 -2 -2", "self", s=1),
    P("jh-self-nondealer-s2", JH, PLAIN, "-2 -2 -2 +6", "self", w="N", s=2),
    P("jh-discard-dealer-s0", JH, PLAIN, "+4 -2 -1 -1", "discard S", w="E"),
    P("jh-discard-dealer-s1", JH, PLAIN, "+4 -1 -1 -2", "discard N", w="E", s=1),
    P("jh-discard-nondealer-s0", JH, PLAIN, "-1 -1 +4 -2", "discard N", w="W"),
    P("jh-discard-dealer-s2", JH, PLAIN, "+4 -1 -2 -1", "discard W", w="E", s=2),
    P("jh-discard-nondealer-s1", JH, PLAIN, "-1 +4 -1 -2", "discard N", s=1),
    P("jh-discard-nondealer-s2", JH, PLAIN, "-2 +4 -1 -1", "discard E", s=2),
    P("jh-robkong-dealer-s0", JH, PLAIN, "+4 -2 -1 -1", "rob S", w="E"),
    P("jh-robkong-dealer-s1", JH, PLAIN, "+4 -1 -2 -1", "rob W", w="E", s=1),
    P("jh-robkong-dealer-s2", JH, PLAIN, "+4 -1 -1 -2", "rob N", w="E", s=2),
    P("jh-robkong-nondealer-s0", JH, PLAIN, "-1 -2 -1 +4", "rob S", w="N"),
    P("jh-robkong-nondealer-s1", JH, PLAIN, "-1 -1 +4 -2", "rob N", w="W", s=1),
    P("jh-robkong-nondealer-s2", JH, PLAIN, "-2 +4 -1 -1", "rob E", s=2),
    P("jh-discard-base2", JH, PLAIN, "-2 +8 -4 -2", "discard W", b=2),
    # RULEBOOK §5 examples 4 and 5.
    P("jh-example4", JH, ("123m456m789p234p1z", "1z"), "-1 -1 +4 -2", "discard N", w="W"),
    P("jh-example5-qingyise", JH, ("1232347897895s", "5s"), "-8 +24 -8 -8", "self"),
]

# --- Contracts 承包 (RULEBOOK §3 hangzhou.txt:168,198; §4 jinhua.txt:71) -------------
# claims (by, from, n). Winner claimed ≥3 from A → A alone pays the total the winner
# collects; B claimed ≥3 from the winner → B alone pays twice that total. Exactly 2
# claims → nothing. At most one contract: most claims, ties by seat order from the
# winner's next player (ruling). hangzhou.txt:198 covers two non-dealers too.
def C(case_id, region, expected, claims, win="self", *, four_melds=False, **kw):
    """A contract line; ``claims`` like "S<W3 N<S4" (S took 3 from W, N took 4 from S)."""
    hand_win, melds = (CLAIMED4, CLAIMED4_MELDS) if four_melds else (CLAIMED, CLAIMED_MELDS)
    parsed = [(c[0], c[2], int(c[3:])) for c in claims.split()]
    return P(case_id, region, hand_win, expected, win, melds=melds, claims=parsed or None, **kw)


CONTRACTS = [
    # Hangzhou, dealer E streak 0, S self-draws ×1: normal "-2 +4 -1 -1", total 4.
    C("hz-contract-none", HZ, "-2 +4 -1 -1", ""),
    C("hz-contract-winner-claimed-3-from-W", HZ, "0 +4 -4 0", "S<W3"),
    C("hz-contract-winner-claimed-3-from-dealer", HZ, "-4 +4 0 0", "S<E3"),
    C("hz-contract-winner-claimed-2-no-contract", HZ, "-2 +4 -1 -1", "S<W2"),
    C("hz-contract-N-claimed-3-from-winner", HZ, "0 +8 0 -8", "N<S3"),
    C("hz-contract-dealer-claimed-3-from-winner", HZ, "-8 +8 0 0", "E<S3"),
    C("hz-contract-N-claimed-2-no-contract", HZ, "-2 +4 -1 -1", "N<S2"),
    C("hz-contract-between-others-ignored", HZ, "-2 +4 -1 -1", "W<E3"),
    C("hz-contract-most-claims-wins", HZ, "0 +8 0 -8", "S<W3 N<S4"),
    C("hz-contract-most-claims-winner-side", HZ, "0 +4 -4 0", "S<W4 N<S3", four_melds=True),
    # Ties: seat order from S's next player is W, N, E.
    C("hz-contract-tie-W-before-N", HZ, "0 +8 -8 0", "S<N3 W<S3"),
    C("hz-contract-tie-W-first-winner-side", HZ, "0 +4 -4 0", "N<S3 S<W3"),
    C("hz-contract-tie-W-before-E", HZ, "0 +8 -8 0", "E<S3 W<S3"),
    C("hz-contract-tie-N-before-E", HZ, "0 +8 0 -8", "S<E3 N<S3"),
    # N wins (N's next players: E, S, W): the order wraps around.
    C("hz-contract-tie-wraps-E-first", HZ, "-8 0 0 +8", "N<W3 E<N3", w="N"),
    C("hz-contract-tie-wraps-S-before-W", HZ, "0 -4 0 +4", "W<N3 N<S3", w="N"),
    # The total includes the dealer factor: streak 1 (D=4) → total 4 + 1 + 1 = 6.
    C("hz-contract-s1-winner-claimed", HZ, "0 +6 -6 0", "S<W3", s=1),
    C("hz-contract-s1-dealer-claimed-from-winner", HZ, "-12 +12 0 0", "E<S3", s=1),
    # Dealer E self-draws, streak 0: normal 2 each, total 6.
    C("hz-contract-dealer-wins-claimed-from-N", HZ, "+6 0 0 -6", "E<N3", w="E"),
    C("hz-contract-dealer-wins-S-claimed-from-him", HZ, "+12 -12 0 0", "S<E3", w="E"),
    # Discard win (streak 2): normal S pays 8 alone; the contract moves the total.
    C("hz-contract-discard-winner-from-W", HZ, "+8 0 -8 0", "E<W3", "discard S", w="E", s=2),
    C("hz-contract-discard-N-from-winner", HZ, "+16 0 0 -16", "N<E3", "discard S", w="E", s=2),
    # Jinhua, S self-draws 平胡 ×1: normal 2 each, total 6.
    C("jh-contract-none", JH, "-2 +6 -2 -2", ""),
    C("jh-contract-winner-claimed-3-from-W", JH, "0 +6 -6 0", "S<W3"),
    C("jh-contract-N-claimed-3-from-winner", JH, "0 +12 0 -12", "N<S3"),
    C("jh-contract-winner-claimed-2-no-contract", JH, "-2 +6 -2 -2", "S<W2"),
    C("jh-contract-E-claimed-2-no-contract", JH, "-2 +6 -2 -2", "E<S2"),
    # Every contract counts and they add (jinhua.txt:71 "都要算"; RULEBOOK §4, revised):
    # E pays the total 6 for S's three claims, W twice it for claiming from S.
    C("jh-contracts-add-E-and-W", JH, "-6 +18 -12 0", "S<E3 W<S3"),
    C("jh-contracts-add-W-and-E", JH, "-12 +18 -6 0", "S<W3 E<S4"),
    C("jh-contracts-add-same-player-both-ways", JH, "-18 +18 0 0", "S<E3 E<S3"),
    # W wins on N's discard: normal "-1 -1 +4 -2", total 4.
    C("jh-contract-discard-winner-from-E", JH, "-4 0 +4 0", "W<E3", "discard N", w="W"),
    C("jh-contract-discard-N-from-winner", JH, "0 0 +8 -8", "N<W3", "discard N", w="W"),
]


@pytest.mark.parametrize(("request_", "expected"), HONGHE)
def test_honghe_payments(request_, expected):
    check_payments(request_, expected)


@pytest.mark.parametrize(("request_", "expected"), FRACTIONS)
def test_fractional_payments_are_exact(request_, expected):
    check_payments(request_, expected)


@pytest.mark.parametrize(("request_", "expected"), HANGZHOU)
def test_hangzhou_payments(request_, expected):
    check_payments(request_, expected)


@pytest.mark.parametrize(("request_", "expected"), JINHUA)
def test_jinhua_payments(request_, expected):
    check_payments(request_, expected)


@pytest.mark.parametrize(("request_", "expected"), CONTRACTS)
def test_contract_payments(request_, expected):
    check_payments(request_, expected)


def test_honghe_text_example_values():
    """honghe.txt:56 — base 2, 2 番: fan 2, multiplier 4 = 2^2, V = 8."""
    result = score(req("honghe", "1234567892345m", "5m", base=2, wild="9p"))
    assert result["fan"] == 2
    assert result["multiplier"] == 4
    assert [p["key"] for p in result["patterns"]] == ["qing_yi_se"]


# --- Refusals (RULEBOOK §3): Hangzhou discard rules and 搶槓 ----------------------
NEVER = {"hangzhou_discard": "never"}
BAO_TOU_READY = ("123m456p789s234s5z", "7z")  # four sets + a lone 財神 (白)

DEALER_WORDS = ("dealer", "莊", "庄")
STREAK_WORDS = ("streak", "連莊", "连庄", "三連", "self")
NEVER_WORDS = ("never", "house", "self", "自摸")
BAO_TOU_WORDS = ("暴頭", "爆頭", "暴头", "爆头", "bao", "財神", "wild")
ROB_WORDS = ("rob", "搶", "抢", "kong")
DISCARD_FIELDS = {"win_type", "discarder"}
STREAK_FIELDS = {"win_type", "dealer_streak"}
NEVER_FIELDS = {"win_type", "house_rules", "house_rules.hangzhou_discard"}


def R(case_id, hand_win, win, fields, words, **kw):
    """A Hangzhou request that must be refused; ``fields`` may carry the error."""
    request = P(case_id, HZ, hand_win, "0 0 0 0", win, **kw).values[0]
    return pytest.param(request, fields, words, id=case_id)


REFUSED = [
    R("hz-nondealer-to-nondealer-s2", PLAIN, "discard W", DISCARD_FIELDS, DEALER_WORDS, s=2),
    R("hz-nondealer-to-nondealer-s5", PLAIN, "discard S", DISCARD_FIELDS, DEALER_WORDS, w="N", s=5),
    R("hz-dealer-wins-streak1", PLAIN, "discard S", STREAK_FIELDS, STREAK_WORDS, w="E", s=1),
    R("hz-dealer-discards-streak0", PLAIN, "discard E", STREAK_FIELDS, STREAK_WORDS),
    R("hz-never-dealer-wins-s2", PLAIN, "discard S", NEVER_FIELDS, NEVER_WORDS,
      w="E", s=2, h=NEVER),
    R("hz-never-nondealer-wins-s3", PLAIN, "discard E", NEVER_FIELDS, NEVER_WORDS, s=3, h=NEVER),
    R("hz-baotou-ready-cannot-win-on-discard", BAO_TOU_READY, "discard S",
      {"win_type", "hand", "discarder"}, BAO_TOU_WORDS, w="E", s=2),
    R("hz-baotou-ready-two-wilds", ("123m456p789s23s5z5z", "7z"), "discard E",
      {"win_type", "hand", "discarder"}, BAO_TOU_WORDS, s=2),
    R("hz-classic-baotou-ready-lone-3m", ("123p456p789s234s3m", "7z"), "discard S",
      {"win_type", "hand", "discarder"}, BAO_TOU_WORDS, w="E", s=2, wild="3m"),
    R("hz-no-rob-kong", PLAIN, "rob E", {"win_type"}, ROB_WORDS),
    R("hz-no-rob-kong-between-non-dealers", PLAIN, "rob W", DISCARD_FIELDS, DEALER_WORDS, s=2),
    R("hz-never-no-rob-kong", PLAIN, "rob S", NEVER_FIELDS, NEVER_WORDS, w="E", s=2, h=NEVER),
    R("hz-baotou-ready-cannot-rob-kong", BAO_TOU_READY, "rob S", {"win_type"}, BAO_TOU_WORDS,
      w="E", s=2),
    R("hz-modern-no-discard", PLAIN, "discard S", {"win_type"}, ("modern", "self"), w="E", s=2,
      h={"hangzhou_scoring": "modern"}),
    R("hz-modern-no-rob-kong", PLAIN, "rob S", {"win_type"}, ("modern", "self"), w="E", s=2,
      h={"hangzhou_scoring": "modern"}),
    # Under hangzhou_seven_pairs_bao_tou = yes, six pairs and a lone 財神 are 暴頭-ready too.
    R("hz-six-pairs-ready-yes-no-discard", ("1133m5577p22s44z5z", "6z"), "discard S",
      {"win_type"}, BAO_TOU_WORDS, w="E", s=2, h={"hangzhou_seven_pairs_bao_tou": "yes"}),
]


@pytest.mark.parametrize(("request_", "fields", "words"), REFUSED)
def test_hangzhou_refusals(request_, fields, words):
    with pytest.raises(InvalidRequest) as caught:
        score(request_)
    errors = caught.value.errors
    assert errors, "InvalidRequest must list its problems"
    matching = [e for e in errors if e["field"] in fields]
    assert matching, f"no error on {sorted(fields)}: {errors}"
    message = " ".join(e["message"] for e in matching)
    assert any(w.lower() in message.lower() for w in words), f"unhelpful message: {errors}"
