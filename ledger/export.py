"""The ledger's exports: the chart of running totals (SVG, drawn on the server) and the
CSV of every hand."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal

from ledger.rotation import Ledger
from rules.request import SEATS

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
