"""What the ledger's tests share: the table they start from, made through the
new-table form (``NEW_TABLE``, ``new_table``) or straight in the database
(``stored_table``), a line written to it (``record``), the plain hand (``PLAIN``), a
phone set to English (``phone``), the address of a table's edit pages (``edit``), a
page's visible text (``text``) and its write forms as a phone would post them
(``forms``), the hidden fields a hand's page drew its form with (``hidden``), and phone
B's changes on the people page (``seat``, ``rename``). Not a test module: test modules
import from here, never from each other."""

from __future__ import annotations

import re
from html import unescape

from django.http import HttpResponse
from django.test import Client

from ledger.models import Table
from tests.helpers import ledger_write

# RULEBOOK example 2's hand, self-drawn: ×1 in Hangzhou (the winner is the test's).
PLAIN = {"hand": "123m456p789s234s7z", "win_tile": "7z", "win_type": "self_draw"}
NEW_TABLE = {"name": "Friday", "region": "hangzhou", "base": "1", "player_e": "Ann",
             "player_s": "Bo", "player_w": "Cy", "player_n": "Di", "first_dealer": "E"}


def phone() -> Client:
    """A phone set to English: the tests read the page's words."""
    return Client(headers={"Accept-Language": "en"})


def new_table(client: Client, **fields: str) -> Table:
    """The table the new-table form makes of ``NEW_TABLE`` and ``fields``; the form
    sends the phone to its edit page."""
    response = client.post("/t/new/", {**NEW_TABLE, **fields})
    assert response.status_code == 302
    table = Table.objects.get(view_token=response.url.split("/")[2])
    assert response.url == edit(table)
    return table


def stored_table(region: str = "hangzhou", **fields) -> Table:
    """A table of Ann, Bo, Cy and Di saved straight to the database."""
    return Table.objects.create(region=region, player_e="Ann", player_s="Bo", player_w="Cy",
                                player_n="Di", **fields)


def record(table: Table, kind: str, fields: dict | None = None,
           number: int | None = None) -> Table:
    """Write line ``number`` (else the next) as ``kind`` from the table's version now."""
    table.refresh_from_db()
    number = number or table.hands.count() + 1
    return ledger_write(table.pk, table.version, number, kind, fields or {})


def edit(table: Table, path: str = "") -> str:
    """The address of the table's edit page ``path``."""
    return f"/t/{table.view_token}/e/{table.edit_token}/{path}"


def text(page: HttpResponse | str) -> str:
    """The visible text of a page (a response, or its HTML or a part of it), spaces
    collapsed."""
    html = page if isinstance(page, str) else page.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def forms(page: str) -> list[dict]:
    """The page's ledger-write forms (those that carry a write's key): action, hidden
    fields, and the submit button's words."""
    found = []
    for attributes, body in re.findall(r'<form([^>]*method="post"[^>]*)>(.*?)</form>', page,
                                       re.S):
        action = re.search(r'action="([^"]*)"', attributes)
        fields = {unescape(name): unescape(value) for name, value in re.findall(
            r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body)}
        fields.update({unescape(name): unescape(value) for value, name in
                       re.findall(r'<input type="hidden" value="([^"]*)" name="([^"]+)"',
                                  body)})
        for name, value in re.findall(r'<input type="hidden" name="([^"]+)"[^>]*?'
                                      r'value="([^"]*)"', body):
            fields.setdefault(unescape(name), unescape(value))
        button = re.search(r'<button[^>]*type="submit"[^>]*>(.*?)</button>', body, re.S)
        found.append({"action": unescape(action[1]) if action else "",
                      "fields": fields,
                      "button": re.sub(r"<[^>]+>|\s+", " ", button[1]).strip() if button
                      else ""})
    return [form for form in found if "key" in form["fields"]]


def hidden(page) -> dict:
    """The hidden fields a hand's page drew its form with (version, key, seated …)."""
    form = page.context["form"]
    return {name: form[name].value() for name in form.fields
            if form[name].is_hidden and form[name].value() is not None}


def seat(client: Client, table: Table, first: int, names: str):
    """Phone B's people page: ``names`` (E S W N) from hand ``first``, as the page drew
    its seats form."""
    form = client.get(edit(table, "people") + f"?from={first}").context["seats_form"]
    response = client.post(edit(table, "people"), {
        "action": "seat", "first": first, "shown_from": form["shown_from"].value(),
        "seen": form["seen"].value(),
        **{f"name_{s}": name for s, name in zip("ESWN", names.split(), strict=True)}})
    assert response.status_code == 302, text(response)
    return response


def rename(client: Client, table: Table, old: str, new: str):
    response = client.post(edit(table, "people"), {"action": "rename", "person": old,
                                                   "new_name": new})
    assert response.status_code == 302, text(response)
    return response
