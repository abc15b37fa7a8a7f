"""Edit tokens stay out of the logs, and the capability pages tell browsers, proxies and
search engines to keep them to themselves."""

from __future__ import annotations

import logging

import pytest

from common.redact import REDACTED, redact
from ledger.models import Table


@pytest.fixture
def table(db) -> Table:
    return Table.objects.create(region="hangzhou", player_e="A", player_s="B",
                                player_w="C", player_n="D")


def edit_path(table: Table) -> str:
    return f"/t/{table.view_token}/e/{table.edit_token}/"


def test_a_failing_edit_request_logs_no_token(client, table, caplog):
    caplog.set_level(logging.INFO)
    wrong = f"/t/{table.view_token}/e/not-the-token-{table.edit_token[:5]}/"
    client.get(f"/t/{table.view_token}/e/{table.edit_token}/hand/99/win")  # 404
    client.get(wrong)  # 403
    client.post(edit_path(table) + "undo", {"version": "x"})
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "Not Found" in logged or "Forbidden" in logged  # the lines are there…
    assert table.edit_token not in logged and "not-the-token" not in logged  # …blanked
    assert REDACTED in logged


@pytest.mark.parametrize("logger, message, args", [
    ("gunicorn.access", '%(h)s "%(r)s" %(s)s', {"h": "1.2.3.4", "r": "GET {path} HTTP/1.1",
                                                "s": "200"}),
    ("gunicorn.error", "Error handling request %s", ("{path}",)),
    ("django.server", '"%s" %s %s', ("GET {path} HTTP/1.1", "500", "12")),
    ("django.request", "Internal Server Error: %s", ("{path}",)),
])
def test_every_log_line_is_redacted(logger, message, args, caplog):
    path = "/t/VIEWtoken/e/SeCrEtEdItToKeN/hand/3/win?x=1"
    filled = ({k: v.format(path=path) for k, v in args.items()} if isinstance(args, dict)
              else tuple(a.format(path=path) for a in args))
    with caplog.at_level(logging.INFO, logger=logger):
        if isinstance(filled, dict):
            logging.getLogger(logger).error(message, filled)  # gunicorn's atoms
        else:
            logging.getLogger(logger).error(message, *filled)
    line = caplog.records[-1].getMessage()
    assert "SeCrEtEdItToKeN" not in line and f"/t/VIEWtoken/e/{REDACTED}/hand/3/win" in line


def test_redact_leaves_other_paths_alone():
    assert redact("GET /t/abc/ HTTP/1.1") == "GET /t/abc/ HTTP/1.1"
    assert redact("GET /rules/e/x/") == "GET /rules/e/x/"
    assert redact("/t/a/e/b") == f"/t/a/e/{REDACTED}"


@pytest.mark.parametrize("path", ["", "undo", "hand/1/win", "hand/1/draw", "hand/1/result"])
def test_edit_pages_are_not_cached_referred_or_indexed(client, table, path):
    response = client.get(edit_path(table) + path)
    assert response["Cache-Control"] == "no-store"
    assert response["Referrer-Policy"] == "strict-origin"
    assert response["X-Robots-Tag"] == "noindex, nofollow"


@pytest.mark.parametrize("suffix", ["", "ledger.csv"])
def test_read_only_pages_and_the_csv_too(client, table, suffix):
    response = client.get(f"/t/{table.view_token}/{suffix}")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    assert response["Referrer-Policy"] == "strict-origin"
    assert response["X-Robots-Tag"] == "noindex, nofollow"
