"""WSGI entry point: `config.wsgi:application`. Without DJANGO_SETTINGS_MODULE it runs
the production settings (settings fail closed: never DEBUG, never a committed key)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

application = get_wsgi_application()
