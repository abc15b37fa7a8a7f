"""Every problem the engine reports carries a stable code and its params beside the
English message (rules/problems.py, docs/API.md "Errors — 400"): one bad request per
code gives that code on its field with its params; the not-winning reason and the near
misses have theirs; and every code the registry lists is met by a case here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules import InvalidRequest, score, waits
from rules.problems import ALL_CODES, CODES, NEAR_MISS_CODES, REASON_CODES
from rules.settle import settle
from tests.problem_cases import ERRORS, NEAR_MISSES, REASONS

API_MD = Path(__file__).resolve().parents[2] / "docs" / "API.md"


def errors_of(case):
    with pytest.raises(InvalidRequest) as caught:
        {"score": score, "waits": waits, "settle": settle}[case.api](case.request)
    return caught.value.errors


@pytest.mark.parametrize("case", ERRORS, ids=lambda c: c.id)
def test_a_bad_request_gives_its_code_and_params(case):
    errors = errors_of(case)
    for error in errors:
        assert set(error) == {"field", "message", "code", "params"}, error
        assert error["code"] in CODES, error
        assert isinstance(error["message"], str) and error["message"].strip()
        json.dumps(error["params"])  # JSON values only
    matching = [e for e in errors if e["code"] == case.code]
    assert matching, f"no {case.code} in {errors}"
    error = matching[0]
    assert error["field"] == case.field, error
    for key, value in case.params.items():
        assert error["params"].get(key) == value, (key, error)


@pytest.mark.parametrize("case", REASONS, ids=lambda c: c.id)
def test_a_hand_that_does_not_win_gives_its_reason_code(case):
    response = score(case.request)
    assert response["winning"] is False
    assert response["reason_code"] == case.code
    assert response["reason"].startswith("not a winning hand")  # unchanged for API clients
    params = response["reason_params"]
    json.dumps(params)
    assert params["unmatched"] == response["unmatched"]
    for key, value in case.params.items():
        assert params[key] == value, (key, params)


@pytest.mark.parametrize("case", NEAR_MISSES, ids=lambda c: c.id)
def test_a_near_miss_gives_its_code_and_params(case):
    response = score(case.request)
    assert response["winning"] is True
    found = [n for n in response["near_misses"] if n["code"] == case.code]
    assert found, response["near_misses"]
    for entry in response["near_misses"]:
        assert entry["code"] in NEAR_MISS_CODES
        json.dumps(entry["params"])
        assert entry["reason_zh"] and entry["reason_en"]  # the old fields stay
    for key, value in case.params.items():
        assert found[0]["params"][key] == value, (key, found[0])


def test_every_code_has_a_case():
    """The registry and the cases agree: a code nobody can produce is dead, a code with no
    case is untested (and the web test then cannot render it)."""
    cased = {c.code for c in ERRORS + REASONS + NEAR_MISSES}
    assert cased == set(ALL_CODES)
    assert len(cased) == len(ERRORS) + len(REASONS) + len(NEAR_MISSES)


def test_the_codes_are_snake_case_and_distinct():
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", code) for code in ALL_CODES)
    assert len(ALL_CODES) == len(CODES) + len(REASON_CODES) + len(NEAR_MISS_CODES)


def test_api_md_lists_every_code():
    text = API_MD.read_text()
    missing = [code for code in sorted(ALL_CODES) if f"`{code}`" not in text]
    assert not missing, missing


def test_the_hand_count_says_what_is_missing_or_over():
    """A short hand is told how many tiles are missing (not to take the winning tile
    out); a long one, how many are over."""
    short = errors_of(ERRORS[[c.code for c in ERRORS].index("hand_too_few_tiles")])
    assert "1 tile is missing" in short[0]["message"]
    assert "Do not include the winning tile" not in short[0]["message"]
    long = errors_of(ERRORS[[c.code for c in ERRORS].index("hand_too_many_tiles")])
    assert "1 tile too many" in long[0]["message"]
    assert "winning tile in 'hand'" in long[0]["message"]
