"""The table ledger's pages (issue 5): create a table, record wins and draws, change or
undo hands, see the running totals, export them.

Links carry capabilities, no accounts: ``/t/<view_token>/`` reads a table, and
``/t/<view_token>/e/<edit_token>/…`` changes it. A wrong edit token is 403 on every
page and action that could change something; the read-only pages never contain it.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any
from urllib.parse import quote

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from api.ratelimit import rate_limited_page
from calculator.forms import calculator_link, form_data
from calculator.messages import how_won
from calculator.messages import render as say
from calculator.regions import chinese, in_language, region_label, region_name, rule_label
from calculator.results import present, streak_name
from common.web import SEATS, amount, form_response, seat_name, signed
from ledger import store
from ledger.export import chart_of, sampled, to_csv
from ledger.forms import WRITE_KEY, DrawForm, LedgerWinForm, ResultForm, TableForm, new_key
from ledger.models import Hand, Table
from ledger.models import Write as WriteRecord
from ledger.rotation import Position, advance
from rules import InvalidRequest
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


LEDGER_PAGE = "ledger/table.html"
WIN_PAGE = "ledger/win.html"
DRAW_PAGE = "ledger/draw.html"
RESULT_PAGE = "ledger/result.html"
UNDO_PAGE = "ledger/undo.html"


def _table(view_token: str, edit_token: str | None = None) -> Table:
    """The table of a link; 404 for an unknown table, 403 for a wrong edit token."""
    table = get_object_or_404(Table, view_token=view_token)
    if edit_token is not None and not secrets.compare_digest(
            edit_token.encode(), table.edit_token.encode()):
        raise PermissionDenied(_("This link does not allow changes to the table."))
    return table


def _edit_url(table: Table, name: str = "table-edit", **kwargs) -> str:
    return reverse(name, kwargs={"view_token": table.view_token,
                                 "edit_token": table.edit_token, **kwargs})


@rate_limited_page("TABLE_RATE_LIMIT", methods=("POST",))
def table_new(request: HttpRequest):
    """/t/new/: a new table. Answers with its edit page, which shows both links."""
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        table = form.save()
        messages.success(request, _("Table created. Keep the edit link to yourself (or "
                                    "your scorekeeper); send the read-only link to the "
                                    "others."))
        return redirect(_edit_url(table))
    return render(request, "ledger/new.html", {"form": form})


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def table_view(request: HttpRequest, view_token: str):
    """The read-only ledger."""
    table = _table(view_token)
    return render(request, LEDGER_PAGE, _ledger_context(request, table, editable=False))


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def table_edit(request: HttpRequest, view_token: str, edit_token: str):
    """The ledger with its controls: record, change, undo."""
    table = _table(view_token, edit_token)
    return render(request, LEDGER_PAGE, _ledger_context(request, table, editable=True))


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def table_csv(request: HttpRequest, view_token: str):
    """Every hand as a CSV row, with each player's net and running total."""
    table = _table(view_token)
    response = HttpResponse(to_csv(store.load(table), table.names),
                            content_type="text/csv; charset=utf-8")
    # Named for the table and the day it was created (周五牌局-2026-12-02.csv); the
    # plain ASCII name for old browsers names no id.
    day = table.created.date().isoformat()
    name = f"{table.name or region_name(REGIONS[table.region])}-{day}.csv"
    name = "".join(ch for ch in name if ch.isprintable() and ch not in '\\/:*?"<>|;')
    response["Content-Disposition"] = (f'attachment; filename="mahjong-{day}.csv"; '
                                       f"filename*=UTF-8''{quote(name)}")
    return response


@rate_limited_page("WATCH_RATE_LIMIT", methods=("GET",))
@capability_page
def table_version(request: HttpRequest, view_token: str):
    """The ledger's version, for an open page to see that another phone wrote
    (static/js/ledger-live.js): one indexed read whatever the table's size, and 304 to a
    page that has it already (If-None-Match)."""
    version = Table.objects.filter(view_token=view_token).values_list(
        "version", flat=True).first()
    if version is None:
        raise Http404("no such table")
    etag = f'"{version}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"version": version})
    response["ETag"] = etag
    return response


