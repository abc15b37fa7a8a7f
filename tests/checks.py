"""What the engine's table-driven tests check of each line: a win that pays exactly so
much, a hand that does not win, a request refused for the right field. Not a test
module: test modules import from here (and build their lines with tests/helpers.py),
never from each other."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules import InvalidRequest, score
from tests.helpers import SEATS, keys


def check_payments(request, expected):
    """A winning request that pays ``expected`` (``pays``: exact fractions), all four
    seats, summing to zero."""
    result = score(request)
    assert result["winning"] is True, result.get("reason")
    payments = result["payments"]
    # "payments: each seat's net points for the hand" (API.md): all four seats.
    assert set(payments) == set(SEATS), payments
    got = {seat: Fraction(payments[seat]) for seat in SEATS}
    assert got == expected, f"payments {payments} != {expected} (patterns {result.get('patterns')})"
    assert sum(got.values()) == 0


def check_pattern(request, patterns, multiplier, fan=None):
    """A winning request whose best reading scores exactly ``patterns`` at
    ``multiplier`` (and ``fan`` 番 where the region counts them), paying in sum zero."""
    result = score(request)
    assert result["winning"] is True, result.get("reason")
    assert keys(result) == patterns
    assert result["multiplier"] == multiplier
    assert result["fan"] == fan
    assert sum(result["payments"].values()) == 0


def check_not_winning(request):
    """A well-formed hand that does not win: winning false, a reason, no payments
    (API.md)."""
    result = score(request)
    assert result["winning"] is False
    assert result.get("reason")
    assert not result.get("payments")


def check_refused(request, fields):
    """An invalid request: InvalidRequest naming one of ``fields``, "melds[0]" counting
    as "melds" (API.md "Errors — 400")."""
    with pytest.raises(InvalidRequest) as caught:
        score(request)
    assert {e["field"].split("[")[0] for e in caught.value.errors} & fields, caught.value.errors
