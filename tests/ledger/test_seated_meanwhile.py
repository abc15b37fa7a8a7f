"""Two phones, one table: phone A has a hand's form open while phone B, on the people
page, seats someone new, swaps two players or renames one. A's form named the people by
seat ("北 N · Di"); A's player tapped 北 meaning Di. Recorded as it was sent, the hand
would go to whoever sits in 北 now.

What a table expects: nothing recorded for someone the form did not show, and nothing
lost. A hand's write says which four people its form named (``seated``, beside the
version it was drawn from); when others sit at its hand now it is turned away as a
stale write is (409; ``ledger.store``): drawn again with the names now and a sentence
saying so, the entry kept, its button recording it once the player has seen them. A
draw names nobody and is not turned away. An offline queue's hand lands in the queue's
conflict path, with the names now, and is recorded when sent again from there.

Each test drives the pages as the phones' browsers would: it fills the form a page
actually rendered (its hidden fields) and posts it."""

from __future__ import annotations

import pytest
from django.test import Client

from ledger.models import Table
from tests.ledger.pages import (
    PLAIN,
    edit,
    forms,
    hidden,
    phone,
    record,
    rename,
    seat,
    stored_table,
    text,
)

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]

SEATED_WORDS = "Someone changed who sits where, or a name, meanwhile"
WINDS = ("東 E", "南 S", "西 W", "北 N")


@pytest.fixture
def table() -> Table:
    """Ann, Bo, Cy and Di; hand 1 recorded (Bo self-draws)."""
    table = stored_table(name="Friday")
    record(table, "win", {**PLAIN, "winner": "S"})
    return table


# Phone B's change, and who then sits at hand 2 (E S W N).
CHANGES = {
    "a newcomer in 北": (lambda b, table: seat(b, table, 2, "Ann Bo Cy Eve"), "Ann Bo Cy Eve"),
    "南 and 北 swap": (lambda b, table: seat(b, table, 2, "Ann Di Cy Bo"), "Ann Di Cy Bo"),
    "Di renamed": (lambda b, table: rename(b, table, "Di", "Dee"), "Ann Bo Cy Dee"),
}


def win_record_form(a: Client, table: Table, number: int, winner: str) -> dict:
    """Phone A: hand ``number``'s win page, its hand typed and scored: the preview's
    record form."""
    drawn = hidden(a.get(edit(table, f"hand/{number}/win")))
    page = a.get(edit(table, f"hand/{number}/win"), {**drawn, **PLAIN, "winner": winner})
    [record_form] = [f for f in forms(page.content.decode()) if f["button"]]
    return record_form


def result_record_form(a: Client, table: Table, number: int, winner: str) -> dict:
    drawn = hidden(a.get(edit(table, f"hand/{number}/result")))
    page = a.get(edit(table, f"hand/{number}/result"),
                 {**drawn, "winner": winner, "win_type": "self_draw", "multiplier": "2"})
    [record_form] = [f for f in forms(page.content.decode()) if "Record" in f["button"]]
    return record_form


def adjust_form(a: Client, table: Table, number: int, offender: str) -> dict:
    drawn = hidden(a.get(edit(table, f"hand/{number}/adjust")))
    return {"action": edit(table, f"hand/{number}/adjust"),
            "fields": {**drawn, "intent": "new", "reason": "false_win",
                       "offender": offender, "each": "3"}}


FORMS = {"win": win_record_form, "paper result": result_record_form,
         "adjustment": adjust_form}


