"""Request validation per API.md ("Errors — 400") and RULEBOOK §1 (black box).

Each invalid case names the request key the error must be reported on and a few
words, one of which a helpful message contains (English or Chinese); the exact
text is the engine's business. Positive cases check that what the rulebook allows
(Chinese tile names, whitespace, four Honghe wilds, 白 substitutes in melds…) is
accepted and scores the same as the plain notation.
"""

from __future__ import annotations

import copy

import pytest

from rules import InvalidRequest, score
from rules.problems import QUOTE_LIMIT
from tests.helpers import req
from tests.problem_cases import PLAIN, claims


def with_(request, **changes):
    """A copy of ``request`` with keys replaced; a value of ``DROP`` removes the key."""
    out = copy.deepcopy(request)
    for key, value in changes.items():
        if value is DROP:
            out.pop(key, None)
        else:
            out[key] = value
    return out


DROP = object()
HZ = req("hangzhou", *PLAIN)
HH = req("honghe", *PLAIN)
JH = req("jinhua", *PLAIN)


def hz(**changes):
    return with_(HZ, **changes)


def hh(**changes):
    return with_(HH, **changes)


# Words that show a message speaks to the problem (any one, case-insensitive).
REGION_WORDS = ("region", "honghe", "hangzhou", "jinhua")
TYPE_WORDS = ("string", "text", "notation", "mpsz")
TILE_WORDS = ("tile", "notation", "suit", "牌", "m, p, s", "mpsz")
COUNT_WORDS = ("tiles", "count", "張", "张", "14", "13")
COPY_WORDS = ("cop", "five", "four", "three", "only", "張", "张")
SEAT_WORDS = ("seat", "E, S, W", "E S W N", "座", "east", "E/S/W/N", "one of")
WILD_WORDS = ("wild", "財神", "财神", "百搭")
WHOLE_WORDS = ("number", "whole", "integer")
BASE_WORDS = ("positive", "greater", "> 0", "底分")
OBJECT_WORDS = ("object", "dict", "{")
SELF_DRAW_WORDS = ("self", "draw", "自摸", "discard")
ROB_COPY_WORDS = ("cop", "hold", "robbed", "4s")
BAO_TOU_WORDS = ("暴頭", "爆頭", "暴头", "爆头", "bao")
KONG_SIZE_WORDS = ("4", "four", "kong")
WIN_TILE_FIELDS = ("win_tile", "win_type")
ROB_FIELDS = ("win_tile", "win_type", "hand", "melds*")


def bad(case_id, request, fields, words):
    """``fields``: a field, or a tuple of acceptable ones; 'x*' accepts any 'x…'."""
    if isinstance(fields, str):
        fields = (fields,)
    return pytest.param(request, fields, words, id=case_id)


def field_matches(field, accepted):
    return any(field.startswith(a[:-1]) if a.endswith("*") else field == a for a in accepted)


FOUR_PUNGS = ["pung 111m", "pung 222m", "pung 333p", "pung 444p"]

