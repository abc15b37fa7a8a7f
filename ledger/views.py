"""The table ledger's pages (issue 5): create a table, record wins and draws, change or
undo hands, see the running totals, export them.

Links carry capabilities, no accounts: ``/t/<view_token>/`` reads a table, and
``/t/<view_token>/e/<edit_token>/…`` changes it. A wrong edit token is 403 on every
page and action that could change something; the read-only pages never contain it.
"""

from __future__ import annotations

import json
import secrets
from functools import wraps
from urllib.parse import quote

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from api.ratelimit import rate_limited_page
from calculator.forms import calculator_link, form_data
from calculator.messages import render as say
from calculator.regions import chinese, in_language, region_label, region_name, rule_label
from calculator.results import present, streak_name
from common.web import SEATS, amount, form_response, seat_name, signed
from ledger import store
from ledger.export import chart_of, sampled, to_csv
from ledger.forms import DrawForm, LedgerWinForm, ResultForm, TableForm
from ledger.models import Hand, Table
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


def _seen(request: HttpRequest) -> int:
    """The ledger version a posted form was drawn from (-1: none, which is stale)."""
    version = request.POST.get("version", "")
    return int(version) if version.isdigit() and len(version) < 12 else -1


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@capability_page
def table_undo(request: HttpRequest, view_token: str, edit_token: str):
    """GET: which hand an undo removes, and a button to confirm; POST: undo it. The hand
    can be put back (``table_restore``) until the next one is recorded."""
    table = _table(view_token, edit_token)
    if request.method != "POST":
        last = store.load_page(table, 1, 1).entries  # the newest hand alone
        if not last:
            return redirect(_edit_url(table))
        return render(request, UNDO_PAGE, {
            "table": table, "edit_url": _edit_url(table), "version": table.version,
            "undo_url": _edit_url(table, "table-undo"),
            "names": [table.names[s] for s in SEATS],
            "hand": _entry_view(table, last[0], editable=False)})
    try:
        store.undo_last(table.pk, _seen(request))
    except store.StaleLedger as stale:
        messages.error(request, _stale_message(stale))
        return redirect(_edit_url(table))
    # The ledger page then says so itself, beside the button that puts the hand back.
    return redirect(_edit_url(table))


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@require_POST
@capability_page
def table_restore(request: HttpRequest, view_token: str, edit_token: str):
    """Put the undone hand back."""
    table = _table(view_token, edit_token)
    try:
        table, number = store.restore(table.pk, _seen(request))
    except store.StaleLedger as stale:
        messages.error(request, _stale_message(stale))
    except store.Refused as refused:
        messages.error(request, _refused_message(refused, refused.number, table.region))
    else:
        if number:
            messages.success(request, _("Hand %(number)s is back.") % {"number": number})
    return redirect(_edit_url(table))


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@capability_page
def hand_result(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a win scored on paper: winner, how, from
    whom, and the total; the same rotation and payment rules as a hand with tiles."""
    table = _table(view_token, edit_token)
    ledger = store.load(table)
    position = _position(ledger, number)
    entry = ledger.entries[number - 1] if number <= len(ledger.entries) else None
    status, stale = 200, None
    if request.method == "POST":
        form = ResultForm(request.POST, table=table)
        if form.is_valid():
            try:
                store.write(table.pk, _seen(request), number, Hand.WIN, form.hand_fields())
            except store.StaleLedger as error:
                stale, status = error, 409
                table, ledger, number, data = _against_current(request, error, number)
                position = _position(ledger, number)
                form = ResultForm(data, table=table)
                form.is_valid()
            except store.Refused as refused:
                _result_errors(form, refused, number, table.region)
                status = 400
            except store.TableFull:
                form.add_error(None, _full_message())
                status = 400
            else:
                messages.success(request, _("Hand %(number)s recorded.") % {"number": number})
                return redirect(_edit_url(table) + f"#hand-{number}")
        else:
            status = 400
    elif "winner" in request.GET:
        form = ResultForm(request.GET, table=table)
    else:
        initial = {"version": table.version}
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
            if number <= len(ledger.entries):
                store.check(table, number, Hand.WIN, form.hand_fields())
            request_, response = store.score_win(table, position, form.hand_fields())
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
        "changed": _changed(stale, table, ledger) if stale else [],
        "intent": "new" if number > len(ledger.entries) else "edit",
        "position": _position_view(table, position), "edit_url": _edit_url(table),
        "win_url": _edit_url(table, "hand-win", number=number),
        "replaces": number <= len(ledger.entries),
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
@capability_page
@vary_on_headers("HX-Request")
def hand_win(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a win: the calculator, filled in from the
    table. GET previews the score — who pays what, who deals next; POST records it."""
    table = _table(view_token, edit_token)
    ledger = store.load(table)
    position = _position(ledger, number)
    if request.method == "POST":
        return _record_win(request, table, ledger, number)
    if request.GET:
        form = LedgerWinForm(request.GET, table=table)
    else:
        form = LedgerWinForm(table=table, initial=_initial(ledger, number, table))
    preview = _preview(form, table, position) if form.is_bound else None
    context = _win_context(request, table, ledger, number, form, preview)
    return form_response(request, WIN_PAGE, context, form_partial="win-form",
                         form_target="#score-form", answer_partial="preview")


def _record_win(request, table, ledger, number):
    form = LedgerWinForm(request.POST, table=table)
    stale = None
    if form.is_valid():
        seen = form.cleaned_data["version"]
        if seen is None:
            seen = -1
        try:
            store.write(table.pk, seen, number, Hand.WIN, form.hand_fields())
        except store.StaleLedger as error:
            stale = error
        except store.Refused as refused:
            _form_errors(form, refused.errors, refused.number, number)
        except store.TableFull:
            form.add_error(None, _full_message())
        else:
            messages.success(request, _("Hand %(number)s recorded.") % {"number": number})
            return redirect(_edit_url(table) + f"#hand-{number}")
    if stale:
        table, ledger, number, data = _against_current(request, stale, number)
        form = LedgerWinForm(data, table=table)
        preview = _preview(form, table, _position(ledger, number))
        context = _win_context(request, table, ledger, number, form, preview, stale=stale)
        return render(request, WIN_PAGE, context, status=409)
    context = _win_context(request, table, ledger, number, form, None)
    return render(request, WIN_PAGE, context, status=400)


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@capability_page
def hand_draw(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a draw (流局). The page shows who deals next
    before the players confirm."""
    table = _table(view_token, edit_token)
    ledger = store.load(table)
    position = _position(ledger, number)
    history = REGIONS[table.region].reads_history
    status, stale = 200, None
    if request.method == "POST":
        form = DrawForm(request.POST, reads_history=history)
        if form.is_valid():
            try:
                store.write(table.pk, form.cleaned_data["version"], number, Hand.DRAW,
                            {"wild": form.cleaned_data["wild"]})
            except store.StaleLedger as error:
                stale, status = error, 409
                table, ledger, number, data = _against_current(request, stale, number)
                position = _position(ledger, number)
                form = DrawForm(data, reads_history=history)
            except store.Refused as refused:
                form.add_error(None, _refused_message(refused, number, table.region))
                status = 400
            except store.TableFull:
                form.add_error(None, _full_message())
                status = 400
            else:
                messages.success(request, _("Hand %(number)s recorded as a draw.")
                                 % {"number": number})
                return redirect(_edit_url(table) + f"#hand-{number}")
        else:
            status = 400
    else:
        wild = ""
        if number <= len(ledger.entries):
            wild = ledger.entries[number - 1].request.get("wild", "")
        form = DrawForm(initial={"version": table.version, "wild": wild},
                        reads_history=history)
    after = advance(table.region, position, Hand.DRAW, {}, table.house_rules)
    context = {
        "table": table, "number": number, "form": form, "stale": stale,
        "changed": _changed(stale, table, ledger) if stale else [],
        "intent": "new" if number > len(ledger.entries) else "edit",
        "position": _position_view(table, position), "after": _position_view(table, after),
        "edit_url": _edit_url(table), "shows_wild": REGIONS[table.region].default_wild is None,
        "replaces": number <= len(ledger.entries),
        "win_url": _edit_url(table, "hand-win", number=number),
    }
    return render(request, DRAW_PAGE, context, status=status)


# --- helpers ---

def _position(ledger, number: int) -> Position:
    """The position before hand ``number``: a recorded hand's, or the next one's."""
    if 1 <= number <= len(ledger.entries):
        return ledger.entries[number - 1].before
    if number == len(ledger.entries) + 1:
        return ledger.position
    raise Http404(f"no hand {number}")


def _initial(ledger, number: int, table: Table) -> dict:
    """A recorded win's fields, to change it; else a blank form."""
    initial = {"version": table.version}
    if number <= len(ledger.entries) and ledger.entries[number - 1].kind == Hand.WIN:
        initial.update(form_data(ledger.entries[number - 1].request))
        if "dice_0" in initial:
            initial["dice"] = [initial.pop("dice_0"), initial.pop("dice_1")]
    return initial


def _preview(form: LedgerWinForm, table: Table, position: Position) -> dict | None:
    """The score of the form's hand at ``position``, and who deals next; None when the
    form has errors (they are on its fields)."""
    if not form.is_valid():
        return None
    fields = form.hand_fields()
    try:
        request, response = store.score_win(table, position, fields)
    except (InvalidRequest, store.Refused) as error:
        _form_errors(form, error.errors, position.number, position.number)
        return None
    if position.number <= table.hands.count():
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


def _stale_message(stale: store.StaleLedger) -> str:
    numbers = ", ".join(str(h.number) for h in stale.changed)
    if numbers:
        return _("The ledger changed meanwhile (hand %(numbers)s): nothing was undone. "
                 "Check it and try again.") % {"numbers": numbers}
    return _("The ledger changed meanwhile: nothing was undone. Check it and try again.")


def _against_current(request, stale: store.StaleLedger, number: int):
    """After a stale write, the posted entry against the ledger as it now is: nothing is
    lost, the form keeps what was typed. A new hand moves to the next number; the form
    carries the current version. Returns the table, its ledger, the number and the data."""
    table = stale.table
    ledger = store.load(table)
    if request.POST.get("intent") == "new":
        number = len(ledger.entries) + 1
    data = request.POST.copy()
    data["version"] = str(table.version)
    return table, ledger, number, data


def _changed(stale: store.StaleLedger, table: Table, ledger) -> list[dict]:
    """The hands others wrote since the stale form was drawn, as ledger rows."""
    wanted = {h.number for h in stale.changed}
    return [_entry_view(table, e, editable=False) for e in ledger.entries
            if e.number in wanted]


def _win_context(request, table, ledger, number, form, preview, stale=None) -> dict:
    position = _position(ledger, number)
    return {
        "table": table, "number": number, "form": form, "preview": preview,
        "stale": stale, "changed": _changed(stale, table, ledger) if stale else [],
        "intent": "new" if number > len(ledger.entries) else "edit",
        "position": _position_view(table, position), "edit_url": _edit_url(table),
        "action": _edit_url(table, "hand-win", number=number),
        "draw_url": _edit_url(table, "hand-draw", number=number),
        "version": table.version,
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
        how = {"self_draw": _("self-draw 自摸"), "discard": _("on a discard 點炮"),
               "rob_kong": _("robbing a kong 搶槓")}[request["win_type"]]
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
    page = min(max(int(asked), 1), pages) if asked.isdigit() and len(asked) < 6 else 1
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
            restore_url=_edit_url(table, "table-restore"),
            undone=table.undone if table.undone and table.undone["number"] == count + 1
            else None,
            result_url=_edit_url(table, "hand-result", number=ledger.position.number),
            version=table.version,
            last=count or None,
            edit_url=_edit_url(table),
        )
        # kept by the service worker for recording with no network (ledger-offline.js)
        context["next_forms"] = json.dumps([context["win_url"], context["draw_url"]])
    return context
