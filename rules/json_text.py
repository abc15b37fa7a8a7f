"""A JSON text read strictly into a request object, with its problems in the API's
``errors`` shape (docs/API.md, "The HTTP layer's own" codes).

One decoder for every door a request comes in by: the API's views and ``manage.py score
--json`` (through ``api/json_body.py``, which first checks what only HTTP has: the content
type, the size, a body sent in chunks) and the browser's offline engine
(``rules.answer.answer_json``), so that a bad body is answered alike online and offline.
Pure Python, no Django.
"""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn

from .problems import ErrorEntry, shortened
from .regions import REGIONS

# The codes of a JSON text's problems (docs/API.md lists them among the API's own,
# ``api.json_body.API_CODES``, which holds these too).
JSON_CODES: dict[str, str] = {
    "body_empty": "no JSON in the body",
    "body_not_utf8": "the body is not UTF-8",
    "body_not_json": "the body is not valid JSON (detail, line, column)",
    "json_not_finite": "NaN or Infinity where a number goes (name)",
    "json_duplicate_key": "a key twice in one object (key)",
    "json_number_too_long": "a number with too many digits",
    "json_too_deep": "JSON nested too deeply (limit)",
    "text_not_encodable": "text with a lone UTF-16 surrogate, which no answer can echo "
                          "(field)",
    "body_not_object": "the top level is not an object (json_type)",
}


# Arrays and objects inside one another, at most (a request needs 4: context, claims, a
# claim). Checked before the text is parsed, so that every runtime refuses the same
# texts: Python's own limit is not the same in CPython and in Pyodide, where a few
# thousand levels exhaust the browser's stack.
MAX_DEPTH = 100


class BadJSONBody(ValueError):
    """A body that is no JSON object (or, from ``api.json_body``, that HTTP brought
    wrongly); ``errors`` is the answer's list of one ``{field, message, code, params}``."""

    def __init__(self, message: str, *, field: str = "body", code: str = "body_not_json",
                 **params: Any):
        super().__init__(message)
        self.errors: list[ErrorEntry] = [
            {"field": field, "message": message, "code": code, "params": params}]


class _NotStrictJSON(ValueError):
    """JSON that Python accepts but the API does not."""

    def __init__(self, message: str, code: str, **params: Any):
        super().__init__(message)
        self.code = code
        self.params = params


def _reject_constant(name: str) -> NoReturn:
    raise _NotStrictJSON(f"{name} is not a JSON number; write a finite number instead",
                         "json_not_finite", name=name)


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _NotStrictJSON(f'the key "{shortened(key)}" appears twice in one object; '
                                 "keep only one", "json_duplicate_key", key=shortened(key))
        obj[key] = value
    return obj


def decode_json_object(raw: bytes | str, *, field: str = "body") -> dict[str, Any]:
    """Parse `raw` as strict JSON (no NaN, no duplicate keys) whose top level is an object;
    raises BadJSONBody, on ``field``, for anything else."""
    if not raw.strip():
        raise BadJSONBody(
            'no JSON found (empty input); send a JSON object such as '
            f'{{"region": "{next(iter(REGIONS))}", …}}',
            field=field, code="body_empty",
        )
    try:
        text = raw if isinstance(raw, str) else raw.decode(json.detect_encoding(raw),
                                                           "surrogatepass")
    except UnicodeDecodeError as error:
        raise BadJSONBody("not UTF-8 text; send JSON encoded as UTF-8", field=field,
                          code="body_not_utf8") from error
    if _too_deep(text):
        raise BadJSONBody(
            "nested too deeply; a score request is a flat JSON object", field=field,
            code="json_too_deep", limit=MAX_DEPTH,
        )
    try:
        value = json.loads(
            text, parse_constant=_reject_constant, object_pairs_hook=_reject_duplicate_keys
        )
    except json.JSONDecodeError as error:
        raise BadJSONBody(
            f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno});"
            " check quotes, commas and brackets",
            field=field, code="body_not_json", detail=error.msg, line=error.lineno,
            column=error.colno,
        ) from error
    except _NotStrictJSON as error:
        raise BadJSONBody(str(error), field=field, code=error.code, **error.params) from error
    except ValueError as error:  # Python's limit on the digits of an integer
        raise BadJSONBody(
            "a number has too many digits; numbers in a score request are small", field=field,
            code="json_number_too_long",
        ) from error
    _refuse_lone_surrogates(value, field)
    if not isinstance(value, dict):
        raise BadJSONBody(
            f"the top level is a JSON {_json_type(value)}, not an object;"
            " send a JSON object {…} holding the request keys",
            field=field, code="body_not_object", json_type=_json_type(value),
        )
    return value


# A JSON string, its escapes inside it; one never closed runs to the end of the text, so
# the text is gone through once however its quotes fall (a required closing quote would
# make every quote of an unclosed run scan to the end again: 64 KB, some 40 s of work).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def _too_deep(text: str) -> bool:
    """Whether arrays and objects nest deeper than MAX_DEPTH (brackets in strings aside)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_lone_surrogates(value: object, field: str) -> None:
    """A JSON string may spell half of a UTF-16 pair ("\\ud800"): Python then holds a
    lone surrogate, which no UTF-8 answer can carry back. Refused here, naming the
    request key it is under, before any message could echo it."""
    pending: list[tuple[str | None, object]] = [
        (field if not isinstance(value, dict) else None, value)]
    while pending:
        key, item = pending.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item):
                name = key if key is not None and not _LONE_SURROGATE.search(key) else field
                raise BadJSONBody(
                    "the text holds a lone UTF-16 surrogate (an escape such as \\ud800 "
                    "without its pair); send real characters", field=name,
                    code="text_not_encodable")
        elif isinstance(item, dict):
            for inner_key, inner in item.items():
                top = key if key is not None else inner_key
                pending.append((top, inner_key))
                pending.append((top, inner))
        elif isinstance(item, list):
            pending.extend((key, inner) for inner in item)


def _json_type(value: object) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"
