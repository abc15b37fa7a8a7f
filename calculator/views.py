from django.http import HttpRequest, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url, reswap, retarget

from calculator.forms import ScoreForm
from calculator.json_body import BadJSONBody, errors_response, json_object_from_request
from calculator.results import present
from rules import InvalidRequest, score

PAGE = "calculator/calculator.html"


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


def api_docs(request: HttpRequest):
    return render(request, "calculator/api.html")


# Exempt from CSRF: a JSON API for other programs, with no cookies or session to protect.
@csrf_exempt
def score_api(request: HttpRequest):
    if request.method != "POST":
        message = f"{request.method} is not allowed here; POST a JSON score request instead"
        return errors_response(
            [{"field": "method", "message": message}], status=405, headers={"Allow": "POST"}
        )
    try:
        result = score(json_object_from_request(request))
    except (BadJSONBody, InvalidRequest) as error:
        return errors_response(error.errors)
    return JsonResponse(result, json_dumps_params={"ensure_ascii": False})
