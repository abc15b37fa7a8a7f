"""``rules.score`` and ``rules.waits`` held to the exhaustive reference scorer
(``tests/reference.py``) on the whole outcome: winning or not, invalid or not, and the
best reading's shape, patterns {key: value}, 番, multiplier and every seat's payment,
which must be one of the reference's tied-best outcomes (RULEBOOK §1: most paid to the
winner, ties to fewer wild substitutions).

First the reference itself, by hand: every worked example of RULEBOOK §5
(``test_reference_examples``) and a table of corner hands, one line each, whose
outcomes were worked out from the rulebook (``CORNERS``, held to the reference and to
the engine). Then hypothesis properties, derandomized and bounded: winning hands built
constructively (logical sets and a pair, some tiles replaced by the wild, some sets laid
as melds, within 4 copies / 3 of a flipped wild / no wild in a meld), fully random
hands, seeded corner generators (a lone wild whose partner face is held elsewhere, wilds
in a chow's gap or edge, six pairs and a lone wild, 白 substitutes in every role,
contracts, every house-rule value) and the waits of 13-tile hands.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, pairwise

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from rules import InvalidRequest, score, waits
from rules.tiles import CODES
from tests.reference import (
    HOUSE_RULES,
    available_faces,
    lone_wild_ready,
    reference_score,
    reference_waits,
)

SEATS = ("E", "S", "W", "N")
FACES = tuple(range(34))
HONOURS = tuple(range(27, 34))
WHITE = 31  # 5z 白
CHOW_STARTS = tuple(f for f in range(27) if f % 9 <= 6)
BASES = (1, 2, 3, 0.5, 0.25)
# Derandomized, nothing stored, no shrinking (a failure prints its hand in tile
# notation already, and shrinking the reference's slow search would blow the budget).
BOUNDED = settings(derandomize=True, database=None, deadline=None,
                   phases=(Phase.explicit, Phase.generate),
                   suppress_health_check=list(HealthCheck))


# --- requests in tile notation --------------------------------------------------------

def hand(spec: str, **fields) -> dict:
    """A request from ``"REGION HAND+WIN"`` (``"honghe 1133m5577p22s44z9p+6z"``): S
    self-draws, E deals, base 1, unless ``fields`` say otherwise; ``discarder`` alone
    makes it a discard win."""
    region, tiles = spec.split()
    concealed, win = tiles.split("+")
    request = {"region": region, "hand": concealed, "win_tile": win,
               "win_type": "discard" if fields.get("discarder") else "self_draw",
               "winner": "S", "dealer": "E", "base": 1}
    request.update(fields)
    return request


def paid(text: str) -> dict[str, Fraction]:
    """Payments written E S W N: ``"-4 +8 -2 -2"``."""
    return {seat: Fraction(v) for seat, v in zip(SEATS, text.split(), strict=True)}


def notation(request: dict) -> str:
    """The request on one line, for failure messages."""
    tiles = request.get("hand")
    if "win_tile" in request:
        tiles = f"{tiles}+{request['win_tile']}"
    parts = [request.get("region"), tiles, request.get("win_type", "waits"),
             f"winner={request.get('winner')}", f"dealer={request.get('dealer')}"]
    for key in ("discarder", "wild", "melds", "dealer_streak", "base", "context",
                "house_rules"):
        if request.get(key) not in (None, [], {}, 0):
            parts.append(f"{key}={request[key]}")
    return " ".join(map(str, parts))


def exact(value) -> Fraction:
    return Fraction(value).limit_denominator(10**6)


def engine_outcome(result: dict) -> dict:
    """The engine's best reading, as the reference states an outcome."""
    return {"shape": result.get("shape"),
            "patterns": {p["key"]: exact(p["value"]) for p in result["patterns"]},
            "fan": result["fan"], "multiplier": result["multiplier"],
            "payments": {seat: exact(v) for seat, v in result["payments"].items()}}


def reference_outcomes(expected: dict, *, shape: bool = True) -> list[dict]:
    keys = ("shape", "patterns", "fan", "multiplier", "payments")
    return [{k: o[k] for k in keys if shape or k != "shape"} for o in expected["best"]]


