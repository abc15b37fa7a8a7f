"""结账 — settling up at the end of an evening: who pays whom, in money.

Pure Python, no Django: the pages and the CSV (ledger/export.py) put it into words.

The pipeline, in the order the code reads:

1. ``settle``: every person's net (summing to zero) becomes transfers — the largest
   debtor pays the largest creditor as much as one of them is owed or owes, and again,
   until everyone is even. Each transfer settles at least one person and the last
   settles two, so ``n`` people need at most ``n − 1`` transfers; the amounts are
   exact (``Fraction``), and every person's transfers add up to their net.
2. ``money``: a transfer's points times the table's money per point (元/分), rounded to
   the fen (0.01 元) half up — 按分四舍五入, as tables round by hand. Each transfer is
   rounded on its own, so what a person pays is what the text they are sent says.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

FEN = Decimal("0.01")  # 分, a hundredth of a 元: the smallest amount a table pays


@dataclass(frozen=True, kw_only=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` points."""

    payer: str
    payee: str
    amount: Fraction


def settle(nets: Mapping[str, Fraction | Decimal | int]) -> list[Transfer]:
    """The transfers that leave every person's net as it is, at most (people − 1) of
    them: greedy, the largest debtor pays the largest creditor. Ties go to the person
    named first in ``nets`` (the seats' order E S W N), so the same nets always give
    the same transfers. Raises ValueError when the nets do not sum to zero."""
    exact = {person: Fraction(net) for person, net in nets.items()}
    if sum(exact.values()) != 0:
        raise ValueError(f"nets must sum to zero: {exact}")
    order = {person: index for index, person in enumerate(exact)}
    owes = {person: -net for person, net in exact.items() if net < 0}
    owed = {person: net for person, net in exact.items() if net > 0}
    transfers = []
    while owes:
        payer = _largest(owes, order)
        payee = _largest(owed, order)
        paid = min(owes[payer], owed[payee])
        transfers.append(Transfer(payer=payer, payee=payee, amount=paid))
        for balances, person in ((owes, payer), (owed, payee)):
            balances[person] -= paid
            if not balances[person]:
                del balances[person]
    return transfers


def _largest(balances: dict[str, Fraction], order: dict[str, int]) -> str:
    return min(balances, key=lambda person: (-balances[person], order[person]))


def money(points: Fraction, per_point: Decimal) -> Decimal:
    """``points`` at ``per_point`` 元 a point, in 元 rounded to the fen, half up
    (按分四舍五入): 24 points at 0.5 is 12.00; 1 point at 0.125 is 0.13."""
    fen = points * Fraction(per_point) * 100
    rounded = math.floor(abs(fen) + Fraction(1, 2))  # half up, away from zero
    return (Decimal(rounded if fen >= 0 else -rounded) * FEN).quantize(FEN)
