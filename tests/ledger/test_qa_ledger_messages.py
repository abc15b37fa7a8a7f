"""What the ledger says after a change to a recorded line, and to a change that met
another phone's write (QA of an evening with two phones): each message says what
happened — "changed", not "recorded"; "another phone changed the ledger", not "a hand
was recorded" — and the edit page's forms that only the server can carry out are
marked for the no-network notice (static/js/ledger-offline.js)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from ledger.models import Table
from tests.ledger.pages import PLAIN, edit, new_table, record, text

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]


@pytest.fixture
def table(client) -> Table:
    return new_table(client)


def said(response) -> list[str]:
    """What the write said (the messages of a page never opened since are dropped)."""
    return [str(message) for message in get_messages(response.wsgi_request)][-1:]


def post(client: Client, table: Table, path: str, intent: str, **fields):
    table.refresh_from_db()
    return client.post(edit(table, path), {"version": table.version, "intent": intent,
                                           **fields})


def test_a_change_to_a_recorded_win_says_changed_and_a_new_one_recorded(client, table):
    response = post(client, table, "hand/1/result", "new", winner="E",
                    win_type="self_draw", multiplier="1")
    assert said(response) == ["Hand 1 recorded."]
    response = post(client, table, "hand/1/result", "edit", winner="S",
                    win_type="self_draw", multiplier="2")
    assert response.status_code == 302
    assert said(response) == ["Hand 1 changed; the hands after it were worked out again."]
    response = post(client, table, "hand/1/win", "edit", winner="W", **PLAIN)
    assert said(response) == ["Hand 1 changed; the hands after it were worked out again."]
    assert table.hands.count() == 1


def test_a_change_to_a_draw_or_an_adjustment_says_changed(client, table):
    record(table, "draw")
    response = post(client, table, "hand/1/draw", "edit")
    assert said(response) == [
        "Hand 1 changed to a draw; the hands after it were worked out again."]
    response = post(client, table, "hand/2/adjust", "new", reason="false_win",
                    offender="N", each="10")
    assert said(response) == ["Line 2 recorded: an adjustment."]
    response = post(client, table, "hand/2/adjust", "edit", reason="false_win",
                    offender="S", each="5")
    assert said(response) == ["Line 2 changed: an adjustment."]
    assert table.hands.count() == 2


def test_a_stale_change_to_a_recorded_hand_says_another_phone_changed_the_ledger(
        client, table):
    """Phone B opens hand 2 to change it; phone A changes hand 1 meanwhile. B's change is
    not "a hand recorded meanwhile — record it if it is a different hand": it is B's
    change to hand 2, kept, to save again."""
    record(table, "win", {"winner": "E", "win_type": "self_draw", "multiplier": 1})
    record(table, "win", {"winner": "E", "win_type": "self_draw", "multiplier": 1})
    table.refresh_from_db()
    seen = table.version
    post(client, table, "hand/1/result", "edit", winner="S", win_type="self_draw",
         multiplier="1")
    response = client.post(edit(table, "hand/2/result"), {
        "version": seen, "intent": "edit", "winner": "W", "win_type": "self_draw",
        "multiplier": "1"})
    assert response.status_code == 409
    page = text(response)
    assert "Another phone changed the ledger meanwhile — here is what it wrote" in page
    assert "Your change to hand 2 was not saved yet, and nothing is lost" in page
    assert "A hand was recorded meanwhile" not in page
    assert "Record it if it is a different hand" not in page
    assert table.hands.count() == 2


def test_a_stale_new_hand_still_says_a_hand_was_recorded_meanwhile(client, table):
    record(table, "draw")
    response = client.post(edit(table, "hand/1/draw"), {"version": 0, "intent": "new"})
    assert response.status_code == 409
    page = text(response)
    assert "A hand was recorded meanwhile" in page
    assert "Record it if it is a different hand" in page


def test_forms_that_need_the_server_are_marked_for_the_no_network_notice(client, table):
    record(table, "draw")
    client.post(edit(table, "undo"), {"version": 1, "number": 1})
    html = client.get(edit(table)).content.decode()
    assert 'data-money-form data-needs-network' in html
    assert 'data-restore data-needs-network' in html
    assert 'data-msg-needs-network="No connection: nothing was saved.' in html
    assert 'data-msg-reapply-line="Record it as line {number}"' in html


def test_the_house_rules_line_has_a_chinese_colon():
    chinese = Client(headers={"Accept-Language": "zh-hans"})
    table = new_table(chinese)
    page = text(chinese.get(edit(table)))
    assert "地方规则：" in page
    assert "地方规则:" not in page
