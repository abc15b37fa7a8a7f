"""`manage.py score`: the command-line shell around `rules.score`."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import run_command

ROOT = Path(__file__).resolve().parents[2]

HANGZHOU_SELF_DRAW_FLAGS = [
    "--region=hangzhou",
    "--hand=123m456p789s234s7z",
    "--win=7z",
    "--win-type=self_draw",
    "--winner=S",
    "--dealer=E",
]



def test_scores_a_json_file(tmp_path, hangzhou_self_draw, hangzhou_self_draw_payments):
    request = tmp_path / "request.json"
    request.write_text(json.dumps(hangzhou_self_draw))

    status, out, err = run_command("score", "--json", str(request))

    assert (status, err) == (0, "")
    assert json.loads(out)["payments"] == hangzhou_self_draw_payments


def test_prints_indented_unescaped_json(tmp_path, hangzhou_self_draw):
    request = tmp_path / "request.json"
    request.write_text(json.dumps(hangzhou_self_draw))

    out = run_command("score", "--json", str(request))[1]

    assert out.startswith('{\n  "')
    assert "\\u" not in out


def test_scores_stdin(monkeypatch, hangzhou_self_draw, hangzhou_self_draw_payments):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hangzhou_self_draw)))

    status, out, _ = run_command("score", "--json", "-")

    assert status == 0
    assert json.loads(out)["payments"] == hangzhou_self_draw_payments


def test_scores_the_flag_form(hangzhou_self_draw_payments):
    status, out, err = run_command("score", *HANGZHOU_SELF_DRAW_FLAGS)

    assert (status, err) == (0, "")
    assert json.loads(out)["payments"] == hangzhou_self_draw_payments


def test_flag_form_builds_the_api_request(monkeypatch):
    seen = {}

    def fake_score(request):
        seen.update(request)
        return {"winning": False, "reason": "test"}

    monkeypatch.setattr("api.management.commands.score.score", fake_score)
    status, _, _ = run_command("score",
        *HANGZHOU_SELF_DRAW_FLAGS,
        "--melds=pung 555p",
        "--melds=ankong 1111z",
        "--discarder=N",
        "--dealer-streak=2",
        "--base=0.5",
        "--wild=5s",
    )

    assert status == 0
    assert seen == {
        "region": "hangzhou",
        "hand": "123m456p789s234s7z",
        "melds": ["pung 555p", "ankong 1111z"],
        "win_tile": "7z",
        "win_type": "self_draw",
        "winner": "S",
        "dealer": "E",
        "discarder": "N",
        "dealer_streak": 2,
        "base": 0.5,
        "wild": "5s",
    }


@pytest.mark.parametrize(
    "content, field",
    [('{"region": ', "--json"), ("[1, 2]", "--json"), ('{"region": "shanghai"}', "region")],
    ids=["malformed", "not-an-object", "invalid-request"],
)
def test_invalid_input_exits_2_with_errors_on_stderr(tmp_path, content, field):
    request = tmp_path / "request.json"
    request.write_text(content)

    status, out, err = run_command("score", "--json", str(request))

    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert lines
    assert all(": " in line for line in lines)
    assert any(line.startswith(f"{field}: ") for line in lines)


def test_missing_file_exits_2(tmp_path):
    status, _, err = run_command("score", "--json", str(tmp_path / "absent.json"))

    assert status == 2
    assert err.startswith("--json: cannot read")


def test_no_request_exits_2():
    status, _, err = run_command("score")

    assert status == 2
    assert err.startswith("--json: nothing to score")


def test_json_and_flags_together_exit_2(tmp_path):
    status, _, err = run_command("score", "--json", "-", "--region=hangzhou")

    assert status == 2
    assert "not both" in err


def test_real_process_reads_stdin_and_reports_exit_codes(
    hangzhou_self_draw, hangzhou_self_draw_payments
):
    def manage(stdin: str):
        return subprocess.run(
            [sys.executable, "manage.py", "score", "--json", "-"],
            input=stdin.encode(),
            capture_output=True,
            cwd=ROOT,
            timeout=60,
        )

    scored = manage(json.dumps(hangzhou_self_draw))
    assert scored.returncode == 0, scored.stderr.decode()
    assert json.loads(scored.stdout)["payments"] == hangzhou_self_draw_payments

    rejected = manage("not json")
    assert rejected.returncode == 2
    assert rejected.stdout == b""
    assert rejected.stderr.decode().startswith("--json: not valid JSON")
