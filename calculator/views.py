from django.http import HttpRequest, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from calculator.json_body import BadJSONBody, errors_response, json_object_from_request
from rules import InvalidRequest, score


def home(request: HttpRequest):
    return render(request, "calculator/home.html")


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
