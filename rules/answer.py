"""The answer to one JSON request, as the API sends it and as the browser's offline
engine gives it (static/js/engine-worker.js runs this module under Pyodide): one
function, so that the answer offline is the answer online, to the byte."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .advise import advise
from .json_text import BadJSONBody, decode_json_object
from .request import InvalidRequest
from .scoring import score
from .waits import waits

ENGINES: dict[str, Callable[[Any], dict[str, Any]]] = {"score": score, "waits": waits,
                                                       "advise": advise}
MAX_ERRORS = 50  # an answer lists this many errors, then counts the rest


def listed_errors(errors: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """At most MAX_ERRORS errors, then one that counts the rest: a request with thousands
    of mistakes gets a short answer."""
    listed = list(errors[:MAX_ERRORS])
    if len(errors) > MAX_ERRORS:
        more = len(errors) - MAX_ERRORS
        listed.append({"field": "body", "message": f"and {more} more errors",
                       "code": "too_many_errors", "params": {"count": more}})
    return listed


def answer(kind: str, request: object) -> tuple[int, dict[str, Any]]:
    """``kind`` ("score", "waits" or "advise") of a decoded request: (200, the response) or
    (400, {"errors": [...]})."""
    try:
        return 200, ENGINES[kind](request)
    except InvalidRequest as invalid:
        return 400, {"errors": listed_errors(invalid.errors)}


def answer_json(kind: str, body: str) -> str:
    """The answer to a JSON text, as JSON with sorted keys: {"status": …, "body": …}.
    What the browser's worker calls; the comparison with CPython reads the same text.
    The text is read by the server's decoder (``rules.json_text``): a bad one is the
    server's 400, to the byte."""
    try:
        request = decode_json_object(body)
    except BadJSONBody as bad:
        status, result = 400, {"errors": listed_errors(bad.errors)}
    else:
        status, result = answer(kind, request)
    return json.dumps({"status": status, "body": result}, ensure_ascii=False,
                      sort_keys=True)
