"""A per-client rate limit for the JSON APIs: over the limit, 429 with the API's `errors`.

A fixed window per client, counted in Django's default cache, so that several app
servers sharing one Redis (REDIS_URL) count together; with the local-memory cache each
process counts alone. The rate is the setting API_RATE_LIMIT ("300/minute", or "off").
"""

import ipaddress
import logging
import math
import re
import time
from functools import lru_cache, wraps
from weakref import WeakKeyDictionary

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache.backends.redis import RedisCache
from django.core.checks import Error, register
from django.http import HttpRequest

from api.json_body import api_error, errors_response

logger = logging.getLogger(__name__)

PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_RATE = re.compile(r"\s*(\d+)\s*/\s*(second|minute|hour|day)\s*")
OFF = ("", "off", "0", "none")
# The API's limit, and the pages': the engine-backed pages (calculator results, waits,
# practice), creating tables, writing to a ledger.
RATE_SETTINGS = ("API_RATE_LIMIT", "PAGE_RATE_LIMIT", "TABLE_RATE_LIMIT", "LEDGER_RATE_LIMIT",
                 "WATCH_RATE_LIMIT")


@lru_cache(maxsize=8)
def parse_rate(text: str) -> tuple[int, int] | None:
    """``"300/minute"`` -> ``(300, 60)``: requests allowed per period in seconds; None
    when the limit is off. ValueError for anything else."""
    if text.strip().lower() in OFF:
        return None
    match = _RATE.fullmatch(text.lower())
    if not match or int(match[1]) < 1:
        raise ValueError(f"API_RATE_LIMIT={text!r}: write COUNT/PERIOD, e.g. 300/minute "
                         f"(periods: {', '.join(PERIODS)}), or off")
    return int(match[1]), PERIODS[match[2]]


@register()
def check_rate_setting(app_configs, **kwargs):
    problems = []
    for name in RATE_SETTINGS:
        try:
            parse_rate(getattr(settings, name))
        except ValueError as error:
            problems.append(Error(f"{name}: {error}", id="api.E001"))
    return problems


def client_address(request: HttpRequest) -> str:
    """Who is asking: the socket's peer, or behind API_RATE_LIMIT_PROXIES load balancers
    the address the outermost of them saw (X-Forwarded-For is appended to by each proxy,
    so only the addresses they added can be trusted). An IPv6 client counts by its /64,
    which one subscriber usually holds whole."""
    address = request.META.get("REMOTE_ADDR", "")
    proxies = settings.API_RATE_LIMIT_PROXIES
    if proxies:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if len(forwarded) >= proxies:
            address = forwarded[-proxies]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(ip)


def _count(key: str, period: int) -> int:
    """One more request under ``key``; the count so far in this window."""
    backend = caches[DEFAULT_CACHE_ALIAS]
    if isinstance(backend, RedisCache):
        return _count_in_redis(backend, backend.make_key(key), period)
    # Any other cache: the increment first, as the key exists for all but a window's
    # first request.
    try:
        return backend.incr(key)
    except ValueError:  # no count yet in this window
        if backend.add(key, 1, timeout=period + 1):
            return 1
        return backend.incr(key)  # another request started the window meanwhile


def _count_in_redis(backend: RedisCache, key: str, period: int) -> int:
    """Redis: one round trip, where Django's incr() takes two (EXISTS, then INCR) and
    the first of a window three. SET NX starts the window's count with its expiry,
    INCR counts; sent together in one pipeline. The count is a plain integer, which
    Django's cache reads as it is."""
    with _redis_client(backend).pipeline(transaction=False) as pipe:
        pipe.set(key, 0, ex=period + 1, nx=True)
        pipe.incr(key)
        return pipe.execute()[1]


_redis_clients: WeakKeyDictionary = WeakKeyDictionary()


def _redis_client(backend: RedisCache):
    """A redis-py client on the cache's own connection pool (and so its timeouts).
    Django's RedisCache has no public way to pipeline, so this takes its client
    (``_cache``), once per cache object: Django's get_client() builds a new one per
    call, which costs as much as the round trip."""
    client = _redis_clients.get(backend)
    if client is None:
        client = _redis_clients[backend] = backend._cache.get_client(write=True)
    return client


# When the cache fails (Redis down, or hung past its socket timeout, settings.CACHES),
# requests are served uncounted — the limit fails open, a page is never refused for it —
# and the cache is not asked again for OUTAGE_SECONDS: a hung Redis costs one timeout per
# process per outage window, not one per request. One warning when an outage starts,
# one line when the cache answers again; no traceback.
OUTAGE_SECONDS = 30.0
_outage = {"until": 0.0, "down": False}


def over_limit(request: HttpRequest, bucket: str, rate_text: str) -> tuple[int, int, int] | None:
    """Count this request in ``bucket`` for its client; ``(allowed, period, retry_after)``
    when it is one too many in the current window, else None (and None when the limit
    is off, or the cache is down: serve the request rather than fail it)."""
    rate = parse_rate(rate_text)
    if rate is None:
        return None
    allowed, period = rate
    if time.monotonic() < _outage["until"]:
        return None
    now = time.time()
    window = int(now // period)
    try:
        count = _count(f"ratelimit:{bucket}:{client_address(request)}:{window}", period)
    except Exception as error:
        if not _outage["down"]:
            logger.warning("rate limit off for %.0f s: the cache failed (%s: %s)",
                           OUTAGE_SECONDS, type(error).__name__, error)
        _outage.update(until=time.monotonic() + OUTAGE_SECONDS, down=True)
        return None
    if _outage["down"]:
        _outage["down"] = False
        logger.warning("rate limit counting again: the cache answers")
    if count <= allowed:
        return None
    return allowed, period, max(1, math.ceil((window + 1) * period - now))


def rate_limited(view):
    """Decorate a JSON API view: past API_RATE_LIMIT requests from one client in the
    current window (all APIs together), it answers 429 with Retry-After instead."""

    @wraps(view)
    def limited(request: HttpRequest, *args, **kwargs):
        over = over_limit(request, "api", settings.API_RATE_LIMIT)
        if over is None:
            return view(request, *args, **kwargs)
        allowed, period, retry_after = over
        message = (f"too many requests: at most {allowed} per {period} s from one client; "
                   f"try again in {retry_after} s")
        return errors_response([api_error("rate", "rate_limited", message, allowed=allowed,
                                          period=period, retry_after=retry_after)],
                               status=429,
                               headers={"Retry-After": str(retry_after)})

    return limited


def rate_limited_page(setting: str, *, methods: tuple[str, ...] = ("GET", "POST")):
    """Decorate a page view: past the rate in ``settings.<setting>`` from one client, a
    429 page in the user's language with Retry-After instead (the same counter as the
    API's, in its own bucket; shared through Redis when REDIS_URL is set). Requests of
    other methods are not counted."""

    def decorate(view):
        @wraps(view)
        def limited(request: HttpRequest, *args, **kwargs):
            if request.method not in methods:
                return view(request, *args, **kwargs)
            over = over_limit(request, setting.lower(), getattr(settings, setting))
            if over is None:
                return view(request, *args, **kwargs)
            from django.shortcuts import render

            _allowed, _period, retry_after = over
            response = render(request, "429.html", {"retry_after": retry_after}, status=429)
            response["Retry-After"] = str(retry_after)
            return response

        return limited

    return decorate
