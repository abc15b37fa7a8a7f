"""The APIs' per-client rate limit (calculator/ratelimit.py), counted in Django's cache.

Marked `shared_state`: `make test` runs them on the local-memory cache, `make test-redis`
(CI) again on a real Redis, where the Redis-only tests at the end must run too."""

import itertools
import os
import uuid
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings

from api.ratelimit import check_rate_setting, parse_rate
from tests import servers
from tests.servers import get

pytestmark = pytest.mark.shared_state

SCORE, WAITS = "/api/v1/score", "/api/v1/waits"
_addresses = itertools.count(1)


@pytest.fixture
def address() -> str:
    """A client address no other test used: a shared Redis keeps counts between runs."""
    n = next(_addresses)
    return f"10.{uuid.uuid4().int % 250 + 1}.{n // 250}.{n % 250 + 1}"


def post(client, address, url=SCORE, **headers):
    return client.post(url, data="{}", content_type="application/json",
                       REMOTE_ADDR=address, **headers)


@pytest.mark.parametrize("text, rate", [
    ("300/minute", (300, 60)), ("5/second", (5, 1)), (" 10 / Hour ", (10, 3600)),
    ("1/day", (1, 86400)), ("off", None), ("OFF", None), ("0", None), ("", None),
])
def test_reads_the_rate(text, rate):
    assert parse_rate(text) == rate


@pytest.mark.parametrize("text", ["300", "300/fortnight", "-1/minute", "0/minute", "a/b"])
def test_a_bad_rate_is_a_configuration_error(text):
    with pytest.raises(ValueError, match="COUNT/PERIOD"):
        parse_rate(text)
    with override_settings(API_RATE_LIMIT=text):
        assert [error.id for error in check_rate_setting(None)] == ["api.E001"]


@override_settings(API_RATE_LIMIT="3/minute")
def test_past_the_limit_the_api_answers_429_with_json_errors(client, address):
    assert [post(client, address).status_code for _ in range(3)] == [400, 400, 400]

    response = post(client, address)

    assert response.status_code == 429
    assert response["Content-Type"] == "application/json"
    assert 1 <= int(response["Retry-After"]) <= 60
    [error] = response.json()["errors"]
    assert error["field"] == "rate"
    assert "at most 3 per 60 s" in error["message"]


@override_settings(API_RATE_LIMIT="2/minute")
def test_counts_each_client_apart_and_both_apis_together(client, address):
    post(client, address, SCORE)
    post(client, address, WAITS)

    assert post(client, address, WAITS).status_code == 429
    other = address.rsplit(".", 1)[0] + ".251"
    assert post(client, other).status_code == 400


@override_settings(API_RATE_LIMIT="1/minute")
def test_pages_and_the_health_check_are_not_limited(client, address):
    post(client, address)

    assert post(client, address).status_code == 429
    assert client.get("/health", REMOTE_ADDR=address).status_code == 200
    assert client.get("/?region=honghe", REMOTE_ADDR=address).status_code == 200


@override_settings(API_RATE_LIMIT="off")
def test_off_means_no_limit(client, address):
    assert {post(client, address).status_code for _ in range(50)} == {400}


@override_settings(API_RATE_LIMIT="1/minute", API_RATE_LIMIT_PROXIES=1)
def test_behind_a_proxy_the_client_is_the_address_it_saw(client, address):
    balancer = "192.0.2.10"
    # A client may send its own X-Forwarded-For; the proxy appends what it saw.
    forged = {"HTTP_X_FORWARDED_FOR": f"203.0.113.7, {address}"}
    assert post(client, balancer, **forged).status_code == 400
    assert post(client, balancer, HTTP_X_FORWARDED_FOR=address).status_code == 429
    other = {"HTTP_X_FORWARDED_FOR": f"203.0.113.7, {address}9"}
    assert post(client, balancer, **other).status_code == 400


@override_settings(API_RATE_LIMIT="1/minute")
def test_an_ipv6_client_counts_by_its_64_block(client):
    block = f"2001:db8:{uuid.uuid4().int % 0xffff:x}:1"
    post(client, f"{block}::1")

    assert post(client, f"{block}::2").status_code == 429
    assert post(client, f"{block[:-1]}2::1").status_code == 400


@pytest.fixture(autouse=True)
def no_outage():
    """Each test starts with the cache answering (api.ratelimit's outage window)."""
    from api import ratelimit

    ratelimit._outage.update(until=0.0, down=False)
    yield
    ratelimit._outage.update(until=0.0, down=False)


