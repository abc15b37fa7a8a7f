"""What every ledger page shares: the table a link opens, the links a page gives, and a
hand and a dealer's position in words. The pages that read a table are in
ledger/views.py, those that change it in ledger/hand_views.py."""

from __future__ import annotations

import secrets
from functools import wraps

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from common.web import SEATS, seat_name, signed
from ledger import adjust, store
from ledger.models import Hand, Table
from ledger.people import Change, Seating
from ledger.rotation import Position, advance, compose
from presentation.language import chinese
from presentation.ledger import Spot
from presentation.messages import how_won
from presentation.permalink import calculator_link
from presentation.regions import streak_name
from rules.regions import REGIONS


def capability_page(view):
    """A page whose address is a capability (a table's links, its CSV): no cache may keep
    it, no link from it may pass the address on, no search engine may list it."""
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response["Cache-Control"] = "no-store"
        # strict-origin: a referrer is only ever the site's origin, never the path with its
        # tokens. (no-referrer would make the browser send "Origin: null" with the
        # page's own forms, which the CSRF check then refuses.)
        response["Referrer-Policy"] = "strict-origin"
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response
    return wrapped


def table_of_link(view_token: str, edit_token: str | None = None) -> Table:
    """The table of a link; 404 for an unknown table, 403 for a wrong edit token."""
    table = get_object_or_404(Table, view_token=view_token)
    if edit_token is not None and not secrets.compare_digest(
            edit_token.encode(), table.edit_token.encode()):
        raise PermissionDenied(_("This link does not allow changes to the table."))
    return table


def edit_url(table: Table, name: str = "table-edit", **kwargs) -> str:
    return reverse(name, kwargs={"view_token": table.view_token,
                                 "edit_token": table.edit_token, **kwargs})


def version_url(table: Table) -> str:
    """Where an open page asks whether another phone wrote (static/js/ledger-live.js)."""
    return reverse("table-version", args=[table.view_token])


def whole_number(text: str) -> bool:
    """A whole number as a form sends one: ASCII digits, not too many (int() refuses
    other digits str.isdigit() accepts, such as ²)."""
    return text.isascii() and text.isdigit() and len(text) < 12


def sign(value) -> int:
    """1, 0 or -1: how a page colours a net or a total."""
    return (value > 0) - (value < 0)


def names_at(table: Table, line: int) -> dict[str, str]:
    """Seat → the person seated at line ``line`` (a hand's form names its players so)."""
    return table.seating.at(line)


def seat_change_words(change: Change) -> str:
    """A seat change as the sheet marks its row and the people page lists it."""
    return _("From hand %(number)s: %(name)s sits at %(seat)s") % {
        "number": change.first, "name": change.name, "seat": seat_name(change.seat)}


def position_view(table: Table, position: Position) -> dict:
    names = names_at(table, position.number)
    return {"number": position.number, "dealer": position.dealer,
            "dealer_name": names[position.dealer], "seat": seat_name(position.dealer),
            "streak": position.streak, "streak_name": streak_name(position.streak),
            "draws": position.draws, "previous_wild": position.previous_wild,
            "history": REGIONS[table.region].reads_history}


def offline_spot(table: Table, spot: store.Spot) -> Spot:
    """What the offline engine needs of the table to preview hand ``spot`` as the server
    does (``presentation.ledger.Spot``): the request's table part, and who deals next
    after a win of each seat (the hand's own wild, which the history reads, is the
    engine's to put in)."""
    position = spot.position
    table_part = compose({}, region=table.region, base=table.base,
                         house_rules=table.house_rules, position=position)
    after = {seat: position_view(table, advance(table.region, position, Hand.WIN,
                                                {"winner": seat}, table.house_rules))
             for seat in SEATS}
    return Spot(number=position.number, names=names_at(table, position.number),
                table_part=table_part,
                after=after)


def entry_view(table: Table, entry, editable: bool, seating: Seating | None = None) -> dict:
    """One row of the ledger: how the hand went, in words — naming the people seated at
    that line (``seating``: the table's, when the caller has it) — the seat changes
    that take effect there, and the money."""
    seating = seating or table.seating
    names, request = seating.at(entry.number), entry.request
    view = {"number": entry.number, "kind": entry.kind,
            "seat_changes": [seat_change_words(c) for c in seating.changed_at(entry.number)],
            "dealer": names[entry.before.dealer],
            "streak_name": streak_name(entry.before.streak),
            "payments": [{"seat": s, "net": signed(entry.payments[s]),
                          "sign": sign(entry.payments[s])} for s in SEATS],
            "totals": [{"seat": s, "value": signed(entry.totals[s]),
                        "sign": sign(entry.totals[s])} for s in SEATS],
            "wild": request.get("wild")}
    if entry.kind == Hand.WIN:
        view.update(_win_words(table, entry, names))
    elif entry.kind == Hand.ADJUST:
        view["adjustment"] = adjust.words(request, names)
    if editable:
        view["edit_win"] = edit_url(
            table, "hand-result" if view.get("paper") else "hand-win", number=entry.number)
        view["edit_draw"] = edit_url(table, "hand-draw", number=entry.number)
        view["edit_adjust"] = edit_url(table, "hand-adjust", number=entry.number)
    return view


def _win_words(table: Table, entry, names: dict[str, str]) -> dict:
    """A won hand's row: who won (``names``: seat → person at that line), how and from
    whom, its patterns and total, its tiles (none for a result scored on paper, which
    no calculator link can show)."""
    request, result = entry.request, entry.result
    paper = store.is_paper(table.region, request)
    words = {
        "winner": names[request["winner"]], "how": how_won(request["win_type"]),
        "discarder": names[request["discarder"]] if request.get("discarder") else None,
        "patterns": [chinese(p["name"]) for p in result["patterns"]],
        "total": (_("%(fan)s 番") % {"fan": result["fan"]} if REGIONS[table.region].adds_fan
                  else f"×{result['multiplier']}"),
        "tiles": request.get("hand"), "melds": request.get("melds", []),
        "win_tile": request.get("win_tile"), "paper": paper}
    if not paper:
        words["calculator_link"] = calculator_link(reverse("home"), request)
    return words
