"""Two phones, one table: every write says what it does (add the next hand, or change
hand N), from which version, under a key made with its form (issue 24). A stale page
never overwrites another phone's hand; its conflict page offers only buttons whose forms
do what their labels say; the same key sent twice records one hand; an offline queue is
answered in JSON with its key.

Each test drives the pages as the phones' browsers would: it fills the form a page
actually rendered (its action, its hidden fields) and posts it."""

from __future__ import annotations

import pytest
from django.test import Client

from ledger.models import Table
from tests.ledger.pages import PLAIN, edit, forms, new_table, phone

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]


@pytest.fixture
def table() -> Table:
    return new_table(phone())


def record_win(client: Client, table: Table, number: int, winner: str):
    """Score it, then tap the preview's record button, as the win page does (its form
    carries the version it was drawn from)."""
    table.refresh_from_db()
    page = client.get(edit(table, f"hand/{number}/win"), {**PLAIN, "winner": winner,
                                                             "version": table.version})
    [record] = [f for f in forms(page.content.decode()) if "Record" in f["button"]]
    return client.post(record["action"], record["fields"])


def hands(table: Table) -> list[tuple]:
    return [(h.number, h.kind, h.request.get("winner")) for h in table.hands.all()]


def test_a_stale_draw_page_records_the_next_hand_never_over_another_phones(table):
    a, b = phone(), phone()
    draw_page = a.get(edit(table, "hand/1/draw")).content.decode()  # A opens 记流局, hand 1
    assert record_win(b, table, 1, "S").status_code == 302  # B records hand 1: S wins
    [form] = forms(draw_page)
    conflict = a.post(form["action"] or edit(table, "hand/1/draw"), form["fields"])
    assert conflict.status_code == 409
    [again] = forms(conflict.content.decode())
    assert again["button"] == "Record hand 2 as a draw"
    assert again["action"] == edit(table, "hand/2/draw")  # the form does what it says
    assert a.post(again["action"], again["fields"]).status_code == 302
    assert hands(table) == [(1, "win", "S"), (2, "draw", None)]  # B's win is still there


def test_a_stale_paper_result_records_the_next_hand(table):
    a, b = phone(), phone()
    page = a.get(edit(table, "hand/1/result"),
                 {"winner": "W", "win_type": "self_draw", "multiplier": "2",
                  "version": "0"}).content.decode()
    [record] = [f for f in forms(page) if "Record" in f["button"]]
    assert record_win(b, table, 1, "S").status_code == 302
    conflict = a.post(record["action"], record["fields"])
    assert conflict.status_code == 409
    again = [f for f in forms(conflict.content.decode()) if f["button"]]
    # the conflict page previews hand 2 and its button records hand 2, at hand 2's address
    assert all("hand 1" not in f["button"] for f in again)
    page = a.get(edit(table, "hand/2/result"), {"winner": "W", "win_type": "self_draw",
                                                "multiplier": "2", "version": "1",
                                                "key": record["fields"]["key"]})
    [record2] = [f for f in forms(page.content.decode()) if "Record" in f["button"]]
    assert record2["button"] == "Record hand 2"
    assert a.post(record2["action"], record2["fields"]).status_code == 302
    assert hands(table) == [(1, "win", "S"), (2, "win", "W")]


def test_a_stale_edit_keeps_its_hand_number_and_says_so(table):
    a, b = phone(), phone()
    assert record_win(a, table, 1, "S").status_code == 302
    page = a.get(edit(table, "hand/1/draw")).content.decode()  # A will make hand 1 a draw
    assert record_win(b, table, 2, "W").status_code == 302
    [form] = forms(page)
    conflict = a.post(form["action"], form["fields"])
    assert conflict.status_code == 409
    [again] = forms(conflict.content.decode())
    assert again["action"] == edit(table, "hand/1/draw")
    assert again["button"] == "Record hand 1 as a draw"
    assert again["fields"]["intent"] == "edit"


