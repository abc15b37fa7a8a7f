"""The ledger's pages that change a table (issue 5): record a hand as a win, a draw or a
result scored on paper, change it, undo the last hand and put it back. Every one writes
through one path (``_post_hand``: the write its form says, applied by ``store.apply``
under the form's version and key) and answers a page, or an offline queue in JSON.

Each answers only its table's edit link (``/t/<view_token>/e/<edit_token>/…``): a wrong
edit token is 403."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from api.ratelimit import rate_limited_page
from calculator.results import page_links
from common.web import SEATS, form_response, seat_name, signed
from ledger import store
from ledger.forms import WRITE_KEY, AdjustmentForm, DrawForm, LedgerWinForm, ResultForm, new_key
from ledger.models import Hand, Table
from ledger.models import Write as WriteRecord
from ledger.page_parts import (
    capability_page,
    edit_url,
    entry_view,
    names_at,
    offline_spot,
    position_view,
    table_of_link,
    version_url,
    whole_number,
)
from ledger.people import seated_stamp
from ledger.rotation import advance, payments_of
from presentation.ledger import preview_html, spot_json
from presentation.messages import render as say
from presentation.permalink import calculator_link, request_fields
from presentation.results import Result, present
from rules import InvalidRequest
from rules.regions import REGIONS

WIN_PAGE = "ledger/win.html"
DRAW_PAGE = "ledger/draw.html"
RESULT_PAGE = "ledger/result.html"
ADJUST_PAGE = "ledger/adjust.html"
UNDO_PAGE = "ledger/undo.html"


def _seen(request: HttpRequest) -> int:
    """The ledger version a posted form was drawn from (-1: none, which is stale)."""
    version = request.POST.get("version", "")
    return int(version) if whole_number(version) else -1


HAND_INTENTS = (WriteRecord.NEW, WriteRecord.EDIT)


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
        after = write.number if edit else read.count + 1
        body.update(outcome="conflict", version=error.table.version, next=after,
                    changed=[_summary(error.table, e) for e in read.entries],
                    # who sits at the hand it would be now: said when others than its
                    # form named, and carried by the queue when it places it there
                    seating=_reseated(write, error.table, after),
                    seated=seated_stamp(names_at(error.table, after)),
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
    if write.kind != Hand.WIN:  # a draw pays nothing; an adjustment its amounts
        paid = payments_of(write.kind, write.fields, None)
        names = names_at(table, count + 1)
        return [{"name": names[s], "net": signed(paid[s])} for s in SEATS]
    spot = store.spot(table, count + 1)
    if spot is None:  # another phone wrote again meanwhile
        return None
    try:
        _request, response = store.score_win(table, spot.position, write.fields)
    except (InvalidRequest, store.Refused):
        return None
    names = names_at(table, count + 1)
    return [{"name": names[s], "net": signed(response["payments"][s])} for s in SEATS]


def _summary(table: Table, entry) -> dict:
    """A hand in one line, for a phone whose hand met it: #3 · 乙 自摸 ×2."""
    view = entry_view(table, entry, editable=False)
    if entry.kind == Hand.WIN:
        words = f"{view['winner']} {view['how']} {view['total']}"
    elif entry.kind == Hand.ADJUST:
        words = view["adjustment"]
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


# What the ledger says once a line is written, by the line's kind: (recorded as a new
# line, a recorded line changed), each with the line's number.
_WRITTEN = {
    Hand.WIN: (gettext_lazy("Hand %(number)s recorded."),
               gettext_lazy("Hand %(number)s changed; the hands after it were worked out "
                            "again.")),
    Hand.DRAW: (gettext_lazy("Hand %(number)s recorded as a draw."),
                gettext_lazy("Hand %(number)s changed to a draw; the hands after it were "
                             "worked out again.")),
    Hand.ADJUST: (gettext_lazy("Line %(number)s recorded: an adjustment."),
                  gettext_lazy("Line %(number)s changed: an adjustment.")),
}


def _say_written(request: HttpRequest, written: store.Written, message: str) -> None:
    if written.already:
        messages.info(request, _("Hand %(number)s was recorded already (the same entry was "
                                 "sent again): nothing was recorded twice.")
                      % {"number": written.number})
    else:
        messages.success(request, message % {"number": written.number})


