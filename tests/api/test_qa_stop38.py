"""What a QA pass found in the JSON API (docs/API.md): the addresses /api and /api/ answer
other methods in JSON, not with Django's redirect, 500 or CSRF page; an unreadable
``house_rules`` is shown an example of the request's own region; a ``base`` too large
for a float is out of range, not "not a number"; and the body's encodings are what
docs/API.md says."""

import json
from pathlib import Path

import pytest
from django.test import Client

from rules.answer import answer
from rules.regions import REGIONS
from tests.helpers import post_json

ENDPOINTS = ["/api/v1/score", "/api/v1/waits", "/api/v1/advise", "/api/v1/rules"]
WRITES = ["post", "put", "patch", "delete"]
HANGZHOU = {"region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
            "win_type": "self_draw", "winner": "S", "dealer": "E"}


@pytest.fixture(params=[False, True], ids=["production", "development"])
def api_client(request, settings):
    """A client that checks CSRF as a browser-less program meets it, with DEBUG off (as
    production runs) and on (as `make run` does: APPEND_SLASH then raises on a POST)."""
    settings.DEBUG = request.param
    return Client(enforce_csrf_checks=True, raise_request_exception=False)


def only_error(response, status):
    assert response.status_code == status, response.content[:200]
    assert response["Content-Type"] == "application/json"
    [error] = response.json()["errors"]
    return error


# --- 1. /api and /api/ in JSON, whatever the method ---

@pytest.mark.parametrize("method", WRITES)
def test_api_without_slash_is_the_json_404_for_any_write(api_client, method):
    response = getattr(api_client, method)("/api", data="{}", content_type="application/json")

    error = only_error(response, 404)
    assert (error["field"], error["code"]) == ("path", "not_found")
    assert error["params"] == {"path": "/api", "endpoints": ENDPOINTS, "did_you_mean": None}


@pytest.mark.parametrize("method, query, location", [
    ("get", "", "/api/"),
    ("head", "", "/api/"),
    ("get", "lang=en", "/api/?lang=en"),
])
def test_api_without_slash_sends_a_reader_to_the_docs(api_client, method, query, location):
    response = getattr(api_client, method)("/api", QUERY_STRING=query)

    assert response.status_code == 301
    assert response["Location"] == location
    assert api_client.get(location).status_code == 200


@pytest.mark.parametrize("method", WRITES)
def test_the_docs_page_answers_other_methods_with_the_json_405(api_client, method):
    response = getattr(api_client, method)("/api/", data="{}", content_type="application/json")

    error = only_error(response, 405)
    assert response["Allow"] == "GET, HEAD"
    assert (error["field"], error["code"]) == ("method", "method_not_allowed")
    assert error["params"] == {"method": method.upper(), "allow": ["GET", "HEAD"]}
    assert all(endpoint in error["message"] for endpoint in ENDPOINTS[:3])


# --- 2. house_rules that is no object: an example of the request's region ---

@pytest.mark.parametrize("value", [[], "classic", 1, None, True], ids=repr)
@pytest.mark.parametrize("region, wild", [("honghe", "9m"), ("hangzhou", None),
                                          ("jinhua", "6s"), ("nowhere", None)])
def test_house_rules_not_an_object_shows_a_rule_of_the_request_region(region, wild, value):
    request = {**HANGZHOU, "region": region, "house_rules": value}
    if wild:
        request["wild"] = wild
    status, result = answer("score", request)

    assert status == 400
    [error] = [e for e in result["errors"] if e["field"] == "house_rules"]
    assert error["code"] == "house_rules_not_object"
    rules = REGIONS[region].house_rules if region in REGIONS else next(
        iter(REGIONS.values())).house_rules
    example = {rule.key: rule.values for rule in rules}
    assert error["params"]["key"] in example
    assert error["params"]["value"] in example[error["params"]["key"]]
    assert f'{{"{error["params"]["key"]}": "{error["params"]["value"]}"}}' in error["message"]


# --- 3. a base too large for a float is a number out of range ---

@pytest.mark.parametrize("base_text, code, value", [
    ("1e999999", "base_out_of_range", "inf"),
    ("-1e999999", "base_out_of_range", "-inf"),
    ("1e400", "base_out_of_range", "inf"),
    ("2000000", "base_out_of_range", 2000000),
    ("0", "base_out_of_range", 0),
    ("0.5", None, None),
    ("1000000", None, None),
    ('"1"', "base_not_number", "1"),
    ("NaN", "json_not_finite", None),  # not JSON: the body is refused before the base
])
def test_a_base_beyond_a_float_is_out_of_range(client, base_text, code, value):
    body = json.dumps(HANGZHOU)[:-1] + f', "base": {base_text}}}'
    response = post_json(client, "/api/v1/score", body)

    if code is None:
        assert response.status_code == 200
        return
    error = only_error(response, 400)
    assert error["code"] == code
    if value is not None:
        assert error["params"]["value"] == value
    if code == "base_out_of_range":
        assert error["params"]["limit"] == 1_000_000


def test_a_nan_base_from_python_is_still_not_a_number():
    status, result = answer("score", {**HANGZHOU, "base": float("nan")})

    assert status == 400
    assert [e["code"] for e in result["errors"]] == ["base_not_number"]


# --- 4. the body's encodings, as docs/API.md states them ---

BODY = json.dumps(HANGZHOU)


@pytest.mark.parametrize("raw, code", [
    (BODY.encode("utf-8"), None),
    (BODY.encode("utf-8-sig"), None),
    (BODY.encode("utf-16"), None),  # with a byte-order mark
    (BODY.encode("utf-16-le"), None),  # without: told by the zero bytes
    (BODY.encode("utf-16-be"), None),
    (BODY.encode("utf-32"), None),
    (BODY.encode("utf-32-le"), None),
    (BODY.encode("utf-32-be"), None),
    (json.dumps({**HANGZHOU, "hand": "麻将"}, ensure_ascii=False).encode("gbk"), "body_not_utf8"),
    (json.dumps({**HANGZHOU, "hand": "é"}, ensure_ascii=False).encode("latin-1"),
     "body_not_utf8"),
    (BODY.encode("utf-16-le")[:-1], "body_not_utf8"),  # cut inside a character
], ids=["utf8", "utf8-bom", "utf16", "utf16le", "utf16be", "utf32", "utf32le", "utf32be",
        "gbk", "latin1", "utf16-cut"])
def test_the_body_encodings_are_those_the_docs_name(client, raw, code):
    response = post_json(client, "/api/v1/score", raw)

    if code is None:
        assert response.status_code == 200
    else:
        assert only_error(response, 400)["code"] == code


def test_the_docs_say_utf16_and_utf32_bodies_are_read():
    api_md = (Path(__file__).parents[2] / "docs" / "API.md").read_text()
    [paragraph] = [p for p in api_md.split("\n\n") if "body_not_utf8" in p
                   and "UTF-16" in p and "UTF-32" in p and "byte-order mark" in p]
    assert "json.detect_encoding" in paragraph
