from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url, reswap, retarget

from calculator import rules_pages
from calculator.forms import ScoreForm, WaitsForm
from calculator.json_body import BadJSONBody, errors_response, json_object_from_request
from calculator.results import present, present_waits
from rules import InvalidRequest, score, waits
from rules.regions import REGIONS

PAGE = "calculator/calculator.html"
WAITS_PAGE = "calculator/waits.html"


# One URL answers a full page or an htmx partial: caches must tell them apart.
@vary_on_headers("HX-Request", "HX-Trigger-Name")
def home(request: HttpRequest):
    """The calculator. The form is sent by GET, so a result's query string is its permalink.
    htmx asks for one partial: the region's fields, the result, or the form with errors."""
    form = ScoreForm(request.GET or None)
    partial = request.htmx and not request.htmx.history_restore_request
    if partial and request.htmx.trigger_name == "region":
        return render(request, f"{PAGE}#region-fields", {"form": form})
    response = form.score()
    context = {"form": form, "result": response and present(response, form.to_request())}
    if not partial:
        return render(request, PAGE, context)
    if form.errors:
        # Django marks each widget with an error aria-invalid: show the first one.
        form_with_errors = render(request, f"{PAGE}#score-form", context)
        return reswap(retarget(form_with_errors, "#score-form"),
                      "outerHTML show:[aria-invalid=true]:top")
    return push_url(render(request, f"{PAGE}#result", context), form.permalink())


@vary_on_headers("HX-Request", "HX-Trigger-Name")
def waits_page(request: HttpRequest):
    """/waits/: what a 13-tile hand waits on (聽牌), each wait scored. A GET form like the
    calculator's, answered as a whole page or, for htmx, as one partial."""
    form = WaitsForm(request.GET or None)
    partial = request.htmx and not request.htmx.history_restore_request
    if partial and request.htmx.trigger_name == "region":
        return render(request, f"{WAITS_PAGE}#region-fields", {"form": form})
    response = form.waits()
    context = {"form": form, "result": response and present_waits(response, form)}
    if not partial:
        return render(request, WAITS_PAGE, context)
    if form.errors:
        form_with_errors = render(request, f"{WAITS_PAGE}#waits-form", context)
        return reswap(retarget(form_with_errors, "#waits-form"),
                      "outerHTML show:[aria-invalid=true]:top")
    return push_url(render(request, f"{WAITS_PAGE}#result", context), form.permalink())


def api_docs(request: HttpRequest):
    return render(request, "calculator/api.html")


def _json_api(request: HttpRequest, engine, what: str):
    """POST a JSON request to ``engine`` (a ``rules`` function): its answer, or 400/405
    with ``errors`` naming what is wrong (docs/API.md)."""
    if request.method != "POST":
        message = f"{request.method} is not allowed here; POST a JSON {what} request instead"
        return errors_response(
            [{"field": "method", "message": message}], status=405, headers={"Allow": "POST"}
        )
    try:
        result = engine(json_object_from_request(request))
    except (BadJSONBody, InvalidRequest) as error:
        return errors_response(error.errors)
    return JsonResponse(result, json_dumps_params={"ensure_ascii": False})


# The JSON APIs are exempt from CSRF: they serve other programs, with no cookies or
# session to protect.
@csrf_exempt
def score_api(request: HttpRequest):
    """POST /api/v1/score: the score of one finished hand (docs/API.md)."""
    return _json_api(request, score, "score")


def rules_overview(request: HttpRequest):
    """/rules/: the three regions side by side — patterns, payments, house rules."""
    return render(request, "calculator/rules.html",
                  {"sections": rules_pages.comparison(), "regions": rules_pages.summaries()})


def rules_region(request: HttpRequest, region: str):
    """/rules/<region>/: every pattern of one region with example hands scored live."""
    if region not in REGIONS:
        raise Http404(f"no region {region!r}")
    summary = next(s for s in rules_pages.summaries() if s.key == region)
    return render(request, "calculator/rules_region.html",
                  {"region": summary, "patterns": rules_pages.patterns(region),
                   "others": [s for s in rules_pages.summaries() if s.key != region]})


@csrf_exempt
def waits_api(request: HttpRequest):
    """POST /api/v1/waits: every tile that completes a 13-tile hand, scored (docs/API.md)."""
    return _json_api(request, waits, "waits")
