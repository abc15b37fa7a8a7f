"""Seats and the amounts they pay, as the pages write them."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from presentation.language import pgettext_lazy

__all__ = ["MINUS", "SEAT_NAMES", "amount", "plural_count", "seat_name", "signed"]

MINUS = "\u2212"  # the minus sign, not a hyphen

# A seat as a choice and a payment line name it: its wind and its letter.
SEAT_NAMES = {
    "E": pgettext_lazy("seat", "東 E"),
    "S": pgettext_lazy("seat", "南 S"),
    "W": pgettext_lazy("seat", "西 W"),
    "N": pgettext_lazy("seat", "北 N"),
}


def seat_name(seat: str) -> str:
    return str(SEAT_NAMES[seat])


def amount(value: int | float | Decimal) -> str:
    """Exact as the engine or the ledger gave it: whole numbers plain, halves as 0.5 —
    never rounded; a ledger's decimal as players write it (2.5, not 2.50 or 1E+1)."""
    if isinstance(value, Decimal):
        return (str(int(value)) if value == value.to_integral_value()
                else f"{value.normalize():f}")
    return str(int(value)) if float(value).is_integer() else str(value)


def plural_count(value: int | Decimal | Fraction) -> int:
    """The number ngettext picks a word's form by, for an amount: itself when whole,
    else 2, since English says "1 point" but "0.5 points"."""
    return int(value) if value == int(value) else 2


def signed(value: int | float | Decimal) -> str:
    if value > 0:
        return f"+{amount(value)}"
    return f"{MINUS}{amount(-value)}" if value < 0 else "0"
