"""Settings for the test suite (pytest-django forces DEBUG=False)."""

from config.settings.base import *  # noqa: F403
from config.settings.base import MIDDLEWARE

SECRET_KEY = "test-settings-key-not-a-secret"
# table.lan: a plain-HTTP address, as a phone on the wifi opens the app (the browser tests
# map it to the live server, tests/browser/test_offline_browser.py).
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost", "table.lan"]

# Plain storage: the tests must not depend on a collectstatic manifest.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Production's Content-Security-Policy: every page test and browser test runs under it.
MIDDLEWARE = [*MIDDLEWARE, "csp.middleware.CSPMiddleware"]

# The suite sends thousands of API requests from one address: the rate limit's own
# tests turn it on.
API_RATE_LIMIT = "off"
PAGE_RATE_LIMIT = TABLE_RATE_LIMIT = LEDGER_RATE_LIMIT = WATCH_RATE_LIMIT = "off"
