"""An open hand's form hears that who sits at its hand changed (static/js/ledger-live.js):
phone A has hand 2's form open; phone B seats someone, swaps two or renames one. That
moves no version, yet A's write would be turned away (``ledger.store.Write.seated``), so
the version URL asked for hand 2 (``?hand=2``, with the version and the form's
``seated`` stamp) answers 200 with who sits there now; a change that turns nothing of
A's away (the money per point, the seats from a later hand) stays 304."""

from __future__ import annotations

from decimal import Decimal

import pytest

from ledger.models import Table
from tests.ledger.pages import PLAIN, edit, hidden, phone, record, rename, seat, stored_table

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]


@pytest.fixture
def table() -> Table:
    """Ann, Bo, Cy and Di; hand 1 recorded."""
    table = stored_table(name="Friday")
    record(table, "win", {**PLAIN, "winner": "S"})
    return table


def poll(client, table: Table, hand: int, drawn: dict):
    """The version URL as hand ``hand``'s open form asks it: its version and seated
    stamp."""
    return client.get(f"/t/{table.view_token}/version?hand={hand}",
                      headers={"If-None-Match": f'"{drawn["version"]}-{drawn["seated"]}"'})


# Phone B's changes, the hand whose form A has open, and whether the change turns A's
# write away.
CHANGES = {
    "a newcomer in 北 from hand 2": (lambda b, t: seat(b, t, 2, "Ann Bo Cy Eve"), 2, True),
    "南 and 北 swap from hand 2": (lambda b, t: seat(b, t, 2, "Ann Di Cy Bo"), 2, True),
    "Di renamed": (lambda b, t: rename(b, t, "Di", "Dee"), 2, True),
    "Di renamed, hand 1 open": (lambda b, t: rename(b, t, "Di", "Dee"), 1, True),
    "a newcomer from hand 2, hand 1 open": (
        lambda b, t: seat(b, t, 2, "Ann Bo Cy Eve"), 1, False),
    "the money per point": (
        lambda b, t: Table.objects.filter(pk=t.pk).update(money_per_point=Decimal(2)), 2,
        False),
}


@pytest.mark.parametrize(("change", "hand", "turns_away"), CHANGES.values(),
                         ids=CHANGES.keys())
def test_an_open_form_hears_of_a_seat_change_at_its_hand(table, change, hand, turns_away):
    a, b = phone(), phone()
    drawn = hidden(a.get(edit(table, f"hand/{hand}/win")))
    assert drawn["seated"] and poll(a, table, hand, drawn).status_code == 304

    change(b, table)
    answer = poll(a, table, hand, drawn)

    if not turns_away:
        assert answer.status_code == 304
        return
    assert answer.status_code == 200
    now = hidden(a.get(edit(table, f"hand/{hand}/win")))  # the form as drawn again now
    assert answer.json()["version"] == int(drawn["version"])  # no hand was written
    assert answer.json()["seated"] == now["seated"] != drawn["seated"]
    assert answer["ETag"] == f'"{drawn["version"]}-{now["seated"]}"'
    assert poll(a, table, hand, now).status_code == 304


def test_a_sheet_and_a_form_asking_the_version_alone_are_answered_as_before(table):
    table.refresh_from_db()
    url = f"/t/{table.view_token}/version"
    answer = phone().get(url)

    assert set(answer.json()) == {"version", "sheet"}
    assert phone().get(url + "?hand=2", headers={
        "If-None-Match": f'"{table.version}"'}).status_code == 304


@pytest.mark.parametrize("hand", ["", "0", "-1", "x", "２", "9" * 40])
def test_a_hand_that_is_no_hand_number_is_not_asked(table, hand):
    answer = phone().get(f"/t/{table.view_token}/version?hand={hand}")

    assert answer.status_code == 200
    assert set(answer.json()) == {"version", "sheet"}