INVALID = [
    # --- region -------------------------------------------------------------------
    bad("region-unknown", hz(region="shanghai"), "region", REGION_WORDS),
    bad("region-missing", hz(region=DROP), "region", REGION_WORDS),
    bad("region-not-string", hz(region=3), "region", REGION_WORDS),
    # --- unknown keys (API.md: "Unknown keys are errors too") ---------------------
    bad("unknown-top-level-key", hz(colour="red"), "colour", ("unknown", "colour", "allowed")),
    bad("unknown-context-key", hz(context={"afterkong": True}), ("context.afterkong", "context"),
        ("afterkong",)),
    bad("unknown-house-rule", hz(house_rules={"no_such_rule": "x"}),
        ("house_rules.no_such_rule", "house_rules"), ("no_such_rule",)),
    bad("house-rule-bad-value", hh(house_rules={"honghe_rob_kong": "nobody_pays"}),
        ("house_rules.honghe_rob_kong", "house_rules"), ("robbed_pays_all", "robbed_pays_double")),
    bad("house-rule-bad-value-hangzhou", hz(house_rules={"hangzhou_discard": "always"}),
        ("house_rules.hangzhou_discard", "house_rules"), ("dealer_streak3", "never")),
    bad("house-rules-not-object", hz(house_rules="never"), "house_rules*", OBJECT_WORDS),
    bad("context-not-object", hz(context=[1, 2]), "context", OBJECT_WORDS),
    # --- wrong types / missing keys ------------------------------------------------
    bad("hand-not-string-list", hz(hand=["1m", "2m"]), "hand", TYPE_WORDS),
    bad("hand-not-string-number", hz(hand=123), "hand", TYPE_WORDS),
    bad("hand-missing", hz(hand=DROP), "hand", TYPE_WORDS + ("missing", "required")),
    bad("win-tile-missing", hz(win_tile=DROP), "win_tile", ("missing", "required", "tile")),
    bad("win-type-unknown", hz(win_type="tsumo"), "win_type", ("self_draw", "discard", "rob_kong")),
    bad("win-type-missing", hz(win_type=DROP), "win_type", ("self_draw", "discard", "missing")),
    bad("dealer-streak-negative", hz(dealer_streak=-1), "dealer_streak",
        ("from 0", "negative", "whole", "≥ 0", ">= 0", "at least 0")),
    bad("dealer-streak-bool", hz(dealer_streak=True), "dealer_streak", WHOLE_WORDS),
    bad("dealer-streak-string", hz(dealer_streak="2"), "dealer_streak", WHOLE_WORDS),
    bad("dealer-streak-fraction", hz(dealer_streak=1.5), "dealer_streak", WHOLE_WORDS),
    bad("base-zero", hz(base=0), "base", BASE_WORDS),
    bad("base-negative", hz(base=-2), "base", BASE_WORDS),
    bad("base-string", hz(base="1"), "base", BASE_WORDS + ("number",)),
    bad("base-bool", hz(base=True), "base", BASE_WORDS + ("number",)),
    # Python's json module reads NaN; it is not a positive number.
    bad("base-nan", hz(base=float("nan")), "base", BASE_WORDS + ("number",)),
    bad("context-flag-not-bool", hz(context={"after_kong": "yes"}), "context.after_kong",
        ("true", "false", "bool")),
    bad("previous-draws-negative", hh(context={"previous_draws": -1}), "context.previous_draws",
        ("from 0", "negative", "whole", "≥ 0", ">= 0", "at least 0")),
    bad("dice-malformed", hh(context={"dice": [3]}), "context.dice", ("two", "1-6", "1 to 6")),
    bad("dice-out-of-range", hh(context={"dice": [7, 1]}), "context.dice", ("1-6", "1 to 6")),
    bad("previous-wild-bad-tile", hh(context={"previous_wild": "0x"}), "context.previous_wild",
        TILE_WORDS),
    # --- tile notation (RULEBOOK §1) ----------------------------------------------
    bad("tile-bad-suit-letter", hz(hand="123x456p789s23s11z"), "hand", TILE_WORDS),
    bad("tile-zero", hz(hand="023m456p789s23s11z"), "hand", TILE_WORDS + ("0m", "1-9")),
    bad("tile-honour-8z", hz(hand="123m456p789s23s18z"), "hand", TILE_WORDS + ("8z", "1-7")),
    bad("tile-digits-without-suit", hz(hand="123m456p789s23s11"), "hand", TILE_WORDS),
    bad("tile-garbage", hz(hand="hello world"), "hand", TILE_WORDS),
    bad("win-tile-bad", hz(win_tile="10m"), "win_tile", TILE_WORDS + ("one tile", "exactly")),
    bad("win-tile-two-tiles", hz(win_tile="44s"), "win_tile", ("one", "single", "exactly")),
    bad("win-tile-empty", hz(win_tile=""), "win_tile", ("one", "tile", "missing", "empty")),
    bad("wild-bad-tile", hh(wild="x9"), "wild", TILE_WORDS),
    bad("wild-two-tiles", hh(wild="99m"), "wild", ("one", "single", "exactly", "type")),
    # --- tile count (RULEBOOK §1 "Tile count") -------------------------------------
    bad("count-12-concealed", hz(hand="123m456p789s23s1z"), ("hand", "melds"), COUNT_WORDS),
    bad("count-14-concealed", hz(hand="123m456p789s23s111z"), ("hand", "melds"), COUNT_WORDS),
    bad("count-meld-plus-13", hz(melds=["pung 777p"]), ("hand", "melds*"), COUNT_WORDS),
    bad("count-kong-one-short", req("hangzhou", "456p789s23s1z", "1z", melds=["kong 1111m"]),
        ("hand", "melds*"), COUNT_WORDS),
    # --- copies ---------------------------------------------------------------------
    bad("five-copies-in-hand", hz(hand="11111m456p789s23s"), "hand", COPY_WORDS),
    bad("five-copies-with-win-tile", req("hangzhou", "1111m456p789s23s1z", "1m"),
        ("hand", "win_tile"), COPY_WORDS),
    bad("five-copies-with-meld",
        req("hangzhou", "11m789s3s1z", "1z", melds=["pung 111m", "chi 456p"]),
        ("hand", "melds*", "win_tile"), COPY_WORDS),
    # A flipped wild leaves 3 copies in play (RULEBOOK §1, jinhua.txt:5, hangzhou.txt:80).
    bad("jinhua-four-copies-of-flipped-wild", req("jinhua", "6666s123m456p11z9p", "9p"),
        ("hand", "wild"), COPY_WORDS),
    bad("hangzhou-classic-four-copies-of-flipped-wild",
        req("hangzhou", "3333m456p789s11z9p", "9p", wild="3m"), ("hand", "wild"), COPY_WORDS),
    bad("jinhua-flipped-wild-three-in-hand-plus-win", req("jinhua", "666s123m456p789p1z", "6s"),
        ("hand", "win_tile", "wild"), COPY_WORDS),
    # --- wilds in melds / won on a discarded wild (RULEBOOK §1, honghe.txt:21) --------
    bad("honghe-wild-in-pung",
        req("honghe", "123m789s23s11z", "4s", wild="5p", melds=["pung 555p"]),
        "melds*", WILD_WORDS),
    bad("honghe-wild-in-ankong",
        req("honghe", "123m789s23s11z", "4s", wild="5p", melds=["ankong 5555p"]),
        ("melds*", "hand"), WILD_WORDS),
    bad("jinhua-wild-in-chow", req("jinhua", "123m456p23s11z", "4s", melds=["chi 678s"]),
        "melds*", WILD_WORDS),
    bad("hangzhou-bai-wild-in-pung", req("hangzhou", "123m456p23s11z", "4s", melds=["pung 555z"]),
        "melds*", WILD_WORDS),
    bad("honghe-win-on-discarded-wild", hh(wild="4s", win_type="discard", discarder="W"),
        WIN_TILE_FIELDS, WILD_WORDS),
    bad("jinhua-win-on-discarded-wild", with_(JH, wild="4s", win_type="discard", discarder="W"),
        WIN_TILE_FIELDS, WILD_WORDS),
    bad("honghe-rob-kong-of-a-wild", hh(wild="4s", win_type="rob_kong", discarder="W"),
        ROB_FIELDS, WILD_WORDS),
    bad("hangzhou-win-on-discarded-bai",
        hz(win_tile="5z", win_type="discard", discarder="E", dealer_streak=2),
        WIN_TILE_FIELDS, WILD_WORDS),
    # --- discarder / seats (API.md) -------------------------------------------------
    bad("discarder-missing-for-discard", hh(win_type="discard"), "discarder",
        ("required", "missing", "who")),
    bad("discarder-missing-for-rob-kong", hh(win_type="rob_kong"), "discarder",
        ("required", "missing", "who")),
    bad("discarder-present-for-self-draw", hh(discarder="W"), "discarder",
        ("self", "null", "absent", "nobody")),
    bad("discarder-is-winner", hh(win_type="discard", discarder="S"), "discarder",
        ("own", "winner", "themsel", "differ", "same")),
    bad("winner-bad-seat", hz(winner="X"), "winner", SEAT_WORDS),
    bad("winner-word-not-seat", hz(winner="south"), "winner", SEAT_WORDS),
    bad("dealer-bad-seat", hz(dealer="Q"), "dealer", SEAT_WORDS),
    bad("discarder-bad-seat", hh(win_type="discard", discarder="Z"), "discarder", SEAT_WORDS),
    bad("winner-not-string", hz(winner=1), "winner", SEAT_WORDS),
    bad("winner-missing", hz(winner=DROP), "winner", SEAT_WORDS + ("missing", "required")),
    bad("dealer-missing", hz(dealer=DROP), "dealer", SEAT_WORDS + ("missing", "required")),
    # --- meld syntax -----------------------------------------------------------------
    bad("meld-chi-not-consecutive", req("hangzhou", "456p789s23s11z", "4s", melds=["chi 124m"]),
        "melds*", ("consecutive", "chow", "sequence", "順")),
    bad("meld-pung-not-same", req("hangzhou", "123m789s23s11z", "4s", melds=["pung 556p"]),
        "melds*", ("same", "identical")),
    bad("meld-kong-three-tiles", req("hangzhou", "123m456p23s11z", "4s", melds=["kong 777s"]),
        "melds*", KONG_SIZE_WORDS),
    bad("meld-ankong-three-tiles", req("hangzhou", "123m456p23s11z", "4s", melds=["ankong 777s"]),
        "melds*", KONG_SIZE_WORDS),
    bad("meld-chi-honours", req("hangzhou", "123m456p23s11z", "4s", melds=["chi 123z"]),
        "melds*", ("suit", "honour", "consecutive", "字")),
    bad("meld-unknown-kind", req("hangzhou", "456p789s23s11z", "4s", melds=["eat 123m"]),
        "melds*", ("chi", "pung", "kind")),
    bad("meld-no-suit", req("hangzhou", "456p789s23s11z", "4s", melds=["chi 123"]),
        "melds*", TILE_WORDS),
    bad("melds-not-list", hz(melds="pung 555p"), "melds*", ("list", "array", "[")),
    bad("melds-five", req("hangzhou", "1z", "1z", melds=FOUR_PUNGS + ["pung 777s"]),
        ("melds*", "hand"), ("4", "four", "at most", "many")),
    # --- history flags that cannot hold (RULEBOOK §1) --------------------------------
    bad("after-kong-without-kong", hh(context={"after_kong": True}), "context.after_kong",
        ("kong", "槓", "杠")),
    bad("after-kong-without-self-draw",
        req("honghe", "456p789s23s11z", "4s", melds=["ankong 1111m"], win_type="discard",
            discarder="W", context={"after_kong": True}),
        "context.after_kong", SELF_DRAW_WORDS),
    bad("last-tile-without-self-draw",
        hh(win_type="discard", discarder="W", context={"last_tile": True}),
        "context.last_tile", SELF_DRAW_WORDS),
    bad("first-turn-with-exposed-meld",
        req("honghe", "456p789s23s11z", "4s", melds=["pung 111m"], context={"first_turn": True}),
        "context.first_turn", ("meld", "exposed", "吃", "碰", "claim")),
    # 財飄 with a region that cannot be read: a 400 on the region, never a crash.
    bad("cai-piao-unknown-region", with_(hh(context={"cai_piao": 1}), region="nowhere"),
        "region", ("region", "honghe")),
    # RULEBOOK §1 (revised): nobody has claimed before the first discard.
    bad("first-turn-with-winners-claims",
        req("jinhua", "123m456p789s234s1z", "1z", wild="6s",
            context={"first_turn": True, "claims": [{"by": "S", "from": "E", "count": 1}]}),
        "context.first_turn", ("claim",)),
    bad("first-turn-with-a-claim-from-the-winner",
        req("honghe", "123m456p789s234s7z", "7z", wild="9p",
            context={"first_turn": True, "claims": [{"by": "W", "from": "S", "count": 2}]}),
        "context.first_turn", ("claim", "discard")),
    bad("rob-kong-winner-holds-copy",
        req("honghe", "123m456p789s234s4s", "4s", win_type="rob_kong", discarder="W"),
        ROB_FIELDS, ROB_COPY_WORDS),
    bad("rob-kong-winner-holds-copy-jinhua",
        req("jinhua", "123m456p789s44s11z", "4s", win_type="rob_kong", discarder="N"),
        ROB_FIELDS, ROB_COPY_WORDS),
    bad("rob-kong-winner-holds-copy-in-meld",
        req("jinhua", "123m456p23s11z", "4s", melds=["chi 345s"], win_type="rob_kong",
            discarder="N"),
        ROB_FIELDS, ROB_COPY_WORDS),
    bad("wild-missing-honghe", hh(wild=DROP), "wild", WILD_WORDS),
    bad("wild-missing-jinhua", with_(JH, wild=DROP), "wild", WILD_WORDS),
    # 財飄 needs a 暴頭 win (RULEBOOK §3, hangzhou.txt:140-146; jinhua.txt:97).
    bad("cai-piao-without-baotou", hz(context={"cai_piao": 1}), "context.cai_piao", BAO_TOU_WORDS),
    bad("cai-piao-without-baotou-jinhua", with_(JH, context={"cai_piao": 2}), "context.cai_piao",
        BAO_TOU_WORDS),
    bad("cai-piao-negative", hz(context={"cai_piao": -1}), "context.cai_piao",
        ("from 0", "negative", "whole", "≥ 0", ">= 0", "at least 0")),
    # --- claims (承包) -----------------------------------------------------------------
    bad("claims-by-equals-from", hz(context=claims(("S", "S", 3))), "context.claims*",
        ("differ", "themsel", "same", "own")),
    bad("claims-count-negative", hz(context=claims(("E", "S", -1))), "context.claims*", ("count",)),
    bad("claims-count-string", hz(context=claims(("E", "S", "3"))), "context.claims*", ("count",)),
    bad("claims-count-fraction", hz(context=claims(("E", "S", 2.5))), "context.claims*",
        ("count",)),
    # A claim makes an exposed meld and a hand has at most four sets.
    bad("claims-count-five", hz(context=claims(("E", "S", 5))), "context.claims*", ("count",)),
    bad("claims-bad-seat", hz(context=claims(("X", "S", 3))), "context.claims*", SEAT_WORDS),
    bad("claims-missing-from", hz(context=claims({"by": "E", "count": 3})), "context.claims*",
        ("from",)),
    bad("claims-not-list", hz(context={"claims": {"by": "E", "from": "S", "count": 3}}),
        "context.claims*", ("list", "array", "[")),
    # Each claim by the winner made one of the winner's exposed melds (PLAIN has none).
    bad("claims-winner-more-than-exposed-melds", hz(context=claims(("S", "W", 3))),
        "context.claims*", ("meld", "exposed")),
    # --- regional win-type rules -------------------------------------------------------
    bad("hangzhou-no-rob-kong", hz(win_type="rob_kong", discarder="E"), "win_type",
        ("rob", "搶", "抢", "kong")),
]


