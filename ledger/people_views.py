"""Who sits where (issue 30, item 3): the page under the edit link that renames a
player, seats someone new (or someone back, or swaps two) from a hand on, and takes a
seat change back — ``/t/<view>/e/<edit>/people``. The rules are ``ledger.people``'s.

The seating is not part of any hand, so a change moves no version (as the money per
point, ``ledger.views.table_money``), and another phone's open sheet shows the new names
within seconds all the same (``Table.sheet_stamp``). A hand form open on another phone
names people by seat, though: when its hand's four changed, its write is turned away
and drawn again with the names now (``ledger.store.Write.seated``), never recorded for
someone it did not show. Two phones changing the seating at once go one at a time:
each write reads the table's seating under its row lock (``select_for_update``) and
writes it back in the same transaction, so neither loses the other's change. A refused
change writes nothing and says why beside its field.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import transaction
from django.http import HttpRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from api.ratelimit import rate_limited_page
from calculator.field_errors import PlayersWords
from common.web import SEATS, seat_name
from ledger import people
from ledger.export import stints_in_words
from ledger.models import Table
from ledger.page_parts import (
    capability_page,
    edit_url,
    seat_change_words,
    table_of_link,
    whole_number,
)
from ledger.people import Change, Refused, Seating

PEOPLE_PAGE = "ledger/people.html"
GONE = "gone"  # a seat change to take back that another phone took back already
STALE = "stale"  # a seats form drawn before another phone changed the seating
ELSEWHERE = "elsewhere"  # a seats form's names posted for another hand than drawn for


class RenameForm(PlayersWords, forms.Form):
    """Call a player by another name, everywhere in the table."""

    person = forms.ChoiceField(label=gettext_lazy("Player"))
    new_name = forms.CharField(label=gettext_lazy("New name"), max_length=people.NAME_LENGTH)

    def __init__(self, *args, seating: Seating, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["person"].choices = [(name, name) for name in seating.people()]


class SeatsForm(PlayersWords, forms.Form):
    """Who sits in each seat from hand ``first`` on: a newcomer, someone back, a swap.

    The form also carries, hidden, the hand its names were drawn for (``shown_from``)
    and what they were drawn from (``seen``: ``Seating.stamp``, the seating and the
    hands' count). A phone whose page was drawn before another phone changed the
    seating or recorded a hand is told so (``STALE``), and four names posted for
    another hand than they were drawn for are drawn again for that hand
    (``ELSEWHERE``): neither is written, and the form is drawn again from the seating
    now."""

    shown_from = forms.CharField(widget=forms.HiddenInput, required=False,
                                 label=gettext_lazy("The hand the names were shown for"))
    seen = forms.CharField(widget=forms.HiddenInput, required=False,
                           label=gettext_lazy("The seating as the page showed it"))

    def __init__(self, *args, seating: Seating, count: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"] = _first_field(count)
        first = self._first(count)
        self.initial.update(first=first, shown_from=first, seen=seating.stamp(count))
        shown = seating.at(first)
        for seat in SEATS:
            self.fields[f"name_{seat}"] = forms.CharField(
                label=seat_name(seat), max_length=people.NAME_LENGTH, initial=shown[seat])

    def _first(self, count: int) -> int:
        """The hand the names are shown for: the one asked (``?from=``), else the next."""
        asked = str(self.initial.get("first", ""))
        return int(asked) if whole_number(asked) and 1 <= int(asked) <= count + 1 else (
            count + 1)

    def name_fields(self):
        return [self[f"name_{seat}"] for seat in SEATS]

    def shown_fields(self):
        return [self["shown_from"], self["seen"]]


def _first_field(count: int) -> forms.IntegerField:
    """The hand a seating starts from: 1 to the next hand, ``count + 1``. Any other text
    (not a number, below 1, above the next hand, or more digits than a number can have)
    is answered with that range, the field's one sentence."""
    out_of_range = _REFUSALS[people.NO_LINE] % {"next": count + 1}
    field = forms.IntegerField(
        label=gettext_lazy("From hand"), min_value=1, max_value=count + 1,
        error_messages=dict.fromkeys(("invalid", "min_value", "max_value"), out_of_range))
    field.widget.attrs.update(inputmode="numeric")
    return field


_REFUSALS = {
    people.EMPTY: gettext_lazy("Give a name."),
    people.TOO_LONG: gettext_lazy("A name has at most 30 characters."),
    people.TAKEN: gettext_lazy("%(name)s is another player at this table: give another "
                               "name."),
    people.UNKNOWN: gettext_lazy("Nobody called %(name)s sat at this table."),
    people.SAME: gettext_lazy("From hand %(number)s, these four sit there already: change "
                              "a name first."),
    people.NO_LINE: gettext_lazy("Choose a hand from 1 to %(next)s (the next hand)."),
    people.CLASH: gettext_lazy("%(name)s sits at another seat at hand %(number)s too: a "
                               "player sits in one seat at a time."),
    people.TOO_MANY: gettext_lazy("This table has as many seat changes as it keeps."),
    GONE: gettext_lazy("That seat change is not there any more."),
    STALE: gettext_lazy("Someone changed who sits where, or recorded a hand, meanwhile. "
                        "Here is the seating now: make your change again."),
    ELSEWHERE: gettext_lazy("Here is who sits at hand %(number)s: change a name and save "
                            "again."),
}


# the field a refusal is said beside, when it is not the name's
_FIELD = {people.NO_LINE: "first", people.UNKNOWN: "person", people.TOO_MANY: None,
          people.SAME: None, STALE: None, ELSEWHERE: None}


def _said(refused: Refused, count: int) -> str:
    return str(_REFUSALS[refused.code]) % {"name": refused.name, "number": refused.line,
                                            "next": count + 1}


@rate_limited_page("PAGE_RATE_LIMIT", methods=("GET",))
@rate_limited_page("LEDGER_RATE_LIMIT", methods=("POST",))
@capability_page
def table_people(request: HttpRequest, view_token: str, edit_token: str):
    """GET: who sat where, and the forms; POST ``action`` "rename", "seat" or "remove"."""
    table = table_of_link(view_token, edit_token)
    count = table.hands.count()
    seating = table.seating
    rename = RenameForm(seating=seating)
    seats = SeatsForm(seating=seating, count=count, initial={"first": request.GET.get("from")})
    action = request.POST.get("action", "")
    if request.method == "POST" and action == "rename":
        rename = RenameForm(request.POST, seating=seating)
        if rename.is_valid() and _write(request, table, rename, "new_name", _rename):
            return redirect(edit_url(table, "table-people"))
    elif request.method == "POST" and action == "seat":
        seats = SeatsForm(request.POST, seating=seating, count=count)
        if seats.is_valid() and _write(request, table, seats, None, _seat):
            return redirect(edit_url(table, "table-people"))
        if seats.has_error(NON_FIELD_ERRORS, STALE) or seats.has_error(NON_FIELD_ERRORS,
                                                                        ELSEWHERE):
            # nothing written: the form again, from the seating now, saying why
            messages.error(request, seats.non_field_errors()[0])
            table.refresh_from_db()
            seats = SeatsForm(seating=table.seating, count=table.hands.count(),
                              initial={"first": request.POST.get("first")})
    elif request.method == "POST" and action == "remove":
        _write(request, table, None, None, _remove)
        return redirect(edit_url(table, "table-people"))
    table.refresh_from_db()
    return render(request, PEOPLE_PAGE, _context(table, rename, seats),
                  status=400 if request.method == "POST" else 200)


def _write(request: HttpRequest, table: Table, form: forms.Form | None, field: str | None,
           change) -> bool:
    """Do ``change`` (the seating now, the hands' count, the posted form → the new
    seating and what to say) under the table's row lock; a refusal is put beside
    ``field`` (the seat's, for a clash on the seats form; the page's messages with no
    form) and nothing is written."""
    try:
        with transaction.atomic():
            locked = Table.objects.select_for_update().get(pk=table.pk)
            count = locked.hands.count()
            seating, said = change(locked.seating, count, request.POST,
                                   form.cleaned_data if form is not None else {})
            Table.objects.filter(pk=table.pk).update(
                **{f"player_{seat.lower()}": seating.start[seat] for seat in SEATS},
                seatings=seating.to_json())
    except Refused as refused:
        message = _said(refused, count)
        if form is None:
            messages.error(request, message)
        else:
            where = field or (f"name_{refused.seat}" if refused.seat else None)
            if refused.code in _FIELD:
                where = _FIELD[refused.code]
            form.add_error(where, forms.ValidationError(message, code=refused.code))
        return False
    messages.success(request, said)
    return True


def _rename(seating: Seating, count: int, posted, data: dict) -> tuple[Seating, str]:
    renamed = seating.renamed(data["person"], data["new_name"])
    new = people.plain_name(data["new_name"])
    return renamed, _("%(old)s is now called %(new)s.") % {"old": data["person"], "new": new}


def _seat(seating: Seating, count: int, posted, data: dict) -> tuple[Seating, str]:
    first = data["first"]
    if data["seen"] != seating.stamp(count):
        raise Refused(STALE)
    if data["shown_from"] != str(first):
        raise Refused(ELSEWHERE, line=first)
    changed = seating.seated(first, {seat: data[f"name_{seat}"] for seat in SEATS}, count)
    return changed, _("Saved: who sits where from hand %(number)s.") % {"number": first}


def _remove(seating: Seating, count: int, posted, data: dict) -> tuple[Seating, str]:
    first, seat = posted.get("first", ""), posted.get("seat", "")
    name = people.plain_name(posted.get("name", ""))
    if not (whole_number(first) and seat in SEATS) or Change(
            first=int(first), seat=seat, name=name) not in seating.changes:
        raise Refused(GONE)  # or changed by another phone since the page was drawn
    return (seating.without(int(first), seat),
            _("Taken back: the seat change at hand %(number)s.") % {"number": first})


def _context(table: Table, rename: RenameForm, seats: SeatsForm) -> dict:
    count = table.hands.count()
    seating = table.seating
    stints = seating.stints(count)
    now = seating.at(count + 1)
    return {
        "table": table, "count": count, "next": count + 1,
        "edit_url": edit_url(table), "action": edit_url(table, "table-people"),
        "rename_form": rename, "seats_form": seats,
        "seated": [{"seat": seat, "label": seat_name(seat), "name": now[seat]}
                   for seat in SEATS],
        "people": [{"name": person, "seated": person in now.values(),
                    "seats": stints_in_words([s for s in stints if s.person == person])}
                   for person in dict.fromkeys(s.person for s in stints)],
        "changes": [{"first": change.first, "seat": change.seat, "name": change.name,
                     "words": seat_change_words(change)}
                    for change in seating.changes],
    }
