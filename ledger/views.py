"""The table ledger's pages (issue 5) that read a table: create a table, see the
running totals, export them. The pages that record, change and undo hands are in
ledger/hand_views.py; what all of them share in ledger/page_parts.py.

Links carry capabilities, no accounts: ``/t/<view_token>/`` reads a table, and
``/t/<view_token>/e/<edit_token>/…`` changes it. A wrong edit token is 403 on every
page and action that could change something; the read-only pages never contain it.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from urllib.parse import quote

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from api.ratelimit import rate_limited_page
from common.web import SEATS, amount, seat_name, signed
from ledger import store
from ledger.export import (
    SettleUp,
    chart_of,
    rounding_note,
    sampled,
    settle_up,
    stints_in_words,
    to_csv,
)
from ledger.forms import MoneyForm, TableForm, new_key
from ledger.models import Table
from ledger.page_parts import (
    capability_page,
    edit_url,
    entry_view,
    names_at,
    position_view,
    sign,
    table_of_link,
    version_url,
    whole_number,
)
from ledger.people import Seating, Stint, lines_read, nets, seated_stamp
from ledger.rotation import ADJUST, Position, from_after_json, start
from ledger.stats import PlayedHand, evening
from presentation.messages import how_won
from presentation.permalink import calculator_link
from presentation.regions import in_language, region_label, region_name, rule_label, streak_name
from presentation.seats import plural_count
from rules.regions import REGIONS
from rules.settle import total_key

LEDGER_PAGE = "ledger/table.html"
# What the next hand's forms load that the edit page does not: kept with them for offline.
FORM_FILES = ("js/pending.js", "js/ledger-form.js", "js/ledger-live.js", "js/ledger-offline.js",
              "js/tiles.js", "js/offline.js", "css/tiles.css")


@rate_limited_page("TABLE_RATE_LIMIT", methods=("POST",))
def table_new(request: HttpRequest):
    """/t/new/: a new table. Answers with its edit page, which shows both links."""
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        table = form.save()
        messages.success(request, _("Table created. Keep the edit link to yourself (or "
                                    "your scorekeeper); send the read-only link to the "
                                    "others."))
        return redirect(edit_url(table))
    return render(request, "ledger/new.html", {"form": form})


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def table_view(request: HttpRequest, view_token: str):
    """The read-only ledger."""
    table = table_of_link(view_token)
    return render(request, LEDGER_PAGE, _ledger_context(request, table, editable=False))


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def table_edit(request: HttpRequest, view_token: str, edit_token: str):
    """The ledger with its controls: record, change, undo."""
    table = table_of_link(view_token, edit_token)
    return render(request, LEDGER_PAGE, _ledger_context(request, table, editable=True))


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@capability_page
def table_csv(request: HttpRequest, view_token: str):
    """Every line as a CSV row, with each seat's net and running total (and who sat
    there, once the seats changed hands); then the settle-up and who sat where, per
    person."""
    table = table_of_link(view_token)
    ledger = store.load(table)
    seating, count = table.seating, len(ledger.entries)
    stints = seating.stints(count)
    by_person = nets(stints, {entry.number: entry.totals for entry in ledger.entries})
    played = count - adjustments_in(table)
    response = HttpResponse(
        to_csv(ledger, table.names, _settled(table, by_person, _people_words(seating, count),
                                             played), seating=seating),
        content_type="text/csv; charset=utf-8")
    # Named for the table and the day it was created (周五牌局-2026-12-02.csv); the
    # plain ASCII name for old browsers names no id.
    day = table.created.date().isoformat()
    name = f"{table.name or region_name(REGIONS[table.region])}-{day}.csv"
    name = "".join(ch for ch in name if ch.isprintable() and ch not in '\\/:*?"<>|;')
    response["Content-Disposition"] = (f'attachment; filename="mahjong-{day}.csv"; '
                                       f"filename*=UTF-8''{quote(name)}")
    return response


@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@capability_page
def table_money(request: HttpRequest, view_token: str, edit_token: str):
    """POST: the table's money per point (元/分) for the settle-up, or blank for points,
    and its 诈胡 penalty (what a false win's adjustment offers).

    It changes no hand, so it moves no version: the version is the hands'
    compare-and-set (ledger.store), and moving it would make every hand's form open on
    another phone stale — "a hand was recorded meanwhile" with no hand to show. Another
    phone's open sheet shows the new money within seconds all the same: the sheet's
    stamp moved (``Table.sheet_stamp``, static/js/ledger-live.js). Only the
    settings the player changed are written (``MoneyForm.changed``): no hand, and no
    setting another phone changed meanwhile, is undone by it."""
    table = table_of_link(view_token, edit_token)
    if request.method != "POST":
        return redirect(edit_url(table) + "#settle")
    # the form is handed a copy of the table: the page around a refused form shows the
    # settings saved, not those refused
    form = MoneyForm(request.POST, instance=Table.objects.get(pk=table.pk))
    if not form.is_valid():
        wrong = next(name for name in MoneyForm.Meta.fields if name in form.errors)
        form.fields[wrong].widget.attrs["autofocus"] = True  # its message in view
        context = _ledger_context(request, table, editable=True)
        context["money_form"] = form
        return render(request, LEDGER_PAGE, context)
    changed = {name: form.cleaned_data[name] for name in form.changed()}
    Table.objects.filter(pk=table.pk).update(**changed)  # those alone: see MoneyForm
    for sentence in _settings_said(changed) or [
            _("Nothing to change: these settings are saved already.")]:
        messages.success(request, sentence)
    return redirect(edit_url(table) + "#settle")


def _settings_said(changed: dict) -> list[str]:
    """What saving the settings ``changed`` (name → new value) did, a sentence each."""
    said = []
    if "money_per_point" in changed and changed["money_per_point"] is None:
        said.append(_("Money per point cleared: the settle-up is in points."))
    elif "money_per_point" in changed:
        said.append(_("Money per point saved: %(money)s yuan a point.")
                    % {"money": amount(changed["money_per_point"])})
    penalty = changed.get("false_win_penalty")
    if "false_win_penalty" in changed and penalty is None:
        said.append(_("False-win penalty cleared: typed with each adjustment."))
    elif penalty is not None:
        said.append(ngettext("False-win penalty saved: %(points)s point to each other player.",
                             "False-win penalty saved: %(points)s points to each other player.",
                             plural_count(penalty)) % {"points": amount(penalty)})
    return said


@rate_limited_page("WATCH_RATE_LIMIT", methods=("GET",))
@capability_page
def table_version(request: HttpRequest, view_token: str):
    """The ledger's version and the sheet's stamp (``Table.sheet_stamp``), for an open
    page to see that another phone wrote (static/js/ledger-live.js): one indexed read
    whatever the table's size, and 304 to a page that has them already (If-None-Match:
    a sheet asks with both, a hand's form with the version alone).

    ``?hand=N``: a hand's form that names people asks too who sits at its hand now
    (``seated``: ``people.seated_stamp``, what its write is checked against,
    ``ledger.store.Write.seated``), with the version and that stamp: a seat change or a
    rename at its hand answers 200, a change that turns no write of it away (the money
    per point, another hand's seats) 304."""
    table = Table.objects.filter(view_token=view_token).only(
        "version", *Table.SHEET_FIELDS).first()
    if table is None:
        raise Http404("no such table")
    answer = {"version": table.version, "sheet": table.sheet_stamp}
    etag = f'"{table.version}-{answer["sheet"]}"'
    hand = request.GET.get("hand", "")
    if whole_number(hand) and int(hand) > 0:
        answer["seated"] = seated_stamp(names_at(table, int(hand)))
        etag = f'"{table.version}-{answer["seated"]}"'
    if request.headers.get("If-None-Match") in (etag, f'"{table.version}"'):
        response = HttpResponse(status=304)
    else:
        response = JsonResponse(answer)
    response["ETag"] = etag
    return response


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
            "after": after, "names": table.seating.at(position.number),
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


def adjustments_in(table: Table) -> int:
    """How many of the table's lines are adjustments, not hands (the sheet counts them
    apart; the settle-up is "after N hands")."""
    return table.hands.filter(kind=ADJUST).count()


def _settled(table: Table, by_person: dict[str, Decimal], people: dict[str, str],
             played: int) -> SettleUp:
    """The table's settle-up now, per person (``by_person``: each one's net; ``people``:
    how each is named, ``_people_words``), after ``played`` hands (adjustment lines
    are not hands)."""
    return settle_up({person: by_person[person] for person in people}, people,
                     title=str(table), count=played, per_point=table.money_per_point)


def _people_words(seating: Seating, count: int) -> dict[str, str]:
    """Everyone who sat at the table after ``count`` lines, as the settle-up names them:
    those seated for the next hand by seat and name (东 E Ann), in seat order, then
    those who left by name. The order settles ties (``ledger.settle``)."""
    now = {name: seat for seat, name in seating.at(count + 1).items()}
    return {person: f"{seat_name(now[person])} {person}" if person in now else person
            for person in seating.order(count)}


def _people_nets(table: Table, stints: list[Stint], count: int,
                 totals: dict[str, Decimal]) -> dict[str, Decimal]:
    """Each person's net after ``count`` lines (``totals``: each seat's, then), from the
    running totals stored at their stints' ends: two rows a stint, never every hand."""
    wanted = lines_read(stints) - {0, count}
    rows = dict(table.hands.filter(number__in=wanted).values_list("number", "after"))
    if None in rows.values():
        store.fill_after(table)  # hands written before Hand.after, or by hand: once
        return _people_nets(table, stints, count, totals)
    at = {number: from_after_json(number + 1, after)[1] for number, after in rows.items()}
    return nets(stints, {**at, count: totals})


def _people_view(seating: Seating, stints: list[Stint], by_person: dict[str, Decimal],
                 people: dict[str, str], count: int) -> list[dict]:
    """Everyone who sat, with their seats and lines and their net: the sheet's "by
    person" card, shown once the seats changed hands."""
    seated = set(seating.at(count + 1).values())
    return [{"name": person, "net": signed(by_person[person]),
             "sign": sign(by_person[person]), "seated": person in seated,
             "seats": stints_in_words([s for s in stints if s.person == person])}
            for person in people]


def _chart_names(seating: Seating, stints: list[Stint]) -> dict[str, str]:
    """Each seat's line in the chart, named by who sat there in turn: 甲 → 丁."""
    return {seat: " → ".join(dict.fromkeys(s.person for s in stints if s.seat == seat
                                           and (s.last >= s.first or s.first == 1)))
            for seat in SEATS}


def _played_hands(table: Table, seating: Seating) -> list[PlayedHand]:
    """Every line of the table as ``ledger.stats`` reads it: its dealer and streak are
    the position its predecessor's stored ``after`` names (the first hand's: the
    table's start), and who sat where then (``seating``)."""
    rows = list(table.hands.order_by("number").values_list(
        "number", "kind", "request", "result", "after", "recorded"))
    if any(after is None for *_, after, _ in rows):
        store.fill_after(table)  # hands written before Hand.after, or by hand: once
        return _played_hands(table, seating)
    position = start(table.first_dealer)
    played = []
    for number, kind, request, result, after, recorded in rows:
        played.append(PlayedHand(number=number, kind=kind, dealer=position.dealer,
                                 streak=position.streak, request=request, result=result,
                                 recorded=recorded, seated=seating.at(number)))
        position = from_after_json(number + 1, after)[0]
    return played


def _evening_view(table: Table, seating: Seating, people: dict[str, str]) -> list[dict]:
    """The evening at a glance (``ledger.stats``), a column per person (``people``, in
    the settle-up's order), each with the seat they hold now (none: they left): the
    biggest hand links to its working in the calculator, or (scored on paper) to its
    row."""
    hands = _played_hands(table, seating)
    requests = {hand.number: hand.request for hand in hands}
    key = total_key(table.region)
    now = {name: seat for seat, name in seating.at(len(hands) + 1).items()}
    columns = []
    for person, stats in evening(hands, key, list(people)).items():
        biggest = None
        if stats.biggest is not None:
            number = stats.biggest.number
            request = dict(requests[number])
            page = (len(hands) - number) // PAGE_SIZE + 1
            biggest = {"number": number,
                       "total": (_("%(fan)s 番") % {"fan": stats.biggest.total}
                                 if key == "fan" else f"×{stats.biggest.total}"),
                       "link": f"?page={page}#hand-{number}"
                       if store.is_paper(table.region, request)
                       else calculator_link(reverse("home"), request)}
        per_hour = None if stats.per_hour is None else signed(
            (Decimal(stats.per_hour.numerator) / stats.per_hour.denominator).quantize(
                TENTH, ROUND_HALF_UP))
        columns.append({
            "seat": now.get(person, ""), "name": person, "wins": stats.wins,
            "self_draws": stats.self_draws, "discard_wins": stats.discard_wins,
            "dealt_in": stats.dealt_in, "biggest": biggest,
            "streak": None if stats.longest_streak is None
            else streak_name(stats.longest_streak),
            "per_hour": per_hour})
    return columns


PAGE_SIZE = 50  # hands per page of the ledger, newest first
TENTH = Decimal("0.1")  # net per hour, to a tenth of a point, half up (as 结账 rounds)


def _editing_context(table: Table, position: Position, count: int, base) -> dict:
    """What the edit page adds to the sheet: the next line's forms, undo and put back,
    the settings and the people page (``base``: an address made absolute)."""
    number = position.number
    context = {
        "edit_link": base(edit_url(table)),
        "win_url": edit_url(table, "hand-win", number=number),
        "draw_url": edit_url(table, "hand-draw", number=number),
        "adjust_url": edit_url(table, "hand-adjust", number=number),
        "result_url": edit_url(table, "hand-result", number=number),
        "undo_url": edit_url(table, "table-undo"),
        "restore_url": edit_url(table, "table-restore"), "restore_key": new_key(),
        "undone": table.undone if table.undone and table.undone["number"] == count + 1
        else None,
        "version": table.version,
        "last": count or None,
        "last_adjusts": table.hands.filter(number=count, kind=ADJUST).exists(),
        "edit_url": edit_url(table),
        "money_form": MoneyForm(instance=table), "money_url": edit_url(table, "table-money"),
        "people_url": edit_url(table, "table-people"),
        # the scripts and styles of the next forms, which this page does not load itself
        "form_files": json.dumps([static(name) for name in FORM_FILES]),
        "chain": json.dumps(_chain_words(table, position), ensure_ascii=False),
    }
    # kept by the service worker for recording with no network (ledger-offline.js)
    context["next_forms"] = json.dumps([context["win_url"], context["draw_url"],
                                        context["result_url"], context["adjust_url"]])
    return context


def _ledger_context(request, table: Table, editable: bool) -> dict:
    # The newest hands first, PAGE_SIZE a page (?page=2 for older), read from the hands
    # shown and the chart's sample: a page's cost does not grow with the table.
    count = table.hands.count()
    pages = max(1, -(-count // PAGE_SIZE))
    asked = request.GET.get("page", "")
    page = min(max(int(asked), 1), pages) if whole_number(asked) and len(asked) < 6 else 1
    ledger = store.load_page(table, page, PAGE_SIZE, sampled(count), count)
    shown = ledger.entries
    count = ledger.count  # as the page read them (another phone may have written)
    # People, not seats (ledger.people): the columns are headed by who sat at the page's
    # newest line, a row says where the seats changed hands, the cards are the people
    # seated for the next hand with their own nets, and everyone's is listed once
    # anyone moved or left.
    seating = table.seating
    names = seating.at(shown[0].number if shown else count + 1)
    now = seating.at(count + 1)
    stints = seating.stints(count)
    by_person = _people_nets(table, stints, count, ledger.totals)
    people = _people_words(seating, count)
    adjustments = adjustments_in(table)
    base = request.build_absolute_uri
    context = {
        "table": table, "editable": editable, "names": [names[s] for s in SEATS],
        "seats": [{"seat": s, "label": seat_name(s), "name": now[s],
                   "total": signed(by_person[now[s]]),
                   "sign": sign(by_person[now[s]])} for s in SEATS],
        "people": _people_view(seating, stints, by_person, people, count)
        if seating.moved() else [],
        "entries": [entry_view(table, e, editable, seating) for e in shown],
        "pages": pages, "page": page, "newer": page - 1 if page > 1 else None,
        "older": page + 1 if page < pages else None,
        "full": count >= store.HANDS_LIMIT, "limit": store.HANDS_LIMIT,
        "count": count, "played": count - adjustments, "adjustments": adjustments,
        "next": position_view(table, ledger.position),
        "chart": chart_of(ledger.chart, count, _chart_names(seating, stints)),
        "region": REGIONS[table.region], "region_label": region_label(table.region),
        "base": amount(table.base),
        "house_rules": _house_rules_in_words(table),
        "view_link": base(reverse("table", args=[table.view_token])),
        "csv_url": reverse("table-csv", args=[table.view_token]),
        "version_url": version_url(table),
        "seen_at": timezone.now(),  # shown when the page is opened again offline
    }
    if count:
        settled = _settled(table, by_person, people, count - adjustments)
        context.update(settle=settled, rounding=rounding_note(settled.total)
                       if settled.transfers and settled.total else "")
        context["stats"] = _evening_view(table, seating, people)
    context["my_table"] = json.dumps({
        "view": context["view_link"], "edit": base(edit_url(table)) if editable else "",
        "name": str(table), "when": table.created.date().isoformat()}, ensure_ascii=False)
    if editable:
        context.update(_editing_context(table, ledger.position, count, base))
    return context