@pytest.mark.parametrize(("request_", "fields", "words"), INVALID)
def test_invalid_request(request_, fields, words):
    with pytest.raises(InvalidRequest) as caught:
        score(request_)
    errors = caught.value.errors
    assert isinstance(errors, list) and errors
    for error in errors:
        assert isinstance(error["field"], str)
        assert isinstance(error["message"], str) and error["message"].strip()
    matching = [e for e in errors if field_matches(e["field"], fields)]
    assert matching, f"expected an error on {fields}, got {errors}"
    text = " ".join(e["message"] for e in matching).lower()
    assert any(w.lower() in text for w in words), f"message mentions none of {words}: {matching}"


@pytest.mark.parametrize("body", [None, [], "hangzhou", 42, ["region", "hangzhou"]], ids=repr)
def test_request_not_an_object(body):
    with pytest.raises(InvalidRequest) as caught:
        score(body)
    assert caught.value.errors and all(e["message"] for e in caught.value.errors)


def test_several_errors_reported_together():
    """API.md: one entry per problem, all in one answer."""
    bad = with_(HZ, winner="X", base=-1, dealer_streak=-2, win_type="tsumo", colour="red")
    with pytest.raises(InvalidRequest) as caught:
        score(bad)
    fields = {e["field"] for e in caught.value.errors}
    assert {"winner", "base", "dealer_streak", "win_type", "colour"} <= fields, caught.value.errors