@dataclass
class _HandPage:
    """What a hand's page shows: its form for hand ``number``, at ``spot`` of ``table``;
    after a POST that wrote nothing, with the entry kept: ``stale`` when the ledger moved
    on (409: the form, the hand number and its spot then against the ledger as it now
    is), else refused (400, on the form)."""

    status: int
    stale: store.StaleLedger | None
    form: Any
    table: Table
    number: int
    spot: store.Spot
    reseated: str = ""  # a stale write's: others sit at its hand now (``_reseated``)


@dataclass(frozen=True)
class _HandForm:
    """How a page records its kind of hand: its form (``make(data, names)``: ``names``,
    seat → the person seated at the hand it is drawn for), the hand's kind
    (what the ledger then says: ``_WRITTEN``), and how the engine's objections go on the
    form (``refused(form, error)``)."""

    make: Callable
    kind: str
    refused: Callable


def _hand_page(request: HttpRequest, table: Table, number: int, hand: _HandForm,
               blank: Callable) -> HttpResponse | _HandPage:
    """A hand page's request, the same for a win, a draw and a paper result: an offline
    queue's send answered in JSON whatever the hand's number; a POST's write applied and
    answered with the ledger, or the page to show with the entry kept; a GET's page,
    with ``blank(spot)``'s form."""
    if request.method == "POST" and _wants_ack(request):
        return _queue_answer(request, table, number, hand)
    if request.method == "POST" and store.spot(table, number) is None:
        # a form drawn for a hand the ledger has since gone back past (another phone
        # undid one): its write meets the ledger as it is now, as a stale one (409, the
        # entry kept), never a page not found that loses it
        return _post_hand(request, table, _spot(table, table.hands.count() + 1), number,
                          hand)
    spot = _spot(table, number)
    if request.method == "POST":
        return _post_hand(request, table, spot, number, hand)
    return _HandPage(200, None, blank(spot), table, number, spot)


def _queue_answer(request: HttpRequest, table: Table, number: int,
                  hand: _HandForm) -> JsonResponse:
    """An offline queue's send of a hand (static/js/ledger-offline.js), answered in JSON
    (``_ack``): a hand the ledger has moved past is a conflict or a refusal, never a page
    the queue cannot read."""
    form = hand.make(request.POST, names_at(table, number))
    if not form.is_valid():
        write = store.Write(intent="", number=number, version=_seen(request),
                            key=_posted_key(request))
        reasons = [str(e) for errors in form.errors.values() for e in errors]
        return _ack(table, write, None, None, reasons)
    write = _hand_write(request, form, store.spot(table, number), number, hand.kind)
    written, error = _apply(table, write)
    return _ack(table, write, written, error)


def _post_hand(request: HttpRequest, table: Table, spot: store.Spot, number: int,
               hand: _HandForm) -> HttpResponse | _HandPage:
    """A hand page's POST: the write its form says applied, and answered with the
    ledger; or what the page shows with the entry kept."""
    form = hand.make(request.POST, names_at(table, number))
    if not form.is_valid():
        return _HandPage(400, None, form, table, number, spot)
    write = _hand_write(request, form, spot, number, hand.kind)
    written, error = _apply(table, write)
    if written is not None:
        recorded, changed = _WRITTEN[hand.kind]
        _say_written(request, written, changed if write.intent == WriteRecord.EDIT else recorded)
        return redirect(edit_url(table) + f"#hand-{written.number}")
    if isinstance(error, store.StaleLedger):
        table, number, current, data = _against_current(request, error, number)
        form = hand.make(data, names_at(table, number))
        form.is_valid()
        return _HandPage(409, error, form, table, number, current or spot,
                         reseated=_reseated(write, table, number))
    if isinstance(error, store.Refused):
        hand.refused(form, error)
    else:
        form.add_error(None, _refusal(error, number, table.region))
    return _HandPage(400, None, form, table, number, spot)


def _hand_write(request: HttpRequest, form, spot: store.Spot | None, number: int,
                kind: str) -> store.Write:
    """The write a hand's valid form says: a new hand or a change to hand ``number``,
    from the version the form was drawn from, under its key."""
    intent = request.POST.get("intent")
    if intent not in HAND_INTENTS:  # a page older than intents: its number says which
        intent = WriteRecord.NEW if spot is None or number > spot.count else WriteRecord.EDIT
    return store.Write(intent=intent, number=number, version=_seen(request),
                       key=form.cleaned_data["key"], kind=kind, fields=form.hand_fields(),
                       seated=form.cleaned_data["seated"])


