"""A wrong address under /api/ answers as the API does, in JSON (docs/API.md, "Not
found"): 404 with one error naming the address asked and the endpoints; the pages keep
their HTML 404."""

import pytest

ENDPOINTS = ["/api/v1/score", "/api/v1/waits", "/api/v1/advise", "/api/v1/rules"]


@pytest.mark.parametrize("method", ["get", "post", "head"])
@pytest.mark.parametrize("path, did_you_mean", [
    ("/api/v1/score/", "/api/v1/score"),
    ("/api/v1/rules/", "/api/v1/rules"),
    ("/api/v1/x", None),
    ("/api/v2/score", None),
    ("/api/v1/", None),
    ("/api/v1", None),
    ("/api/docs/", None),
])
def test_a_wrong_api_address_is_a_json_404_naming_the_endpoints(client, method, path,
                                                               did_you_mean):
    response = getattr(client, method)(path, content_type="application/json")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    if method == "head":
        return
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("path", "not_found")
    assert error["params"] == {"path": path, "endpoints": ENDPOINTS,
                               "did_you_mean": did_you_mean}
    assert path in error["message"] and all(e in error["message"] for e in ENDPOINTS)
    if did_you_mean:
        assert "without the trailing slash" in error["message"]


@pytest.mark.parametrize("path", ["/no-such-page/", "/apix/v1/score", "/rules/nowhere/"])
def test_pages_outside_the_api_keep_their_html_404(client, path):
    response = client.get(path)

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_the_api_addresses_still_answer(client):
    assert client.get("/api/").status_code == 200
    assert client.get("/api/v1/rules").status_code == 200
