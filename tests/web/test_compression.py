"""Pages go out gzipped, except the ledger's, whose addresses carry a table's tokens
(common/compression.py: BREACH)."""

import gzip

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/", "/waits/", "/rules/", "/practice/?region=honghe&seed=7",
                                  "/fields/score/jinhua/"])
def test_a_page_without_a_secret_goes_out_gzipped(client, path):
    response = client.get(path, HTTP_ACCEPT_ENCODING="gzip")

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert gzip.decompress(response.content).lstrip().startswith((b"<!doctype html>",
                                                                  b"<fieldset"))


def test_the_ledgers_pages_are_never_compressed(client):
    response = client.get("/t/new/", HTTP_ACCEPT_ENCODING="gzip")

    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")


def test_a_browser_that_takes_no_gzip_gets_the_page_plain(client):
    response = client.get("/")

    assert not response.has_header("Content-Encoding")
    assert b"<!doctype html>" in response.content[:100]
