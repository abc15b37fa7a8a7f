"""rules.waits and POST /api/v1/waits: every tile that completes a 13-tile hand (API.md, Waits)."""

import json

import pytest

from rules import InvalidRequest, parse_tiles, score, waits
from tests.helpers import post_json

URL = "/api/v1/waits"
MANZU = [f"{n}m" for n in range(1, 10)]


def hand(region, tiles, *, melds=(), **fields):
    """A waits request: S waits, E deals, base 1, unless `fields` say otherwise."""
    request = {"region": region, "hand": tiles, "winner": "S", "dealer": "E", "base": 1}
    if melds:
        request["melds"] = list(melds)
    request.update(fields)
    return request


def tiles_of(result):
    return [entry["tile"] for entry in result["waits"]]


# (request, the tiles it waits on, in face order)
WAIT_TABLE = [
    pytest.param(hand("honghe", "1112345678999m", wild="9p"), [*MANZU, "9p"],
                 id="honghe-nine-gates-every-manzu-and-the-wild"),
    pytest.param(hand("hangzhou", "123m456p789s11z45s"), ["3s", "6s", "5z"],
                 id="hangzhou-two-sided-and-a-drawn-wild"),
    pytest.param(hand("jinhua", "123m456p789s11z45s", wild="7z"), ["3s", "6s", "7z"],
                 id="jinhua-two-sided-and-a-drawn-wild"),
    pytest.param(hand("honghe", "123m456p789s1z", melds=["pung 777p"], wild="9m"), ["9m", "1z"],
                 id="honghe-single-wait-with-a-meld"),
    pytest.param(hand("hangzhou", "1122m3344p5566s7z"), ["5z", "7z"],
                 id="hangzhou-seven-pairs-single"),
    pytest.param(hand("honghe", "1111m", melds=["pung 222p", "pung 333p", "pung 444p"], wild="9s"),
                 ["9s"], id="honghe-four-held-only-the-wild-no-fifth-copy"),
]


@pytest.mark.parametrize("request_, expected", WAIT_TABLE)
def test_waits_table(request_, expected):
    result = waits(request_)

    assert tiles_of(result) == expected
    assert result["count"] == len(expected)
    assert result["any_tile"] is False
    assert result["region"] == request_["region"]


@pytest.mark.parametrize("request_, expected", WAIT_TABLE)
def test_every_wait_is_scored_as_score_scores_it(request_, expected):
    for entry in waits(request_)["waits"]:
        direct = score({**request_, "win_tile": entry["tile"], "win_type": "self_draw"})
        assert entry["self_draw"] == {key: direct[key]
                                      for key in ("patterns", "multiplier", "fan", "payments")}
        if entry["discard"] is not None:
            discard = entry["discard"]
            direct = score({**request_, "win_tile": entry["tile"], "win_type": "discard",
                            "discarder": discard["discarder"]})
            assert discard["payments"] == direct["payments"]
            assert sum(discard["payments"].values()) == 0


def test_two_sided_wait_payments():
    # Jinhua (wild 7z): 3s and 6s, 平胡 either way; self-draw 2H each, discard 2H + H + H.
    result = waits(hand("jinhua", "123m456p789s11z45s", wild="7z"))
    by_tile = {entry["tile"]: entry for entry in result["waits"]}

    for tile in ("3s", "6s"):
        assert by_tile[tile]["self_draw"]["payments"] == {"E": -2, "S": 6, "W": -2, "N": -2}
        assert by_tile[tile]["self_draw"]["multiplier"] == 1
        discard = by_tile[tile]["discard"]
        assert discard["discarder"] == "W"  # S's next seat
        assert discard["payments"] == {"E": -1, "S": 4, "W": -2, "N": -1}
    assert by_tile["7z"]["discard"] is None  # nobody wins on a discarded wild


def test_honghe_nine_gates_scores_qing_yi_se():
    result = waits(hand("honghe", "1112345678999m", wild="9p"))
    entry = next(e for e in result["waits"] if e["tile"] == "5m")

    assert {p["key"] for p in entry["self_draw"]["patterns"]} == {"qing_yi_se"}
    assert entry["self_draw"]["payments"] == {"E": -4, "S": 12, "W": -4, "N": -4}
    assert entry["discard"]["payments"] == {"E": -2, "S": 8, "W": -4, "N": -2}