def check_agreement(request: dict) -> None:
    """The engine's answer is the reference's: the same validity and winning flag, and
    the best reading one of the reference's tied-best outcomes."""
    expected = reference_score(request)
    try:
        result = score(request)
    except InvalidRequest as exc:
        assert expected["error"], (f"{notation(request)}\n  engine refuses it: {exc.errors}"
                                   f"\n  reference: {reference_outcomes(expected)}")
        return
    assert expected["error"] is None, (f"{notation(request)}\n  engine scores it, reference "
                                       f"refuses it on {expected['error']}")
    assert result["winning"] == expected["winning"], (
        f"{notation(request)}\n  engine winning={result['winning']}, reference "
        f"{reference_outcomes(expected)}")
    if expected["winning"]:
        got = engine_outcome(result)
        assert got in reference_outcomes(expected), (
            f"{notation(request)}\n  engine:    {got}\n  reference: "
            f"{reference_outcomes(expected)}")


# --- the reference by hand: RULEBOOK §5 -------------------------------------------------

ROB_W = {"win_type": "rob_kong", "discarder": "W", "wild": "9p"}
EXAMPLES = [  # (request, patterns, payments E S W N); RULEBOOK §5, in its order
    (hand("honghe 1234567892345m+5m", wild="9p", base=2), {"qing_yi_se": 2}, "-8 +24 -8 -8"),
    (hand("honghe 1234567892345m+5m", wild="9p", base=2, discarder="W"), {"qing_yi_se": 2},
     "-4 +16 -8 -4"),
    (hand("hangzhou 123m456p789s234s7z+7z"), {}, "-2 +4 -1 -1"),
    (hand("hangzhou 123m456m789p345s5z+9s", winner="E", dealer_streak=1), {"bao_tou": 2},
     "+24 -8 -8 -8"),
    (hand("jinhua 123m456m789p234p1z+1z", wild="6s", winner="W", discarder="N"),
     {"ping_hu": 1}, "-1 -1 +4 -2"),
    (hand("jinhua 1232347897895s+5s", wild="6s"), {"qing_yi_se": 4}, "-8 +24 -8 -8"),
    (hand("hangzhou 123m456p789s234s7z+7z", house_rules={"hangzhou_scoring": "modern"}), {},
     "-1 +5/4 -1/8 -1/8"),
    (hand("hangzhou 123m456m789p345s5z+9s", winner="E", dealer_streak=3,
          house_rules={"hangzhou_scoring": "modern"}), {"bao_tou": 2}, "+6 -2 -2 -2"),
    (hand("honghe 1133m5577p22s44z9p+6z", wild="9p"), {"dui_dui_he": 2, "ren_yi_hu": 1},
     "-8 +24 -8 -8"),
    (hand("jinhua 3337z+7z", wild="6s", winner="W", melds=["pung 111m", "pung 999p",
                                                        "pung 222s"]),
     {"peng_peng_hu": 2}, "-4 -4 +12 -4"),
    (hand("jinhua 2223337z+7z", wild="6s", winner="W", melds=["pung 111m", "pung 999p"]),
     {"ping_hu": 1}, "-2 -2 +6 -2"),
    (hand("honghe 123m456p789s11z45s+6s", **ROB_W,
          house_rules={"honghe_rob_kong": "as_discard"}), {}, "-1/2 +2 -1 -1/2"),
    (hand("honghe 123m456p789s11z45s+6s", **ROB_W,
          house_rules={"honghe_rob_kong": "robbed_pays_two_alone"}), {}, "0 +2 -2 0"),
    (hand("honghe 123m456p789s11z45s+6s", **ROB_W), {}, "0 +3 -3 0"),
]


@pytest.mark.parametrize(("request_", "patterns", "payments"), EXAMPLES,
                         ids=[notation(e[0]) for e in EXAMPLES])
def test_reference_examples(request_, patterns, payments):
    expected = reference_score(request_)
    assert expected["error"] is None and expected["winning"]
    assert [(o["patterns"], o["payments"]) for o in expected["best"]] == [
        (patterns, paid(payments))]


# --- corner hands, one line each: the reference and the engine --------------------------

