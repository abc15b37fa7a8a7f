"""The JSON API (docs/API.md): score, waits and advice by POST, the rules catalogue by GET,
and the page that documents them."""

from functools import lru_cache

from django.http import HttpRequest, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt

from api.catalogue import catalogue
from api.json_body import BadJSONBody, api_error, errors_response, json_object_from_request
from api.ratelimit import rate_limited
from rules.answer import answer


def api_docs(request: HttpRequest):
    return render(request, "api/docs.html")


def _json_api(request: HttpRequest, kind: str):
    """POST a JSON ``kind`` request ("score", "waits" or "advise", rules.answer): its
    answer, or 400/405 with ``errors`` naming what is wrong (docs/API.md)."""
    if request.method != "POST":
        message = f"{request.method} is not allowed here; POST a JSON {kind} request instead"
        return errors_response(
            [api_error("method", "method_not_allowed", message, method=request.method,
                       allow=["POST"])],
            status=405, headers={"Allow": "POST"},
        )
    try:
        body = json_object_from_request(request)
    except BadJSONBody as error:
        return errors_response(error.errors)
    status, result = answer(kind, body)
    return JsonResponse(result, status=status, json_dumps_params={"ensure_ascii": False})


# The JSON APIs are exempt from CSRF: they serve other programs, with no cookies or
# session to protect.
@csrf_exempt
@rate_limited
def score_api(request: HttpRequest):
    """POST /api/v1/score: the score of one finished hand (docs/API.md)."""
    return _json_api(request, "score")


@csrf_exempt
@rate_limited
def waits_api(request: HttpRequest):
    """POST /api/v1/waits: every tile that completes a 13-tile hand, scored (docs/API.md)."""
    return _json_api(request, "waits")


@csrf_exempt
@rate_limited
def advise_api(request: HttpRequest):
    """POST /api/v1/advise: 向听 of a 13-tile hand and the draws that improve it, or every
    discard of a 14-tile hand, best first (docs/API.md)."""
    return _json_api(request, "advise")


@csrf_exempt
@rate_limited
def rules_api(request: HttpRequest):
    """GET /api/v1/rules: every region's patterns and house rules (docs/API.md)."""
    if request.method not in ("GET", "HEAD"):
        message = f"{request.method} is not allowed here; GET the rules instead"
        return errors_response([api_error("method", "method_not_allowed", message,
                                          method=request.method, allow=["GET", "HEAD"])],
                               status=405, headers={"Allow": "GET, HEAD"})
    return JsonResponse(_catalogue(), json_dumps_params={"ensure_ascii": False})


@csrf_exempt
def not_found(request: HttpRequest, endpoints: list[str]):
    """Any other address under /api/: 404 with ``errors`` naming the address asked and
    the API's ``endpoints`` (their URL names), and the endpoint it would be without a
    trailing slash (docs/API.md, "Not found")."""
    addresses = [reverse(name) for name in endpoints]
    without_slash = request.path.rstrip("/")
    did_you_mean = (without_slash if without_slash != request.path
                    and without_slash in addresses else None)
    parts = [f"there is no API endpoint at {request.path}"]
    if did_you_mean:
        parts.append(f"send it to {did_you_mean}, without the trailing slash")
    parts.append(f"the endpoints are {', '.join(addresses)} (documented at "
                 f"{reverse('api-docs')})")
    message = "; ".join(parts)
    return errors_response(
        [api_error("path", "not_found", message, path=request.path, endpoints=addresses,
                   did_you_mean=did_you_mean)],
        status=404)


@lru_cache(maxsize=1)
def _catalogue() -> dict:
    return catalogue()