def test_independent_problems_reported_together():
    """A missing wild does not hide the win-type and flag problems (API.md: one entry each)."""
    bad_request = req("honghe", *PLAIN, wild=None, win_type="discard",
                      context={"last_tile": True, "after_kong": True})
    with pytest.raises(InvalidRequest) as caught:
        score(bad_request)
    fields = {e["field"] for e in caught.value.errors}
    expected = {"wild", "discarder", "context.last_tile", "context.after_kong"}
    assert expected <= fields, caught.value.errors


# --- accepted input -------------------------------------------------------------------

# Text a request may send at any length (a body may be 64 KiB), and each problem that
# echoes it: the message and params quote at most its first QUOTE_LIMIT characters.
TILES_READ = "4s" * 50  # 100 characters: the longest tile text that is read
LONG = "x" * 600
LONG_LIST = [1] * 600
ECHOES = [  # (id, request, code, the text echoed)
    ("win_tile", hz(win_tile=TILES_READ), "not_one_tile", TILES_READ),
    ("wild", hz(wild=TILES_READ), "not_one_tile", TILES_READ),
    ("previous_wild", hz(context={"previous_wild": TILES_READ}), "not_one_tile", TILES_READ),
    ("win_tile_600", hz(win_tile="4s" * 300), "tiles_too_long", "4s" * 300),
    ("unknown_key", hz(**{LONG: 1}), "unknown_key", LONG),
    ("choice", hz(win_type=LONG), "choice_not_allowed", LONG),
    ("count", hz(dealer_streak=LONG), "not_whole_number", LONG),
    ("count_list", hz(dealer_streak=LONG_LIST), "not_whole_number", repr(LONG_LIST)),
    ("base", hz(base=LONG), "base_not_number", LONG),
    ("flag", hz(context={"after_kong": LONG}), "flag_not_bool", LONG),
    ("context_key", hz(context={LONG: True}), "unknown_context_key", LONG),
    ("dice", hz(context={"dice": LONG_LIST}), "dice_invalid", repr(LONG_LIST)),
    ("claim_count", hz(context={"claims": [{"by": "S", "from": "E", "count": LONG}]}),
     "claim_count_invalid", LONG),
    ("house_rule", hz(house_rules={LONG: "classic"}), "unknown_house_rule", LONG),
    ("house_rule_value", hz(house_rules={"hangzhou_scoring": LONG}), "house_rule_bad_value",
     LONG),
    ("meld", hz(melds=[LONG_LIST]), "meld_malformed", repr(LONG_LIST)),
    ("meld_text", hz(melds=[LONG]), "meld_malformed", LONG),
    ("meld_kind", hz(melds=[f"{LONG} 123m"]), "meld_unknown_kind", LONG),
]


