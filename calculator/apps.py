from django.apps import AppConfig
from django.contrib.staticfiles.apps import StaticFilesConfig


class CalculatorConfig(AppConfig):
    name = "calculator"
    verbose_name = "Zhejiang Mahjong Scorer"

    def ready(self):
        from calculator import ratelimit  # noqa: F401 (registers the API_RATE_LIMIT check)


class DeployedStaticFilesConfig(StaticFilesConfig):
    """The staticfiles app as settings_production installs it: collectstatic leaves out
    the Bootstrap files that no page loads (xstatic-bootstrap ships every variant, 8 MB
    that whitenoise would compress for a minute), keeping bootstrap.min.css and its map."""

    ignore_patterns = [*StaticFilesConfig.ignore_patterns,
                       "bootstrap.css*", "bootstrap-*", "bootstrap.rtl*",
                       "bootstrap*.js", "bootstrap*.js.map"]
