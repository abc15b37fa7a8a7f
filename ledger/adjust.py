"""Adjustment lines (issue 30, item 2): a ledger line that moves points but is not a hand.

Tables cross out and add by hand for a penalty, an agreed transfer or a side bet; the
ledger keeps such a line as ``Hand`` of kind "adj", written, undone, restored and
conflict-checked by the same write path as a hand (``ledger.store.apply``). It changes
the totals, never the dealer, the streak or a region's history (``ledger.rotation``).

A line is one of two reasons:

- **诈胡 a false win** (诈和/错和): the player who declared a win that was not one pays
  each of the other three the same amount — the table's penalty
  (``Table.false_win_penalty``) unless the players type another;
- **其他 other**: an amount per seat, the four summing to zero, and a note saying what
  it was (a transfer, a side bet…).

Its request, as ``Hand.request`` keeps it: ``{"reason", "amounts": {seat: decimal
string}, "offender"?, "each"?, "note"?}`` — the amounts always, so the ledger's
arithmetic (``rotation.payments_of``) reads one shape whatever the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from presentation.seats import amount, seat_name
from rules.table import SEATS

FALSE_WIN, OTHER = "false_win", "other"
REASONS = {
    FALSE_WIN: gettext_lazy("False win 诈胡: the offender pays each other player"),
    OTHER: gettext_lazy("Other: an amount per player (a transfer, a side bet…)"),
}
# Points a seat may gain or lose in one line: far beyond any evening's hands, and small
# enough that a typo of many digits is refused rather than recorded.
AMOUNT_LIMIT = Decimal(1_000_000)
NOTE_LENGTH = 80


def false_win(offender: str, each: Decimal, note: str = "") -> dict:
    """The request of a 诈胡 penalty: ``offender`` pays ``each`` to every other seat."""
    amounts = {seat: -3 * each if seat == offender else each for seat in SEATS}
    return _request(FALSE_WIN, amounts, note, offender=offender, each=amount(each))


def other(amounts: Mapping[str, Decimal], note: str) -> dict:
    """The request of another adjustment: ``amounts`` per seat (summing to zero)."""
    assert sum(amounts.values()) == 0, amounts
    return _request(OTHER, amounts, note)


def _request(reason: str, amounts: Mapping[str, Decimal], note: str, **more: str) -> dict:
    request: dict = {"reason": reason, **more,
                     "amounts": {seat: amount(amounts[seat]) for seat in SEATS}}
    if note:
        request["note"] = note
    return request


def words(request: Mapping, names: Mapping[str, str]) -> str:
    """The line in words, as the sheet, the CSV and a conflict message say it:
    诈胡罚分：东 甲 付每家 10 · 备注 / 调整：打赌."""
    note = request.get("note", "")
    if request["reason"] == FALSE_WIN:
        offender = request["offender"]
        said = _("False win 诈胡: %(seat)s %(name)s pays each other player %(each)s") % {
            "seat": seat_name(offender), "name": names[offender],
            "each": amount(Decimal(request["each"]))}
        return f"{said} · {note}" if note else said
    return _("Adjustment: %(note)s") % {"note": note}