def test_hangzhou_bao_tou_ready_hand_waits_on_any_tile():
    # RULEBOOK example 3's hand: four sets and a lone 白.
    result = waits(hand("hangzhou", "123m456m789p345s5z", winner="E", dealer="E",
                        dealer_streak=2))

    assert result["any_tile"] is True
    assert result["note"]
    assert len(result["waits"]) == 1
    entry = result["waits"][0]
    assert "bao_tou" in {p["key"] for p in entry["self_draw"]["patterns"]}
    assert entry["discard"] is None  # a 暴頭-ready hand never wins on a discard
    assert result["count"] == 34


def test_honghe_ren_yi_hu_ready_hand_waits_on_any_tile_and_allows_a_discard():
    result = waits(hand("honghe", "123m456m789p345s1z", wild="1z"))

    assert result["any_tile"] is True
    entry = result["waits"][0]
    assert "ren_yi_hu" in {p["key"] for p in entry["self_draw"]["patterns"]}
    assert entry["discard"] is not None
    assert "ren_yi_hu" not in {p["key"] for p in entry["discard"]["patterns"]}


def test_a_hand_waiting_on_nothing():
    result = waits(hand("honghe", "1479m258p369s123z", wild="6z"))

    assert result == {"region": "honghe", "waits": [], "any_tile": False, "count": 0}


@pytest.mark.parametrize("streak, winner, expect_discard", [
    (0, "S", False), (1, "E", False), (2, "S", True), (2, "E", True),
])
def test_hangzhou_discard_entries_follow_the_dealer_streak(streak, winner, expect_discard):
    result = waits(hand("hangzhou", "123m456p789s11z45s", dealer_streak=streak, winner=winner))
    plain = [e for e in result["waits"] if e["tile"] != "5z"]

    assert plain
    assert all((e["discard"] is not None) == expect_discard for e in plain)
    if expect_discard:
        # a non-dealer wins only on the dealer's discard; the dealer on the next seat's
        expected = "E" if winner != "E" else "S"
        assert {e["discard"]["discarder"] for e in plain} == {expected}


def test_hangzhou_house_rule_never_has_no_discards():
    result = waits(hand("hangzhou", "123m456p789s11z45s", dealer_streak=3,
                        house_rules={"hangzhou_discard": "never"}))

    assert all(e["discard"] is None for e in result["waits"])


def test_self_draw_only_context_has_no_discards():
    result = waits(hand("honghe", "123m456p789s11z45s", wild="9m", context={"last_tile": True}))

    assert result["waits"]
    assert all(e["discard"] is None for e in result["waits"])
    assert all("hai_di_lao_yue" in {p["key"] for p in e["self_draw"]["patterns"]}
               for e in result["waits"])


def test_a_flipped_wild_is_not_waited_on_beyond_its_copies():
    # Jinhua wild 4s: three in play, all held; 45s+4s4s… the fourth 4s cannot be drawn.
    result = waits(hand("jinhua", "123m456p789s4s4s4s1z", wild="4s"))

    assert "4s" not in tiles_of(result)


@pytest.mark.parametrize("request_, field", [
    ({**hand("hangzhou", "123m456p789s11z45s"), "win_tile": "3s"}, "win_tile"),
    ({**hand("hangzhou", "123m456p789s11z45s"), "win_type": "self_draw"}, "win_type"),
    ({**hand("hangzhou", "123m456p789s11z45s"), "discarder": "E"}, "discarder"),
    (hand("hangzhou", "123m456p789s11z45s3s"), "hand"),  # 14 tiles: the win tile included
    (hand("hangzhou", "123m456p789s11z4s"), "hand"),
    (hand("hangzhou", "11111m456p789s1z45s"), "hand"),  # five copies
    (hand("honghe", "123m456p789s11z45s"), "wild"),
    (hand("shanghai", "123m456p789s11z45s"), "region"),
    ({**hand("hangzhou", "123m456p789s11z45s"), "colour": "red"}, "colour"),
    (hand("honghe", "123m456p789s11z45s", wild="9m", context={"cai_piao": 1}), "context.cai_piao"),
    (hand("hangzhou", "123m456p789s11z45s", context={"cai_piao": 1}), "context.cai_piao"),
])
def test_invalid_input_names_the_field(request_, field):
    with pytest.raises(InvalidRequest) as raised:
        waits(request_)

    errors = raised.value.errors
    assert field in {e["field"] for e in errors}
    assert all(set(e) == {"field", "message", "code", "params"} and e["message"]
               for e in errors)


