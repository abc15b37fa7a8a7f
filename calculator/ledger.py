"""The ledger's arithmetic: who deals each hand, with what streak and history, and the
running totals — all worked out from the recorded hands, in order.

No database here: ``replay`` reads plain values (a region, a first dealer and the hands'
kinds and requests) so that the rotation rules are tested on their own.

Rotation (RULEBOOK; the region's ``winner_deals_next``): the dealer keeps the seat when
they win or the hand is drawn (流局), and the streak grows (平莊 → 二連莊 → 三連莊 …).
When another player wins, that winner becomes the dealer (搶莊) at 平莊 where the region
says so (Hangzhou, ``hangzhou.txt:92-98``, ``:190-194``); elsewhere the next seat deals
(E → S → W → N → E), at streak 0 (Honghe ``honghe.txt:19``, Jinhua ``jinhua.txt:5``).

History for the next hand, sent only where the region's patterns read it
(``reads_history``): ``previous_draws`` counts the draws since the last win (Honghe
黃番), and ``previous_wild`` is the wild of the hand just played, a draw included when the
players gave its wild (Honghe 百搭連莊); a hand without a named wild had the region's
default wild.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from decimal import Decimal

from calculator.forms import json_number
from calculator.regions import wild_code
from rules.regions import REGIONS

SEATS = ("E", "S", "W", "N")
# The engine accepts streaks up to 99; beyond 三連莊 no region's scoring changes.
ENGINE_STREAK_LIMIT = 99
# The request keys the ledger fills from history and the table, never from the form.
FIXED_KEYS = ("region", "base", "dealer", "dealer_streak", "house_rules")
HISTORY_CONTEXT = ("previous_draws", "previous_wild")


def next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


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


def advance(region: str, before: Position, kind: str, request: dict) -> Position:
    """The position after a hand of ``kind`` ("win" or "draw") with ``request``."""
    wild = request.get("wild")
    if kind == "draw":
        return Position(before.number + 1, before.dealer, before.streak + 1,
                        before.draws + 1, wild)
    winner = request["winner"]
    if winner == before.dealer:
        dealer, streak = before.dealer, before.streak + 1
    elif REGIONS[region].winner_deals_next:
        dealer, streak = winner, 0
    else:
        dealer, streak = next_seat(before.dealer), 0
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


@dataclass
class Ledger:
    entries: list[Entry] = field(default_factory=list)
    position: Position | None = None  # before the next hand
    totals: dict[str, Decimal] = field(default_factory=dict)


def replay(region: str, first_dealer: str, hands) -> Ledger:
    """Every hand in order (objects with ``number``, ``kind``, ``request``, ``result``)
    with the position before and after it and the running totals."""
    position = start(first_dealer)
    totals = dict.fromkeys(SEATS, Decimal(0))
    entries = []
    for hand in hands:
        after = advance(region, position, hand.kind, hand.request)
        payments = dict.fromkeys(SEATS, Decimal(0))
        if hand.kind == "win" and hand.result:
            payments = {seat: Decimal(str(hand.result["payments"][seat])) for seat in SEATS}
        totals = {seat: totals[seat] + payments[seat] for seat in SEATS}
        entries.append(Entry(number=hand.number, kind=hand.kind, before=position,
                             after=after, request=hand.request, result=hand.result,
                             payments=payments, totals=totals))
        position = after
    return Ledger(entries=entries, position=position, totals=totals)


# --- the chart of running totals, drawn as SVG on the server ---

@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[dict]  # {"seat", "name", "points": "x,y x,y …", "last": (x, y), "total"}
    zero_y: float
    ticks: list[dict]  # {"x", "label"} along the hand axis
    top_label: str
    bottom_label: str


def chart(ledger: Ledger, names: dict[str, str], width: int = 360,
          height: int = 200) -> Chart | None:
    """Running totals per player after each hand, hand 0 being the start at zero."""
    if not ledger.entries:
        return None
    pad_left, pad_right, pad_y = 40, 10, 16
    series = {seat: [Decimal(0)] + [e.totals[seat] for e in ledger.entries] for seat in SEATS}
    values = [v for points in series.values() for v in points]
    high, low = max(values + [Decimal(0)]), min(values + [Decimal(0)])
    span = (high - low) or Decimal(1)
    count = len(ledger.entries)

    def x(i: int) -> float:
        return round(pad_left + (width - pad_left - pad_right) * i / max(count, 1), 1)

    def y(v: Decimal) -> float:
        return round(pad_y + float((high - v) / span) * (height - 2 * pad_y), 1)

    lines = []
    for seat in SEATS:
        points = [(x(i), y(v)) for i, v in enumerate(series[seat])]
        lines.append({"seat": seat, "name": names[seat], "total": series[seat][-1],
                      "points": " ".join(f"{px},{py}" for px, py in points),
                      "last": points[-1]})
    step = max(1, count // 10)
    ticks = [{"x": x(i), "label": str(i)} for i in range(0, count + 1, step)]
    return Chart(width=width, height=height, lines=lines, zero_y=y(Decimal(0)),
                 ticks=ticks, top_label=_plain(high), bottom_label=_plain(low))


def _plain(value: Decimal) -> str:
    return str(value.normalize()) if value != value.to_integral_value() else str(int(value))


# --- CSV export ---

CSV_HEADER = ["hand", "kind", "dealer", "dealer_streak", "winner", "win_type", "discarder",
              "hand_tiles", "melds", "win_tile", "wild", "patterns", "fan", "multiplier"]


def _cell(text: str) -> str:
    """A player's name as a spreadsheet cell: a leading = + - @ would make it a formula
    (CSV injection), so such a name is quoted with an apostrophe."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def to_csv(ledger: Ledger, names: dict[str, str]) -> str:
    """One row per hand: how it went, each player's net and running total."""
    out = io.StringIO()
    writer = csv.writer(out)
    players = [f"{_cell(names[seat])} ({seat})" for seat in SEATS]
    writer.writerow(CSV_HEADER + [f"net {p}" for p in players]
                    + [f"total {p}" for p in players])
    for e in ledger.entries:
        r, res = e.request, e.result or {}
        writer.writerow([
            e.number, e.kind, e.before.dealer, e.before.streak,
            r.get("winner", ""), r.get("win_type", ""), r.get("discarder") or "",
            r.get("hand", ""), " ".join(r.get("melds", [])), r.get("win_tile", ""),
            r.get("wild", ""),
            " ".join(p["name"] for p in res.get("patterns", [])),
            "" if res.get("fan") is None else res["fan"], res.get("multiplier", ""),
            *[_plain(e.payments[seat]) for seat in SEATS],
            *[_plain(e.totals[seat]) for seat in SEATS],
        ])
    return out.getvalue()