def lines(table: Table) -> list[tuple]:
    return [(h.number, h.kind, h.request.get("winner") or h.request.get("offender"))
            for h in table.hands.all()]


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
@pytest.mark.parametrize("form", FORMS.values(), ids=FORMS.keys())
def test_a_hand_form_drawn_before_a_seat_change_is_shown_again_with_the_names_now(
        table, change, form):
    """A picks 北 (Di) on hand 2's form; B changes who sits at hand 2; A sends: nothing
    is recorded, the form comes back naming the four now, A's entry in it; sent from
    there, it is recorded."""
    a, b = phone(), phone()
    sent = form(a, table, 2, "N")
    make_change, now = change
    make_change(b, table)
    table.refresh_from_db()
    version = table.version
    turned_away = a.post(sent["action"], sent["fields"])
    assert turned_away.status_code == 409
    assert lines(table) == [(1, "win", "S")]
    table.refresh_from_db()
    assert table.version == version  # nothing written, the version's claim given back
    four = ", ".join(f"{wind} {name}" for wind, name in zip(WINDS, now.split(), strict=True))
    assert f"{SEATED_WORDS}: at hand 2 it is {four}." in text(turned_away)
    shown = turned_away.context["form"]
    picked = "offender" if form is adjust_form else "winner"
    assert dict(shown.fields[picked].choices)["N"].endswith(now.split()[3])
    assert shown[picked].value() == "N"  # the entry kept, drawn with the names now
    if form is result_record_form:  # no preview on a stale page: scored again first
        page = a.get(edit(table, "hand/2/result"), {
            name: shown[name].value() for name in shown.fields
            if shown[name].value() not in (None, "")})
        turned_away = page
    [again] = [f for f in forms(turned_away.content.decode()) if f["button"]]
    if form is adjust_form:  # its fields are shown, not hidden: posted as the page has them
        again["fields"].update({name: shown[name].value() for name in ("reason", "each")},
                               offender="N")
    else:  # the record button carries the entry as it was sent
        unsent = ("version", "seated", "csrfmiddlewaretoken")
        assert {k: v for k, v in again["fields"].items() if k not in unsent} == {
            k: v for k, v in sent["fields"].items() if k not in unsent}
    assert a.post(again["action"], again["fields"]).status_code == 302
    kind = "adj" if form is adjust_form else "win"
    assert lines(table) == [(1, "win", "S"), (2, kind, "N")]


def test_a_draw_names_nobody_and_is_not_turned_away(table):
    a, b = phone(), phone()
    [draw] = forms(a.get(edit(table, "hand/2/draw")).content.decode())
    seat(b, table, 2, "Ann Bo Cy Eve")
    assert a.post(draw["action"], draw["fields"]).status_code == 302
    assert lines(table) == [(1, "win", "S"), (2, "draw", None)]


def test_a_change_to_a_recorded_hand_meets_a_seat_change_at_that_hand(table):
    """A opens hand 1 to make Di its winner; B seats Eve from hand 1 (the start's four):
    A's change is not saved, and its page still changes hand 1."""
    a, b = phone(), phone()
    sent = win_record_form(a, table, 1, "N")
    assert sent["fields"]["intent"] == "edit"
    seat(b, table, 1, "Ann Bo Cy Eve")
    turned_away = a.post(sent["action"], sent["fields"])
    assert turned_away.status_code == 409 and SEATED_WORDS in text(turned_away)
    [again] = [f for f in forms(turned_away.content.decode()) if f["button"]]
    assert (again["button"], again["fields"]["intent"]) == ("Save the change to hand 1",
                                                            "edit")
    assert lines(table) == [(1, "win", "S")]


def test_a_seat_change_for_other_hands_leaves_the_form_alone(table):
    """B's change does not touch who sits at A's hand (a seat change at hand 1 that
    hand 2 overrides): A's hand is recorded at once."""
    a, b = phone(), phone()
    seat(b, table, 2, "Ann Bo Cy Eve")
    sent = win_record_form(a, table, 2, "N")
    seat(b, table, 1, "Ann Bo Cy Fay")  # hand 1's 北: Fay; hand 2's still Eve
    assert a.post(sent["action"], sent["fields"]).status_code == 302
    assert lines(table) == [(1, "win", "S"), (2, "win", "N")]