@override_settings(API_RATE_LIMIT="1/minute")
def test_a_failing_cache_lets_requests_through_asked_once_and_warned_once(client, address,
                                                                         caplog):
    with mock.patch("api.ratelimit._count", side_effect=ConnectionError("down")) as count:
        responses = [post(client, address).status_code for _ in range(3)]

    assert responses == [400, 400, 400]
    assert count.call_count == 1  # a hung cache is not asked again for a while
    warnings = [r for r in caplog.records if r.name == "api.ratelimit"]
    assert len(warnings) == 1 and "the cache failed (ConnectionError: down)" in (
        warnings[0].getMessage())
    assert warnings[0].exc_info is None  # one line, no traceback


@override_settings(API_RATE_LIMIT="1/minute")
def test_after_the_outage_window_the_limit_counts_again(client, address, caplog):
    from api import ratelimit

    with mock.patch("api.ratelimit._count", side_effect=ConnectionError("down")):
        post(client, address)
    ratelimit._outage["until"] = 0.0  # the window has passed

    assert [post(client, address).status_code for _ in range(2)] == [400, 429]
    mine = [r.getMessage() for r in caplog.records if r.name == "api.ratelimit"]
    assert mine[-1] == "rate limit counting again: the cache answers"


@override_settings(API_RATE_LIMIT="1/minute", CACHES={"default": {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
    "OPTIONS": {"socket_connect_timeout": 0.1, "socket_timeout": 0.1}}})
def test_an_unreachable_redis_lets_requests_through(client, address):
    assert [post(client, address).status_code for _ in range(2)] == [400, 400]


# --- Redis: skipped without REDIS_URL, except under `make test-redis`, where they must run.

@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        if os.environ.get("REDIS_TESTS") == "required":
            pytest.fail("make test-redis must set REDIS_URL (scripts/with-redis.sh)")
        pytest.skip("no REDIS_URL: the Redis tests run in `make test-redis`")
    return url


def test_with_redis_url_the_cache_is_redis(redis_url):
    assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")
    key = f"test:{uuid.uuid4()}"
    cache.set(key, 1, timeout=10)
    assert cache.incr(key) == 2


def test_two_app_servers_share_one_count(redis_url):
    """Two gunicorns on one Redis: a client's requests count together, whichever server
    answers (each alone would allow the whole limit)."""
    env = servers.production_env(REDIS_URL=redis_url, API_RATE_LIMIT="4/minute",
                                 API_RATE_LIMIT_PROXIES="1")
    client = f"198.51.100.{uuid.uuid4().int % 250 + 1}, 10.{uuid.uuid4().int % 250}.0.1"
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
    with servers.gunicorn(env, workers=2) as first, servers.gunicorn(env, workers=2) as second:
        statuses = [get(f"{server}/api/v1/score", headers, b"{}")[0]
                    for server in (first, second) * 3]

    assert statuses == [400, 400, 400, 400, 429, 429]


# --- the pages' limits: the same counter, their own buckets, a page in the user's language

@override_settings(PAGE_RATE_LIMIT="2/minute")
def test_past_the_limit_an_engine_page_answers_429_in_the_users_language(client, address):
    url = "/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s&winner=E&dealer=E"
    assert [client.get(url, REMOTE_ADDR=address).status_code for _ in range(2)] == [200, 200]

    response = client.get(url, REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="zh-hans")

    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "请等" in response.content.decode() and "已经保存的内容不会丢失" in (
        response.content.decode())
    assert client.get("/waits/", REMOTE_ADDR=address).status_code == 429  # one bucket
    assert post(client, address).status_code == 400  # the API counts apart


@pytest.mark.django_db
@override_settings(TABLE_RATE_LIMIT="1/hour")
def test_new_tables_are_limited_per_client(client, address):
    data = {"region": "hangzhou", "base": "1", "first_dealer": "E"}
    assert client.post("/t/new/", data, REMOTE_ADDR=address).status_code == 302
    assert client.get("/t/new/", REMOTE_ADDR=address).status_code == 200  # a GET is free
    assert client.post("/t/new/", data, REMOTE_ADDR=address).status_code == 429


@pytest.mark.django_db
@override_settings(LEDGER_RATE_LIMIT="1/minute")
def test_ledger_writes_are_limited_per_client(client, address):
    client.post("/t/new/", {"region": "hangzhou", "base": "1", "first_dealer": "E"},
                REMOTE_ADDR=address)
    from ledger.models import Table

    table = Table.objects.get()
    edit = f"/t/{table.view_token}/e/{table.edit_token}/"
    draw = {"version": 0}
    assert client.post(edit + "hand/1/draw", draw, REMOTE_ADDR=address).status_code == 302
    assert client.post(edit + "hand/2/draw", {"version": 1},
                       REMOTE_ADDR=address).status_code == 429
    assert table.hands.count() == 1