def _seen(request: HttpRequest) -> int:
    """The ledger version a posted form was drawn from (-1: none, which is stale)."""
    version = request.POST.get("version", "")
    return int(version) if _whole(version) else -1


HAND_INTENTS = (WriteRecord.NEW, WriteRecord.EDIT)


def _whole(text: str) -> bool:
    """A whole number as a form sends one: ASCII digits, not too many (int() refuses
    other digits str.isdigit() accepts, such as ²)."""
    return text.isascii() and text.isdigit() and len(text) < 12


def _posted_key(request: HttpRequest) -> str:
    """The write's key its form carries, or a new one where a page older than keys sent
    none."""
    key = request.POST.get("key", "")
    return key if re.fullmatch(WRITE_KEY, key) else new_key()


# --- the one write path of the pages: a form's write applied, and its answer ---

def _apply(table: Table, write: store.Write):
    """``store.apply``: (what it wrote, None), or (None, why nothing was written)."""
    try:
        return store.apply(table.pk, write), None
    except (store.StaleLedger, store.Refused, store.TableFull, store.NotNamed,
            store.NothingToDo, store.KeyReused) as error:
        return None, error


def _wants_ack(request: HttpRequest) -> bool:
    """An offline queue's send (static/js/ledger-offline.js): it asks for JSON."""
    return request.headers.get("Accept", "").startswith("application/json")


def _ack(table: Table, write: store.Write, written, error, reasons=()) -> JsonResponse:
    """The answer an offline queue counts on: its write's key and what became of it —
    "recorded" or "already_recorded" (the key was written before: nothing twice), or
    "conflict" (409: the ledger moved on; ``changed``: what was written meanwhile, in
    words), or "refused" (400; ``reasons``, in the page's language). A redirect or a page
    it cannot read is never taken for a recorded hand."""
    body = {"key": write.key, "intent": write.intent, "number": write.number}
    if written is not None:
        body.update(outcome="already_recorded" if written.already else "recorded",
                    number=written.number, version=written.table.version)
        return JsonResponse(body)
    if isinstance(error, store.StaleLedger):
        read = store.entries(error.table, [h.number for h in error.changed])
        edit = write.intent == WriteRecord.EDIT
        body.update(outcome="conflict", version=error.table.version,
                    next=write.number if edit else read.count + 1,
                    changed=[_summary(error.table, e) for e in read.entries],
                    # a change to a recorded hand is not placed anywhere else: its card
                    # opens it, to be looked at against what the other phone wrote
                    as_next=None if edit else _as_next(error.table, write, read.count))
        return JsonResponse(body, status=409)
    body.update(outcome="refused", version=table.version,
                reasons=list(reasons) or [_refusal(error, write.number, table.region)])
    return JsonResponse(body, status=400)


def _as_next(table: Table, write: store.Write, count: int) -> list[dict] | None:
    """What a stale hand would pay recorded as the next hand, each seat's name and net
    ("+6"), for the player to choose; a draw pays nothing. None: it would not score."""
    if write.kind != Hand.WIN:
        return [{"name": table.names[s], "net": signed(0)} for s in SEATS]
    spot = store.spot(table, count + 1)
    if spot is None:  # another phone wrote again meanwhile
        return None
    try:
        _request, response = store.score_win(table, spot.position, write.fields)
    except (InvalidRequest, store.Refused):
        return None
    return [{"name": table.names[s], "net": signed(response["payments"][s])} for s in SEATS]


def _summary(table: Table, entry) -> dict:
    """A hand in one line, for a phone whose hand met it: #3 · 乙 自摸 ×2."""
    view = _entry_view(table, entry, editable=False)
    if entry.kind == Hand.WIN:
        words = f"{view['winner']} {view['how']} {view['total']}"
    else:
        words = _("draw 流局")
    return {"number": entry.number, "words": f"#{entry.number} · {words}"}


