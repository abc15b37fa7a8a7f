"""`make serve`: the production settings, and gunicorn serving them (tests/servers.py)."""

import gzip
import json
import os
import re
import subprocess
import sys

import pytest
from django.conf import settings

from tests import servers
from tests.servers import get


def test_check_deploy_reports_no_issue():
    done = servers.manage("check", "--deploy", "--fail-level", "WARNING",
                          env=servers.production_env())

    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues (0 silenced)" in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize("key", [
    "django-insecure-development-key-do-not-use-in-production",  # the committed one
    "short-but-secret",
    "a" * 60,
])
def test_start_up_refuses_the_development_key_or_a_weak_one(key):
    done = servers.manage("check", env=servers.production_env(DJANGO_SECRET_KEY=key))

    assert done.returncode != 0
    assert "a long random string (50 characters or more" in done.stderr


def test_start_up_refuses_a_key_of_a_few_characters_repeated_and_any_host():
    weak = servers.manage("check", env=servers.production_env(DJANGO_SECRET_KEY="abcde" * 12))
    anyhost = servers.manage("check", env=servers.production_env(DJANGO_ALLOWED_HOSTS="*"))

    assert weak.returncode != 0 and "50 characters or more" in weak.stderr
    assert anyhost.returncode != 0 and "not '*'" in anyhost.stderr


def test_the_plain_http_trial_passes_its_own_check():
    """README, "Production": DJANGO_SECURE_SSL_REDIRECT=0 to try `make serve` on
    http://127.0.0.1 — and `make serve` runs check --deploy --fail-level WARNING first."""
    done = servers.manage("check", "--deploy", "--fail-level", "WARNING",
                          env=servers.production_env(DJANGO_SECURE_SSL_REDIRECT="0"))

    assert done.returncode == 0, done.stdout + done.stderr


def test_rejected_requests_are_logged_in_one_line_or_not_at_all(production_server,
                                                                production_log):
    """A bad chunked body is a 400 (not a 500); an unknown Host is not logged; too many
    form fields are logged in one line, without a traceback."""
    import http.client
    from urllib.parse import urlsplit

    where = urlsplit(production_server)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    connection.putrequest("POST", "/api/v1/score")
    for name, value in {"Content-Type": "application/json", "X-Forwarded-Proto": "https",
                        "Transfer-Encoding": "chunked"}.items():
        connection.putheader(name, value)
    connection.endheaders()
    connection.send(b"zz\r\n{}\r\n0\r\n\r\n")
    answer = connection.getresponse()
    assert answer.status == 400
    assert json.loads(answer.read())["errors"][0]["code"] == "body_chunks_malformed"
    assert get(f"{production_server}/", {"Host": "evil.example"})[0] == 400
    fields = "&".join(f"f{i}=1" for i in range(1200)).encode()
    status = get(f"{production_server}/t/new/", {
        "X-Forwarded-Proto": "https",
        "Content-Type": "application/x-www-form-urlencoded"}, fields)[0]
    assert status in (400, 403)
    text = production_log.read_text()
    assert "Traceback" not in text and "evil.example" not in text
    assert len([line for line in text.splitlines() if "TooManyFields" in line]) <= 1


def test_start_up_fails_clearly_without_secret_key_and_hosts():
    env = servers.production_env(DJANGO_SECRET_KEY="", DJANGO_ALLOWED_HOSTS=" ")

    done = servers.manage("check", env=env)

    assert done.returncode != 0
    last_line = done.stderr.strip().splitlines()[-1]
    assert "ImproperlyConfigured: production settings need DJANGO_SECRET_KEY" in last_line
    assert "DJANGO_ALLOWED_HOSTS" in last_line


def test_plain_http_is_redirected_to_https(production_server):
    status, headers, _ = get(f"{production_server}/?region=honghe",
                             headers={"X-Forwarded-Proto": "http"})

    assert status == 301
    assert headers["Location"] == "https://127.0.0.1:" + production_server.rsplit(":", 1)[1] \
        + "/?region=honghe"


def test_a_body_sent_in_chunks_is_read(production_server):
    """No Content-Length, Transfer-Encoding: chunked: gunicorn passes the stream on, and
    the API reads it (Django alone would read an empty body)."""
    import http.client
    from urllib.parse import urlsplit

    where = urlsplit(production_server)
    body = json.dumps({"region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
                       "win_type": "self_draw", "winner": "S", "dealer": "E"}).encode()
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    connection.request("POST", "/api/v1/score", body=iter([body[:40], body[40:]]),
                       headers={"Content-Type": "application/json",
                                "X-Forwarded-Proto": "https"}, encode_chunked=True)
    answer = connection.getresponse()
    assert answer.status == 200, answer.read()[:300]
    assert json.loads(answer.read())["winning"] is True


def test_the_app_manifest_and_service_worker_under_gunicorn(production_server):
    https = {"X-Forwarded-Proto": "https"}
    status, headers, body = get(f"{production_server}/manifest.webmanifest", https)
    assert status == 200 and headers["Content-Type"] == "application/manifest+json"
    for icon in json.loads(body)["icons"]:
        assert get(production_server + icon["src"], https)[0] == 200, icon["src"]
    status, _headers, script = get(f"{production_server}/sw.js", https)
    assert status == 200 and script.startswith(b'const VERSION = "')


