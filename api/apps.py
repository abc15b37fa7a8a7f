from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The JSON API: /api/v1/score, /api/v1/waits, /api/v1/rules, the `score` command."""

    name = "api"
    verbose_name = "JSON API"

    def ready(self):
        from api import ratelimit  # noqa: F401 (registers the API_RATE_LIMIT check)