def ack(client: Client, table: Table, path: str, fields: dict):
    response = client.post(edit(table, path), fields, HTTP_ACCEPT="application/json")
    return response.status_code, response.json()


@pytest.mark.parametrize(("meanwhile", "number"), [
    ("seated", 2),  # B seats Eve from hand 2
    ("recorded and seated", 3),  # B records hand 2, then seats Eve from hand 3
])
def test_a_queued_hand_meets_a_seat_change_in_the_conflict_path(table, meanwhile, number):
    """A hand kept offline on A (北 Di wins hand 2) is sent after B changed who sits at
    the hand it lands on: a conflict, saying so with the names now, nothing recorded;
    placed again from the answer (as the queue's 记为第 N 局 does), it is recorded."""
    a, b = phone(), phone()
    kept = {**hidden(a.get(edit(table, "hand/2/win"))), **PLAIN, "winner": "N",
            "intent": "new"}
    if meanwhile == "recorded and seated":
        record(table, "draw")
    seat(b, table, number, "Ann Bo Cy Eve")
    status, body = ack(a, table, "hand/2/win", kept)
    assert (status, body["outcome"], body["next"]) == (409, "conflict", number)
    assert SEATED_WORDS in body["seating"] and "Eve" in body["seating"]
    assert [p["name"] for p in body["as_next"]] == ["Ann", "Bo", "Cy", "Eve"]
    assert len(lines(table)) == number - 1
    again = {**kept, "version": body["version"], "seated": body["seated"]}
    status, body = ack(a, table, f"hand/{number}/win", again)
    assert (status, body["outcome"]) == (200, "recorded")
    assert lines(table)[-1] == (number, "win", "N")


def test_a_queued_hand_that_only_met_another_hand_says_nothing_of_seats(table):
    a = phone()
    kept = {**hidden(a.get(edit(table, "hand/2/win"))), **PLAIN, "winner": "N",
            "intent": "new"}
    record(table, "draw")
    status, body = ack(a, table, "hand/2/win", kept)
    assert (status, body["outcome"], body["next"], body["seating"]) == (409, "conflict", 3,
                                                                         "")


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_the_sentence_speaks_chinese(table, language):
    from tests.words import TRADITIONAL, english_words, seen

    Table.objects.filter(pk=table.pk).update(player_e="甲", player_s="乙", player_w="丙",
                                             player_n="丁")
    a, b = Client(headers={"Accept-Language": language}), phone()
    a.cookies["django_language"] = language
    sent = win_record_form(a, table, 2, "N")
    seat(b, table, 2, "甲 乙 丙 戊")
    page = a.post(sent["action"], sent["fields"]).content.decode()
    start = page.rindex("<div", 0, page.index("data-stale"))
    stale = page[start:page.index("</div>", start)]
    assert "戊" in stale and not english_words(stale), english_words(stale)
    if language == "zh-hans":
        assert not {ch for chunk in seen(stale) for ch in chunk if ch in TRADITIONAL}


def test_a_hand_undone_and_a_seat_changed_meanwhile_are_both_said(table):
    """B undoes hand 1 and seats Eve in 北 from hand 1 on, while A has hand 2's form
    open: A's page says the last hand was undone, and who sits at its hand now."""
    a, b = phone(), phone()
    sent = win_record_form(a, table, 2, "N")
    table.refresh_from_db()
    undo = {"version": table.version, "intent": "undo", "number": "1", "key": "u" * 22}
    assert b.post(edit(table, "undo"), undo).status_code == 302
    seat(b, table, 1, "Ann Bo Cy Eve")
    turned_away = a.post(sent["action"], sent["fields"])
    assert turned_away.status_code == 409
    page = text(turned_away)
    assert "The last hand was undone." in page
    assert f"{SEATED_WORDS}: at hand 1 it is 東 E Ann, 南 S Bo, 西 W Cy, 北 N Eve." in page
