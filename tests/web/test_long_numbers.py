"""A whole number too long for Python (int() refuses more than 4300 digits) typed into a
number field is a whole number all the same: the page says it is too large (or too small)
and the range, in the page's language, not "not a whole number" — on the server's forms
(calculator/field_errors.py) and in the offline engine (presentation/form.py) alike."""

import json

import pytest
from django.utils import translation

from calculator.forms import PracticeForm, ScoreForm
from presentation.form import number_message
from tests.offline_corpus import built_engine_answers

LANGUAGES = ["zh-hans", "zh-hant", "en"]
LONG = "1" * 5000
SCORE = {"region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "5z",
         "win_type": "self_draw", "winner": "E", "dealer": "E"}
LINKS = json.dumps({"tiles": {}, "calculator": "/", "waits": "/waits/"})


def score_errors(fields: dict, language: str) -> dict[str, list[str]]:
    with translation.override(language):
        form = ScoreForm(fields)
        assert form.score() is None
        return {name: [str(m) for m in messages] for name, messages in form.errors.items()}


def expected(code: str, limit: int, language: str) -> str:
    with translation.override(language):
        return number_message(code, whole=True) % {"limit_value": limit}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed, code, limit", [(LONG, "max_value", 3),
                                                ("-" + LONG, "min_value", 0),
                                                (LONG + ".0", "max_value", 3)])
def test_a_too_long_count_is_too_large_or_too_small_with_its_range(language, typed, code,
                                                                   limit):
    errors = score_errors({**SCORE, "cai_piao": typed}, language)

    assert errors["cai_piao"] == [expected(code, limit, language)]
    assert errors["cai_piao"] != [expected("invalid", 0, language)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_too_long_practice_total_is_too_large(language):
    with translation.override(language):
        form = PracticeForm({"region": "hangzhou", "seed": "1", "total": LONG,
                             **{f"pay_{seat}": "0" for seat in "ESWN"}})
        assert not form.is_valid()
        assert form.errors["total"] == [number_message("max_value", whole=True) % {
            "limit_value": 10**9}]


def test_text_that_is_no_number_is_still_not_a_whole_number():
    errors = score_errors({**SCORE, "cai_piao": "1x" + LONG}, "en")

    assert errors["cai_piao"] == [expected("invalid", 0, "en")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_offline_engine_says_the_same(engine, language):
    fields = [{**SCORE, "cai_piao": typed} for typed in (LONG, "-" + LONG, "1x")]
    calls = [["form", "score", json.dumps(f), language, LINKS] for f in fields]

    answers = [json.loads(answer) for answer in built_engine_answers(calls, engine)]

    for field_values, answer in zip(fields, answers, strict=True):
        assert answer["field_errors"] == score_errors(field_values, language)
    said = [answer["field_errors"]["cai_piao"] for answer in answers]
    assert said == [[expected("max_value", 3, language)], [expected("min_value", 0, language)],
                    [expected("invalid", 0, language)]]
