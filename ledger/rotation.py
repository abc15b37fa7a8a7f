"""The ledger's arithmetic: who deals each hand, with what streak and history, and the
running totals — all worked out from the recorded hands, in order.

No database here: ``replay`` reads plain values (a region, a first dealer and the hands'
kinds and requests) so that the rotation rules are tested on their own.

Rotation (RULEBOOK; ``Region.next_deal``): the dealer keeps the seat when they win or
the hand is drawn (流局), and the streak grows (平莊 → 二連莊 → 三連莊 …). When another
player wins, that winner becomes the dealer (搶莊) at 平莊 where the region says so
(Hangzhou, ``hangzhou.txt:92-98``, ``:190-194``); elsewhere the next seat deals
(E → S → W → N → E), at streak 0 (Honghe ``honghe.txt:19``). Jinhua passes the deal to
the next seat after every hand, won or drawn (轮庄, ``jinhua.txt:5``; RULEBOOK §7), unless
the table's house rule ``jinhua_dealer`` keeps it as Honghe does.

History for the next hand, sent only where the region's patterns read it
(``reads_history``): ``previous_draws`` counts the draws since the last win (Honghe
黃番), and ``previous_wild`` is the wild of the hand just played, a draw included when the
players gave its wild (Honghe 百搭連莊); a hand without a named wild had the region's
default wild.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from common.web import json_number
from presentation.regions import wild_code
from rules.regions import REGIONS
from rules.request import SEATS

# The engine accepts streaks up to 99; beyond 三連莊 no region's scoring changes.
ENGINE_STREAK_LIMIT = 99
# The request keys the ledger fills from history and the table, never from the form.
FIXED_KEYS = ("region", "base", "dealer", "dealer_streak", "house_rules")
HISTORY_CONTEXT = ("previous_draws", "previous_wild")
# A ledger line's kinds (ledger.models.Hand.kind): a won hand, a drawn hand, and an
# adjustment — a line that moves points but is not a hand (a 诈胡 penalty, a transfer).
WIN, DRAW, ADJUST = "win", "draw", "adj"


@dataclass(frozen=True)
class Position:
    """The state of the table before a hand: its number, dealer, streak and history."""

    number: int
    dealer: str
    streak: int
    draws: int  # hands drawn since the last win
    previous_wild: str | None  # the wild of the hand just played, when known


def start(first_dealer: str) -> Position:
    return Position(number=1, dealer=first_dealer, streak=0, draws=0, previous_wild=None)


def advance(region: str, before: Position, kind: str, request: dict,
            house_rules: Mapping[str, str]) -> Position:
    """The position after a line of ``kind`` ("win", "draw" or "adj") with ``request``,
    at a table with ``house_rules`` (who deals next: ``Region.next_deal``). An
    adjustment is not a hand: the same dealer deals the next hand, at the same streak and
    with the same history."""
    if kind == ADJUST:
        return Position(before.number + 1, before.dealer, before.streak, before.draws,
                        before.previous_wild)
    wild = request.get("wild")
    winner = request["winner"] if kind == WIN else None
    dealer, kept = REGIONS[region].next_deal(before.dealer, winner, house_rules)
    streak = before.streak + 1 if kept else 0
    if kind == DRAW:
        return Position(before.number + 1, dealer, streak, before.draws + 1, wild)
    if wild is None:
        wild = wild_code(REGIONS[region])  # Hangzhou: 白 is the 財神 (RULEBOOK §3)
    return Position(before.number + 1, dealer, streak, 0, wild)


def compose(request: dict, *, region: str, base: Decimal | int, house_rules: dict,
            position: Position) -> dict:
    """``request`` (a score request's hand fields) completed from the table and the
    position: region, base, house rules, dealer, streak, and Honghe's history."""
    composed = {key: value for key, value in request.items() if key not in FIXED_KEYS}
    context = {key: value for key, value in request.get("context", {}).items()
               if key not in HISTORY_CONTEXT}
    if REGIONS[region].reads_history:
        if position.draws:
            context["previous_draws"] = min(position.draws, 999)
        if position.previous_wild:
            context["previous_wild"] = position.previous_wild
    composed.update(region=region, base=json_number(base), dealer=position.dealer,
                    dealer_streak=min(position.streak, ENGINE_STREAK_LIMIT))
    if context:
        composed["context"] = context
    else:
        composed.pop("context", None)
    own = {rule.key for rule in REGIONS[region].house_rules}
    rules = {key: value for key, value in house_rules.items() if key in own}
    if rules:
        composed["house_rules"] = rules
    else:
        composed.pop("house_rules", None)
    return composed


@dataclass
class Entry:
    """One recorded hand as the ledger shows it."""

    number: int
    kind: str
    before: Position
    after: Position
    request: dict
    result: dict | None
    payments: dict[str, Decimal]  # seat → net for this hand (zeros for a draw)
    totals: dict[str, Decimal]  # seat → running total after this hand


def after_json(position: Position, totals: dict[str, Decimal]) -> dict:
    """The position after a hand and the running totals, as ``Hand.after`` keeps them
    (totals as decimal strings: exact)."""
    return {"dealer": position.dealer, "streak": position.streak, "draws": position.draws,
            "previous_wild": position.previous_wild,
            "totals": {seat: str(totals[seat]) for seat in SEATS}}


def from_after_json(number: int, after: dict) -> tuple[Position, dict[str, Decimal]]:
    """``after_json``'s position (before hand ``number``) and totals."""
    return (Position(number, after["dealer"], after["streak"], after["draws"],
                     after["previous_wild"]),
            {seat: Decimal(after["totals"][seat]) for seat in SEATS})


@dataclass
class Ledger:
    entries: list[Entry]
    position: Position  # before the next hand
    totals: dict[str, Decimal]


def payments_of(kind: str, request: Mapping, result: dict | None) -> dict[str, Decimal]:
    """What each seat won or paid in a line: a win's payments, exact; an adjustment's
    amounts (its ``request``); zeros for a draw."""
    if kind == WIN and result:
        return {seat: Decimal(str(result["payments"][seat])) for seat in SEATS}
    if kind == ADJUST:
        return {seat: Decimal(request["amounts"][seat]) for seat in SEATS}
    return dict.fromkeys(SEATS, Decimal(0))


def replay(region: str, first_dealer: str, hands, house_rules: Mapping[str, str]) -> Ledger:
    """Every hand in order (objects with ``number``, ``kind``, ``request``, ``result``)
    at a table with ``house_rules``, with the position before and after it and the
    running totals."""
    position = start(first_dealer)
    totals = dict.fromkeys(SEATS, Decimal(0))
    entries = []
    for hand in hands:
        after = advance(region, position, hand.kind, hand.request, house_rules)
        payments = payments_of(hand.kind, hand.request, hand.result)
        totals = {seat: totals[seat] + payments[seat] for seat in SEATS}
        entries.append(Entry(number=hand.number, kind=hand.kind, before=position,
                             after=after, request=hand.request, result=hand.result,
                             payments=payments, totals=totals))
        position = after
    return Ledger(entries=entries, position=position, totals=totals)
