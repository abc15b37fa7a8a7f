"""Settings for the test suite (pytest-django forces DEBUG=False)."""

from calculator.settings import *  # noqa: F403

# Plain storage: the tests must not depend on a collectstatic manifest.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
