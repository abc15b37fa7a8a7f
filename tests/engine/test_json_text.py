"""A JSON text read strictly (rules/json_text.py), the one decoder of the API's views, the
command line and the browser's offline engine: each bad text gets its code, and the
depth of nesting is the decoder's own limit, the same on every runtime (CPython's
recursion limit is not Pyodide's)."""

import json

import pytest

from rules.json_text import _STRING, JSON_CODES, MAX_DEPTH, BadJSONBody, decode_json_object


def nested(depth: int) -> str:
    """An object holding arrays, ``depth`` levels in all."""
    return '{"a": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"


TEXTS = [  # (text, the code it is refused with, or None: read)
    ('{"region": "hangzhou"}', None),
    (b'{"region": "hangzhou"}', None),
    ('{"region": "hangzhou"}'.encode("utf-16"), None),  # as json.loads reads bytes
    (nested(MAX_DEPTH), None),
    (nested(MAX_DEPTH + 1), "json_too_deep"),
    (nested(1100), "json_too_deep"),  # CPython's own limit is about 1000, Pyodide's more
    ("[" * 10_000 + "]" * 10_000, "json_too_deep"),  # Pyodide: past the browser's stack
    (json.dumps({"hand": "[" * 500 + "{" * 500}), None),  # brackets in a string
    (json.dumps({"hand": '\\"[' * 200}), None),  # and escaped quotes inside it
    ('{"a": 1, "a": 2}', "json_duplicate_key"),
    ('{"a": NaN}', "json_not_finite"),
    ('{"a": -Infinity}', "json_not_finite"),
    ('{"a": 1' + "0" * 5000 + "}", "json_number_too_long"),
    ('{"a": ', "body_not_json"),
    ("[]", "body_not_object"),
    ('{"hand": "\\ud800"}', "text_not_encodable"),
    (b'{"a": "\xff"}', "body_not_utf8"),
    ("  ", "body_empty"),
]


@pytest.mark.parametrize("text, code", TEXTS, ids=lambda v: repr(v)[:40])
def test_a_json_text_is_read_or_refused_with_its_code(text, code):
    if code is None:
        assert isinstance(decode_json_object(text), dict)
        return
    with pytest.raises(BadJSONBody) as refused:
        decode_json_object(text)
    [error] = refused.value.errors
    # a lone surrogate is refused on the request key it is under
    assert (error["field"], error["code"]) == (
        "hand" if code == "text_not_encodable" else "body", code)
    assert code in JSON_CODES


def test_too_deep_says_the_limit():
    with pytest.raises(BadJSONBody) as refused:
        decode_json_object(nested(MAX_DEPTH + 1), field="--json")

    assert refused.value.errors == [{
        "field": "--json", "code": "json_too_deep", "params": {"limit": MAX_DEPTH},
        "message": "nested too deeply; a score request is a flat JSON object"}]


def test_an_unclosed_string_is_gone_through_once():
    """Brackets are counted outside strings; a string never closed runs to the end of
    the text in one match, so a body of quotes and backslashes costs one pass, not one
    pass per quote (a 64 KB body of them took some 40 s)."""
    unclosed = '"\\' * 20_000
    [string] = _STRING.findall(unclosed)  # all of it, its last lone backslash aside
    assert string == unclosed[:-1]
    with pytest.raises(BadJSONBody) as refused:
        decode_json_object("[" * (MAX_DEPTH + 1) + unclosed)
    assert refused.value.errors[0]["code"] == "json_too_deep"


def test_a_long_key_twice_is_named_shortened():
    key = "k" * 600
    with pytest.raises(BadJSONBody) as refused:
        decode_json_object(f'{{"{key}": 1, "{key}": 2}}')
    [error] = refused.value.errors
    assert error["params"] == {"key": "k" * 23 + "…"}
    assert len(error["message"]) < 100