def test_a_new_hand_posted_at_a_recorded_hands_number_is_refused(table):
    a = phone()
    assert record_win(a, table, 1, "S").status_code == 302
    table.refresh_from_db()
    response = a.post(edit(table, "hand/1/draw"), {"version": table.version,
                                                  "intent": "new", "key": "k" * 16})
    assert response.status_code == 400
    assert "nothing was saved" in response.content.decode()
    assert hands(table) == [(1, "win", "S")]


def test_the_same_form_sent_twice_records_one_hand(table):
    a = phone()
    page = a.get(edit(table, "hand/1/draw")).content.decode()
    [form] = forms(page)
    assert a.post(form["action"], form["fields"]).status_code == 302
    second = a.post(form["action"], form["fields"], follow=True)  # a retry, a second tab
    assert "recorded already" in second.content.decode()
    assert hands(table) == [(1, "draw", None)]


@pytest.mark.parametrize("action", ["undo", "restore"])
def test_undo_and_restore_say_which_hand_and_replay_harmlessly(table, action):
    a = phone()
    assert record_win(a, table, 1, "S").status_code == 302
    assert record_win(a, table, 2, "W").status_code == 302
    undo_page = a.get(edit(table, "undo")).content.decode()
    [undo] = forms(undo_page)
    assert (undo["fields"]["intent"], undo["fields"]["number"]) == ("undo", "2")
    assert a.post(undo["action"], undo["fields"]).status_code == 302
    if action == "undo":
        a.post(undo["action"], undo["fields"])  # the same undo again: nothing more
        assert hands(table) == [(1, "win", "S")]
        return
    ledger = a.get(edit(table)).content.decode()
    [restore] = [f for f in forms(ledger) if f["fields"].get("intent") == "restore"]
    assert restore["fields"]["number"] == "2"
    assert a.post(restore["action"], restore["fields"]).status_code == 302
    a.post(restore["action"], restore["fields"])
    assert hands(table) == [(1, "win", "S"), (2, "win", "W")]


def test_an_undo_on_an_empty_table_leaves_the_other_phones_forms_fresh(table):
    a = phone()
    a.post(edit(table, "undo"), {"version": "0", "intent": "undo", "number": "0",
                                 "key": "u" * 16})
    table.refresh_from_db()
    assert table.version == 0


@pytest.mark.parametrize("kind", ["win", "draw"])
def test_a_next_hand_form_whose_hand_was_undone_meanwhile_keeps_its_entry(table, kind):
    """A has hand 2's form open; B undoes hand 1. A's hand is not lost to a page not
    found: it is a stale write (409) drawn again as hand 1, and recorded from there."""
    a, b = phone(), phone()
    assert record_win(b, table, 1, "S").status_code == 302
    table.refresh_from_db()
    if kind == "win":
        page = a.get(edit(table, "hand/2/win"), {**PLAIN, "winner": "W",
                                                 "version": table.version})
        [sent] = [f for f in forms(page.content.decode()) if "Record" in f["button"]]
    else:
        [sent] = forms(a.get(edit(table, "hand/2/draw")).content.decode())
    [undo] = forms(b.get(edit(table, "undo")).content.decode())
    assert b.post(undo["action"], undo["fields"]).status_code == 302
    turned_away = a.post(sent["action"], sent["fields"])
    assert turned_away.status_code == 409
    assert "The last hand was undone." in turned_away.content.decode()
    assert hands(table) == []
    [again] = [f for f in forms(turned_away.content.decode()) if f["button"]]
    assert again["action"].endswith(f"hand/1/{kind}")
    assert a.post(again["action"], again["fields"]).status_code == 302
    assert hands(table) == [(1, kind, "W" if kind == "win" else None)]


def ack(client: Client, table: Table, path: str, fields: dict):
    response = client.post(edit(table, path), fields, HTTP_ACCEPT="application/json")
    return response.status_code, response.json()


def test_an_offline_queue_gets_its_key_back_recorded_once(table):
    a = phone()
    fields = {"version": "0", "intent": "new", "key": "offline-hand-1", "wild": ""}
    assert ack(a, table, "hand/1/draw", fields) == (200, {
        "key": "offline-hand-1", "intent": "new", "number": 1, "outcome": "recorded",
        "version": 1})
    status, body = ack(a, table, "hand/1/draw", fields)  # sent again: the other tab
    assert (status, body["outcome"], body["number"]) == (200, "already_recorded", 1)
    assert hands(table) == [(1, "draw", None)]


