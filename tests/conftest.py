import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests import servers

# Under CI=true (.ci/run) every hypothesis test draws the same examples each run (seeded
# by the test's name): CI's verdict on a commit never depends on luck. Locally the
# examples differ from run to run, so that the properties keep exploring.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


@pytest.fixture
def hangzhou_self_draw() -> dict:
    """RULEBOOK example 2: S self-draws a plain hand in Hangzhou; E is dealer."""
    return {
        "region": "hangzhou",
        "hand": "123m456p789s234s7z",
        "win_tile": "7z",
        "win_type": "self_draw",
        "winner": "S",
        "dealer": "E",
    }


@pytest.fixture
def hangzhou_self_draw_payments() -> dict:
    """RULEBOOK example 2's payments: ×1, the dealer pays double."""
    return {"E": -2, "W": -1, "N": -1, "S": 4}


@pytest.fixture(scope="session")
def production_server(tmp_path_factory, production_log):
    """The deployed app: collectstatic, then gunicorn with the production settings
    (tests/servers.py). Yields its base URL; send X-Forwarded-Proto: https. What it
    logs goes to ``production_log``."""
    env = servers.production_env(DJANGO_STATIC_ROOT=str(tmp_path_factory.mktemp("static")))
    servers.collectstatic(Path(env["DJANGO_STATIC_ROOT"]), env)
    with servers.gunicorn(env, log_path=production_log) as url:
        yield url


@pytest.fixture(scope="session")
def production_log(tmp_path_factory) -> Path:
    """Where the production server's output (gunicorn's and the app's log) goes."""
    return tmp_path_factory.mktemp("log") / "gunicorn.log"


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the site's default language: a page request leaves its own
    language active in the thread (LocaleMiddleware), which would make a later test's
    rendering depend on the order the tests run in."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
