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
