"""Production settings: `make serve` (gunicorn, config/gunicorn.conf.py) uses these, and
so does any process started without another settings module (``manage.py``,
``config.wsgi``): settings fail closed.

Everything of ``config.settings.base``, and: DEBUG off; the secret key and the host names from the
environment, refusing to start without them; static files from whitenoise, hashed and
compressed; HTTPS only, with secure cookies and headers and the Content-Security-Policy.
`manage.py check --deploy` reports no issue under them (tests/web/test_production.py).

The app expects to sit behind a load balancer or proxy that terminates TLS and sets
X-Forwarded-Proto; gunicorn trusts that header from FORWARDED_ALLOW_IPS (its own
setting; loopback by default) and tells Django the request was secure.
"""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from config.settings.base import *  # noqa: F403
from config.settings.base import MIDDLEWARE

REQUIRED = {
    "DJANGO_SECRET_KEY": "a long random string, e.g. from "
    "`python3 -c 'import secrets; print(secrets.token_urlsafe(50))'`",
    "DJANGO_ALLOWED_HOSTS": "the host names the site answers to, comma-separated, "
    "e.g. mahjong.example.org,www.mahjong.example.org",
}
# For whoever started the production settings by default, meaning to develop.
DEVELOPMENT_HINT = ("(to develop instead, run `make run`, or set "
                    "DJANGO_SETTINGS_MODULE=config.settings.development)")
_missing = [name for name in REQUIRED if not os.environ.get(name, "").strip()]
if _missing:
    raise ImproperlyConfigured(
        "production settings need "
        + "; ".join(f"{name}: {REQUIRED[name]}" for name in _missing)
        + " " + DEVELOPMENT_HINT
    )

DEBUG = False
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
# Never the committed development key (django-insecure-…), nor one short enough to guess:
# refused here, so that a server started without `make serve`'s check --deploy refuses too.
# A few characters repeated is as easy to guess as a short key: at least 20 different
# ones (a random 50-character key has about 40).
if SECRET_KEY.startswith("django-insecure") or len(SECRET_KEY) < 50 or len(
        set(SECRET_KEY)) < 20:
    raise ImproperlyConfigured(
        "production settings need DJANGO_SECRET_KEY: a long random string (50 characters "
        "or more, not the development key), e.g. from "
        "`python3 -c 'import secrets; print(secrets.token_urlsafe(50))'`")
ALLOWED_HOSTS = [host.strip() for host in os.environ["DJANGO_ALLOWED_HOSTS"].split(",")
                 if host.strip()]
# "*" would answer any Host header: links the app builds (a table's links) could then
# name a host an attacker chose. Name the site's hosts.
if "*" in ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "production settings need DJANGO_ALLOWED_HOSTS to name the site's hosts, not '*' "
        "(e.g. mahjong.example.org,www.mahjong.example.org)")

# whitenoise serves /static/ from the app itself, right after SecurityMiddleware (its
# docs), with hashed names cached for a year and gzip/brotli files made by collectstatic.
_SECURITY = MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1
MIDDLEWARE = [
    *MIDDLEWARE[:_SECURITY],
    "whitenoise.middleware.WhiteNoiseMiddleware",  # right after security, as whitenoise asks
    *MIDDLEWARE[_SECURITY:],
    "csp.middleware.CSPMiddleware",
]
INSTALLED_APPS = [  # noqa: F405
    "config.apps.DeployedStaticFilesConfig" if app == "django.contrib.staticfiles" else app
    for app in INSTALLED_APPS  # noqa: F405
]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", STATIC_ROOT))  # noqa: F405
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.storage.StaticFilesStorage"},
}
# The runtime's WebAssembly comes compressed from scripts/build_offline.py: brotli at its
# best takes whitenoise half a minute on every collectstatic.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "wasm")
# Pages name only hashed files ({% static %}), so the unhashed copies need no compressing.
WHITENOISE_KEEP_ONLY_HASHED_FILES = True

# HTTPS only: redirect plain HTTP, and tell browsers to come back only over HTTPS for a
# year (DJANGO_HSTS_SECONDS=0 while trying a new domain out), subdomains included.
# DJANGO_SECURE_SSL_REDIRECT=0 lets `make serve` be tried on http://127.0.0.1 alone.
SECURE_SSL_REDIRECT = os.environ.get("DJANGO_SECURE_SSL_REDIRECT", "1") != "0"
if not SECURE_SSL_REDIRECT:
    # the trial on http://127.0.0.1 alone (README, "Production"): check --deploy would
    # otherwise fail on the redirect it was asked to leave off
    SILENCED_SYSTEM_CHECKS = ["security.W008"]
# A load balancer checks the app over plain HTTP: /health answers it, not a redirect.
SECURE_REDIRECT_EXEMPT = [r"^health$"]
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", 365 * 24 * 3600))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = True
# No script reads the CSRF token from its cookie: the one POST form carries it.
CSRF_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"

# Server errors and warnings go to stderr (gunicorn's log). A client's bad request (4xx,
# logged by django.request as a warning) is the API doing its job, and a scanner's
# unknown Host header is noise: neither is logged. Any other request Django's security
# checks reject (too many fields, a bad cookie …) is one line, never a traceback.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"one_line": {"()": "common.logs.OneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"},
                 "rejected": {"class": "logging.StreamHandler", "formatter": "one_line"},
                 "nowhere": {"class": "logging.NullHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django.request": {"level": "ERROR"},
        "django.security": {"handlers": ["rejected"], "propagate": False},
        "django.security.DisallowedHost": {"handlers": ["nowhere"], "propagate": False},
    },
}