def _against_current(request: HttpRequest, stale: store.StaleLedger, number: int):
    """After a stale write, the posted entry against the ledger as it now is: nothing is
    lost, the form keeps what was typed, and its key (nothing was written under it). A
    new hand moves to the next number; the form carries the current version, and, where
    it names people, the four seated at its hand now (its page says so when they are
    others: ``_reseated``). Returns the table, the number, its spot and the data."""
    table = stale.table
    if request.POST.get("intent") == WriteRecord.NEW:
        number = table.hands.count() + 1
    current = store.spot(table, number)
    if current is None:  # the hand being changed was undone meanwhile: the next one
        number = table.hands.count() + 1
        current = store.spot(table, number)
    data = request.POST.copy()
    data["version"] = str(table.version)
    if data.get("seated"):
        data["seated"] = seated_stamp(names_at(table, number))
    return table, number, current, data


def _reseated(write: store.Write, table: Table, number: int) -> str:
    """When a write named other people (``store.Write.seated``) than those seated at hand
    ``number`` now — another phone seated someone, swapped two or renamed one — who sits
    there now, and what to check, in words; else ""."""
    names = names_at(table, number)
    if not write.seated or write.seated == seated_stamp(names):
        return ""
    four = pgettext("list separator", ", ").join(f"{seat_name(seat)} {names[seat]}"
                                                 for seat in SEATS)
    return _("Someone changed who sits where, or a name, meanwhile: at hand %(number)s it "
             "is %(names)s. Check who won and who paid by these names before you record "
             "it.") % {"number": number, "names": four}


def _spot(table: Table, number: int) -> store.Spot:
    found = store.spot(table, number)
    if found is None:
        raise Http404(f"no hand {number}")
    return found





@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@capability_page
def table_undo(request: HttpRequest, view_token: str, edit_token: str):
    """GET: which hand an undo removes, and a button to confirm; POST: undo it. The hand
    can be put back (``table_restore``) until the next one is recorded."""
    table = table_of_link(view_token, edit_token)
    if request.method != "POST":
        shown = store.entries(table, [table.hands.count()]).entries
        if not shown:
            return redirect(edit_url(table))
        last = shown[0]
        return render(request, UNDO_PAGE, {
            "table": table, "edit_url": edit_url(table), "version": table.version,
            "key": new_key(), "undo_url": edit_url(table, "table-undo"),
            "version_url": version_url(table),
            "names": [names_at(table, last.number)[s] for s in SEATS],
            "hand": entry_view(table, last, editable=False)})
    number = request.POST.get("number", "")
    write = store.Write(intent=WriteRecord.UNDO, version=_seen(request),
                        number=int(number) if whole_number(number) else table.hands.count(),
                        key=_posted_key(request))
    written, error = _apply(table, write)
    if isinstance(error, store.StaleLedger):
        messages.error(request, _stale_message(error))
    elif error is not None and not isinstance(error, store.NothingToDo):
        messages.error(request, _refusal(error, write.number, table.region))
    elif written is not None and written.already:
        table.refresh_from_db()
        adjustment = (table.undone or {}).get("kind") == Hand.ADJUST
        messages.info(request, (_("Line %(number)s (an adjustment) was undone already.")
                                if adjustment else _("Hand %(number)s was undone already."))
                      % {"number": written.number})
    # The ledger page then says so itself, beside the button that puts the hand back.
    return redirect(edit_url(table))


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@require_POST
@capability_page
def table_restore(request: HttpRequest, view_token: str, edit_token: str):
    """Put the undone hand back."""
    table = table_of_link(view_token, edit_token)
    number = request.POST.get("number", "")
    undone = (table.undone or {}).get("number", 0)
    undone_kind = (table.undone or {}).get("kind")
    write = store.Write(intent=WriteRecord.RESTORE, version=_seen(request),
                        number=int(number) if whole_number(number) else undone,
                        key=_posted_key(request))
    written, error = _apply(table, write)
    if isinstance(error, store.StaleLedger):
        messages.error(request, _stale_message(error, restoring=True))
    elif error is not None and not isinstance(error, store.NothingToDo):
        messages.error(request, _refusal(error, write.number, table.region))
    elif written is not None:
        _say_written(request, written, _("Line %(number)s (an adjustment) is back.")
                     if undone_kind == Hand.ADJUST else _("Hand %(number)s is back."))
    return redirect(edit_url(table))



