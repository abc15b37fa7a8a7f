"""The ledger's exports: the chart of running totals (SVG, drawn on the server), the
settle-up in words (the page's, the chat's and the CSV's) and the CSV of every hand.

The chart and the sheet's columns are per seat (the ledger's arithmetic is:
``ledger.rotation``); the settle-up is per person (``ledger.people``), and the CSV says
who sat in each seat at each line when the seats changed hands."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from common.web import amount, seat_name
from ledger import adjust
from ledger.people import Seating, nets
from ledger.rotation import ADJUST, Ledger
from ledger.settle import money, settle
from presentation.language import chinese
from presentation.messages import how_won, meld_kind
from presentation.regions import streak_name
from presentation.seats import plural_count
from rules.regions import REGIONS
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


SEAT_SHIFT = {"E": -3.0, "S": -1.0, "W": 1.0, "N": 3.0}  # px, so equal lines stay visible
MAX_TICKS = 8
MAX_POINTS = 120
LABEL_GAP = 14  # px between two labels of the value axis


def sampled(count: int) -> list[int]:
    """The hand numbers a chart of ``count`` hands draws: at most MAX_POINTS, evenly
    spread, 0 (the start) and the last always: a 1,000-hand table's chart costs what a
    100-hand one does."""
    step = max(1, -(-count // MAX_POINTS))
    return sorted({*range(0, count + 1, step), count})


def chart(ledger: Ledger, names: dict[str, str]) -> Chart | None:
    """Running totals per player after each hand, hand 0 being the start at zero."""
    count = len(ledger.entries)
    zero = dict.fromkeys(SEATS, Decimal(0))
    return chart_of({i: ledger.entries[i - 1].totals if i else zero for i in sampled(count)},
                    count, names)


def chart_of(points: dict[int, dict[str, Decimal]], count: int, names: dict[str, str],
             width: int = 360, height: int = 200) -> Chart | None:
    """The chart of ``points`` (hand number → each seat's running total after it, for
    the numbers ``sampled(count)`` gives) of a table of ``count`` hands."""
    if not count:
        return None
    pad_left, pad_right, pad_y = 40, 10, 16
    drawn = sorted(points)
    values = [points[i][seat] for i in drawn for seat in SEATS]
    high, low = max(values + [Decimal(0)]), min(values + [Decimal(0)])
    span = (high - low) or Decimal(1)

    def x(i: int) -> float:
        return round(pad_left + (width - pad_left - pad_right) * i / max(count, 1), 1)

    def y(v: Decimal) -> float:
        return round(pad_y + float((high - v) / span) * (height - 2 * pad_y), 1)

    lines = []
    for seat in SEATS:
        # Each seat's line a little apart from the others (and dashed its own way,
        # site.css), so that two equal totals still show as two lines.
        shift = SEAT_SHIFT[seat]
        line = [(x(i), round(y(points[i][seat]) + shift, 1)) for i in drawn]
        lines.append({"seat": seat, "name": names[seat], "total": points[drawn[-1]][seat],
                      "points": " ".join(f"{px},{py}" for px, py in line),
                      "last": line[-1]})
    step = -(-count // MAX_TICKS)  # at most MAX_TICKS hand numbers: none overlap
    ticks = [{"x": x(i), "label": str(i)} for i in range(0, count + 1, step)]
    zero = y(Decimal(0))
    # The highest and lowest totals are labelled unless they sit on the zero line's label.
    top = amount(high) if high and zero - pad_y >= LABEL_GAP else ""
    bottom = amount(low) if low and (height - 12) - zero >= LABEL_GAP else ""
    return Chart(width=width, height=height, lines=lines, zero_y=zero,
                 ticks=ticks, top_label=top, bottom_label=bottom)


# --- the settle-up (结账), in words ---

@dataclass(frozen=True)
class SettleUp:
    """Who pays whom (``ledger.settle``) as the page, the chat and the CSV say it."""

    transfers: list[dict]  # {"payer", "payee", "points", "money" ("" in points), "line"}
    per_point: str  # 元 a point; "": points only
    total: str  # 元 changing hands, each transfer rounded; "": points only
    header: str  # the table's name, its hands and the money per point
    text: str  # the header, then a line per transfer: as it would be sent in a chat


def settle_up(totals: dict[str, Decimal], people: dict[str, str], *, title: str,
              count: int, per_point: Decimal | None) -> SettleUp:
    """The settle-up of a table of ``count`` hands named ``title``, from each person's
    net (``totals``, keyed as ``people``, who are named by their words)."""
    lines, paid = [], Decimal(0)
    for transfer in settle(totals):
        points = amount(_decimal(transfer.amount))
        names = {"payer": people[transfer.payer], "payee": people[transfer.payee]}
        many = plural_count(transfer.amount)
        if per_point is None:
            cash = ""
            line = ngettext("%(payer)s → %(payee)s: %(points)s point",
                            "%(payer)s → %(payee)s: %(points)s points", many) % {
                **names, "points": points}
        else:
            rounded = money(transfer.amount, per_point)
            paid += rounded
            cash = amount(rounded)
            line = ngettext("%(payer)s → %(payee)s: %(money)s yuan (%(points)s point)",
                            "%(payer)s → %(payee)s: %(money)s yuan (%(points)s points)",
                            many) % {**names, "money": cash, "points": points}
        lines.append({**names, "points": points, "money": cash, "line": line})
    if count == 0:  # adjustment lines only
        header = (_("%(table)s: settle-up") if per_point is None
                  else _("%(table)s: settle-up, %(money)s yuan a point"))
    elif per_point is None:
        header = ngettext("%(table)s: settle-up after %(count)s hand",
                          "%(table)s: settle-up after %(count)s hands", count)
    else:
        header = ngettext("%(table)s: settle-up after %(count)s hand, %(money)s yuan a point",
                          "%(table)s: settle-up after %(count)s hands, %(money)s yuan a point",
                          count)
    rate = "" if per_point is None else amount(per_point)
    header %= {"table": title, "count": count, "money": rate}
    said = [line["line"] for line in lines] or [_("Everyone is even: nobody pays anyone.")]
    return SettleUp(transfers=lines, per_point=rate,
                    total="" if per_point is None else amount(paid), header=header,
                    text="\n".join([header, *said]))


def _decimal(amount: Fraction) -> Decimal:
    """A transfer's points as a decimal: exact, since every net is a sum of payments
    the engine gives in decimals."""
    return Decimal(amount.numerator) / Decimal(amount.denominator)


# --- CSV export ---

# Each column: its header in the page's language, and how a hand fills it.
CSV_COLUMNS = [
    gettext_lazy("Hand"), gettext_lazy("Result"), gettext_lazy("Dealer"),
    gettext_lazy("Dealer streak"), gettext_lazy("Winner"), gettext_lazy("How"),
    gettext_lazy("Discarder"), gettext_lazy("Concealed tiles"), gettext_lazy("Melds"),
    gettext_lazy("Winning tile"), gettext_lazy("Wild"), gettext_lazy("Patterns"),
    gettext_lazy("番"), gettext_lazy("Multiplier ×"),
]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """A text cell for a spreadsheet: a leading = + - @ would make it a formula (CSV
    injection), so such a text starts with an apostrophe. Numbers are written as they
    are (a net of -2 is a number)."""
    return "'" + text if text[:1] in FORMULA_STARTS else text


def _total_cells(result: dict, region) -> tuple[str, str]:
    """A hand's total in the column of its region's (番, ×), as the pages show it: 番 in
    Honghe, where they add, × where values multiply; the other left blank, for a hand
    scored from its tiles and a result scored on paper alike."""
    fan = "" if result.get("fan") is None else str(result["fan"])
    multiplier = "" if result.get("multiplier") is None else str(result["multiplier"])
    if region is None:  # (a hand that does not name its region: what it holds)
        return fan, multiplier
    return (fan, "") if region.adds_fan else ("", multiplier)


def to_csv(ledger: Ledger, names: dict[str, str], settled: SettleUp | None = None, *,
           seating: Seating | None = None) -> str:
    """One row per line, in the page's language: how it went (an adjustment: its words,
    ``ledger.adjust.words``), each seat's net and running total; then, when given, the
    settle-up (``settle_up``) and who sat where (``seating``: each person's seats and
    net). The seats' columns are headed by their player (``names``) while the four
    never changed; once they did, by the seat, and four more columns say who sat in
    each seat at each line. Every cell is quoted; a byte-order mark first, so that
    Excel on a Chinese Windows reads the UTF-8 names right."""
    seated_by = seating or Seating(start=names)
    moved = seated_by.moved()
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, quoting=csv.QUOTE_ALL)
    writer.writerow(_header(names, moved))
    for entry in ledger.entries:
        seated = seated_by.at(entry.number)
        writer.writerow([_cell(text) for text in _hand_cells(entry, seated)]
                        + [amount(entry.payments[seat]) for seat in SEATS]
                        + [amount(entry.totals[seat]) for seat in SEATS]
                        + ([_cell(seated[seat]) for seat in SEATS] if moved else []))
    if settled is not None:
        writer.writerows([_cell(text) for text in row] for row in _settle_rows(settled))
    if seating is not None:
        writer.writerows(_people_rows(seating, ledger))
    return out.getvalue()


def _people_rows(seating: Seating, ledger: Ledger) -> list[list[str]]:
    """Who sat where, a blank row before: a row per person — their name, their seats
    and lines (东 E #1–20 · 南 S #31–40), their net (a number, as the nets above)."""
    count = len(ledger.entries)
    stints = seating.stints(count)
    totals = {entry.number: entry.totals for entry in ledger.entries}
    rows = [[], [_cell(_("Who sat where"))],
            [_cell(_("Player")), _cell(_("Seats and hands")), _cell(_("Net"))]]
    by_person = nets(stints, totals)
    for person in seating.order(count):
        net = by_person[person]
        rows.append([_cell(person),
                     _cell(stints_in_words([s for s in stints if s.person == person])),
                     amount(net)])
    return rows


def stints_in_words(stints) -> str:
    """A person's seats and lines: 东 E #1–20 · 南 S #31–40; a seat taken for the next
    hand: 北 N #41–."""
    words = []
    for stint in stints:
        if stint.last < stint.first:
            lines = f"#{stint.first}–"
        elif stint.last == stint.first:
            lines = f"#{stint.first}"
        else:
            lines = f"#{stint.first}–{stint.last}"
        words.append(f"{seat_name(stint.seat)} {lines}")
    return " · ".join(words)


def _settle_rows(settled: SettleUp) -> list[list[str]]:
    """The settle-up after the hands, a blank row between: its header line, then a row
    per transfer (payer, payee, points, money), then the money in all."""
    rows = [[], [settled.header], [str(_("Payer")), str(_("Payee")), str(_("Points")),
                           str(_("Money (yuan)"))]]
    rows += [[t["payer"], t["payee"], t["points"], t["money"]] for t in settled.transfers]
    if not settled.transfers:
        rows.append([_("Everyone is even: nobody pays anyone.")])
    elif settled.total:
        rows.append([rounding_note(settled.total)])
    return rows


def rounding_note(total: str) -> str:
    """The money changing hands, and how it was rounded (``ledger.settle.money``)."""
    return _("In all %(money)s yuan, each transfer rounded to the fen (0.01 yuan), half "
             "up.") % {"money": total}


def _header(names: dict[str, str], moved: bool = False) -> list[str]:
    """The columns' headers, then each seat's net and running total, by the player's
    name and the seat — by the seat alone once the seats changed hands (``moved``), and
    then who sat in each seat."""
    if moved:
        players = [str(seat_name(seat)) for seat in SEATS]
    else:
        players = [f"{names[seat]} ({seat_name(seat)})" for seat in SEATS]
    return ([_cell(str(c)) for c in CSV_COLUMNS]
            + [_cell(_("%(player)s, this hand") % {"player": p}) for p in players]
            + [_cell(_("%(player)s, total") % {"player": p}) for p in players]
            + ([_cell(_("%(seat)s, player") % {"seat": p}) for p in players]
               if moved else []))


def _hand_cells(entry, names: dict[str, str]) -> list[str]:
    """How a line went, a text for each of CSV_COLUMNS (``names``: seat → the person
    there at that line): an adjustment has its words in the result's column, and no
    dealer — it is not a hand."""
    r, res = entry.request, entry.result or {}
    if entry.kind == ADJUST:
        return [str(entry.number), adjust.words(r, names),
                *[""] * (len(CSV_COLUMNS) - 2)]
    won = entry.kind == "win"
    return [
        str(entry.number), _("win") if won else _("draw 流局"),
        seat_name(entry.before.dealer), streak_name(entry.before.streak),
        seat_name(r["winner"]) if r.get("winner") else "",
        how_won(r["win_type"]) if r.get("win_type") else "",
        seat_name(r["discarder"]) if r.get("discarder") else "",
        r.get("hand", ""), _melds_in_words(r.get("melds", [])), r.get("win_tile", ""),
        r.get("wild", ""), _patterns_in_words(r, res, won),
        *_total_cells(res, REGIONS.get(r.get("region") or res.get("region", ""))),
    ]


def _melds_in_words(melds: list[str]) -> str:
    """The melds as the pages name them (碰 111m)."""
    words = []
    for meld in melds:
        kind, _space, tiles = meld.partition(" ")
        words.append(f"{meld_kind(kind)} {tiles}" if tiles else meld)
    return " ".join(words)


def _patterns_in_words(request: dict, result: dict, won: bool) -> str:
    """A hand's patterns as the ledger's row says them: the patterns counted, or for a
    win that counts none a plain hand, or a result scored on paper (no tiles)."""
    patterns = "、".join(chinese(p["name"]) for p in result.get("patterns", []))
    if won and not patterns:
        return _("plain hand") if request.get("hand") else _("scored on paper")
    return patterns