@pytest.mark.parametrize(("request_", "code", "text"),
                         [case[1:] for case in ECHOES], ids=[case[0] for case in ECHOES])
def test_long_text_is_echoed_shortened(request_, code, text):
    """A message and its params quote what the request sent up to QUOTE_LIMIT characters
    and then "…" (rules.problems.quoted), whatever its length; codes and params as
    docs/API.md lists them."""
    with pytest.raises(InvalidRequest) as caught:
        score(request_)
    errors = [e for e in caught.value.errors if e["code"] == code]

    assert errors, caught.value.errors
    for error in errors:
        assert text[:QUOTE_LIMIT + 1] not in error["message"], error
        for name, value in error["params"].items():
            if isinstance(value, str) and name != "field":
                assert len(value) <= QUOTE_LIMIT, (name, value)


def test_not_one_tile_quotes_the_start_of_the_text():
    with pytest.raises(InvalidRequest) as caught:
        score(hz(win_tile=f" {'4s' * 49} "))  # trimmed, as the tile reader skips spaces
    (error,) = caught.value.errors

    assert error["params"] == {"field": "win_tile", "text": "4s" * 11 + "4…", "count": 49}
    assert error["message"].startswith("'4s4s4s4s4s4s4s4s4s4s4s4…' must be exactly one tile")


