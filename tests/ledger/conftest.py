"""The ledger's tests read the pages' words: their ``client`` (pytest-django's, here
only) is a phone set to English."""

import pytest
from django.test import Client

from tests.ledger.pages import phone


@pytest.fixture
def client() -> Client:
    """A phone set to English (``pages.phone``)."""
    return phone()
