"""Decoding JSON request bodies into a dict, with errors in the API's `errors` shape.

Shared by every JSON entry point (the API views and `manage.py score --json`), so
that a bad body reads the same wherever it is sent.
"""

import json
import re
from collections.abc import Mapping, Sequence

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse

from rules.answer import listed_errors
from rules.regions import REGIONS

JSON_CONTENT_TYPE = "application/json"

# The codes of the API's own errors (docs/API.md), beside the engine's (rules.problems):
# what is wrong with the body, the method or the rate, before the engine reads a request.
API_CODES = {
    "body_wrong_content_type": "the body is not sent as JSON (content_type)",
    "body_too_large": "the body is over the size limit (limit)",
    "body_empty": "no JSON in the body",
    "body_length_required": "a body sent in chunks to a server that cannot read them",
    "body_chunks_malformed": "a body sent in chunks whose chunks cannot be read",
    "body_not_utf8": "the body is not UTF-8",
    "body_not_json": "the body is not valid JSON (detail, line, column)",
    "json_not_finite": "NaN or Infinity where a number goes (name)",
    "json_duplicate_key": "a key twice in one object (key)",
    "json_number_too_long": "a number with too many digits",
    "json_too_deep": "JSON nested too deeply",
    "too_many_errors": "more errors than an answer lists: the rest counted (count)",
    "text_not_encodable": "text with a lone UTF-16 surrogate, which no answer can echo "
                          "(field)",
    "body_not_object": "the top level is not an object (json_type)",
    "method_not_allowed": "an HTTP method the endpoint does not take (method, allow)",
    "rate_limited": "too many requests from one client (allowed, period, retry_after)",
    "cli_json_and_flags": "manage.py score given both --json and flags",
    "cli_nothing_to_score": "manage.py score given nothing to score",
    "cli_cannot_read": "manage.py score cannot read the file (path)",
}


def api_error(field: str, code: str, message: str, **params) -> dict:
    """One error of the API's own, in the shape of the engine's (docs/API.md)."""
    assert code in API_CODES, code
    return {"field": field, "message": message, "code": code, "params": params}


class BadJSONBody(Exception):
    """The body is not a JSON object; `.errors` is the API's list of {field, message,
    code, params}."""

    def __init__(self, message: str, *, field: str = "body", code: str = "body_not_json",
                 **params):
        super().__init__(message)
        self.errors = [api_error(field, code, message, **params)]


class _NotStrictJSON(ValueError):
    """JSON that Python accepts but the API does not."""

    def __init__(self, message: str, code: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params


def _reject_constant(name: str):
    raise _NotStrictJSON(f"{name} is not a JSON number; write a finite number instead",
                         "json_not_finite", name=name)


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict:
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise _NotStrictJSON(f'the key "{key}" appears twice in one object; keep only one',
                                 "json_duplicate_key", key=key)
        obj[key] = value
    return obj


def decode_json_object(raw: bytes | str, *, field: str = "body") -> dict:
    """Parse `raw` as strict JSON (no NaN, no duplicate keys) whose top level is an object."""
    if not raw.strip():
        raise BadJSONBody(
            'no JSON found (empty input); send a JSON object such as '
            f'{{"region": "{next(iter(REGIONS))}", …}}',
            field=field, code="body_empty",
        )
    try:
        value = json.loads(
            raw, parse_constant=_reject_constant, object_pairs_hook=_reject_duplicate_keys
        )
    except UnicodeDecodeError as error:
        raise BadJSONBody("not UTF-8 text; send JSON encoded as UTF-8", field=field,
                          code="body_not_utf8") from error
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
    except RecursionError as error:
        raise BadJSONBody(
            "nested too deeply; a score request is a flat JSON object", field=field,
            code="json_too_deep",
        ) from error
    _refuse_lone_surrogates(value, field)
    if not isinstance(value, dict):
        raise BadJSONBody(
            f"the top level is a JSON {_json_type(value)}, not an object;"
            " send a JSON object {…} holding the request keys",
            field=field, code="body_not_object", json_type=_json_type(value),
        )
    return value


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_lone_surrogates(value: object, field: str) -> None:
    """A JSON string may spell half of a UTF-16 pair ("\\ud800"): Python then holds a
    lone surrogate, which no UTF-8 answer can carry back. Refused here, naming the
    request key it is under, before any message could echo it."""
    pending = [(field if not isinstance(value, dict) else None, value)]
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


def json_object_from_request(request: HttpRequest) -> dict:
    """The request's body as a dict; raises BadJSONBody for a wrong type, size or syntax."""
    if request.content_type != JSON_CONTENT_TYPE:
        sent = request.content_type or "no Content-Type"
        raise BadJSONBody(
            f"the body must be JSON, but the request says {sent}; "
            f'send the header "Content-Type: {JSON_CONTENT_TYPE}"',
            code="body_wrong_content_type", content_type=request.content_type or None,
        )
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        raw = _chunked_body(request, limit) if _is_chunked(request) else request.body
    except RequestDataTooBig:
        raw = None
    if raw is None or len(raw) > limit:
        raise BadJSONBody(
            f"the body is larger than {limit} bytes ({limit // 1024} KiB);"
            " send one score request of a few hundred bytes",
            code="body_too_large", limit=limit,
        )
    return decode_json_object(raw)


def _is_chunked(request: HttpRequest) -> bool:
    return ("chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
            and not request.META.get("CONTENT_LENGTH"))


def _chunked_body(request: HttpRequest, limit: int) -> bytes | None:
    """A body sent in chunks (no Content-Length): Django reads it as empty, so it is read
    from the server's stream here, up to the limit, where the server says the stream
    ends with the body (``wsgi.input_terminated``: gunicorn). Otherwise the client is
    told to send the length."""
    stream = request.META.get("wsgi.input")
    if not request.META.get("wsgi.input_terminated") or stream is None:
        raise BadJSONBody("this server cannot read a body sent in chunks; send it with a "
                          "Content-Length header", code="body_length_required")
    try:
        raw = stream.read(limit + 1)
    except Exception:  # gunicorn's own parse errors (a chunk size such as "zz") and I/O
        raise BadJSONBody("the body's chunks could not be read: send it with a "
                          "Content-Length header, or as well-formed chunks",
                          code="body_chunks_malformed") from None
    return None if len(raw) > limit else raw


def errors_response(errors: Sequence[Mapping], *, status: int = 400, headers=None) -> JsonResponse:
    """The 400 (or 405, 429) answer: at most rules.answer.MAX_ERRORS errors, then one
    that counts the rest, so that a body of thousands of unknown keys gets a short
    answer."""
    listed = listed_errors(errors)
    return JsonResponse(
        {"errors": listed},
        status=status,
        headers=headers,
        json_dumps_params={"ensure_ascii": False},
    )


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