HZ_S = {"dealer_streak": 2}
CLAIMED_3 = ["chi 123m", "chi 456p", "chi 789s"]
SEVEN_PAIRS_YES = {"hangzhou_seven_pairs_bao_tou": "yes"}
TIED = [{"by": "W", "from": "E", "count": 3}, {"by": "E", "from": "W", "count": 3}]
CORNERS = [  # (request, patterns or the invalid field, payments E S W N)
    # a lone wild whose partner face is also held, once as the drawn 2m (hangzhou.txt:136)
    (hand("hangzhou 13m456m789p123s5z5z+2m"), {"bao_tou": 2}, "-4 +8 -2 -2"),
    (hand("honghe 1133m5577p22s44z9p+6z", wild="9p"), {"dui_dui_he": 2, "ren_yi_hu": 1},
     "-8 +24 -8 -8"),
    # the drawn face already paired with a wild: 七對子爆頭 (jinhua.txt:37)
    (hand("jinhua 1133m5577p22s4z9s9s+4z", wild="9s", winner="E"), {"qi_dui_bao_tou": 8},
     "+48 -16 -16 -16"),
    # 13s and a wild as 2s in a chow, the lone wild pairs the drawn 2s (honghe.txt:50)
    (hand("honghe 234m567p13s88s999p+2s", wild="9p"), {"ren_yi_hu": 1, "san_bai_da": 1},
     "-4 +12 -4 -4"),
    # four melds, a lone wild, any tile: 單吊 + 任意胡 (honghe.txt:37,50)
    (hand("honghe 9p+3z", wild="9p", melds=["chi 123m", "pung 555p", "kong 7777s",
                                            "ankong 1111z"]),
     {"dan_diao": 1, "ren_yi_hu": 1}, "-4 +12 -4 -4"),
    # a 爆頭-ready hand draws a second 財神: 爆頭 × 財神頭 (RULEBOOK §4)
    (hand("jinhua 123m456m789p234s6s+6s", wild="6s"), {"bao_tou": 2, "cai_shen_tou": 4},
     "-16 +48 -16 -16"),
    (hand("jinhua 123m456m789p6s6s6s1z+1z", wild="6s"), {"san_cai_yi_ke": 8},
     "-16 +48 -16 -16"),
    # 白 as the named wild's face, drawn: the lone 5m pairs it (hangzhou.txt:166)
    (hand("hangzhou 123m789p123s789s5m+5z", wild="5m"), {"bao_tou": 2}, "-4 +8 -2 -2"),
    # 白 as 6s in a concealed chow and in a chow meld (jinhua.txt:5)
    (hand("jinhua 5s5z7s123m456m789p1z+1z", wild="6s"), {"ping_hu": 1}, "-2 +6 -2 -2"),
    (hand("jinhua 123m456m789p1z+1z", wild="6s", melds=["chi 5s5z7s"]), {"ping_hu": 1},
     "-2 +6 -2 -2"),
    # two 白 with an honour 財神: one is 白, one the 東 (jinhua.txt:43, revised)
    (hand("jinhua 147m258p5z5z2z3z4z6z7z+3s", wild="1z"), {"qi_feng": 2}, "-4 +12 -4 -4"),
    (hand("jinhua 1111223344667z+7z", wild="9m"), {"luan_feng": 8}, "-16 +48 -16 -16"),
    (hand("jinhua 1112223336667z+7z", wild="9m"), {"qing_feng": 16}, "-32 +96 -32 -32"),
    (hand("honghe 1112223334447z+7z", wild="9p"), {"quan_lao_tou": 10},
     "-1024 +3072 -1024 -1024"),
    (hand("jinhua 2223337z+7z", wild="6s", winner="W", melds=["pung 111m", "pung 999p"],
          house_rules={"jinhua_peng_peng_hu": "any_pungs"}), {"peng_peng_hu": 2},
     "-4 -4 +12 -4"),
    # six pairs and a lone 財神 in Hangzhou: 暴頭 only under the house rule
    (hand("hangzhou 1133m5577p22s44z5z+6z"), {"qi_dui": 2}, "-4 +8 -2 -2"),
    (hand("hangzhou 1133m5577p22s44z5z+6z", house_rules=SEVEN_PAIRS_YES),
     {"qi_dui": 2, "bao_tou": 2}, "-8 +16 -4 -4"),
    # contracts: one in Hangzhou, every one adds in Jinhua (revised)
    (hand("hangzhou 234s7z+7z", melds=CLAIMED_3,
          context={"claims": [{"by": "S", "from": "W", "count": 3}]}), {}, "0 +4 -4 0"),
    (hand("jinhua 234s7z+7z", wild="9p", melds=CLAIMED_3, context={"claims": [
        {"by": "S", "from": "W", "count": 3}, {"by": "N", "from": "S", "count": 3}]}),
     {"ping_hu": 1}, "0 +18 -6 -12"),
    # both contracts with one player, equal claims: the RULEBOOK's tie-break (seat order)
    # cannot part them; the reference's ruling is the larger one, 2T (claims in either order)
    (hand("hangzhou 234s8s+8s", winner="W", dealer="W", dealer_streak=3, melds=CLAIMED_3[1:]
          + ["pung 999s"], context={"claims": TIED[::-1]}), {}, "-48 0 +48 0"),
    (hand("hangzhou 234s8s+8s", winner="W", dealer="W", dealer_streak=3, melds=CLAIMED_3[1:]
          + ["pung 999s"], context={"claims": TIED}), {}, "-48 0 +48 0"),
    # Hangzhou 搶槓胡 on a discard win's terms (hangzhou.txt:16, revised)
    (hand("hangzhou 123m456p789s23s77z+4s", winner="E", win_type="rob_kong",
          discarder="S", **HZ_S), {}, "+8 -8 0 0"),
    (hand("hangzhou 123m456p789s23s77z+4s", winner="E", win_type="rob_kong",
          discarder="S"), "win_type", ""),
    (hand("hangzhou 123m456p789s23s77z+4s", winner="E", discarder="S", **HZ_S,
          house_rules={"hangzhou_scoring": "modern"}), "win_type", ""),
    # a 暴頭-ready hand cannot win on a discard (hangzhou.txt:170)
    (hand("hangzhou 123m456m789p345s5z+9s", winner="E", discarder="S", **HZ_S), "win_type",
     ""),
    (hand("hangzhou 1133m5577p22s44z5z+6z", winner="E", discarder="S", **HZ_S), {"qi_dui": 2},
     "+16 -16 0 0"),
    (hand("hangzhou 1133m5577p22s44z5z+6z", winner="E", discarder="S", **HZ_S,
          house_rules=SEVEN_PAIRS_YES), "win_type", ""),
    # 財飄 needs a 暴頭 win (hangzhou.txt:140)
    (hand("hangzhou 123m456m789p345s5z+9s", context={"cai_piao": 1}),
     {"bao_tou": 2, "cai_piao": 2}, "-8 +16 -4 -4"),
    (hand("hangzhou 123m456m789p345s9s+5z", context={"cai_piao": 1}), "context.cai_piao", ""),
]


