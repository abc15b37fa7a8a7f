"""POST /api/v1/score: the HTTP shell around `rules.score` (docs/API.md)."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from api.json_body import API_CODES
from rules.problems import ALL_CODES
from tests.helpers import post_json

URL = "/api/v1/score"


def body_error(response) -> str:
    """The single `body` error's message, after checking the 400 error shape."""
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    errors = response.json()["errors"]
    assert [error["field"] for error in errors] == ["body"]
    return errors[0]["message"]


def test_scores_a_winning_hand(client, hangzhou_self_draw, hangzhou_self_draw_payments):
    response = post_json(client, URL, hangzhou_self_draw)

    assert response.status_code == 200
    result = response.json()
    assert result["winning"] is True
    assert result["region"] == "hangzhou"
    assert result["payments"] == hangzhou_self_draw_payments


def test_accepts_a_charset_parameter(client, hangzhou_self_draw):
    response = post_json(client, URL, hangzhou_self_draw, "application/json; charset=utf-8")

    assert response.status_code == 200


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", ""])
def test_rejects_a_body_that_is_not_declared_json(client, hangzhou_self_draw, content_type):
    message = body_error(post_json(client, URL, hangzhou_self_draw, content_type))

    assert "Content-Type: application/json" in message


@pytest.mark.parametrize(
    "body",
    ['{"region": "hangzhou",', "{'region': 'hangzhou'}", "", "   ", b"\xff\xfe\xfa"],
    ids=["truncated", "single-quotes", "empty", "blank", "not-utf8"],
)
def test_rejects_malformed_json(client, body):
    assert body_error(post_json(client, URL, body))


def test_rejects_nan(client, hangzhou_self_draw):
    body = json.dumps(hangzhou_self_draw)[:-1] + ', "base": NaN}'

    assert "NaN" in body_error(post_json(client, URL, body))


def test_rejects_a_duplicate_key(client):
    assert '"hand"' in body_error(post_json(client, URL, '{"hand": "11m", "hand": "22m"}'))


def test_rejects_deep_nesting(client):
    assert "nested" in body_error(post_json(client, URL, "[" * 30_000 + "]" * 30_000))


@pytest.mark.parametrize("body", [[], "hangzhou", 3, None, True], ids=repr)
def test_rejects_json_that_is_not_an_object(client, body):
    assert "object" in body_error(post_json(client, URL, json.dumps(body)))


def test_rejects_an_oversized_body(client, hangzhou_self_draw):
    padded = json.dumps(hangzhou_self_draw) + " " * settings.DATA_UPLOAD_MAX_MEMORY_SIZE

    assert str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE) in body_error(post_json(client, URL, padded))


@pytest.mark.parametrize("method", ["get", "put", "delete", "head", "options"])
def test_only_post_is_allowed(client, method):
    response = getattr(client, method)(URL)

    assert response.status_code == 405
    assert response["Allow"] == "POST"
    if method != "head":
        assert response.json()["errors"][0]["field"] == "method"


def test_needs_no_csrf_token(hangzhou_self_draw):
    from django.test import Client

    response = post_json(Client(enforce_csrf_checks=True), URL, hangzhou_self_draw)

    assert response.status_code == 200


def test_rejects_an_unknown_key(client, hangzhou_self_draw):
    response = post_json(client, URL, {**hangzhou_self_draw, "colour": "red"})

    assert response.status_code == 400
    assert "colour" in {error["field"] for error in response.json()["errors"]}


@pytest.mark.parametrize(
    "key, value",
    [("hand", 123), ("region", "shanghai"), ("win_tile", "0z"), ("base", "one"), ("melds", "pung")],
)
def test_rejects_invalid_content_with_the_field_named(client, hangzhou_self_draw, key, value):
    response = post_json(client, URL, {**hangzhou_self_draw, key: value})

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert key in {error["field"].split(".")[0].split("[")[0] for error in errors}
    assert all(error["message"] for error in errors)


def test_every_error_has_a_field_and_a_message(client):
    response = post_json(client, URL, {})

    assert response.status_code == 400
    for error in response.json()["errors"]:
        assert set(error) == {"field", "message", "code", "params"}
        assert error["code"] in ALL_CODES and isinstance(error["params"], dict)
        json.dumps(error["params"])  # JSON values


def test_the_http_layers_errors_have_codes_too(client):
    """Body, method and content-type errors: the engine's shape, a code of API_CODES, each
    listed in docs/API.md."""
    api_md = (Path(__file__).resolve().parents[2] / "docs" / "API.md").read_text()
    assert all(f"`{code}`" in api_md for code in API_CODES)
    answers = [
        (client.post(URL, data=" ", content_type="application/json"), "body_empty"),
        (client.post(URL, data="[]", content_type="application/json"), "body_not_object"),
        (client.post(URL, data='{"a": 1, "a": 2}', content_type="application/json"),
         "json_duplicate_key"),
        (client.post(URL, data="{", content_type="application/json"), "body_not_json"),
        (client.post(URL, data="{}", content_type="text/plain"), "body_wrong_content_type"),
        (client.get(URL), "method_not_allowed"),
    ]
    for response, code in answers:
        (error,) = response.json()["errors"]
        assert error["code"] == code and set(error) == {"field", "message", "code", "params"}


def test_a_chunked_body_the_server_cannot_read_gets_a_400_saying_so():
    from django.test import RequestFactory

    from api.views import score_api

    request = RequestFactory().post("/api/v1/score", data="{}",
                                    content_type="application/json")
    del request.META["CONTENT_LENGTH"]
    request.META["HTTP_TRANSFER_ENCODING"] = "chunked"
    response = score_api(request)
    assert response.status_code == 400
    assert json.loads(response.content)["errors"][0]["code"] == "body_length_required"
