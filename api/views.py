"""The JSON API (docs/API.md): score, waits and advice by POST, the rules catalogue by GET,
and the page that documents them."""

from functools import lru_cache

from django.http import HttpRequest, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt

from api.catalogue import catalogue
from api.json_body import BadJSONBody, api_error, errors_response, json_object_from_request
from api.ratelimit import rate_limited
from rules.answer import answer


def _method_not_allowed(request: HttpRequest, allow: list[str], instead: str):
    """The 405 of an API address asked with a method it does not take: one error on
    ``method`` naming the methods it does (``allow``, also the Allow header) and what to
    send ``instead`` (docs/API.md)."""
    return errors_response(
        [api_error("method", "method_not_allowed",
                   f"{request.method} is not allowed here; {instead}",
                   method=request.method, allow=allow)],
        status=405, headers={"Allow": ", ".join(allow)},
    )


# Exempt from CSRF as the endpoints are: a program that POSTs here by mistake gets the
# API's JSON 405, not the pages' "form expired" 403.
@csrf_exempt
def api_docs(request: HttpRequest):
    """GET /api/: the page that documents the API; any other method, the JSON 405."""
    if request.method not in ("GET", "HEAD"):
        endpoints = ", ".join(reverse(name) for name in ("api-score", "api-waits",
                                                         "api-advise"))
        return _method_not_allowed(
            request, ["GET", "HEAD"],
            f"this page documents the API: GET it to read, and POST JSON requests to "
            f"{endpoints}")
    return render(request, "api/docs.html")


def _json_api(request: HttpRequest, kind: str):
    """POST a JSON ``kind`` request ("score", "waits" or "advise", rules.answer): its
    answer, or 400/405 with ``errors`` naming what is wrong (docs/API.md)."""
    if request.method != "POST":
        return _method_not_allowed(request, ["POST"], f"POST a JSON {kind} request instead")
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
        return _method_not_allowed(request, ["GET", "HEAD"], "GET the rules instead")
    return JsonResponse(_catalogue(), json_dumps_params={"ensure_ascii": False})


@csrf_exempt
def not_found(request: HttpRequest, endpoints: list[str]):
    """Any other address under /api/, and /api itself: 404 with ``errors`` naming the
    address asked and the API's ``endpoints`` (their URL names), and the endpoint it
    would be without a trailing slash (docs/API.md, "Not found"). Only a GET or HEAD of
    /api goes on to the docs page, as Django's APPEND_SLASH would send it: a redirect
    would lose another method's body (and with DEBUG on, Django raises instead)."""
    if request.method in ("GET", "HEAD") and f"{request.path}/" == reverse("api-docs"):
        return HttpResponsePermanentRedirect(request.get_full_path(force_append_slash=True))
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
