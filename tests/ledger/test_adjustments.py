"""Adjustment lines (issue 30, item 2): a line that is not a hand — a 诈胡 penalty, a
transfer, a side bet — written like a hand (recorded, changed, undone, restored,
conflict-checked by ``ledger.store.apply``), moving the totals and never the dealer,
the streak or a region's history. One line per case."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from ledger import adjust, store
from ledger.models import Table
from ledger.rotation import Position, advance, payments_of
from tests.helpers import ledger_undo, ledger_write
from tests.ledger.pages import PLAIN, edit, new_table

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]

D = Decimal


@pytest.mark.parametrize(("request_", "expected"), [
    (adjust.false_win("E", D(10)), {"E": D(-30), "S": D(10), "W": D(10), "N": D(10)}),
    (adjust.false_win("N", D("2.5"), "看错了"), {"E": D("2.5"), "S": D("2.5"), "W": D("2.5"),
                                                 "N": D("-7.5")}),
    (adjust.other({"E": D(5), "S": D(-5), "W": D(0), "N": D(0)}, "打赌"),
     {"E": D(5), "S": D(-5), "W": D(0), "N": D(0)}),
])
def test_an_adjustment_pays_its_amounts(request_, expected):
    assert payments_of("adj", request_, None) == expected
    assert sum(expected.values()) == 0


@pytest.mark.parametrize("region", ["hangzhou", "jinhua", "honghe"])
@pytest.mark.parametrize("before", [Position(4, "S", 2, 1, "5s"), Position(1, "E", 0, 0, None)])
def test_an_adjustment_keeps_the_dealer_streak_and_history(region, before):
    after = advance(region, before, "adj", adjust.false_win("W", D(10)), {})
    assert after == Position(before.number + 1, before.dealer, before.streak, before.draws,
                             before.previous_wild)


def test_recorded_undone_and_restored_like_a_hand():
    table = new_table(Client())
    table = ledger_write(table.pk, 0, 1, "win", {**PLAIN, "winner": "S"})
    won = store.load(table).totals
    table = ledger_write(table.pk, table.version, 2, "adj", adjust.false_win("S", D(10)))
    ledger = store.load(table)
    assert ledger.totals == {s: won[s] + (D(-30) if s == "S" else D(10)) for s in "ESWN"}
    # the winner S deals next (Hangzhou 搶莊), before the line and after it
    assert ledger.entries[1].before.dealer == ledger.position.dealer == "S"
    ledger_undo(table.pk, table.version, 2)
    table.refresh_from_db()
    assert store.load(table).totals == won and table.undone["kind"] == "adj"
    store.apply(table.pk, store.Write(intent="restore", number=2, version=table.version,
                                      key="restore-key-1"))
    table.refresh_from_db()
    assert store.load(table).totals == ledger.totals


def test_a_stale_adjustment_is_not_written():
    table = new_table(Client())
    ledger_write(table.pk, 0, 1, "win", {**PLAIN, "winner": "S"})
    with pytest.raises(store.StaleLedger):
        ledger_write(table.pk, 0, 1, "adj", adjust.false_win("S", D(10)), intent="new")
    assert [h.kind for h in table.hands.all()] == ["win"]


def test_a_change_before_a_win_rescoring_keeps_the_win():
    table = new_table(Client())
    table = ledger_write(table.pk, 0, 1, "adj", adjust.false_win("E", D(10)))
    table = ledger_write(table.pk, table.version, 2, "win", {**PLAIN, "winner": "E"})
    table = ledger_write(table.pk, table.version, 1, "adj",
                         adjust.other({"E": D(1), "S": D(-1), "W": D(0), "N": D(0)}, "x"))
    entries = store.load(table).entries
    assert entries[1].before.dealer == "E" and entries[0].payments["E"] == 1


def post_adjust(client: Client, table: Table, number: int, **fields):
    table.refresh_from_db()
    return client.post(edit(table, f"hand/{number}/adjust"),
                       {"version": table.version, "intent": "new", **fields})


@pytest.mark.parametrize(("fields", "totals"), [
    ({"reason": "false_win", "offender": "W", "each": "10"}, {"E": 10, "S": 10, "W": -30, "N": 10}),
    ({"reason": "false_win", "offender": "E", "each": ""}, {"E": -15, "S": 5, "W": 5, "N": 5}),
    ({"reason": "other", "amount_E": "20", "amount_S": "-20", "note": "side bet"},
     {"E": 20, "S": -20, "W": 0, "N": 0}),
    ({"reason": "other", "amount_E": "1.5", "amount_S": "-0.5", "amount_W": "-0.5",
      "amount_N": "-0.5", "note": "x"}, {"E": D("1.5"), "S": D("-0.5"), "W": D("-0.5"),
                                         "N": D("-0.5")}),
])
def test_the_adjustment_page_records_a_line(client, fields, totals):
    table = new_table(client, false_win_penalty="5")  # the table's 诈胡 penalty
    page = client.get(edit(table, "hand/1/adjust")).content.decode()
    assert 'value="5"' in page  # offered
    response = post_adjust(client, table, 1, **fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert store.load(table).totals == {s: D(v) for s, v in totals.items()}
    sheet = client.get(edit(table)).content.decode()
    assert "data-adjustment" in sheet


@pytest.mark.parametrize(("fields", "message"), [
    ({"reason": "false_win", "each": "10"}, "Choose who declared the false win."),
    ({"reason": "false_win", "offender": "W", "each": "0"}, "Give a number of points above 0"),
    ({"reason": "false_win", "offender": "W", "each": "abc"}, "Not a number: write it in digits"),
    ({"reason": "other", "amount_E": "20", "amount_S": "-10", "note": "x"},
     "The amounts must add up to 0 (now +10)"),
    ({"reason": "other", "note": "x"}, "Give at least one player an amount"),
    ({"reason": "other", "amount_E": "20", "amount_S": "-20"}, "Say what it was"),
    ({"reason": "other", "amount_E": "2000000", "amount_S": "-2000000", "note": "x"},
     "At most 1,000,000 points."),
    ({"reason": "bribe"}, "That is not one of the choices"),
])
def test_a_wrong_adjustment_says_what_to_fix_and_records_nothing(client, fields, message):
    table = new_table(client)
    response = post_adjust(client, table, 1, **fields)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not table.hands.exists()


def test_a_recorded_line_opens_for_a_change_with_its_values(client):
    table = new_table(client)
    post_adjust(client, table, 1, reason="false_win", offender="N", each="7", note="oops")
    page = client.get(edit(table, "hand/1/adjust")).content.decode()
    assert 'value="7"' in page and 'value="oops"' in page and 'value="edit"' in page
    table.refresh_from_db()
    response = client.post(edit(table, "hand/1/adjust"), {
        "version": table.version, "intent": "edit", "reason": "other", "amount_N": "-3",
        "amount_E": "3", "note": "mended"})
    assert response.status_code == 302
    assert [h.request["note"] for h in table.hands.all()] == ["mended"]


def test_the_undo_page_and_a_stale_form_name_the_line_in_words(client):
    table = new_table(client)
    post_adjust(client, table, 1, reason="false_win", offender="S", each="4")
    words = "False win 诈胡: 南 S Bo pays each other player 4"
    assert words in client.get(edit(table, "undo")).content.decode()
    # a second phone's draw page, drawn before the line was recorded, is stale
    stale = client.post(edit(table, "hand/1/draw"), {"version": "0", "intent": "new"})
    assert stale.status_code == 409 and words in stale.content.decode()


@pytest.mark.parametrize(("typed", "kept"), [
    ("2.50", "2.5"), ("1E2", "100"), ("1e5", "100000"), ("10.00", "10"), ("0.25", "0.25")])
def test_an_amount_is_kept_as_players_write_it(client, typed, kept):
    table = new_table(client)
    assert post_adjust(client, table, 1, reason="false_win", offender="E",
                       each=typed).status_code == 302
    post_adjust(client, table, 2, reason="other", amount_E=typed, amount_S="-" + typed,
                note="bet")
    first, second = (hand.request for hand in table.hands.order_by("number"))
    assert first["each"] == first["amounts"]["S"] == kept
    assert second["amounts"]["E"] == kept and second["amounts"]["S"] == "-" + kept
    assert f"pays each other player {kept}" in client.get(edit(table)).content.decode()


def test_the_sheet_counts_hands_and_adjustments_apart_and_names_the_line_it_undoes(client):
    table = new_table(client, money_per_point="1")
    ledger_write(table.pk, 0, 1, "win", {**PLAIN, "winner": "S"})
    post_adjust(client, table, 2, reason="false_win", offender="N", each="5")
    sheet = client.get(edit(table)).content.decode()
    assert "1 hand, 1 adjustment" in sheet
    assert "Undo line 2 (an adjustment)" in sheet and "Undo hand" not in sheet
    assert "settle-up after 1 hand" in sheet
    csv_text = client.get(f"/t/{table.view_token}/ledger.csv").content.decode()
    assert "settle-up after 1 hand" in csv_text
    undo = client.get(edit(table, "undo")).content.decode()
    assert "Undo line 2 (an adjustment)?" in undo and "Yes, undo line 2" in undo
    table.refresh_from_db()
    ledger_undo(table.pk, table.version, 2)
    assert "Put line 2 back" in client.get(edit(table)).content.decode()


def test_putting_back_an_adjustment_calls_it_a_line(client):
    table = new_table(client)
    post_adjust(client, table, 1, reason="false_win", offender="S", each="4")
    table.refresh_from_db()
    undo = {"version": table.version, "intent": "undo", "number": "1", "key": "u" * 22}
    client.post(edit(table, "undo"), undo)
    again = client.post(edit(table, "undo"), undo, follow=True)
    assert "Line 1 (an adjustment) was undone already." in again.content.decode()
    table.refresh_from_db()
    back = client.post(edit(table, "restore"), {"version": table.version, "intent": "restore",
                                                "number": "1", "key": "r" * 22}, follow=True)
    assert "Line 1 (an adjustment) is back." in back.content.decode()


@pytest.mark.parametrize(("money", "header"), [
    ("", "settle-up"), ("0.5", "settle-up, 0.5 yuan a point")])
def test_a_sheet_of_adjustments_only_settles_up_without_counting_hands(client, money, header):
    table = new_table(client, name="Friday", money_per_point=money)
    post_adjust(client, table, 1, reason="false_win", offender="N", each="5")
    sheet = client.get(edit(table)).content.decode()
    assert f"Friday: {header}" in sheet and "after 0 hands" not in sheet