@pytest.mark.parametrize(("request_", "patterns", "payments"), CORNERS,
                         ids=[notation(c[0]) for c in CORNERS])
def test_corner_hands_reference(request_, patterns, payments):
    expected = reference_score(request_)
    if isinstance(patterns, str):
        assert expected["error"] == patterns
        return
    assert expected["error"] is None and expected["winning"]
    assert (patterns, paid(payments)) in [(o["patterns"], o["payments"])
                                           for o in expected["best"]]


@pytest.mark.parametrize(("request_", "patterns", "payments"), CORNERS,
                         ids=[notation(c[0]) for c in CORNERS])
def test_corner_hands_engine(request_, patterns, payments):
    if isinstance(patterns, str):
        with pytest.raises(InvalidRequest):
            score(request_)
        return
    result = score(request_)
    assert result["winning"]
    assert ({p["key"]: p["value"] for p in result["patterns"]},
            {seat: exact(v) for seat, v in result["payments"].items()}) == (
        patterns, paid(payments))


# --- generators ----------------------------------------------------------------------------

def house_rules() -> st.SearchStrategy[dict]:
    """Some house rules, any value of any region's (another region's are ignored)."""
    return st.fixed_dictionaries({}, optional={key: st.sampled_from(values)
                                               for key, values in HOUSE_RULES.items()})


def codes(faces) -> str:
    """One code per tile, in the order given ("1m2m5z")."""
    return "".join(CODES[f] for f in faces)


@st.composite
def wild_setups(draw, region: str):
    """(wild face, wild in the request, 白 substitutes, copies of the wild in play):
    RULEBOOK §1-§4."""
    if region == "honghe":
        wild = draw(st.sampled_from(FACES))
        return wild, CODES[wild], False, 4
    if region == "hangzhou":
        wild = draw(st.sampled_from((WHITE, *FACES)))
        if wild == WHITE:
            return WHITE, draw(st.sampled_from((None, "5z"))), False, 4
        return wild, CODES[wild], True, 3
    wild = draw(st.sampled_from(FACES))
    return wild, CODES[wild], wild != WHITE, 3


