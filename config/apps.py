from django.contrib.staticfiles.apps import StaticFilesConfig


class DeployedStaticFilesConfig(StaticFilesConfig):
    """The staticfiles app as the production settings install it: collectstatic leaves
    out the Bootstrap files that no page loads (xstatic-bootstrap ships every variant,
    8 MB that whitenoise would compress for a minute), keeping bootstrap.min.css and its
    map."""

    ignore_patterns = [*StaticFilesConfig.ignore_patterns,
                       "bootstrap.css*", "bootstrap-*", "bootstrap.rtl*",
                       "bootstrap*.js", "bootstrap*.js.map"]
