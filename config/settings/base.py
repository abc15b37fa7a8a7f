"""What every settings module of the Zhejiang Mahjong Scorer shares.

Not a settings module to run with: it has no secret key and no hosts. Run with one of
``config.settings.development`` (`make run`: DEBUG, a committed key, loopback only),
``config.settings.production`` (`make serve`, and the default of ``manage.py`` and
``config.wsgi``: the key and hosts from the environment, refusing to start without
them), ``config.settings.test`` (pytest) or ``config.settings.offline`` (commands that
serve nothing, such as ``manage.py score``).
"""

import os
from pathlib import Path

import dj_database_url
import xstatic.pkg.bootstrap

from common import redact

# Every log record of this process with its edit tokens blanked (common/redact.py).
redact.install()

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = False
ALLOWED_HOSTS: list[str] = []

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "template_partials",
    "calculator",
    "api",
    "ledger",
]

MIDDLEWARE = [
    # gzip, except the ledger's pages (common/compression.py: BREACH)
    "common.compression.CompressWithoutSecrets",
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before common (Django's i18n docs): picks the language per request.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

# template_partials wraps these loaders itself (its default app config).
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite in the project folder unless DATABASE_URL names another database, e.g.
# postgres://user:password@host:5432/name (PostgreSQL through psycopg 3).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Ledger writes take the write lock when their transaction begins, so two writers
    # queue (up to the timeout) instead of failing on a lock upgrade.
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# 简体中文 is the default; the language switcher (set_language) keeps a choice in a cookie.
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [
    ("zh-hans", "简体中文"),
    ("zh-hant", "繁體中文"),
    ("en", "English"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Bootstrap comes from the xstatic-bootstrap package, served like our own files: no CDN.
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("bootstrap", xstatic.pkg.bootstrap.BASE_DIR),
]
# The offline engine (scripts/build_offline.py, run by the Makefile): the rules package
# as a zip and the browser Python runtime, as /static/offline/…; without them the app
# scores online only.
OFFLINE_BUILD = BASE_DIR / "build" / "offline"
if OFFLINE_BUILD.is_dir():
    STATICFILES_DIRS.append(("offline", OFFLINE_BUILD))

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# A score request is a few hundred bytes; anything near this limit is a mistake or abuse.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

# --- Serving: shared state, hostile clients, the Content-Security-Policy (README,
# "Production"). config.settings.production builds on these.

# What several app servers must share (the API's rate-limit counters) goes through
# Django's cache: Redis when REDIS_URL is set, else this process's memory. Short socket
# timeouts (Redis beside the app answers in a millisecond): a Redis that has gone away
# or hangs must not hold requests up (the limit then lets them through for a while,
# api/ratelimit.py OUTAGE_SECONDS).
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {"socket_connect_timeout": 0.1, "socket_timeout": 0.1},
    } if REDIS_URL else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
}

# Requests per client on the JSON APIs, as "COUNT/PERIOD" (second, minute, hour, day);
# "off" turns the limit off (`make run` does). Generous: a program scoring a table's
# hands as they finish sends a few a minute.
API_RATE_LIMIT = os.environ.get("API_RATE_LIMIT", "300/minute")
# The pages, counted the same way, per client: the engine-backed pages (a result, the
# waits, practice), new tables, and writes to a ledger (recording, undoing a hand).
PAGE_RATE_LIMIT = os.environ.get("PAGE_RATE_LIMIT", "240/minute")
TABLE_RATE_LIMIT = os.environ.get("TABLE_RATE_LIMIT", "30/hour")
LEDGER_RATE_LIMIT = os.environ.get("LEDGER_RATE_LIMIT", "120/minute")
# An open ledger page's check for another phone's hand (every 4 s while in view): its own
# bucket, generous, so that the phones of a venue on one wifi (one address) never have
# their pages refused for it; each check is one indexed read.
WATCH_RATE_LIMIT = os.environ.get("WATCH_RATE_LIMIT", "1200/minute")
# Load balancers in front of the app that append the client to X-Forwarded-For: the
# client is that many addresses from the right. 0: the socket's peer is the client.
API_RATE_LIMIT_PROXIES = int(os.environ.get("API_RATE_LIMIT_PROXIES", "0"))

# Only the app's own files. No inline script or style anywhere (base.html turns off
# htmx's injected indicator style); Bootstrap draws its form controls' arrows and ticks
# as data: SVG images. Enforced by csp.middleware.CSPMiddleware in the production and
# test settings (so the browser tests run under it); `make run` leaves it out, since
# Django's debug pages are made of inline styles and scripts.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'none'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "form-action": ["'self'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
    },
}