def test_the_offline_engine_is_served_under_its_own_names_compressed(production_server):
    """Under the production storage the runtime keeps the names it loads its files by, its
    WebAssembly comes compressed, and the worker's policy allows WebAssembly alone."""
    from calculator import offline

    if not offline.available() and not os.environ.get("CI"):
        pytest.skip("the offline engine is not built (make offline)")
    _, _, page = get(f"{production_server}/")
    holder = re.search(rb'<div hidden data-offline-engine[^>]*>', page)[0].decode()
    runtime = re.search(r'data-runtime="([^"]+)"', holder)[1]
    engine = re.search(r'data-engine="([^"]+)"', holder)[1]
    assert runtime == "/static/offline/pyodide/pyodide.mjs"
    assert re.fullmatch(r"/static/offline/engine/rules\.[0-9a-f]{12}\.zip", engine)
    for name in offline.RUNTIME_FILES:
        status, _headers, _body = get(f"{production_server}/static/offline/pyodide/{name}")
        assert status == 200, name
    status, headers, body = get(f"{production_server}/static/offline/pyodide/pyodide.asm.wasm",
                                headers={"Accept-Encoding": "br"})
    assert status == 200 and headers["Content-Encoding"] == "br"
    assert len(body) < 4_000_000  # of 9.6 MB
    status, headers, _body = get(f"{production_server}/engine-worker.js")
    assert status == 200
    assert headers["Content-Security-Policy"] == ("default-src 'none'; script-src 'self' "
                                                  "'wasm-unsafe-eval'; connect-src 'self'")


def test_the_health_check_answers_plain_http(production_server):
    status, _headers, body = get(f"{production_server}/health",
                                 headers={"X-Forwarded-Proto": "http"})

    assert status == 200 and b'"ok"' in body


def test_pages_carry_the_security_headers_and_secure_cookies(production_server):
    status, headers, body = get(f"{production_server}/")

    assert status == 200
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe" not in policy
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    # The language form's CSRF cookie: HTTPS only, out of scripts' reach.
    cookie = headers["Set-Cookie"]
    assert cookie.startswith("csrftoken=") and "Secure" in cookie and "HttpOnly" in cookie
    assert b"<style" not in body and b" style=" not in body


def test_static_files_are_hashed_compressed_and_cached_for_good(production_server):
    _, _, page = get(f"{production_server}/")
    stylesheet = re.search(rb'href="(/static/bootstrap/css/bootstrap\.min\.\w{12}\.css)"',
                           page)[1].decode()

    status, headers, body = get(production_server + stylesheet,
                                headers={"Accept-Encoding": "gzip"})

    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert "immutable" in headers["Cache-Control"]
    assert gzip.decompress(body).startswith(b"@charset")
    status, headers, _ = get(production_server + stylesheet, headers={"Accept-Encoding": "br"})
    assert headers["Content-Encoding"] == "br"


def test_the_api_answers_and_bad_requests_show_no_stack_trace(production_server):
    score = f"{production_server}/api/v1/score"
    body = json.dumps({"region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
                       "win_type": "self_draw", "winner": "S", "dealer": "E"}).encode()
    json_type = {"Content-Type": "application/json"}

    assert get(score, json_type, body)[0] == 200
    status, headers, answer = get(score, json_type, b'{"hand": ')
    assert status == 400 and json.loads(answer)["errors"][0]["field"] == "body"
    for url, headers in [(f"{production_server}/no/such/page", {}),
                         (f"{production_server}/rules/shanghai/", {}),
                         (f"{production_server}/", {"Host": "evil.example"})]:
        status, _, answer = get(url, headers)
        assert status in (400, 404)
        assert b"Traceback" not in answer and b"settings" not in answer


def test_the_health_view_is_bare_json(client):
    response = client.get("/health")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert client.post("/health").status_code == 405


def test_the_test_settings_enforce_the_production_policy(client):
    policy = client.get("/")["Content-Security-Policy"]

    for directive, sources in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"].items():
        assert f"{directive} {' '.join(sources)}" in policy


def bare_env() -> dict[str, str]:
    """The environment of a process started with no settings of ours: no settings module,
    no secret, no hosts."""
    return {k: v for k, v in os.environ.items()
            if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS")}


def test_settings_fail_closed_without_the_development_flag():
    """manage.py and config.wsgi, started bare, run the production settings: they refuse
    to start without a secret instead of serving DEBUG pages with the committed key."""
    done = servers.manage("check", env=bare_env())
    assert done.returncode != 0
    assert "production settings need DJANGO_SECRET_KEY" in done.stderr
    assert "config.settings.development" in done.stderr  # says how to develop instead

    wsgi = subprocess.run([sys.executable, "-c", "import config.wsgi"], cwd=servers.ROOT,
                          env=bare_env(), capture_output=True, text=True, timeout=120)
    assert wsgi.returncode != 0
    assert "production settings need DJANGO_SECRET_KEY" in wsgi.stderr


def test_the_score_command_needs_no_secret():
    """`manage.py score` (docs/API.md, "Command line") serves and signs nothing: it runs
    in any checkout, with the offline settings."""
    request = {"region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
               "win_type": "self_draw", "winner": "S", "dealer": "E"}
    done = subprocess.run([sys.executable, "manage.py", "score", "--json", "-"],
                          cwd=servers.ROOT, env=bare_env(), input=json.dumps(request),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["payments"] == {"E": -2, "S": 4, "W": -1, "N": -1}