def _refusal(error, number: int, region: str) -> str:
    """Why a write was not done, in the page's language (not a stale ledger's)."""
    if isinstance(error, store.Refused):
        return _refused_message(error, number, region)
    if isinstance(error, store.TableFull):
        return _full_message()
    if isinstance(error, store.NothingToDo):
        return _("Nothing to undo or put back: the ledger is as it was.")
    if isinstance(error, store.KeyReused):
        return _("This form recorded hand %(number)s already, and cannot record another "
                 "hand: nothing was saved. Go back to the ledger and record it from there.") % {
            "number": error.number}
    assert isinstance(error, store.NotNamed), error
    return _not_named_message(error)


def _not_named_message(error: store.NotNamed) -> str:
    if error.intent == WriteRecord.NEW:
        return _("This form adds hand %(number)s, but the ledger's next hand is %(next)s: "
                 "nothing was saved. Open the ledger and record it again.") % {
            "number": error.number, "next": error.count + 1}
    return _("This form names hand %(number)s, which the ledger cannot change this way "
             "(it has %(count)s hands): nothing was saved.") % {
        "number": error.number, "count": error.count}


def _say_written(request: HttpRequest, written: store.Written, message: str) -> None:
    if written.already:
        messages.info(request, _("Hand %(number)s was recorded already (the same entry was "
                                 "sent again): nothing was recorded twice.")
                      % {"number": written.number})
    else:
        messages.success(request, message % {"number": written.number})


@dataclass
class _NotWritten:
    """A hand's POST that wrote nothing, for its page to show with the entry kept:
    ``stale`` when the ledger moved on (409: the form, the hand number and its spot then
    against the ledger as it now is), else refused (400, on the form)."""

    status: int
    stale: store.StaleLedger | None
    form: Any
    table: Table
    number: int
    spot: store.Spot | None


def _post_hand(request: HttpRequest, table: Table, spot: store.Spot | None, number: int,
               make_form: Callable, kind: str, message: str,
               refused: Callable) -> HttpResponse | _NotWritten:
    """A hand's POST, the same for a win, a draw and a paper result: the write its form
    (``make_form(data)``) says — a new hand or a change to hand ``number``, from its
    version, under its key — applied, and answered with the ledger; or what the page
    shows with the entry kept. ``refused(form, error)`` puts the engine's objections on
    the form."""
    form = make_form(request.POST)
    if not form.is_valid():
        if _wants_ack(request):
            write = store.Write(intent="", number=number, version=_seen(request),
                                key=_posted_key(request))
            reasons = [str(e) for errors in form.errors.values() for e in errors]
            return _ack(table, write, None, None, reasons)
        return _NotWritten(400, None, form, table, number, spot)
    intent = request.POST.get("intent")
    if intent not in HAND_INTENTS:  # a page older than intents: its number says which
        intent = WriteRecord.NEW if spot is None or number > spot.count else WriteRecord.EDIT
    write = store.Write(intent=intent, number=number, version=_seen(request),
                        key=form.cleaned_data["key"], kind=kind, fields=form.hand_fields())
    written, error = _apply(table, write)
    if _wants_ack(request):
        return _ack(table, write, written, error)
    if written is not None:
        _say_written(request, written, message)
        return redirect(_edit_url(table) + f"#hand-{written.number}")
    if isinstance(error, store.StaleLedger):
        table, number, spot, data = _against_current(request, error, number)
        form = make_form(data)
        form.is_valid()
        return _NotWritten(409, error, form, table, number, spot)
    if isinstance(error, store.Refused):
        refused(form, error)
    else:
        form.add_error(None, _refusal(error, number, table.region))
    return _NotWritten(400, None, form, table, number, spot)


def _against_current(request: HttpRequest, stale: store.StaleLedger, number: int):
    """After a stale write, the posted entry against the ledger as it now is: nothing is
    lost, the form keeps what was typed, and its key (nothing was written under it). A
    new hand moves to the next number; the form carries the current version. Returns the
    table, the number, its spot and the data."""
    table = stale.table
    if request.POST.get("intent") == WriteRecord.NEW:
        number = table.hands.count() + 1
    current = store.spot(table, number)
    if current is None:  # the hand being changed was undone meanwhile: the next one
        number = table.hands.count() + 1
        current = store.spot(table, number)
    data = request.POST.copy()
    data["version"] = str(table.version)
    return table, number, current, data