@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def hand_result(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a win scored on paper: winner, how, from
    whom, and the total; the same rotation and payment rules as a hand with tiles."""
    table = table_of_link(view_token, edit_token)
    hand = _HandForm(make=lambda data, names: ResultForm(data, table=table, names=names),
                     kind=Hand.WIN,
                     refused=lambda form, refused: _result_errors(form, refused, number,
                                                                  table.region))
    page = _hand_page(request, table, number, hand,
                      lambda spot: _result_form(request, table, spot))
    if not isinstance(page, _HandPage):
        return page
    preview, carry = _result_preview(page) if page.status != 409 else (None, [])
    context = {**_hand_context(page, "hand-result"), "preview": preview, "carry": carry}
    return render(request, RESULT_PAGE, context, status=page.status)


def _result_form(request: HttpRequest, table: Table, spot: store.Spot) -> ResultForm:
    """A paper result's form on a GET: the one its own link carries (?winner=…), else a
    recorded win's, to change it, or a blank one."""
    names = names_at(table, spot.position.number)
    if "winner" in request.GET:
        return ResultForm(request.GET, table=table, names=names)
    initial = {"version": table.version}
    entry = spot.entry
    if entry and entry.kind == Hand.WIN:
        initial.update({k: entry.request.get(k) for k in ("winner", "win_type", "discarder")})
        key = ResultForm(table=table).total_key
        initial[key] = (entry.result or {}).get(key)
        initial.update(ResultForm.initial_claims(entry.request))
    return ResultForm(initial=initial, table=table, names=names)


def _result_preview(page: _HandPage) -> tuple[Result | None, list]:
    """A valid paper result scored at its spot (every later hand replayed, for a change),
    and its fields, which the page carries on; (None, []) when the form has errors (the
    engine's are put on it)."""
    form, table, number, spot = page.form, page.table, page.number, page.spot
    if not (form.is_bound and form.is_valid()):
        return None, []
    try:
        if number <= spot.count:
            store.check(table, number, Hand.WIN, form.hand_fields())
        request, response = store.score_win(table, spot.position, form.hand_fields())
    except store.Refused as refused:
        _result_errors(form, refused, number, table.region)
        return None, []
    except InvalidRequest as invalid:
        _result_errors(form, store.Refused(number, invalid.errors), number, table.region)
        return None, []
    carry = [(name, "" if form[name].value() is None else form[name].value())
             for name in form.fields if name != "version"]
    return present(response, request, names_at(table, number)), carry


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
    table = table_of_link(view_token, edit_token)
    hand = _HandForm(make=lambda data, names: LedgerWinForm(data, table=table, names=names),
                     kind=Hand.WIN,
                     refused=lambda form, refused: _form_errors(form, refused.errors,
                                                                refused.number, number))
    page = _hand_page(request, table, number, hand,
                      lambda spot: _win_form(request, table, spot))
    if not isinstance(page, _HandPage):
        return page
    posted = request.method == "POST"
    # A stale entry is scored again against the ledger as it now is; a refused one's
    # errors are on its form.
    scored = page.stale is not None if posted else page.form.is_bound
    context = {**_hand_context(page, "hand-win"), "version": page.table.version,
               "preview": _preview(page.form, page.table, page.spot) if scored else None,
               "offline_spot": spot_json(offline_spot(page.table, page.spot))}
    if context["preview"]:
        context["preview"]["html"] = _preview_card(request, context)
    if posted:
        return render(request, WIN_PAGE, context, status=page.status)
    return form_response(request, WIN_PAGE, context, form_partial="win-form",
                         form_target="#score-form", answer_partial="preview")


def _preview_card(request: HttpRequest, context: dict) -> SafeString:
    """The preview's card (``presentation.ledger.preview_html``, which the offline engine
    draws too), with the form that records the hand."""
    preview = context["preview"]
    footer = render_to_string("ledger/_record_form.html", {**context, "carry": preview["carry"]},
                              request)
    return SafeString(preview_html(context["number"], preview["result"], preview["after"],
                                   preview["calculator_link"], page_links(), footer))


def _win_form(request: HttpRequest, table: Table, spot: store.Spot) -> LedgerWinForm:
    """A win's form on a GET: the one its own link carries, to preview, else a recorded
    win's, to change it, or a blank one."""
    names = names_at(table, spot.position.number)
    if request.GET:
        return LedgerWinForm(request.GET, table=table, names=names)
    return LedgerWinForm(table=table, initial=_initial(spot, table), names=names)


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def hand_draw(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) hand ``number`` as a draw (流局). The page shows who deals next
    before the players confirm."""
    table = table_of_link(view_token, edit_token)
    history = REGIONS[table.region].reads_history
    hand = _HandForm(make=lambda data, names: DrawForm(data, reads_history=history),
                     kind=Hand.DRAW,
                     refused=lambda form, refused: form.add_error(
                         None, _refused_message(refused, number, table.region)))
    page = _hand_page(request, table, number, hand, lambda spot: DrawForm(
        initial={"version": table.version, "wild": _recorded_wild(spot)},
        reads_history=history))
    if not isinstance(page, _HandPage):
        return page
    table, spot = page.table, page.spot
    after = advance(table.region, spot.position, Hand.DRAW, {}, table.house_rules)
    context = {**_hand_context(page, "hand-draw"), "after": position_view(table, after),
               "shows_wild": REGIONS[table.region].default_wild is None}
    return render(request, DRAW_PAGE, context, status=page.status)


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def hand_adjust(request: HttpRequest, view_token: str, edit_token: str, number: int):
    """Record (or change) line ``number`` as an adjustment (ledger.adjust): a 诈胡
    penalty or an amount per seat. It moves the totals, never the dealer or the streak."""
    table = table_of_link(view_token, edit_token)

    def form(data=None, names=None, **kwargs):
        return AdjustmentForm(data, table=table, names=names or names_at(table, number),
                              **kwargs)

    hand = _HandForm(make=form, kind=Hand.ADJUST,
                     refused=lambda form, refused: form.add_error(
                         None, _refused_message(refused, number, table.region)))

    def blank(spot: store.Spot) -> AdjustmentForm:
        initial = {"version": table.version}
        if spot.entry is not None and spot.entry.kind == Hand.ADJUST:
            initial.update(AdjustmentForm.initial_of(spot.entry.request))
        return form(initial=initial)

    page = _hand_page(request, table, number, hand, blank)
    if not isinstance(page, _HandPage):
        return page
    context = {**_hand_context(page, "hand-adjust"),
               "adjust_url": edit_url(page.table, "hand-adjust", number=page.number)}
    return render(request, ADJUST_PAGE, context, status=page.status)


def _recorded_wild(spot: store.Spot) -> str:
    """The wild a recorded hand named, to change it; none for a new hand."""
    return spot.entry.request.get("wild", "") if spot.entry else ""


def _hand_context(page: _HandPage, action: str) -> dict:
    """What every hand's page shows: the hand and its form, the dealer before it, whether
    it adds a hand or replaces one, what other phones wrote meanwhile (a stale POST's),
    where it posts (the URL named ``action``) and its links to the same hand as a win
    or a draw."""
    table, number, spot, stale = page.table, page.number, page.spot, page.stale
    return {
        "table": table, "number": number, "form": page.form, "stale": stale,
        "changed": _changed(stale, table) if stale else [], "reseated": page.reseated,
        "intent": WriteRecord.NEW if number > spot.count else WriteRecord.EDIT,
        "replaces": number <= spot.count,
        "position": position_view(table, spot.position), "edit_url": edit_url(table),
        "action": edit_url(table, action, number=number),
        "win_url": edit_url(table, "hand-win", number=number),
        "draw_url": edit_url(table, "hand-draw", number=number),
        "version_url": version_url(table),
    }


# --- helpers ---

def _initial(spot: store.Spot, table: Table) -> dict:
    """A recorded win's fields, to change it; else a blank form."""
    initial = {"version": table.version}
    if spot.entry is not None and spot.entry.kind == Hand.WIN:
        initial.update(request_fields(spot.entry.request))
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
    return {"result": present(response, request, names_at(table, position.number)),
            "request": request,
            "after": position_view(table, after),
            "calculator_link": calculator_link(page_links().calculator, request),
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
    return [entry_view(table, e, editable=False)
            for e in store.entries(table, [h.number for h in stale.changed]).entries]