def test_a_win_tile_or_a_fourteenth_tile_says_waits_take_13_tiles():
    for request_ in ({**hand("hangzhou", "123m456p789s11z45s"), "win_tile": "3s"},
                     hand("hangzhou", "123m456p789s11z45s3s")):
        with pytest.raises(InvalidRequest) as raised:
            waits(request_)
        assert any("13-tile hand without win_tile" in e["message"] for e in raised.value.errors)


def test_not_an_object():
    with pytest.raises(InvalidRequest) as raised:
        waits(["hand"])
    assert raised.value.errors[0]["field"] == "body"


def test_the_request_is_not_changed():
    request_ = hand("honghe", "1112345678999m", wild="9p", context={"dice": [3, 3]})
    before = json.loads(json.dumps(request_))

    waits(request_)

    assert request_ == before


# --- POST /api/v1/waits ---

def test_api_answers_the_waits(client):
    response = post_json(client, URL, hand("hangzhou", "123m456p789s11z45s"))

    assert response.status_code == 200
    result = response.json()
    assert tiles_of(result) == ["3s", "6s", "5z"]
    assert result["waits"][0]["self_draw"]["payments"] == {"E": -2, "S": 4, "W": -1, "N": -1}


@pytest.mark.parametrize("body, field", [
    ({**hand("hangzhou", "123m456p789s11z45s"), "win_tile": "3s"}, "win_tile"),
    (hand("hangzhou", "123m"), "hand"),
    ({}, "region"),
    ('{"region": "hangzhou",', "body"),
    ("[]", "body"),
    ("", "body"),
])
def test_api_400s_name_the_field(client, body, field):
    response = post_json(client, URL, body)

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert field in {e["field"] for e in errors}
    assert all(set(e) == {"field", "message", "code", "params"} for e in errors)


def test_api_needs_a_json_content_type(client):
    response = post_json(client, URL, hand("hangzhou", "123m456p789s11z45s"), "text/plain")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "body"


def test_api_only_post(client):
    response = client.get(URL)

    assert response.status_code == 405
    assert response["Allow"] == "POST"


# --- against the benchmark corpus: every winning hand waited on its own winning tile ---

def _bench_corpus():
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "bench.py"
    spec = importlib.util.spec_from_file_location("bench_for_waits", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module, module.build_corpus(seed=11, per_category=15)


def test_corpus_hands_wait_on_their_winning_tile():
    bench, corpus = _bench_corpus()
    for case in corpus:
        if not case.winning:
            continue
        request_ = {k: v for k, v in case.request.items()
                    if k not in ("win_tile", "win_type", "discarder")}
        result = waits(request_)
        if result["any_tile"]:
            continue
        by_tile = {entry["tile"]: entry for entry in result["waits"]}
        assert case.request["win_tile"] in by_tile, case.request
        entry = by_tile[case.request["win_tile"]]
        if case.request["win_type"] == "self_draw":
            direct = score(case.request)
            assert entry["self_draw"]["payments"] == direct["payments"], case.request


def test_bench_waits_requests_hold_three_wilds_and_13_tiles():
    bench, corpus = _bench_corpus()
    requests = bench.waits_requests(corpus)

    assert requests
    for request_ in requests:
        assert "win_tile" not in request_
        held = parse_tiles(request_["hand"])
        assert held.count(parse_tiles(request_.get("wild", "5z"))[0]) == 3
        assert len(held) + 3 * len(request_["melds"]) == 13
        waits(request_)  # accepted


def test_cai_piao_on_six_pairs_under_the_house_rule():
    """Under hangzhou_seven_pairs_bao_tou = yes six pairs and a lone 財神 stand 暴頭-ready,
    so 財飄 is accepted, as score accepts it (RULEBOOK §3)."""
    request = {"region": "hangzhou", "hand": "1133m5577p22s44z5z", "winner": "S", "dealer": "E",
               "house_rules": {"hangzhou_seven_pairs_bao_tou": "yes"},
               "context": {"cai_piao": 1}}
    result = waits(request)
    six_z = next(w for w in result["waits"] if w["tile"] == "6z")
    assert {p["key"] for p in six_z["self_draw"]["patterns"]} == {"qi_dui", "bao_tou",
                                                                 "cai_piao"}
    assert six_z["self_draw"]["payments"] == {"E": -16, "S": 32, "W": -8, "N": -8}
