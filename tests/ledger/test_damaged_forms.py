"""QA: what a ledger page says when what it was sent cannot be right.

A form's hidden fields (its version, key and the people it named: ledger.forms.WriteFields)
are sent wrong only by a damaged page: the page says so once, in words (``DAMAGED_FORM``),
never "correct the fields marked in red" with a link to a field nobody can see, and writes
nothing. A hand number out of the people page's range is said as its range, however many
digits it has."""

from __future__ import annotations

import pytest
from django.test import Client

from ledger.forms import LedgerWinForm
from ledger.models import Table
from tests.ledger.pages import PLAIN, edit, hidden, new_table, phone, text

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]

DAMAGED = ("This page sent a damaged form: open the ledger again and enter the hand "
           "there.")
CORRECT_FIELDS = "Please correct the fields marked in red"

# Each page's entry, complete: only the hidden field the test damages is wrong.
ENTRIES = {
    "win": {**PLAIN, "winner": "E"},
    "draw": {},
    "result": {"winner": "W", "win_type": "self_draw", "multiplier": "2"},
    "adjust": {"reason": "false_win", "offender": "N", "each": "10"},
}
# A hidden field as only a damaged page sends it.
BROKEN = [("key", "x"), ("version", "x"), ("version", "-1"), ("version", "9" * 5000),
          ("seated", "s" * 100)]


@pytest.fixture
def table() -> Table:
    return new_table(phone())


def csrf_phone() -> Client:
    """A phone set to English whose posts must carry the page's csrf token."""
    return Client(enforce_csrf_checks=True, headers={"Accept-Language": "en"})


def opened(client: Client, table: Table, kind: str) -> dict:
    """The hidden fields of hand 1's ``kind`` page as drawn, and its csrf token."""
    response = client.get(edit(table, f"hand/1/{kind}"))
    assert response.status_code == 200
    return {**hidden(response), "csrfmiddlewaretoken": response.context["csrf_token"]}


# How many times each page says a form's own problem: above the form, and on the win page
# also in the answer column the page jumps to (calculator/_form_errors.html).
SAID = {"win": 2, "draw": 1, "result": 1, "adjust": 1}


def assert_said_damaged(response, table: Table, kind: str) -> None:
    """The form's one problem is that the page is damaged (no field's), the page says so
    where it says a form's own problems (``SAID``), and nothing is written."""
    page = response.content.decode()
    form = response.context["form"]
    assert {name: [str(e) for e in errors] for name, errors in form.errors.items()} == {
        "__all__": [DAMAGED]}
    assert text(response).count(DAMAGED) == SAID[kind]
    assert CORRECT_FIELDS not in text(response)
    assert not any(f'href="#id_{name}"' in page for name in ("key", "version", "seated"))
    assert 'aria-invalid="true"' not in page  # no field is marked: none is wrong
    table.refresh_from_db()
    assert (table.hands.count(), table.version) == (0, 0)


@pytest.mark.parametrize("kind", list(ENTRIES))
@pytest.mark.parametrize(("field", "value"), BROKEN)
def test_a_damaged_hidden_field_is_said_as_a_damaged_form_and_writes_nothing(
        table, kind, field, value):
    client = csrf_phone()
    posted = {**opened(client, table, kind), "intent": "new", **ENTRIES[kind],
              field: value}

    response = client.post(edit(table, f"hand/1/{kind}"), posted)

    assert response.status_code == 400
    assert_said_damaged(response, table, kind)


@pytest.mark.parametrize(("field", "value"), BROKEN)
def test_a_win_previewed_with_a_damaged_hidden_field_says_so(table, field, value):
    client = phone()
    response = client.get(edit(table, "hand/1/win"), {
        **hidden(client.get(edit(table, "hand/1/win"))), **ENTRIES["win"], field: value})

    assert response.status_code == 200
    assert "preview" not in response.context or not response.context["preview"]
    assert_said_damaged(response, table, "win")


def test_a_damaged_form_is_said_in_chinese(table):
    client = Client(headers={"Accept-Language": "zh-hans"})
    response = client.post(edit(table, "hand/1/draw"), {"intent": "new", "version": "0",
                                                        "key": "x"})
    assert response.status_code == 400
    assert "这个页面发来的表单不完整：请重新打开记分表" in text(response)


def test_a_damaged_form_with_a_wrong_entry_too_marks_only_the_entry(table):
    """The entry's own problems are still beside their fields: the damaged hidden
    field is said once, above them."""
    client = phone()
    response = client.post(edit(table, "hand/1/adjust"), {
        **hidden(client.get(edit(table, "hand/1/adjust"))), "intent": "new",
        "reason": "false_win", "offender": "N", "each": "-5", "key": "x"})

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == ["each", "__all__"]
    assert [str(e) for e in errors["__all__"]] == [DAMAGED]


# --- the people page's "from hand": a number out of its range says the range ---

RANGE = "Choose a hand from 1 to 2 (the next hand)."
SEATING = {"action": "seat", "name_E": "Ann", "name_S": "Bo", "name_W": "Cy",
           "name_N": "Eve"}


@pytest.mark.parametrize("first", ["3", "9" * 20, "9" * 4400, "9" * 4400 + ".0", "0",
                                   "-" + "9" * 4400])
def test_a_hand_out_of_the_people_pages_range_says_the_range(table, first):
    client = phone()
    client.post(edit(table, "hand/1/draw"), {
        **hidden(client.get(edit(table, "hand/1/draw"))), "intent": "new"})
    form = client.get(edit(table, "people")).context["seats_form"]

    response = client.post(edit(table, "people"), {
        **SEATING, "first": first, "shown_from": form["shown_from"].value(),
        "seen": form["seen"].value()})

    assert response.status_code == 400
    assert [str(e) for e in response.context["seats_form"].errors["first"]] == [RANGE]
    assert RANGE in text(response)
    table.refresh_from_db()
    assert table.seatings == []


def test_the_people_pages_hand_field_says_its_range_to_the_browser(table):
    page = phone().get(edit(table, "people")).content.decode()
    assert 'name="first"' in page
    [field] = [tag for tag in page.split("<input")[1:] if 'name="first"' in tag
               and 'type="number"' in tag]
    assert 'min="1"' in field and 'max="1"' in field


def test_a_win_previewed_by_htmx_with_a_damaged_key_gets_its_form_saying_so(table):
    client = phone()
    response = client.get(edit(table, "hand/1/win"), {
        **hidden(client.get(edit(table, "hand/1/win"))), **ENTRIES["win"], "key": "x"},
        headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert DAMAGED in text(response)
    assert 'id="score-form"' in response.content.decode()  # the form again, not an answer


@pytest.mark.parametrize(("engine_field", "field"), [
    ("region", None),  # hidden on a table's form: the table fixes it
    ("hand", "hand"),
    ("win_tile", "win_tile"),
])
def test_an_engine_error_on_a_field_the_player_cannot_see_is_the_forms(table, engine_field,
                                                                         field):
    form = LedgerWinForm({**PLAIN, "winner": "E"}, table=table)
    assert form.is_valid(), form.errors
    form.add_engine_error(engine_field, "the engine says no")
    assert form.errors == {field or "__all__": ["the engine says no"]}
