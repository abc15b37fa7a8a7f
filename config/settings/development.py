"""Development settings: `make run` (``DJANGO_SETTINGS_MODULE=config.settings.development``,
the development flag). DEBUG on, a committed key that is no secret, loopback hosts only.
Nothing else runs these: ``manage.py`` and ``config.wsgi`` default to the production
settings, so a server started without the flag never serves DEBUG pages."""

import os

from config.settings.base import *  # noqa: F403

DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "django-insecure-development-key-do-not-use-in-production"
)
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
# An unknown address answers the players' 404, in their language, not Django's technical
# page (common/devpages.py); outermost, after the language is chosen.
MIDDLEWARE = ["common.devpages.PlayersNotFound", *MIDDLEWARE]  # noqa: F405

# Static files as production serves them (whitenoise, straight from the apps' and the
# offline engine's folders): the offline engine's pre-compressed copies (.br, .gz beside
# each file, scripts/build_offline.py) go out compressed under `make run` too, and the
# rest is gzipped by common.compression (outermost).
_SECURITY = MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1  # noqa: F405
MIDDLEWARE = [*MIDDLEWARE[:_SECURITY], "whitenoise.middleware.WhiteNoiseMiddleware",  # noqa: F405
              *MIDDLEWARE[_SECURITY:]]  # noqa: F405
INSTALLED_APPS = ["whitenoise.runserver_nostatic", *INSTALLED_APPS]  # noqa: F405
WHITENOISE_USE_FINDERS = True
