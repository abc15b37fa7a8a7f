"""The offline corpus (tests/offline_corpus.py), which the offline build checks the
trimmed browser runtime against (scripts/build_offline.py): it holds a bad body of each
kind the strict JSON reader refuses (rules/json_text.py), so that the build's own check
covers the reader's refusals too, not only requests."""

import json

import pytest

from tests.offline_corpus import corpus

REFUSED = ["json_duplicate_key", "body_not_json", "json_not_finite", "json_too_deep",
           "text_not_encodable"]


@pytest.mark.parametrize("code", REFUSED)
def test_the_corpus_holds_a_body_the_json_reader_refuses(code):
    answers = [json.loads(answer) for _kind, _text, answer in corpus()]

    assert any(answer["status"] == 400 and answer["body"]["errors"][0]["code"] == code
               for answer in answers)

