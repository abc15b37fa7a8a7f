"""Settings for commands that serve nothing and sign nothing (``manage.py score``, which
``manage.py`` runs with these unless told otherwise): no DEBUG, no hosts, and a secret
key made afresh for the process, so that no committed key is ever in use."""

import secrets

from config.settings.base import *  # noqa: F403

SECRET_KEY = secrets.token_urlsafe(50)