def core(result):
    return (result["winning"], result["multiplier"], result.get("fan"),
            {k: float(v) for k, v in result["payments"].items()})


PLAIN_HZ = ("123m456p789s234s7z", "7z")  # RULEBOOK §5 example 2
EAST_HZ = ("123m456p789s234s1z", "1z")
SPELLINGS = [
    # region, hand and win tile written differently; the same hand in plain notation
    ("hangzhou", "一萬二萬三萬四筒五筒六筒七條八條九條二條三條四條中", "中", PLAIN_HZ),
    ("hangzhou", "1萬2萬3萬4筒5筒6筒7條8條9條2條3條4條中", "中", PLAIN_HZ),
    ("hangzhou", "一万二万三万四筒五筒六筒七条八条九条二条三条四条中", "中", PLAIN_HZ),
    ("hangzhou", "一萬二萬三萬四筒五筒六筒七條八條九條二條三條四條東", "東", EAST_HZ),
    ("hangzhou", "一万二万三万四筒五筒六筒七条八条九条二条三条四条东", "东", EAST_HZ),
    ("hangzhou", "一萬二萬三萬四筒五筒六筒七條八條九條二條三條四條發", "發",
     ("123m456p789s234s6z", "6z")),
    ("honghe", "一萬二萬三萬四筒五筒六筒七條八條九條二條三條四條白板", "白板",
     ("123m456p789s234s5z", "5z")),
    ("honghe", "一萬二萬三萬四筒五筒六筒七條八條九條二條三條四條白", "白",
     ("123m456p789s234s5z", "5z")),
    # whitespace tolerated (RULEBOOK §1)
    ("hangzhou", " 123m 456p\t789s  234s 7z ", " 7z ", PLAIN_HZ),
    ("hangzhou", "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 7z", "7z", PLAIN_HZ),
    # invisible marks a phone or a copied text slips in: zero-width space, byte-order
    # mark, right-to-left mark, word joiner, soft hyphen
    ("hangzhou", "123m456p789s23\u200b4s7z", "7\u200bz", PLAIN_HZ),
    ("hangzhou", "\ufeff123m456p789s234s7z", "7z", PLAIN_HZ),
    ("hangzhou", "123m456p789s234s7z\u200f", "\u200e7z", PLAIN_HZ),
    ("hangzhou", "123m\u2060456p\u00ad789s234s7z", "7z", PLAIN_HZ),
    ("hangzhou", "123m456p789s2\u034f34s7z\ufe0f", "7\ufe0fz", PLAIN_HZ),  # variation selector
    ("hangzhou", "一萬 二萬 三萬 四筒 五筒 六筒 七條 八條 九條 二條 三條 四條 中", " 中",
     PLAIN_HZ),
]


