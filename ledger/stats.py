"""The evening at a glance (issue 30, item 4): per person, how the hands went.

Pure Python, no Django: the pages (ledger/views.py, templates/ledger/_stats.html) put it
into words. The input is the recorded lines as plain data (``PlayedHand``): each line's
dealer and streak (as ``ledger.rotation`` works them out), who sat in each seat then
(``ledger.people``: a seat may change hands during the evening), its stored request and
the engine's response (a paper result's too: ``rules.settle`` keeps the same
``winner``, ``win_type`` and ``discarder``, and its ``payments``), and when it was
recorded. An adjustment line (kind "adj", ``ledger.adjust``) is not a hand: it counts
in the net and the net per hour, never in the wins, the deal-ins, the biggest hand or
the streak.

Per person — whoever sat in the seat at the time — in the order the card shows them:

- **和牌 wins**, split into **自摸 self-draws** and **点炮和 wins on a discard** (a robbed
  kong's included: the winning tile came from another player), so the two add up to
  the wins;
- **放炮 dealt in**: the discarder of a discard win, or the player whose added kong was
  robbed (the request's ``discarder`` names both, ``rules.request``); so everyone's
  dealt-in add up to the wins on a discard;
- **最大一手 the biggest hand**: the win with the largest total (番 where they add, else
  the multiplier), ties to the one that won most, then to the earlier;
- **最长连庄 the longest dealer streak**: the highest streak the person dealt a hand at
  (0 平莊, 1 二連莊 …), counting only the hands they dealt themselves — someone who
  takes over a dealer's seat mid-streak starts at 平莊 — None for one who never dealt;
- **每小时输赢 net per hour**: the person's net over the time they sat, from the first
  line recorded to the last of each stretch at the table, None when that is under
  ``SHORTEST_SPAN`` (a rate over a few minutes says nothing about an evening).
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
    """A recorded line: ``kind`` "win", "draw" or "adj", the dealer and streak it was
    dealt at, its stored ``request`` and ``result`` (None for a draw or an adjustment),
    when it was recorded, and ``seated``: seat → the person sitting there at this line
    (None: the seats themselves, a table whose four never changed)."""

    number: int
    kind: str
    dealer: str
    streak: int
    request: Mapping[str, Any]
    result: Mapping[str, Any] | None
    recorded: datetime
    seated: Mapping[str, str] | None = None

    def who(self, seat: str) -> str:
        """The person in ``seat`` at this line."""
        return self.seated[seat] if self.seated else seat


@dataclass(frozen=True, kw_only=True)
class BiggestHand:
    number: int
    total: int  # 番 or the multiplier, as the hand's result says it
    won: Decimal  # what the winner took in that hand


@dataclass(frozen=True, kw_only=True)
class PersonStats:
    person: str
    wins: int
    self_draws: int
    discard_wins: int  # on a discard or a robbed kong
    dealt_in: int
    biggest: BiggestHand | None
    longest_streak: int | None  # None: never dealt
    net: Decimal
    per_hour: Fraction | None  # None: the person sat less than SHORTEST_SPAN


def evening(hands: Sequence[PlayedHand], total_key: str,
            people: Sequence[str] = ()) -> dict[str, PersonStats]:
    """Every person's statistics over ``hands``, ``people`` first in their order, then
    anyone else who sat, as they came; ``total_key`` names a result's total ("fan" or
    "multiplier", ``rules.settle.total_key``)."""
    everyone = [*people, *(hand.who(seat) for hand in hands for seat in SEATS)]
    streaks = _own_streaks(hands)
    return {person: _person(person, hands, streaks, total_key)
            for person in dict.fromkeys(everyone or SEATS)}


def _person(person: str, hands: Sequence[PlayedHand], streaks: list[tuple[str, int]],
            total_key: str) -> PersonStats:
    """One person's statistics (``evening``); ``streaks``: ``_own_streaks(hands)``."""
    wins = [hand for hand in hands if hand.kind == "win" and hand.result]
    won = [hand for hand in wins if hand.who(hand.request["winner"]) == person]
    by_another = [hand for hand in won if hand.request["win_type"] in BY_ANOTHER]
    net = sum((_paid(hand, seat) for hand in hands for seat in SEATS
               if hand.who(seat) == person), Decimal(0))
    hours = _hours([hand for hand in hands if person in map(hand.who, SEATS)])
    return PersonStats(
        person=person, wins=len(won), self_draws=len(won) - len(by_another),
        discard_wins=len(by_another),
        dealt_in=sum(1 for hand in wins if (seat := dealt_in(hand)) is not None
                     and hand.who(seat) == person),
        biggest=_biggest(won, total_key),
        longest_streak=max((streak for dealer, streak in streaks if dealer == person),
                           default=None),
        net=net, per_hour=Fraction(net) / hours if hours else None)


def _own_streaks(hands: Sequence[PlayedHand]) -> list[tuple[str, int]]:
    """(dealer, streak) of every hand (adjustments are not hands), the streak counted
    from the first hand its dealer dealt in a row: the seat's streak when the person
    dealt all of it, less when they took over the seat mid-streak."""
    dealt, run, previous = [], 0, None
    for hand in hands:
        if hand.kind == "adj":
            continue
        dealer = hand.who(hand.dealer)
        run = run + 1 if dealer == previous and hand.streak else 0
        dealt.append((dealer, min(hand.streak, run)))
        previous = dealer
    return dealt


def dealt_in(hand: PlayedHand) -> str | None:
    """放炮: the seat that gave the winning tile — the discarder, or the player whose
    kong was robbed; None for a self-draw (and a draw)."""
    if hand.kind != "win" or hand.request.get("win_type") not in BY_ANOTHER:
        return None
    return hand.request.get("discarder")


def _paid(hand: PlayedHand, seat: str) -> Decimal:
    """What ``seat`` won or paid in a line, as ``ledger.rotation.payments_of`` says it:
    a win's payments, an adjustment's amounts, nothing in a draw."""
    if hand.kind == "win" and hand.result:
        return Decimal(str(hand.result["payments"][seat]))
    if hand.kind == "adj":
        return Decimal(hand.request["amounts"][seat])
    return Decimal(0)


def _biggest(won: list[PlayedHand], total_key: str) -> BiggestHand | None:
    def winner(hand: PlayedHand) -> Decimal:
        return _paid(hand, hand.request["winner"])

    best = max(won, default=None, key=lambda hand: (
        hand.result[total_key] if hand.result else 0, winner(hand), -hand.number))
    if best is None or best.result is None:
        return None
    return BiggestHand(number=best.number, total=best.result[total_key], won=winner(best))


def _hours(hands: Sequence[PlayedHand]) -> Fraction | None:
    """The hours over ``hands`` (a person's lines, in order) from the first line
    recorded to the last of each stretch of lines in a row, or None under
    SHORTEST_SPAN."""
    stretches: list[list[PlayedHand]] = []
    for hand in hands:
        if stretches and stretches[-1][-1].number == hand.number - 1:
            stretches[-1].append(hand)
        else:
            stretches.append([hand])
    span = sum((max(h.recorded for h in run) - min(h.recorded for h in run)
                for run in stretches), timedelta(0))
    if span < SHORTEST_SPAN:
        return None
    return Fraction(span // timedelta(microseconds=1), HOUR // timedelta(microseconds=1))
