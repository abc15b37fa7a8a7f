"""The evening at a glance (issue 30, item 4): per seat, how the hands went.

Pure Python, no Django: the pages (ledger/views.py, templates/ledger/_stats.html) put it
into words. The input is the recorded hands as plain data (``PlayedHand``): each hand's
dealer and streak (as ``ledger.rotation`` works them out), its stored request and the
engine's response (a paper result's too: ``rules.settle`` keeps the same ``winner``,
``win_type`` and ``discarder``, and its ``payments``), and when it was recorded.

Per seat, in the order the card shows them:

- **和牌 wins**, split into **自摸 self-draws** and **点炮和 wins on a discard** (a robbed
  kong's included: the winning tile came from another player), so the two add up to
  the wins;
- **放炮 dealt in**: the discarder of a discard win, or the player whose added kong was
  robbed (the request's ``discarder`` names both, ``rules.request``); so the seats'
  dealt-in add up to the wins on a discard;
- **最大一手 the biggest hand**: the win with the largest total (番 where they add, else
  the multiplier), ties to the one that won most, then to the earlier;
- **最长连庄 the longest dealer streak**: the highest streak the seat dealt a hand at
  (0 平莊, 1 二連莊 …), None for a seat that never dealt;
- **每小时输赢 net per hour**: the seat's net over the time from the first hand recorded
  to the last, None when that is under ``SHORTEST_SPAN`` (a rate over a few minutes says
  nothing about an evening).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any

from rules.table import SEATS

SHORTEST_SPAN = timedelta(minutes=5)
HOUR = timedelta(hours=1)
# the win types where another player gave the winning tile (rules.table.WIN_TYPES)
BY_ANOTHER = ("discard", "rob_kong")


@dataclass(frozen=True, kw_only=True)
class PlayedHand:
    """A recorded hand: ``kind`` "win" or "draw", the dealer and streak it was dealt
    at, its stored ``request`` and ``result`` (None for a draw), when it was recorded."""

    number: int
    kind: str
    dealer: str
    streak: int
    request: Mapping[str, Any]
    result: Mapping[str, Any] | None
    recorded: datetime


@dataclass(frozen=True, kw_only=True)
class BiggestHand:
    number: int
    total: int  # 番 or the multiplier, as the hand's result says it
    won: Decimal  # what the winner took in that hand


@dataclass(frozen=True, kw_only=True)
class SeatStats:
    seat: str
    wins: int
    self_draws: int
    discard_wins: int  # on a discard or a robbed kong
    dealt_in: int
    biggest: BiggestHand | None
    longest_streak: int | None  # None: never dealt
    net: Decimal
    per_hour: Fraction | None  # None: the hands span less than SHORTEST_SPAN


def evening(hands: Sequence[PlayedHand], total_key: str) -> dict[str, SeatStats]:
    """Every seat's statistics over ``hands``; ``total_key`` names a result's total
    ("fan" or "multiplier", ``rules.settle.total_key``)."""
    wins = [hand for hand in hands if hand.kind == "win" and hand.result]
    hours = _hours(hands)
    stats = {}
    for seat in SEATS:
        won = [hand for hand in wins if hand.request["winner"] == seat]
        by_another = [hand for hand in won if hand.request["win_type"] in BY_ANOTHER]
        streaks = [hand.streak for hand in hands if hand.dealer == seat]
        net = sum((_paid(hand, seat) for hand in wins), Decimal(0))
        stats[seat] = SeatStats(
            seat=seat, wins=len(won), self_draws=len(won) - len(by_another),
            discard_wins=len(by_another),
            dealt_in=sum(1 for hand in wins if dealt_in(hand) == seat),
            biggest=_biggest(won, seat, total_key),
            longest_streak=max(streaks, default=None),
            net=net, per_hour=Fraction(net) / hours if hours else None)
    return stats


def dealt_in(hand: PlayedHand) -> str | None:
    """放炮: the seat that gave the winning tile — the discarder, or the player whose
    kong was robbed; None for a self-draw (and a draw)."""
    if hand.kind != "win" or hand.request.get("win_type") not in BY_ANOTHER:
        return None
    return hand.request.get("discarder")


def _paid(hand: PlayedHand, seat: str) -> Decimal:
    assert hand.result is not None
    return Decimal(str(hand.result["payments"][seat]))


def _biggest(won: list[PlayedHand], seat: str, total_key: str) -> BiggestHand | None:
    best = max(won, default=None, key=lambda hand: (
        hand.result[total_key] if hand.result else 0, _paid(hand, seat), -hand.number))
    if best is None or best.result is None:
        return None
    return BiggestHand(number=best.number, total=best.result[total_key],
                       won=_paid(best, seat))


def _hours(hands: Sequence[PlayedHand]) -> Fraction | None:
    """The hours from the first hand recorded to the last, or None under SHORTEST_SPAN."""
    if not hands:
        return None
    times = [hand.recorded for hand in hands]
    span = max(times) - min(times)
    if span < SHORTEST_SPAN:
        return None
    return Fraction(span // timedelta(microseconds=1), HOUR // timedelta(microseconds=1))
