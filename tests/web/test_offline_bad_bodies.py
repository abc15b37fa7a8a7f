"""A bad body, answered by the offline engine as built (Pyodide under node, as the
browser's worker runs rules.answer.answer_json) and by the server: the same 400, to the
byte (one decoder, rules/json_text.py). Pyodide's own limits are not CPython's: a body
nested a few thousand deep once read there, or stopped the worker."""

import json
import os
from pathlib import Path

import pytest

from tests.helpers import post_json
from tests.offline_corpus import build_script

BUILT = Path(__file__).resolve().parents[2] / "build" / "offline"
HANGZHOU = {"region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
            "win_type": "self_draw", "winner": "S", "dealer": "E"}
BAD_BODIES = [
    json.dumps(HANGZHOU)[:-1] + ', "base": 1, "base": 2}',
    '{"region": "hangzhou",',
    json.dumps(HANGZHOU)[:-1] + ', "base": NaN}',
    json.dumps(HANGZHOU)[:-1] + ', "base": 1' + "0" * 5000 + "}",
    '{"a": ' + "[" * 1100 + "]" * 1100 + "}",
    "[" * 10_000 + "]" * 10_000,
    json.dumps([HANGZHOU]),
    json.dumps({**HANGZHOU, "hand": "\ud800"}),
    " ",
]


@pytest.fixture(scope="module")
def script():
    module = build_script()
    if not module.can_run_pyodide() or not (BUILT / "pyodide" / module.STDLIB).is_file():
        if os.environ.get("CI"):
            pytest.fail("CI must build the offline runtime (make offline)")
        pytest.skip("the offline runtime is not built (make offline: npm ci, node)")
    return module


def test_the_built_engine_answers_a_bad_body_as_the_server(script, client, tmp_path):
    calls = [["api", "score", body] for body in BAD_BODIES]
    script.in_pyodide(script.ANSWER_JOB, {"modules": [], "calls": calls},
                      runtime=BUILT / "pyodide", engine=BUILT / "engine" / "rules.zip",
                      work=tmp_path)
    offline = json.loads((tmp_path / "answers.json").read_text(encoding="utf-8"))

    for body, answer in zip(BAD_BODIES, offline, strict=True):
        server = post_json(client, "/api/v1/score", body)
        assert server.status_code == 400, body[:40]
        assert answer == json.dumps({"status": 400, "body": server.json()},
                                    ensure_ascii=False, sort_keys=True), body[:40]
