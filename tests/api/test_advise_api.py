"""POST /api/v1/advise and `manage.py advise`: the HTTP and command-line shells around
`rules.advise` (docs/API.md, "Learning: 向听 and 何切")."""

import io
import json
import sys

import pytest

from rules.answer import answer_json
from tests.helpers import post_json, run_command

URL = "/api/v1/advise"
SEATS = {"winner": "S", "dealer": "E"}
# The examples of docs/API.md
READY = {"region": "hangzhou", "hand": "123m456p789s234s7z", **SEATS}
WHICH_TILE = {"region": "jinhua", "wild": "5s", "hand": "123m456p789s23s77z9p",
              "seen": "1s1s 4s", **SEATS}


def test_a_ready_hand(client):
    response = post_json(client, URL, READY)

    assert response.status_code == 200
    result = response.json()
    assert (result["region"], result["tiles"], result["shanten"]) == ("hangzhou", 13, 0)
    assert result["improving"] == [{"tile": "5z", "unseen": 4, "shanten_after": -1},
                                   {"tile": "7z", "unseen": 3, "shanten_after": -1}]
    waits = client.post("/api/v1/waits", data=json.dumps(READY),
                        content_type="application/json").json()
    assert result["waits"] == waits


def test_which_tile_to_throw(client):
    result = post_json(client, URL, WHICH_TILE).json()

    assert (result["tiles"], result["shanten"]) == (14, 0)
    best = result["discards"][0]
    assert set(best) == {"discard", "shanten", "improving", "unseen_total", "best_value"}
    assert (best["discard"], best["shanten"]) == ("9p", 0)
    assert [(e["tile"], e["unseen"]) for e in best["improving"]] == [
        ("1s", 2), ("4s", 3), ("5s", 3)]  # 1s: two seen; 4s: one seen; 3 財神 in play
    assert best["unseen_total"] == 8
    assert best["best_value"] > 0
    assert all(d["best_value"] is None for d in result["discards"] if d["shanten"] > 0)
    assert [d["shanten"] for d in result["discards"]] == sorted(
        d["shanten"] for d in result["discards"])


def test_a_winning_hand_is_minus_one(client):
    result = post_json(client, URL, {**READY, "hand": "123m456p789s234s77z"}).json()

    assert result["shanten"] == -1


@pytest.mark.parametrize(("change", "field"), [
    ({"hand": "123m456p"}, "hand"),
    ({"hand": "123m456p789s2345s7z9p"}, "hand"),
    ({"seen": "7z7z7z7z"}, "seen"),
    ({"seen": ["7z"]}, "seen"),
    ({"win_tile": "7z"}, "win_tile"),
    ({"region": "shanghai"}, "region"),
    ({"colour": "red"}, "colour"),
])
def test_bad_requests_are_400(client, change, field):
    response = post_json(client, URL, {**READY, **change})

    assert response.status_code == 400
    assert field in [e["field"] for e in response.json()["errors"]]


def test_malformed_json_is_400(client):
    response = client.post(URL, data='{"region":', content_type="application/json")

    assert response.status_code == 400


def test_get_is_405(client):
    response = client.get(URL)

    assert response.status_code == 405
    assert response["Allow"] == "POST"


def test_the_offline_answer_is_the_same(client):
    offline = json.loads(answer_json("advise", json.dumps(WHICH_TILE)))

    assert offline == {"status": 200, "body": post_json(client, URL, WHICH_TILE).json()}



def test_cli_reads_a_json_file(tmp_path, client):
    request = tmp_path / "request.json"
    request.write_text(json.dumps(WHICH_TILE))

    status, out, err = run_command("advise", "--json", str(request))

    assert (status, err) == (0, "")
    assert json.loads(out) == post_json(client, URL, WHICH_TILE).json()


def test_cli_reads_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(READY)))

    status, out, _ = run_command("advise", "--json", "-")

    assert status == 0
    assert json.loads(out)["shanten"] == 0


def test_cli_invalid_input_exits_2(tmp_path):
    request = tmp_path / "request.json"
    request.write_text(json.dumps({**READY, "seen": "7z7z7z7z"}))

    status, out, err = run_command("advise", "--json", str(request))

    assert (status, out) == (2, "")
    assert err.startswith("seen: ")