def _spot(table: Table, number: int) -> store.Spot:
    found = store.spot(table, number)
    if found is None:
        raise Http404(f"no hand {number}")
    return found


def _queued(request: HttpRequest, table: Table, number: int, make_form: Callable,
            kind: str) -> HttpResponse | None:
    """An offline queue's send of a hand (it asks for JSON), answered in JSON whatever
    the hand's number (``_ack``): a hand the ledger has moved past is a conflict or a
    refusal, never a page the queue cannot read. None for any other request."""
    if request.method != "POST" or not _wants_ack(request):
        return None
    answer = _post_hand(request, table, store.spot(table, number), number, make_form, kind,
                        "", lambda form, refused: None)
    assert not isinstance(answer, _NotWritten)  # a queue's send is always answered
    return answer


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@capability_page
def table_undo(request: HttpRequest, view_token: str, edit_token: str):
    """GET: which hand an undo removes, and a button to confirm; POST: undo it. The hand
    can be put back (``table_restore``) until the next one is recorded."""
    table = _table(view_token, edit_token)
    if request.method != "POST":
        shown = store.entries(table, [table.hands.count()]).entries
        if not shown:
            return redirect(_edit_url(table))
        last = shown[0]
        return render(request, UNDO_PAGE, {
            "table": table, "edit_url": _edit_url(table), "version": table.version,
            "key": new_key(), "undo_url": _edit_url(table, "table-undo"),
            "version_url": reverse("table-version", args=[table.view_token]),
            "names": [table.names[s] for s in SEATS],
            "hand": _entry_view(table, last, editable=False)})
    number = request.POST.get("number", "")
    write = store.Write(intent=WriteRecord.UNDO, version=_seen(request),
                        number=int(number) if _whole(number) else table.hands.count(),
                        key=_posted_key(request))
    written, error = _apply(table, write)
    if isinstance(error, store.StaleLedger):
        messages.error(request, _stale_message(error))
    elif error is not None and not isinstance(error, store.NothingToDo):
        messages.error(request, _refusal(error, write.number, table.region))
    elif written is not None and written.already:
        messages.info(request, _("Hand %(number)s was undone already.")
                      % {"number": written.number})
    # The ledger page then says so itself, beside the button that puts the hand back.
    return redirect(_edit_url(table))


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@require_POST
@capability_page
def table_restore(request: HttpRequest, view_token: str, edit_token: str):
    """Put the undone hand back."""
    table = _table(view_token, edit_token)
    number = request.POST.get("number", "")
    undone = (table.undone or {}).get("number", 0)
    write = store.Write(intent=WriteRecord.RESTORE, version=_seen(request),
                        number=int(number) if _whole(number) else undone,
                        key=_posted_key(request))
    written, error = _apply(table, write)
    if isinstance(error, store.StaleLedger):
        messages.error(request, _stale_message(error, restoring=True))
    elif error is not None and not isinstance(error, store.NothingToDo):
        messages.error(request, _refusal(error, write.number, table.region))
    elif written is not None:
        _say_written(request, written, _("Hand %(number)s is back."))
    return redirect(_edit_url(table))


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def hand_result(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a win scored on paper: winner, how, from
    whom, and the total; the same rotation and payment rules as a hand with tiles."""
    table = _table(view_token, edit_token)
    queued = _queued(request, table, number, lambda data: ResultForm(data, table=table),
                     Hand.WIN)
    if queued:
        return queued
    spot = _spot(table, number)
    status, stale = 200, None
    if request.method == "POST":
        outcome = _post_hand(request, table, spot, number,
                             lambda data: ResultForm(data, table=table), Hand.WIN,
                             _("Hand %(number)s recorded."),
                             lambda form, refused: _result_errors(form, refused, number,
                                                                  table.region))
        if not isinstance(outcome, _NotWritten):
            return outcome
        status, stale, form, table, number = (outcome.status, outcome.stale, outcome.form,
                                              outcome.table, outcome.number)
        spot = outcome.spot or spot
    elif "winner" in request.GET:
        form = ResultForm(request.GET, table=table)
    else:
        initial = {"version": table.version}
        entry = spot.entry
        if entry and entry.kind == Hand.WIN:
            initial.update({k: entry.request.get(k) for k in ("winner", "win_type",
                                                                "discarder")})
            key = ResultForm(table=table).total_key
            initial[key] = (entry.result or {}).get(key)
            initial.update(ResultForm.initial_claims(entry.request))
        form = ResultForm(initial=initial, table=table)
    preview, carry = None, []
    if form.is_bound and form.is_valid() and status != 409:
        try:
            if number <= spot.count:
                store.check(table, number, Hand.WIN, form.hand_fields())
            request_, response = store.score_win(table, spot.position, form.hand_fields())
            preview = present(response, request_, table.names)
            carry = [(name, "" if form[name].value() is None else form[name].value())
                     for name in form.fields if name != "version"]
        except store.Refused as refused:
            _result_errors(form, refused, number, table.region)
        except InvalidRequest as invalid:
            _result_errors(form, store.Refused(number, invalid.errors), number, table.region)
    context = {
        "table": table, "number": number, "form": form, "stale": stale, "preview": preview,
        "carry": carry,
        "changed": _changed(stale, table) if stale else [],
        "intent": WriteRecord.NEW if number > spot.count else WriteRecord.EDIT,
        "position": _position_view(table, spot.position), "edit_url": _edit_url(table),
        "action": _edit_url(table, "hand-result", number=number),
        "version_url": reverse("table-version", args=[table.view_token]),
        "win_url": _edit_url(table, "hand-win", number=number),
        "replaces": number <= spot.count,
    }
    return render(request, RESULT_PAGE, context, status=status)


def _result_errors(form: ResultForm, refused: store.Refused, number: int, region: str):
    """A refused paper result's reasons: on its own fields (a claim's beside its row, as
    on the calculator), or (a later hand's) the form."""
    if refused.number != number:
        form.add_error(None, _refused_message(refused, number, region))
        return
    for error in refused.errors:
        form.add_engine_error(error.get("field") or "", say(error, region))


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
@vary_on_headers("HX-Request")
def hand_win(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a win: the calculator, filled in from the
    table. GET previews the score — who pays what, who deals next; POST records it."""
    table = _table(view_token, edit_token)
    queued = _queued(request, table, number, lambda data: LedgerWinForm(data, table=table),
                     Hand.WIN)
    if queued:
        return queued
    spot = _spot(table, number)
    if request.method == "POST":
        return _record_win(request, table, spot, number)
    if request.GET:
        form = LedgerWinForm(request.GET, table=table)
    else:
        form = LedgerWinForm(table=table, initial=_initial(spot, table))
    preview = _preview(form, table, spot) if form.is_bound else None
    context = _win_context(request, table, spot, number, form, preview)
    return form_response(request, WIN_PAGE, context, form_partial="win-form",
                         form_target="#score-form", answer_partial="preview")


def _record_win(request, table, spot, number):
    outcome = _post_hand(request, table, spot, number,
                         lambda data: LedgerWinForm(data, table=table), Hand.WIN,
                         _("Hand %(number)s recorded."),
                         lambda form, refused: _form_errors(form, refused.errors,
                                                            refused.number, number))
    if not isinstance(outcome, _NotWritten):
        return outcome
    spot = outcome.spot or spot
    preview = _preview(outcome.form, outcome.table, spot) if outcome.stale else None
    context = _win_context(request, outcome.table, spot, outcome.number, outcome.form,
                           preview, stale=outcome.stale)
    return render(request, WIN_PAGE, context, status=outcome.status)


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def hand_draw(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a draw (流局). The page shows who deals next
    before the players confirm."""
    table = _table(view_token, edit_token)
    history = REGIONS[table.region].reads_history
    queued = _queued(request, table, number,
                     lambda data: DrawForm(data, reads_history=history), Hand.DRAW)
    if queued:
        return queued
    spot = _spot(table, number)
    status, stale = 200, None
    if request.method == "POST":
        outcome = _post_hand(request, table, spot, number,
                             lambda data: DrawForm(data, reads_history=history), Hand.DRAW,
                             _("Hand %(number)s recorded as a draw."),
                             lambda form, refused: form.add_error(
                                 None, _refused_message(refused, number, table.region)))
        if not isinstance(outcome, _NotWritten):
            return outcome
        status, stale, form, table, number = (outcome.status, outcome.stale, outcome.form,
                                              outcome.table, outcome.number)
        spot = outcome.spot or spot
    else:
        wild = spot.entry.request.get("wild", "") if spot.entry else ""
        form = DrawForm(initial={"version": table.version, "wild": wild},
                        reads_history=history)
    after = advance(table.region, spot.position, Hand.DRAW, {}, table.house_rules)
    context = {
        "table": table, "number": number, "form": form, "stale": stale,
        "changed": _changed(stale, table) if stale else [],
        "intent": WriteRecord.NEW if number > spot.count else WriteRecord.EDIT,
        "position": _position_view(table, spot.position),
        "after": _position_view(table, after),
        "edit_url": _edit_url(table), "shows_wild": REGIONS[table.region].default_wild is None,
        "replaces": number <= spot.count,
        "action": _edit_url(table, "hand-draw", number=number),
        "version_url": reverse("table-version", args=[table.view_token]),
        "win_url": _edit_url(table, "hand-win", number=number),
    }
    return render(request, DRAW_PAGE, context, status=status)


# --- helpers ---

def _initial(spot: store.Spot, table: Table) -> dict:
    """A recorded win's fields, to change it; else a blank form."""
    initial = {"version": table.version}
    if spot.entry is not None and spot.entry.kind == Hand.WIN:
        initial.update(form_data(spot.entry.request))
        if "dice_0" in initial:
            initial["dice"] = [initial.pop("dice_0"), initial.pop("dice_1")]
    return initial


def _preview(form: LedgerWinForm, table: Table, spot: store.Spot) -> dict | None:
    """The score of the form's hand at ``spot``, and who deals next; None when the form
    has errors (they are on its fields)."""
    if not form.is_valid():
        return None
    position = spot.position
    fields = form.hand_fields()
    try:
        request, response = store.score_win(table, position, fields)
    except (InvalidRequest, store.Refused) as error:
        _form_errors(form, error.errors, position.number, position.number)
        return None
    if spot.entry is not None:
        # A change to a recorded hand: every later hand is replayed now, so the page
        # never offers a save that would be refused.
        try:
            store.check(table, position.number, Hand.WIN, fields)
        except store.Refused as refused:
            _form_errors(form, refused.errors, refused.number, position.number)
            return None
    after = advance(table.region, position, Hand.WIN, request, table.house_rules)
    return {"result": present(response, request, table.names), "request": request,
            "after": _position_view(table, after),
            "calculator_link": calculator_link(request),
            "carry": form.query_string_pairs()}


def _form_errors(form, errors: list, at: int, number: int) -> None:
    """Engine errors onto the form's fields, in the page's language; a later hand's onto
    the whole form."""
    if at != number:
        form.add_error(None, _refused_message(store.Refused(at, errors), number,
                                              form.table.region))
        return
    for error in errors:
        form.add_engine_error(error["field"], say(error, form.table.region))


def _refused_message(refused: store.Refused, number: int, region: str | None = None) -> str:
    """Why a write was refused, each engine error in the page's language."""
    reasons = _("; ").join(say(e, region) for e in refused.errors)
    if refused.number == number:
        return reasons
    return _("Not saved: with this change, hand %(later)s no longer scores (%(reasons)s). "
             "Change or undo that hand first.") % {"later": refused.number, "reasons": reasons}


def _full_message() -> str:
    return _("This table has %(limit)s hands, as many as a table keeps: start a new table "
             "for the next ones (this one stays, and can still be changed).") % {
        "limit": store.HANDS_LIMIT}


def _stale_message(stale: store.StaleLedger, restoring: bool = False) -> str:
    """Why an undo (or a restore) drawn from an older ledger did nothing."""
    numbers = ", ".join(str(h.number) for h in stale.changed)
    if restoring:
        return _("The ledger changed meanwhile: the undone hand was not put back. Check "
                 "the ledger as it is now.")
    if numbers:
        return _("The ledger changed meanwhile (hand %(numbers)s): nothing was undone. "
                 "Check it and try again.") % {"numbers": numbers}
    return _("The ledger changed meanwhile: nothing was undone. Check it and try again.")


def _changed(stale: store.StaleLedger, table: Table) -> list[dict]:
    """The hands others wrote since the stale form was drawn, as ledger rows."""
    return [_entry_view(table, e, editable=False)
            for e in store.entries(table, [h.number for h in stale.changed]).entries]


def _win_context(request, table, spot: store.Spot, number, form, preview,
                 stale=None) -> dict:
    return {
        "table": table, "number": number, "form": form, "preview": preview,
        "stale": stale, "changed": _changed(stale, table) if stale else [],
        "intent": WriteRecord.NEW if number > spot.count else WriteRecord.EDIT,
        "position": _position_view(table, spot.position), "edit_url": _edit_url(table),
        "action": _edit_url(table, "hand-win", number=number),
        "draw_url": _edit_url(table, "hand-draw", number=number),
        "version": table.version,
        "version_url": reverse("table-version", args=[table.view_token]),
    }


def _position_view(table: Table, position: Position) -> dict:
    names = table.names
    return {"number": position.number, "dealer": position.dealer,
            "dealer_name": names[position.dealer], "seat": seat_name(position.dealer),
            "streak": position.streak, "streak_name": streak_name(position.streak),
            "draws": position.draws, "previous_wild": position.previous_wild,
            "history": REGIONS[table.region].reads_history}


def _entry_view(table: Table, entry, editable: bool) -> dict:
    """One row of the ledger: how the hand went, in words, and the money."""
    names, request, result = table.names, entry.request, entry.result
    view = {"number": entry.number, "kind": entry.kind,
            "dealer": names[entry.before.dealer],
            "streak_name": streak_name(entry.before.streak),
            "payments": [{"seat": s, "net": signed(entry.payments[s]),
                          "sign": (entry.payments[s] > 0) - (entry.payments[s] < 0)}
                         for s in SEATS],
            "totals": [{"seat": s, "value": signed(entry.totals[s]),
                        "sign": (entry.totals[s] > 0) - (entry.totals[s] < 0)}
                       for s in SEATS],
            "wild": request.get("wild")}
    if entry.kind == Hand.WIN:
        region = REGIONS[table.region]
        how = how_won(request["win_type"])
        view.update(
            winner=names[request["winner"]], how=how,
            discarder=names[request["discarder"]] if request.get("discarder") else None,
            patterns=[chinese(p["name"]) for p in result["patterns"]],
            total=(_("%(fan)s 番") % {"fan": result["fan"]} if region.adds_fan
                   else f"×{result['multiplier']}"),
            tiles=request.get("hand"), melds=request.get("melds", []),
            win_tile=request.get("win_tile"), paper=store.is_paper(table.region, request))
        if not view["paper"]:
            view["calculator_link"] = calculator_link(request)
    if editable:
        view["edit_win"] = _edit_url(
            table, "hand-result" if view.get("paper") else "hand-win", number=entry.number)
        view["edit_draw"] = _edit_url(table, "hand-draw", number=entry.number)
    return view


def _chain_words(table: Table, position: Position) -> dict:
    """What the edit page needs to show hands recorded offline in a row as the server
    would place them (static/js/ledger-offline.js): the next hand's position, who deals
    after each outcome (``Region.next_deal`` worked out for every dealer and winner, or
    a draw), and the words — names, seats, win types, streaks."""
    region = REGIONS[table.region]
    after = {dealer: {outcome: list(region.next_deal(dealer, None if outcome == "draw"
                                                     else outcome, table.house_rules))
                      for outcome in (*SEATS, "draw")} for dealer in SEATS}
    return {"next": {"number": position.number, "dealer": position.dealer,
                     "streak": position.streak, "draws": position.draws,
                     "previous_wild": position.previous_wild},
            "after": after, "names": table.names,
            "seats": {s: str(seat_name(s)) for s in SEATS},
            "how": {key: how_won(key) for key in ("self_draw", "discard", "rob_kong")},
            "streaks": [streak_name(n) for n in range(10)]}


def _house_rules_in_words(table: Table) -> list[str]:
    """The table's house rules as the rules page says them: 点炮胡：不能点炮胡…"""
    region = REGIONS[table.region]
    words = []
    for rule in region.house_rules:
        value = table.house_rules.get(rule.key, rule.default)
        choice = next((c for c in rule.choices if c.value == value), None)
        if choice is not None:
            label = in_language(choice.label_zh, choice.label_en)
            words.append(f"{rule_label(rule)}{_(': ')}{label}")
    return words


PAGE_SIZE = 50  # hands per page of the ledger, newest first


def _ledger_context(request, table: Table, editable: bool) -> dict:
    # The newest hands first, PAGE_SIZE a page (?page=2 for older), read from the hands
    # shown and the chart's sample: a page's cost does not grow with the table.
    count = table.hands.count()
    pages = max(1, -(-count // PAGE_SIZE))
    asked = request.GET.get("page", "")
    page = min(max(int(asked), 1), pages) if _whole(asked) and len(asked) < 6 else 1
    ledger = store.load_page(table, page, PAGE_SIZE, sampled(count), count)
    shown = ledger.entries
    names = table.names
    base = request.build_absolute_uri
    context = {
        "table": table, "editable": editable, "names": [names[s] for s in SEATS],
        "seats": [{"seat": s, "label": seat_name(s), "name": names[s],
                   "total": signed(ledger.totals[s]),
                   "sign": (ledger.totals[s] > 0) - (ledger.totals[s] < 0)} for s in SEATS],
        "entries": [_entry_view(table, e, editable) for e in shown],
        "pages": pages, "page": page, "newer": page - 1 if page > 1 else None,
        "older": page + 1 if page < pages else None,
        "full": count >= store.HANDS_LIMIT, "limit": store.HANDS_LIMIT,
        "count": count,
        "next": _position_view(table, ledger.position),
        "chart": chart_of(ledger.chart, count, names),
        "region": REGIONS[table.region], "region_label": region_label(table.region),
        "base": amount(table.base),
        "house_rules": _house_rules_in_words(table),
        "view_link": base(reverse("table", args=[table.view_token])),
        "csv_url": reverse("table-csv", args=[table.view_token]),
        "version_url": reverse("table-version", args=[table.view_token]),
        "seen_at": timezone.now(),  # shown when the page is opened again offline
    }
    context["my_table"] = json.dumps({
        "view": context["view_link"], "edit": base(_edit_url(table)) if editable else "",
        "name": str(table), "when": table.created.date().isoformat()}, ensure_ascii=False)
    if editable:
        context.update(
            edit_link=base(_edit_url(table)),
            win_url=_edit_url(table, "hand-win", number=ledger.position.number),
            draw_url=_edit_url(table, "hand-draw", number=ledger.position.number),
            undo_url=_edit_url(table, "table-undo"),
            restore_url=_edit_url(table, "table-restore"), restore_key=new_key(),
            undone=table.undone if table.undone and table.undone["number"] == count + 1
            else None,
            result_url=_edit_url(table, "hand-result", number=ledger.position.number),
            version=table.version,
            last=count or None,
            edit_url=_edit_url(table),
        )
        # kept by the service worker for recording with no network (ledger-offline.js)
        context["next_forms"] = json.dumps([context["win_url"], context["draw_url"],
                                            context["result_url"]])
        # and the scripts of those forms (static/js/ledger-form.js …), which this page
        # does not load itself
        context["form_files"] = json.dumps([static(f"js/{name}") for name in (
            "pending.js", "ledger-form.js", "ledger-live.js", "ledger-offline.js",
            "tiles.js")])
        context["chain"] = json.dumps(_chain_words(table, ledger.position),
                                      ensure_ascii=False)
    return context
