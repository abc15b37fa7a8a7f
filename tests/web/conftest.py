"""Fixtures of the page tests."""

from pathlib import Path

import pytest

from tests.offline_corpus import build_script


@pytest.fixture(scope="module")
def engine(tmp_path_factory) -> Path:
    """The offline engine's zip, built from this checkout (scripts/build_offline.py)."""
    script = build_script()
    script.OUT = tmp_path_factory.mktemp("offline")
    return script.build_engine()
