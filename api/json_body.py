"""Decoding JSON request bodies into a dict, with errors in the API's `errors` shape.

Shared by every JSON entry point (the API views and `manage.py score --json`), so
that a bad body reads the same wherever it is sent.
"""

import json

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse

from rules.regions import REGIONS

JSON_CONTENT_TYPE = "application/json"


class BadJSONBody(Exception):
    """The body is not a JSON object; `.errors` is the API's list of {field, message}."""

    def __init__(self, message: str, *, field: str = "body"):
        super().__init__(message)
        self.errors = [{"field": field, "message": message}]


class _NotStrictJSON(ValueError):
    """JSON that Python accepts but the API does not."""


def _reject_constant(name: str):
    raise _NotStrictJSON(f"{name} is not a JSON number; write a finite number instead")


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict:
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise _NotStrictJSON(f'the key "{key}" appears twice in one object; keep only one')
        obj[key] = value
    return obj


def decode_json_object(raw: bytes | str, *, field: str = "body") -> dict:
    """Parse `raw` as strict JSON (no NaN, no duplicate keys) whose top level is an object."""
    if not raw.strip():
        raise BadJSONBody(
            'no JSON found (empty input); send a JSON object such as '
            f'{{"region": "{next(iter(REGIONS))}", …}}',
            field=field,
        )
    try:
        value = json.loads(
            raw, parse_constant=_reject_constant, object_pairs_hook=_reject_duplicate_keys
        )
    except UnicodeDecodeError as error:
        raise BadJSONBody("not UTF-8 text; send JSON encoded as UTF-8", field=field) from error
    except json.JSONDecodeError as error:
        raise BadJSONBody(
            f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno});"
            " check quotes, commas and brackets",
            field=field,
        ) from error
    except _NotStrictJSON as error:
        raise BadJSONBody(str(error), field=field) from error
    except ValueError as error:  # Python's limit on the digits of an integer
        raise BadJSONBody(
            "a number has too many digits; numbers in a score request are small", field=field
        ) from error
    except RecursionError as error:
        raise BadJSONBody(
            "nested too deeply; a score request is a flat JSON object", field=field
        ) from error
    if not isinstance(value, dict):
        raise BadJSONBody(
            f"the top level is a JSON {_json_type(value)}, not an object;"
            " send a JSON object {…} holding the request keys",
            field=field,
        )
    return value


def json_object_from_request(request: HttpRequest) -> dict:
    """The request's body as a dict; raises BadJSONBody for a wrong type, size or syntax."""
    if request.content_type != JSON_CONTENT_TYPE:
        sent = request.content_type or "no Content-Type"
        raise BadJSONBody(
            f"the body must be JSON, but the request says {sent}; "
            f'send the header "Content-Type: {JSON_CONTENT_TYPE}"'
        )
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        raw = request.body
    except RequestDataTooBig:
        raw = None
    if raw is None or len(raw) > limit:
        raise BadJSONBody(
            f"the body is larger than {limit} bytes ({limit // 1024} KiB);"
            " send one score request of a few hundred bytes"
        )
    return decode_json_object(raw)


def errors_response(errors: list[dict], *, status: int = 400, headers=None) -> JsonResponse:
    return JsonResponse(
        {"errors": errors},
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