@pytest.mark.parametrize(("region", "hand", "win", "plain"), SPELLINGS)
def test_tile_spellings_accepted(region, hand, win, plain):
    written = score(req(region, hand, win))
    reference = score(req(region, *plain))
    assert written["winning"] is True and reference["winning"] is True
    assert core(written) == core(reference)


def test_chinese_names_in_melds_and_wild():
    written = score(req("honghe", "四筒五筒六筒七條八條九條二條三條東東", "四條", wild="九萬",
                        melds=["chi 一萬二萬三萬"]))
    reference = score(req("honghe", "456p789s23s11z", "4s", wild="9m", melds=["chi 123m"]))
    assert core(written) == core(reference)


# Melds in Chinese words, and bare tile groups (a pung, a kong, a chow by their tiles):
# the same hand as the English spelling on the right.
MELD_HAND = ("123m456p23s11z", "4s")  # + one meld of three
KONG_HAND = ("456p789s23s11z", "4s")  # + one kong
MELD_SPELLINGS = [
    ("hangzhou", MELD_HAND, ["碰 777s"], ["pung 777s"]),
    ("hangzhou", MELD_HAND, ["碰777s"], ["pung 777s"]),
    ("hangzhou", MELD_HAND, ["碰 七條七條七條"], ["pung 777s"]),
    ("hangzhou", MELD_HAND, ["777s"], ["pung 777s"]),
    ("hangzhou", MELD_HAND, [" 777s "], ["pung 777s"]),
    ("jinhua", MELD_HAND, ["555z"], ["pung 555z"]),  # 白 substitutes: a pung of the wild's face
    ("hangzhou", MELD_HAND, ["吃 789s"], ["chi 789s"]),
    ("hangzhou", MELD_HAND, ["吃789s"], ["chi 789s"]),
    ("hangzhou", MELD_HAND, ["789s"], ["chi 789s"]),
    ("hangzhou", MELD_HAND, ["吃 七條八條九條"], ["chi 789s"]),
    ("honghe", KONG_HAND, ["杠 1111m"], ["kong 1111m"]),
    ("honghe", KONG_HAND, ["槓 1111m"], ["kong 1111m"]),
    ("honghe", KONG_HAND, ["明杠 1111m"], ["kong 1111m"]),
    ("honghe", KONG_HAND, ["明槓1111m"], ["kong 1111m"]),
    ("honghe", KONG_HAND, ["1111m"], ["kong 1111m"]),
    ("honghe", KONG_HAND, ["暗杠 1111m"], ["ankong 1111m"]),
    ("honghe", KONG_HAND, ["暗槓 一萬一萬一萬一萬"], ["ankong 1111m"]),
    ("honghe", ("1z", "1z"), ["碰 111m", "吃 456p", "789s", "杠 2222s"],
     ["pung 111m", "chi 456p", "chi 789s", "kong 2222s"]),
]


@pytest.mark.parametrize(("region", "hand_win", "written", "plain"), MELD_SPELLINGS,
                         ids=lambda v: " | ".join(v) if isinstance(v, list) else None)
def test_meld_spellings_accepted(region, hand_win, written, plain):
    hand, win = hand_win
    got = score(req(region, hand, win, melds=written))
    reference = score(req(region, hand, win, melds=plain))
    assert got["winning"] is True and reference["winning"] is True
    assert core(got) == core(reference)
    assert got["groups"] == reference["groups"]
    assert got["patterns"] == reference["patterns"]


@pytest.mark.parametrize(("melds", "code"), [
    (["碰 77s"], "meld_wrong_size"),
    (["碰 778s"], "meld_not_same"),
    (["吃 135m"], "meld_not_chow"),
    (["778s"], "meld_malformed"),  # a bare group that is no meld
    (["77s"], "meld_malformed"),
    (["碰"], "meld_wrong_size"),  # a kind without tiles
])
def test_meld_spellings_that_are_no_meld(melds, code):
    with pytest.raises(InvalidRequest) as caught:
        score(req("hangzhou", *MELD_HAND, melds=melds))
    assert code in {e["code"] for e in caught.value.errors if e["field"] == "melds[0]"}

    codes = {e["code"] for e in caught.value.errors}
    assert not codes & {"hand_too_few_tiles", "hand_too_many_tiles"}, codes


