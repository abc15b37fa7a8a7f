"""POST /api/v1/score with ``"alternatives": "house_rules"`` (issue 28, docs/API.md): the
response also carries ``house_rule_alternatives``, the outcome under each other value of
each house rule that changes the hand; the offline engine answers the same.

Needs the option read by the score request (rules/request.py, rules/scoring.py: the hook
of /work/notes/h3_hook.md)."""

import json

import pytest

from rules import score
from rules.answer import answer_json
from rules.house_readings import house_rule_outcomes
from tests.helpers import post_json

URL = "/api/v1/score"
ROB_KONG = {"region": "honghe", "hand": "123m456p789s23s11z", "win_tile": "4s",
            "win_type": "rob_kong", "winner": "S", "dealer": "E", "discarder": "W",
            "wild": "9m"}
HANGZHOU_DISCARD = {"region": "hangzhou", "hand": "123m456p789s23s11z", "win_tile": "4s",
                    "win_type": "discard", "winner": "S", "dealer": "E", "discarder": "E",
                    "dealer_streak": 2}
ASKED = {"alternatives": "house_rules"}


def test_a_honghe_rob_kong_answers_with_its_three_other_readings(client):
    response = post_json(client, URL, {**ROB_KONG, **ASKED})

    assert response.status_code == 200
    result = response.json()
    assert result["payments"] == {"E": 0, "S": 3, "W": -3, "N": 0}
    assert [(a["rule"], a["value"], a["payments"]) for a in result["house_rule_alternatives"]] == [
        ("honghe_rob_kong", "robbed_pays_double", {"E": -1, "S": 4, "W": -2, "N": -1}),
        ("honghe_rob_kong", "as_discard", {"E": -0.5, "S": 2, "W": -1, "N": -0.5}),
        ("honghe_rob_kong", "robbed_pays_two_alone", {"E": 0, "S": 2, "W": -2, "N": 0}),
    ]


def test_the_option_only_adds_its_key(client):
    plain = post_json(client, URL, ROB_KONG).json()
    asked = post_json(client, URL, {**ROB_KONG, **ASKED}).json()

    assert "house_rule_alternatives" not in plain
    assert {k: v for k, v in asked.items() if k != "house_rule_alternatives"} == plain


def test_the_readings_are_the_engine_function_s(client):
    asked = post_json(client, URL, {**HANGZHOU_DISCARD, **ASKED}).json()

    assert asked["house_rule_alternatives"] == json.loads(json.dumps(
        house_rule_outcomes(HANGZHOU_DISCARD, score), ensure_ascii=False))
    assert [(a["rule"], a["value"], a["refused"]) for a in asked["house_rule_alternatives"]] == [
        ("hangzhou_scoring", "modern", True), ("hangzhou_discard", "never", True)]


def test_a_hand_no_other_reading_changes_lists_none(client):
    self_draw = {**ROB_KONG, "win_type": "self_draw", "discarder": None}

    assert post_json(client, URL, {**self_draw, **ASKED}).json()["house_rule_alternatives"] == []


@pytest.mark.parametrize("value", ["rules", True, ["house_rules"], {}])
def test_another_value_is_a_coded_400(client, value):
    response = post_json(client, URL, {**ROB_KONG, "alternatives": value})

    assert response.status_code == 400
    error, = response.json()["errors"]
    assert (error["field"], error["code"]) == ("alternatives", "choice_not_allowed")
    assert error["params"]["allowed"] == ["house_rules"]


def test_the_offline_engine_answers_the_same(client):
    body = json.dumps({**ROB_KONG, **ASKED})
    offline = json.loads(answer_json("score", body))

    online = post_json(client, URL, body).json()
    assert (offline["status"], offline["body"]) == (200, online)


@pytest.mark.django_db
def test_a_waits_request_refuses_the_option(client):
    """A wait's readings are not scored under other house rules: the key is unknown there."""
    response = client.post("/api/v1/waits", data={**ROB_KONG_WAITS, "alternatives": "house_rules"},
                           content_type="application/json")

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("alternatives", "unknown_key")


ROB_KONG_WAITS = {"region": "honghe", "hand": "234m456p789s11s45s", "winner": "S",
                  "dealer": "E", "wild": "9p"}