def lonely_numbers(size: int) -> list[tuple[int, ...]]:
    """The numbers 0-8 of one suit, ``size`` of them, pairwise at least three apart."""
    return [c for c in combinations(range(9), size)
            if all(b - a >= 3 for a, b in pairwise(c))]


@st.composite
def logical_groups(draw, shape: str, wild: int, substitutes: bool,
                   wild_in_groups: bool = False):
    """Groups of logical faces for ``shape``: (kind, faces). A palette keeps some hands to
    one suit, one suit and honours, or honours only; ``wild_in_groups`` makes the wild's
    face common, in pungs, pairs and chows through it."""
    palette = draw(st.sampled_from(("any", "any", "one_suit", "with_honours", "honours")))
    suit = draw(st.integers(0, 2))
    faces = {"any": FACES, "one_suit": tuple(range(9 * suit, 9 * suit + 9)),
             "with_honours": (*range(9 * suit, 9 * suit + 9), *HONOURS),
             "honours": HONOURS}[palette]
    if substitutes:  # 白 is the wild's face; a logical 白 needs a wild standing for it
        faces = tuple(f for f in faces if f != WHITE or draw(st.integers(0, 5)) == 0)
    faces = faces or (wild,)
    chows = tuple(f for f in CHOW_STARTS if f in faces)
    if wild_in_groups:
        faces = (*faces, *[wild] * 6)
        chows = (*chows, *[f for f in CHOW_STARTS if f <= wild <= f + 2 and f // 9 == wild // 9]
                 * 3)
    if shape == "seven_pairs":
        pairs = draw(st.lists(st.sampled_from(faces), min_size=7, max_size=7))
        assume(max(pairs.count(f) for f in pairs) <= 2)
        return [("pair", (f, f)) for f in pairs]
    if shape == "thirteen_lonely":
        honours = draw(st.lists(st.sampled_from(HONOURS), min_size=5, max_size=7, unique=True))
        sizes = draw(st.permutations({5: (3, 3, 3), 6: (3, 3, 2), 7: (3, 2, 2)}[len(honours)]))
        suited = [9 * s + n for s, size in enumerate(sizes)
                  for n in draw(st.sampled_from(lonely_numbers(size)))]
        return [("single", (f,)) for f in sorted(suited + honours)]
    if shape == "all_honours":
        tiles = draw(st.lists(st.sampled_from(HONOURS), min_size=14, max_size=14))
        assume(max(tiles.count(f) for f in tiles) <= 4)
        return [("single", (f,)) for f in tiles]
    groups = []
    for _ in range(4):
        if chows and draw(st.booleans()):
            start = draw(st.sampled_from(chows))
            groups.append(("chow", (start, start + 1, start + 2)))
        else:
            groups.append(("pung", (draw(st.sampled_from(faces)),) * 3))
    groups.append(("pair", (draw(st.sampled_from(faces)),) * 2))
    return groups


SHAPE_CHOICES = {"honghe": ("standard",) * 3 + ("seven_pairs",),
                 "hangzhou": ("standard",) * 3 + ("seven_pairs",),
                 "jinhua": ("standard",) * 3 + ("seven_pairs", "thirteen_lonely",
                                                "all_honours")}


@st.composite
def winning_requests(draw, region: str, wilds: tuple[int, int] = (0, 2),
                     shape: str | None = None, wild_in_groups: bool = False,
                     contract: bool = False):
    """A request whose tiles win in some reading, built from logical groups: some tiles
    replaced by the wild, some sets laid as melds, one concealed tile the winning one."""
    wild, wild_text, substitutes, cap = draw(wild_setups(region))
    shape = shape or draw(st.sampled_from(SHAPE_CHOICES[region]))
    groups = draw(logical_groups(shape, wild, substitutes, wild_in_groups))
    positions = [(g, i) for g, (_, faces) in enumerate(groups) for i in range(len(faces))]
    replaced = set(draw(st.lists(st.sampled_from(positions), max_size=wilds[1], unique=True)))
    one_white_as_itself = (shape == "thirteen_lonely" and substitutes and wild >= 27)

    def physical(g: int, i: int) -> tuple[int, bool]:
        """The tile laid for a logical face, and whether it is a wild tile."""
        logical = groups[g][1][i]
        if (g, i) in replaced:
            return wild, True
        if logical == wild:  # a wild at its own face, or 白 where it substitutes
            return (WHITE, False) if substitutes and draw(st.integers(0, 3)) else (wild, True)
        if logical == WHITE and substitutes and not one_white_as_itself:
            return wild, True  # only a wild can stand for 白 (RULEBOOK §1)
        return logical, False

    tiles = {p: physical(*p) for p in positions}
    wild_count = sum(w for _, w in tiles.values())
    assume(wilds[0] <= wild_count <= min(wilds[1], cap))
    copies = {t: sum(1 for u, _ in tiles.values() if u == t) for t, _ in tiles.values()}
    assume(all(n <= (cap if t == wild else 4) for t, n in copies.items()))
    if one_white_as_itself:
        # at most one 白 is 白 itself: logical 白 and the wild's face share the 白s
        assume(sum(1 for g, i in positions if groups[g][1][i] == WHITE
                   and tiles[g, i] == (WHITE, False)) <= 1)

    melds, concealed, meld_tiles = [], [], []
    for g, (kind, logical) in enumerate(groups):
        own = [tiles[g, i] for i in range(len(logical))]
        laid = [t for t, _ in own]
        if kind in ("chow", "pung") and not any(w for _, w in own) and draw(st.booleans()):
            meld_kind = "chi" if kind == "chow" else draw(
                st.sampled_from(("pung", "pung", "kong", "ankong")))
            if meld_kind in ("kong", "ankong") and copies[laid[0]] < 4:
                copies[laid[0]] += 1
                laid.append(laid[0])
            elif meld_kind != "chi":
                meld_kind = "pung"
            melds.append(f"{meld_kind} {codes(laid)}")
            meld_tiles += laid
            continue
        concealed += own
    assume(concealed)
    win_index = draw(st.integers(0, len(concealed) - 1))
    win_tile, win_is_wild = concealed[win_index]
    held = [t for k, (t, _) in enumerate(concealed) if k != win_index]
    exposed = sum(1 for m in melds if not m.startswith("ankong"))
    has_kong = any(m.startswith(("kong", "ankong")) for m in melds)

    winner, dealer = draw(st.sampled_from(SEATS)), draw(st.sampled_from(SEATS))
    streak = draw(st.integers(0, 3))
    others = [s for s in SEATS if s != winner]
    win_types = ["self_draw"] * 3
    if not win_is_wild:
        win_types.append("discard")
        if win_tile not in held + meld_tiles:
            win_types.append("rob_kong")  # the robbed player held the other three
    win_type = draw(st.sampled_from(win_types))
    request = {"region": region, "hand": codes(held), "melds": melds,
               "win_tile": CODES[win_tile], "win_type": win_type, "winner": winner,
               "dealer": dealer, "dealer_streak": streak, "base": draw(st.sampled_from(BASES))}
    if win_type != "self_draw":
        if region == "hangzhou" and draw(st.integers(0, 4)):  # mostly on the legal terms
            request["dealer_streak"] = max(streak, 2)
            request["discarder"] = draw(st.sampled_from(others)) if winner == dealer else dealer
            assume(request["discarder"] != winner)
        else:
            request["discarder"] = draw(st.sampled_from(others))
    if wild_text is not None:
        request["wild"] = wild_text

    context = {}
    self_draw = win_type == "self_draw"
    if self_draw and has_kong and draw(st.booleans()):
        context["after_kong"] = True
    if self_draw and draw(st.integers(0, 4)) == 0:
        context["last_tile"] = True
    elif not exposed and (self_draw or winner != dealer) and draw(st.integers(0, 4)) == 0:
        context["first_turn"] = True
    if draw(st.booleans()):
        context["dice"] = [draw(st.integers(1, 6)), draw(st.integers(1, 6))]
    if draw(st.integers(0, 3)) == 0:
        context["previous_draws"] = draw(st.integers(0, 2))
        context["previous_wild"] = draw(st.sampled_from((None, CODES[wild], "1m")))
    if (region != "honghe" and self_draw and 0 < wild_count < cap
            and draw(st.integers(0, 3)) == 0):
        context["cai_piao"] = draw(st.integers(1, cap - wild_count))
    # RULEBOOK §7: first_turn is drawn with 財飄 above and with claims below (the dealer's
    # first turn with any claim is refused, and so is a non-winner listed with more than
    # four claims: a non-winner's budget is sometimes six)
    claims = []
    budget = {seat: 6 if draw(st.integers(0, 7)) == 0 else 4 for seat in SEATS}
    budget[winner] = 0 if context.get("first_turn") else exposed
    if contract and budget[winner] >= 3:
        partner = draw(st.sampled_from(others))
        claims.append({"by": winner, "from": partner, "count": budget[winner]})
        budget[winner] = 0
    for by in SEATS:
        for frm in SEATS:
            if by != frm and budget[by] > 0 and not any(
                    c["by"] == by and c["from"] == frm for c in claims) and draw(
                    st.integers(0, 1 if contract else 5)) == 0:
                n = draw(st.integers(1, min(4, budget[by])))
                budget[by] -= n
                claims.append({"by": by, "from": frm, "count": n})
    if claims:
        context["claims"] = claims
    if context:
        request["context"] = context
    if draw(st.integers(0, 2)) == 0:
        request["house_rules"] = draw(house_rules())
    return request


@st.composite
def random_requests(draw, region: str, wilds: tuple[int, int] = (0, 2)):
    """Fully random hands over a few neighbouring faces (and the wild), so that some win."""
    wild, wild_text, _, cap = draw(wild_setups(region))
    start = draw(st.sampled_from(FACES[:-5]))
    pool = [f for f in range(start, start + 6) if f != wild]
    pool += draw(st.lists(st.sampled_from([f for f in FACES if f != wild]), min_size=1,
                          max_size=3))
    k = draw(st.integers(wilds[0], min(wilds[1], cap)))
    tiles = draw(st.lists(st.sampled_from(pool), min_size=14 - k, max_size=14 - k)) + [wild] * k
    assume(all(tiles.count(t) <= (cap if t == wild else 4) for t in tiles))
    tiles = draw(st.permutations(tiles))
    request = {"region": region, "hand": codes(tiles[1:]), "win_tile": CODES[tiles[0]],
               "win_type": "self_draw", "winner": draw(st.sampled_from(SEATS)),
               "dealer": draw(st.sampled_from(SEATS)), "base": 1}
    if tiles[0] != wild and draw(st.booleans()):
        request["win_type"] = "discard"
        request["discarder"] = request["dealer"]
        request["dealer_streak"] = 2
        if request["winner"] == request["dealer"]:
            request["discarder"] = SEATS[(SEATS.index(request["winner"]) + 1) % 4]
    if wild_text is not None:
        request["wild"] = wild_text
    return request


@st.composite
def lone_wild_hands(draw, region: str, six_pairs: bool = False):
    """Four sets (or six pairs) and a lone wild, self-drawing a face that the hand also
    holds elsewhere (in a set, or as a wild standing for it), or a second wild."""
    wild, wild_text, substitutes, cap = draw(wild_setups(region))
    plain = [f for f in FACES if f != wild and f != (WHITE if substitutes else -1)]
    if six_pairs:
        logical = [f for f in draw(st.lists(st.sampled_from(plain), min_size=6, max_size=6))
                   for _ in (0, 1)]
    else:
        logical = []
        for _ in range(4):
            if draw(st.booleans()):
                start = draw(st.sampled_from([f for f in CHOW_STARTS
                                              if {f, f + 1, f + 2}.isdisjoint({wild})]))
                logical += [start, start + 1, start + 2]
            else:
                logical += [draw(st.sampled_from(plain))] * 3
    tiles = list(logical)
    for index in draw(st.lists(st.integers(0, len(tiles) - 1), max_size=1)):
        tiles[index] = wild  # a wild standing inside a set or pair too
    tiles.append(wild)  # the lone wild
    drawn = draw(st.sampled_from([*set(logical), wild]))
    assume(all((tiles + [drawn]).count(t) <= (cap if t == wild else 4) for t in set(tiles)))
    assume(not six_pairs or logical.count(drawn) <= 2)
    request = {"region": region, "hand": codes(draw(st.permutations(tiles))),
               "win_tile": CODES[drawn], "win_type": "self_draw",
               "winner": draw(st.sampled_from(SEATS)), "dealer": draw(st.sampled_from(SEATS)),
               "base": 1}
    if wild_text is not None:
        request["wild"] = wild_text
    if draw(st.integers(0, 2)) == 0:
        request["house_rules"] = draw(house_rules())
    if region != "honghe" and tiles.count(wild) < cap and draw(st.integers(0, 2)) == 0:
        request["context"] = {"cai_piao": 1}
    return request


@st.composite
def waiting_hands(draw, region: str):
    """A 13-tile waits request: a winning request with its winning tile taken out."""
    request = draw(winning_requests(region, wilds=(0, 1)))
    request = {k: v for k, v in request.items() if k not in ("win_tile", "win_type",
                                                              "discarder")}
    context = {k: v for k, v in request.get("context", {}).items()
               if k in ("dice", "claims", "previous_draws", "previous_wild")}
    request.pop("context", None)
    if context:
        request["context"] = context
    return request


# --- properties ------------------------------------------------------------------------------

REGIONS = ("honghe", "hangzhou", "jinhua")


def agreement_on(hands, max_examples, regions=REGIONS):
    """A test that the engine and the reference agree (``check_agreement``) on
    ``max_examples`` requests ``hands(region)`` draws, for each of ``regions``."""
    @pytest.mark.parametrize("region", regions)
    @settings(BOUNDED, max_examples=max_examples)
    @given(data=st.data())
    def test(region, data):
        check_agreement(data.draw(hands(region)))

    return test


# The agreement tests: which hands, how many of each region's (the costly ones fewer).
test_built_winning_hands_agree = agreement_on(winning_requests, 50)
test_random_hands_agree = agreement_on(random_requests, 40)
test_hands_with_three_or_four_wilds_agree = agreement_on(
    lambda region: winning_requests(region, wilds=(3, 4)), 4)
test_lone_wild_with_its_partner_face_held_agrees = agreement_on(lone_wild_hands, 30)
test_six_pairs_and_a_lone_wild_agree = agreement_on(
    lambda region: lone_wild_hands(region, six_pairs=True), 25)
# Wilds in a chow's gap or edge; the wild's face (白 where it substitutes) in chows, pungs,
# pairs, melds and as the winning tile.
test_wilds_in_chows_and_the_wild_face_in_groups_agree = agreement_on(
    lambda region: winning_requests(region, wilds=(1, 2), shape="standard",
                                    wild_in_groups=True), 25)
test_contracts_agree = agreement_on(
    lambda region: winning_requests(region, shape="standard", contract=True), 25,
    regions=("hangzhou", "jinhua"))


@settings(BOUNDED, max_examples=25)
@given(data=st.data())
def test_thirteen_lonely_and_all_honours_agree(data):
    shape = data.draw(st.sampled_from(("thirteen_lonely", "all_honours")))
    check_agreement(data.draw(winning_requests("jinhua", shape=shape)))


def check_waits(request: dict) -> None:
    """``rules.waits`` names every tile that wins in the reference, each scored as the
    reference's best self-draw; or, for a hand on a lone wild, every tile at once."""
    got = waits(request)
    expected = reference_waits(request)
    wins = {tile: reference_outcomes(r, shape=False) for tile, r in expected.items()
            if r["winning"] and r["error"] is None}
    ready = lone_wild_ready(request)
    assert got["any_tile"] == ready, f"{notation(request)}: any_tile {got['any_tile']}"
    if ready:
        assert got["count"] == len(available_faces(request)) == len(wins), notation(request)
    else:
        assert {e["tile"] for e in got["waits"]} == set(wins), (
            f"{notation(request)}\n  engine waits on {[e['tile'] for e in got['waits']]}, "
            f"reference on {sorted(wins)}")
    for entry in got["waits"]:
        drawn = entry["self_draw"]
        outcome = {"patterns": {p["key"]: exact(p["value"]) for p in drawn["patterns"]},
                   "fan": drawn["fan"], "multiplier": drawn["multiplier"],
                   "payments": {s: exact(v) for s, v in drawn["payments"].items()}}
        assert outcome in wins[entry["tile"]], (
            f"{notation(request)} waiting on {entry['tile']}\n  engine:    {outcome}\n"
            f"  reference: {wins[entry['tile']]}")


@pytest.mark.parametrize("region", REGIONS)
@settings(BOUNDED, max_examples=8)
@given(data=st.data())
def test_waits_agree(region, data):
    check_waits(data.draw(waiting_hands(region)))