@pytest.mark.parametrize("melds", [["pung 777s", "碰 778s"], "pung 777s", ["pung 777s"] * 9])
def test_a_hand_sized_for_melds_that_failed_is_not_called_short(melds):
    """While a meld is not read, the hand's size is unknown: a hand of 7 tiles fits the
    two melds given, so only the meld's problem is said, not 'add 3 tiles'."""
    with pytest.raises(InvalidRequest) as caught:
        score(req("hangzhou", "123m456p7z", "7z", melds=melds))
    codes = {e["code"] for e in caught.value.errors}
    assert codes and not codes & {"hand_too_few_tiles", "hand_too_many_tiles"}, codes


def test_a_hand_the_wrong_size_for_melds_that_were_read_is_still_said():
    with pytest.raises(InvalidRequest) as caught:
        score(req("hangzhou", "123m456p7z", "7z", melds=["pung 777s"]))
    assert "hand_too_few_tiles" in {e["code"] for e in caught.value.errors}


ALL_DEFAULTS = {
    "melds": [], "discarder": None, "dealer_streak": 0, "base": 1,
    "context": {"after_kong": False, "last_tile": False, "first_turn": False, "dice": [3, 5],
                "previous_draws": 0, "previous_wild": None, "cai_piao": 0, "claims": []},
    "house_rules": {"honghe_rob_kong": "robbed_pays_all", "hangzhou_discard": "dealer_streak3"},
}
VALID = [
    # Honghe: all four copies of the 百搭 are wild and may be held (honghe.txt:21).
    pytest.param(req("honghe", "123m456p789s1111z", "2s", wild="1z"), id="honghe-four-wilds"),
    # 白 substitutes may stand in melds (RULEBOOK §1 ruling); wild 6s → 白 is a plain 6s.
    pytest.param(req("jinhua", "123m456p23s11z", "4s", melds=["pung 555z"]),
                 id="jinhua-bai-substitute-in-pung"),
    pytest.param(req("jinhua", "123m456p23s11z", "4s", melds=["chi 45s5z"]),
                 id="jinhua-bai-substitute-in-chow"),
    pytest.param(req("hangzhou", "123m456p23s11z", "4s", wild="6s", melds=["chi 45s5z"]),
                 id="hangzhou-classic-bai-substitute-in-chow"),
    # Hangzhou classic mode: 3 copies of the flipped wild are fine.
    pytest.param(req("hangzhou", "333m456p789s23s11z", "4s", wild="3m"),
                 id="hangzhou-classic-three-wilds"),
    # Hangzhou without "wild": 白 is the 財神 (API.md).
    pytest.param(req("hangzhou", *PLAIN), id="hangzhou-wild-omitted"),
    pytest.param(req("hangzhou", *PLAIN, wild="5z"), id="hangzhou-wild-bai-explicit"),
    # after_kong holds with a kong (concealed or exposed) and a self-draw.
    pytest.param(req("honghe", *KONG_HAND, melds=["ankong 1111m"], context={"after_kong": True}),
                 id="after-kong-with-ankong"),
    pytest.param(req("honghe", *KONG_HAND, melds=["kong 1111m"], context={"after_kong": True}),
                 id="after-kong-with-exposed-kong"),
    pytest.param(req("honghe", *PLAIN, context={"last_tile": True}), id="last-tile-self-draw"),
    pytest.param(req("honghe", *PLAIN, winner="E", context={"first_turn": True}),
                 id="first-turn-dealer"),
    # Every optional key spelled out with its default (API.md).
    pytest.param(req("honghe", *PLAIN, **ALL_DEFAULTS), id="all-keys-defaults"),
    pytest.param(req("honghe", *PLAIN, base=0.5), id="base-fraction"),
]


@pytest.mark.parametrize("request_", VALID)
def test_valid_requests_accepted(request_):
    result = score(request_)
    assert result["winning"] is True, result.get("reason")
    assert sum(result["payments"].values()) == 0


def test_non_winning_hand_is_not_an_error():
    """API.md: a well-formed hand that does not win → winning false, a reason, no payments."""
    result = score(req("hangzhou", "135m246p789s23s17z", "4s"))
    assert result["winning"] is False
    assert isinstance(result.get("reason"), str) and result["reason"].strip()
    assert not result.get("payments")


def test_bad_hand_with_cai_piao_is_still_a_clean_error():
    """A hand that does not parse leaves nothing to count 財神 in; still one clean 400."""
    with pytest.raises(InvalidRequest) as caught:
        score({"region": "hangzhou", "hand": "12x", "win_tile": "5z", "win_type": "self_draw",
               "winner": "S", "dealer": "E", "context": {"cai_piao": 1}})
    assert [e["field"] for e in caught.value.errors] == ["hand"]
