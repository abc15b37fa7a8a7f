"""Reading JSON request bodies into a dict, with errors in the API's `errors` shape.

Shared by every JSON entry point (the API views and `manage.py score --json`), so
that a bad body reads the same wherever it is sent. What only HTTP has is checked here
(the content type, the size, a body sent in chunks); the JSON text itself is read by
`rules.json_text`, the decoder the browser's offline engine runs too.
"""

from collections.abc import Mapping, Sequence

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse

from rules.answer import listed_errors
from rules.json_text import JSON_CODES, BadJSONBody, decode_json_object

__all__ = ["API_CODES", "JSON_CONTENT_TYPE", "BadJSONBody", "api_error",
           "decode_json_object", "errors_response", "json_object_from_request"]

JSON_CONTENT_TYPE = "application/json"

# The codes of the API's own errors (docs/API.md), beside the engine's (rules.problems):
# what is wrong with the body, the method, the address or the rate, before the engine
# reads a request. Those of the JSON text itself are rules.json_text's.
API_CODES = {
    "body_wrong_content_type": "the body is not sent as JSON (content_type)",
    "body_too_large": "the body is over the size limit (limit)",
    "body_length_required": "a body sent in chunks to a server that cannot read them",
    "body_chunks_malformed": "a body sent in chunks whose chunks cannot be read",
    **JSON_CODES,
    "too_many_errors": "more errors than an answer lists: the rest counted (count)",
    "method_not_allowed": "an HTTP method the endpoint does not take (method, allow)",
    "not_found": "an address under /api/ that is no endpoint (path, endpoints, "
                 "did_you_mean)",
    "rate_limited": "too many requests from one client (allowed, period, retry_after)",
    "cli_json_and_flags": "manage.py score given both --json and flags",
    "cli_nothing_to_score": "manage.py score given nothing to score",
    "cli_cannot_read": "manage.py score cannot read the file (path)",
}


def api_error(field: str, code: str, message: str, **params) -> dict:
    """One error of the API's own, in the shape of the engine's (docs/API.md)."""
    assert code in API_CODES, code
    return {"field": field, "message": message, "code": code, "params": params}


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