def test_an_offline_queue_hears_of_another_phones_hand(table):
    a, b = phone(), phone()
    assert record_win(b, table, 1, "S").status_code == 302
    status, body = ack(a, table, "hand/1/draw", {"version": "0", "intent": "new",
                                                  "key": "offline-hand-1"})
    assert status == 409 and body["outcome"] == "conflict" and body["next"] == 2
    assert body["changed"] == [{"number": 1, "words": "#1 · Bo self-draw ×1"}]
    assert hands(table) == [(1, "win", "S")]


@pytest.mark.parametrize("query", ["?page=²", "?page=-1", "?page=9999999"])
def test_a_page_number_of_any_digits_answers(table, query):
    assert phone().get(edit(table) + query).status_code == 200


def test_a_version_of_unicode_digits_is_stale_not_a_500(table):
    response = phone().post(edit(table, "undo"), {"version": "²", "intent": "undo"})
    assert response.status_code == 302


# --- what a review of the protocol found (each answered as the protocol says) ---

def test_a_written_key_sent_again_at_the_current_version_is_already_recorded(table):
    from ledger import store

    first = store.Write(intent="new", number=1, version=0, key="k-once", kind="draw")
    store.apply(table.pk, first)
    # the same hand placed again by a queue after the ledger's version caught up with it
    again = store.Write(intent="new", number=2, version=1, key="k-once", kind="draw")
    done = store.apply(table.pk, again)
    assert (done.already, done.number) == (True, 1)
    assert hands(table) == [(1, "draw", None)]
    table.refresh_from_db()
    assert table.version == 1


def test_a_key_sent_with_another_hand_is_refused_not_taken_for_it(table):
    a = phone()
    fields = {"version": "0", "intent": "new", "key": "one-form-key", "wild": ""}
    assert ack(a, table, "hand/1/draw", fields)[1]["outcome"] == "recorded"
    other = {**PLAIN, "winner": "W", "version": "0", "intent": "new", "key": "one-form-key"}
    status, body = ack(a, table, "hand/1/win", other)
    assert (status, body["outcome"]) == (400, "refused")
    response = a.post(edit(table, "hand/2/win"), {**other, "version": "1"})
    assert response.status_code == 400 and "cannot record another hand" in (
        response.content.decode())
    assert hands(table) == [(1, "draw", None)]


def test_a_queued_change_that_met_another_phones_change_is_not_placed_elsewhere(table):
    a, b = phone(), phone()
    assert record_win(b, table, 1, "S").status_code == 302
    assert record_win(b, table, 2, "W").status_code == 302  # version 2 now
    status, body = ack(a, table, "hand/1/draw", {"version": "1", "intent": "edit",
                                                  "key": "queued-edit"})
    assert (status, body["outcome"], body["next"], body["as_next"]) == (409, "conflict", 1,
                                                                        None)
    assert hands(table) == [(1, "win", "S"), (2, "win", "W")]


@pytest.mark.parametrize(("version", "outcome", "status"), [("1", "refused", 400),
                                                           ("0", "conflict", 409)])
def test_a_queued_hand_beyond_the_next_is_answered_in_json(table, version, outcome, status):
    a = phone()
    assert record_win(a, table, 1, "S").status_code == 302
    answer = ack(a, table, "hand/5/draw", {"version": version, "intent": "new",
                                           "key": f"far-away-{version}"})
    assert (answer[0], answer[1]["outcome"]) == (status, outcome)


def test_rows_read_after_another_phones_undo_agree_with_the_count(table):
    """The count and the rows are two reads; an undo between them reads both again."""
    from ledger import store

    a = phone()
    assert record_win(a, table, 1, "S").status_code == 302
    assert record_win(a, table, 2, "W").status_code == 302
    table.hands.get(number=2).delete()  # as an undo landing between the two reads
    read = store.entries(table, [2, 1], count=2)
    assert read.count == 1 and [e.number for e in read.entries] == [1]
    assert store.spot(table, 3) is None and store.spot(table, 2).entry is None
