"""结账 — the settle-up (issue 30, item 1): ``ledger.settle`` leaves every person's net as
it is in at most (people − 1) transfers, exact; the money is rounded to the fen half up;
the table's money per point is set when the table is created or later from its edit
page; the pages and the CSV carry the settle-up.

(Named test_settle_up.py: tests/engine/test_settle.py has the other name, and test
modules here are imported by their file's name.)"""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from ledger.export import settle_up, to_csv
from ledger.models import Table
from ledger.rotation import replay
from ledger.settle import Transfer, money, settle
from presentation.seats import amount
from tests.ledger.pages import NEW_TABLE, PLAIN, edit, new_table, phone, text

PEOPLE = "ABCD"


def balances(transfers: list[Transfer], people) -> dict[str, Fraction]:
    """What each person ends up with after ``transfers``: received less paid."""
    held = dict.fromkeys(people, Fraction(0))
    for transfer in transfers:
        held[transfer.payer] -= transfer.amount
        held[transfer.payee] += transfer.amount
    return held


# An evening: 2-4 people, nets in points such as 3, 0.5 or 0.125, summing to zero.
AMOUNTS = st.builds(Fraction, st.integers(-400, 400), st.sampled_from([1, 2, 4, 8]))


@st.composite
def evenings(draw) -> dict[str, Fraction]:
    people = PEOPLE[:draw(st.integers(2, 4))]
    nets = {person: draw(AMOUNTS) for person in people[:-1]}
    nets[people[-1]] = -sum(nets.values())
    return nets


@given(evenings())
def test_the_transfers_leave_every_net_as_it_is_in_at_most_people_minus_one(nets):
    transfers = settle(nets)
    assert balances(transfers, nets) == nets
    assert len(transfers) <= len(nets) - 1
    assert all(t.amount > 0 and t.payer != t.payee for t in transfers)
    # everyone either pays or is paid, never both
    assert not {t.payer for t in transfers} & {t.payee for t in transfers}


@given(evenings())
def test_decimal_nets_settle_the_same_as_fractions(nets):
    """The ledger's totals are Decimals: the same evening, the same transfers."""
    as_decimals = {p: Decimal(n.numerator) / Decimal(n.denominator) for p, n in nets.items()}
    assert settle(as_decimals) == settle(nets)


# nets → transfers (payer, payee, amount), in the order settle gives them
CORNERS = [
    ({"E": 0, "S": 0, "W": 0, "N": 0}, []),  # everyone even: nobody pays
    ({"E": 0, "S": 0}, []),
    ({"E": 6, "S": -2, "W": -2, "N": -2},  # one winner: each loser pays them
     [("S", "E", 2), ("W", "E", 2), ("N", "E", 2)]),
    ({"E": -9, "S": 3, "W": 3, "N": 3},  # one loser pays everyone
     [("E", "S", 3), ("E", "W", 3), ("E", "N", 3)]),
    ({"E": 4, "S": 4, "W": -4, "N": -4},  # two and two, paired off: two transfers
     [("W", "E", 4), ("N", "S", 4)]),
    ({"E": 5, "S": 3, "W": -4, "N": -4},  # two and two, unequal: three
     [("W", "E", 4), ("N", "S", 3), ("N", "E", 1)]),
    ({"E": Decimal("0.5"), "S": Decimal("-0.125"), "W": Decimal("-0.375"), "N": 0},
     [("W", "E", Fraction(3, 8)), ("S", "E", Fraction(1, 8))]),
    ({"Ann": 10, "Bo": -10}, [("Bo", "Ann", 10)]),
]


@pytest.mark.parametrize(("nets", "expected"), CORNERS)
def test_corners(nets, expected):
    assert settle(nets) == [Transfer(payer=payer, payee=payee, amount=Fraction(amount))
                            for payer, payee, amount in expected]


def test_nets_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(ValueError, match="sum to zero"):
        settle({"E": 1, "S": 0})


# points, 元 a point → 元, rounded to the fen half up (按分四舍五入)
MONEY = [
    (Fraction(24), "0.5", "12.00"),
    (Fraction(24), "2", "48.00"),
    (Fraction(1), "0.125", "0.13"),  # 0.125: half a fen rounds up
    (Fraction(3), "0.005", "0.02"),  # 0.015 likewise
    (Fraction(1, 8), "0.1", "0.01"),  # 0.0125
    (Fraction(1), "0.3333", "0.33"),
    (Fraction(7, 2), "0.25", "0.88"),  # 0.875
]


@pytest.mark.parametrize(("points", "per_point", "expected"), MONEY)
def test_money_is_rounded_to_the_fen_half_up(points, per_point, expected):
    assert money(points, Decimal(per_point)) == Decimal(expected)


# --- in words, on the pages and in the CSV ---

PEOPLE_BY_SEAT = {"E": "东 Ann", "S": "南 Bo", "W": "西 Cy", "N": "北 Di"}


def test_the_settle_up_in_words_in_money_and_in_points():
    totals = {"E": Decimal(24), "S": Decimal(-4), "W": Decimal(-24), "N": Decimal(4)}
    with translation.override("en"):
        in_money = settle_up(totals, PEOPLE_BY_SEAT, title="Friday", count=12,
                             per_point=Decimal("0.5"))
        in_points = settle_up(totals, PEOPLE_BY_SEAT, title="Friday", count=1,
                              per_point=None)
    assert in_money.text.splitlines() == [
        "Friday: settle-up after 12 hands, 0.5 yuan a point",
        "西 Cy → 东 Ann: 12 yuan (24 points)",
        "南 Bo → 北 Di: 2 yuan (4 points)"]
    assert (in_money.total, in_money.per_point) == ("14", "0.5")
    assert in_points.text.splitlines() == ["Friday: settle-up after 1 hand",
                                           "西 Cy → 东 Ann: 24 points", "南 Bo → 北 Di: 4 points"]
    assert (in_points.total, in_points.per_point) == ("", "")


def test_an_even_evening_says_nobody_pays():
    with translation.override("en"):
        even = settle_up(dict.fromkeys("ESWN", Decimal(0)), PEOPLE_BY_SEAT, title="Friday",
                         count=3, per_point=Decimal(1))
    assert even.transfers == []
    assert even.text.splitlines()[1] == "Everyone is even: nobody pays anyone."


def test_the_csv_ends_with_the_settle_up():
    ledger = replay("hangzhou", "E", [], {})
    totals = {"E": Decimal("1.5"), "S": Decimal("-1.5"), "W": Decimal(0), "N": Decimal(0)}
    with translation.override("en"):
        settled = settle_up(totals, {**PEOPLE_BY_SEAT, "E": "=Ann"},
                            title="Friday", count=0, per_point=Decimal("0.333"))
        rows = list(csv.reader(io.StringIO(to_csv(ledger, {s: s for s in "ESWN"}, settled)
                                           .removeprefix("\ufeff"))))
    assert rows[1:] == [
        [],
        ["Friday: settle-up, 0.333 yuan a point"],  # no hand: the lines are adjustments
        ["Payer", "Payee", "Points", "Money (yuan)"],
        ["南 Bo", "'=Ann", "1.5", "0.5"],  # 0.4995: rounded half up to the fen
        ["In all 0.5 yuan, each transfer rounded to the fen (0.01 yuan), half up."],
    ]


# --- the pages: the money per point, set when the table is created or later ---

def win(client: Client, table: Table, winner: str) -> None:
    table.refresh_from_db()
    response = client.post(edit(table, f"hand/{table.hands.count() + 1}/win"), {
        **PLAIN, "winner": winner, "intent": "new", "version": table.version})
    assert response.status_code == 302


@pytest.mark.ledger
@pytest.mark.django_db
def test_money_per_point_is_set_when_the_table_is_created(client):
    assert new_table(client, money_per_point="0.5").money_per_point == Decimal("0.5")


@pytest.mark.ledger
@pytest.mark.django_db
def test_a_table_without_money_per_point_settles_in_points(client):
    table = new_table(client)
    assert table.money_per_point is None
    assert "data-settle" not in client.get(edit(table)).content.decode()  # no hands yet
    win(client, table, "S")  # S self-draws: 2 from the dealer E, 1 from W and N
    page = text(client.get(f"/t/{table.view_token}/"))
    assert "東 E Ann → 南 S Bo: 2 points" in page
    assert "No money per point set: the settle-up is in points." in page


@pytest.mark.ledger
@pytest.mark.django_db
def test_money_per_point_is_changed_from_the_edit_page_and_moves_no_version(client):
    table = new_table(client)
    win(client, table, "S")
    table.refresh_from_db()
    version = table.version
    response = client.post(edit(table, "money"), {"money_per_point": "2"})
    assert response.status_code == 302 and response.url == edit(table) + "#settle"
    table.refresh_from_db()
    assert (table.money_per_point, table.version) == (Decimal(2), version)
    page = text(client.get(edit(table)))
    assert "Money per point saved: 2 yuan a point." in page
    assert "東 E Ann → 南 S Bo: 4 yuan (2 points)" in page
    assert "In all 8 yuan, each transfer rounded to the fen (0.01 yuan), half up." in page
    read_only = client.get(f"/t/{table.view_token}/").content.decode()
    assert "西 W Cy → 南 S Bo: 2 yuan (1 point)" in text(client.get(f"/t/{table.view_token}/"))
    assert "data-money-form" not in read_only and table.edit_token not in read_only
    # blank: back to points
    client.post(edit(table, "money"), {"money_per_point": ""})
    table.refresh_from_db()
    assert table.money_per_point is None


BAD_MONEY = ["0", "-1", "abc", "1e9", "NaN", "Infinity", "0.123456", "１２３４５６７８９"]


@pytest.mark.ledger
@pytest.mark.django_db
@pytest.mark.parametrize("money_per_point", BAD_MONEY)
def test_bad_money_per_point_gets_a_field_message_never_a_500(client, money_per_point):
    response = client.post("/t/new/", {**NEW_TABLE, "money_per_point": money_per_point})
    assert response.status_code == 200 and response.context["form"].errors["money_per_point"]
    assert not Table.objects.exists()
    table = new_table(client, money_per_point="1")
    response = client.post(edit(table, "money"), {"money_per_point": money_per_point})
    assert response.status_code == 200 and "id_money_per_point_error" in response.content.decode()
    table.refresh_from_db()
    assert table.money_per_point == Decimal(1)


@pytest.mark.ledger
@pytest.mark.django_db
def test_the_money_page_needs_the_edit_token(client):
    table = new_table(client)
    wrong = f"/t/{table.view_token}/e/{'x' * 22}/money"
    assert client.post(wrong, {"money_per_point": "5"}).status_code == 403
    assert client.post(f"/t/{table.view_token}/money", {"money_per_point": "5"}
                       ).status_code == 404
    assert client.get(edit(table, "money")).url == edit(table) + "#settle"
    table.refresh_from_db()
    assert table.money_per_point is None


@pytest.mark.ledger
@pytest.mark.django_db
def test_the_csv_download_carries_the_settle_up(client):
    table = new_table(client, money_per_point="0.5")
    win(client, table, "S")
    body = client.get(f"/t/{table.view_token}/ledger.csv").content.decode()
    rows = list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))
    assert rows[2:] == [
        [], ["Friday: settle-up after 1 hand, 0.5 yuan a point"],
        ["Payer", "Payee", "Points", "Money (yuan)"],
        ["東 E Ann", "南 S Bo", "2", "1"], ["西 W Cy", "南 S Bo", "1", "0.5"],
        ["北 N Di", "南 S Bo", "1", "0.5"],
        ["In all 2 yuan, each transfer rounded to the fen (0.01 yuan), half up."],
        [], ["Who sat where"], ["Player", "Seats and hands", "Net"],
        ["Ann", "東 E #1", "-2"], ["Bo", "南 S #1", "4"], ["Cy", "西 W #1", "-1"],
        ["Di", "北 N #1", "-1"]]


def settings_form(table: Table, **values: str) -> dict[str, str]:
    """The settings form as the edit page posts it: the values it showed (``was_…``,
    and each field unless given in ``values``)."""
    table.refresh_from_db()
    shown = {name: "" if getattr(table, name) is None else amount(getattr(table, name))
             for name in ("money_per_point", "false_win_penalty")}
    return {**shown, **{f"was_{name}": value for name, value in shown.items()}, **values}


@pytest.mark.ledger
@pytest.mark.django_db
@pytest.mark.parametrize(("changes", "said"), [
    ({"false_win_penalty": "10"}, ["False-win penalty saved: 10 points to each other player."]),
    ({"false_win_penalty": "1"}, ["False-win penalty saved: 1 point to each other player."]),
    ({"money_per_point": "0.5"}, ["Money per point saved: 0.5 yuan a point."]),
    ({"money_per_point": "0.5", "false_win_penalty": "3"},
     ["Money per point saved: 0.5 yuan a point.",
      "False-win penalty saved: 3 points to each other player."]),
    ({}, ["Nothing to change: these settings are saved already."]),
])
def test_saving_the_settings_says_what_changed(client, changes, said):
    client.post("/t/new/", NEW_TABLE, follow=True)  # and its message read
    table = Table.objects.get()
    response = client.post(edit(table, "money"), settings_form(table, **changes), follow=True)
    assert [str(message) for message in response.context["messages"]] == said


@pytest.mark.ledger
@pytest.mark.django_db
def test_a_setting_left_out_of_the_form_stays_and_the_wrong_one_has_the_focus(client):
    table = new_table(client, false_win_penalty="10")
    client.post(edit(table, "money"), {"money_per_point": "0.5"})
    table.refresh_from_db()
    assert (table.money_per_point, table.false_win_penalty) == (Decimal("0.5"), Decimal(10))
    response = client.post(edit(table, "money"), {"money_per_point": "1",
                                                  "false_win_penalty": "-1"})
    focused = re.findall(r"<input[^>]*autofocus[^>]*>", response.content.decode())
    assert len(focused) == 1 and 'name="false_win_penalty"' in focused[0]


@pytest.mark.ledger
@pytest.mark.django_db
def test_two_phones_saving_the_settings_keep_each_others_change(client):
    """Both phones' pages show 1 yuan a point and no penalty; phone A sets 0.5 yuan, then
    phone B, its page drawn before, sets a penalty of 10: both stay."""
    table = new_table(client, money_per_point="1")
    second_phone_form = settings_form(table, false_win_penalty="10")
    client.post(edit(table, "money"), settings_form(table, money_per_point="0.5"))
    response = phone().post(edit(table, "money"), second_phone_form, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "False-win penalty saved: 10 points to each other player."]
    table.refresh_from_db()
    assert (table.money_per_point, table.false_win_penalty) == (Decimal("0.5"), Decimal(10))


@pytest.mark.ledger
@pytest.mark.django_db
def test_a_refused_setting_leaves_the_page_showing_the_money_saved(client):
    """1 yuan a point saved; 5 yuan posted with a wrong penalty: refused, and the
    settle-up around the form is still worked out at 1 yuan."""
    table = new_table(client, money_per_point="1")
    win(client, table, "S")
    response = client.post(edit(table, "money"), settings_form(
        table, money_per_point="5", false_win_penalty="-1"))
    page = text(response)
    assert "東 E Ann → 南 S Bo: 2 yuan (2 points)" in page and "10 yuan" not in page
    table.refresh_from_db()
    assert table.money_per_point == Decimal(1)


@pytest.mark.ledger
@pytest.mark.django_db
def test_an_open_sheet_hears_of_a_change_that_moves_no_version(client):
    """The version URL answers a sheet (version and stamp) 304 until the money per point,
    a name or a seat changes, then 200 with the new stamp; a hand's form, which asks with
    the version alone, still 304: no hand was written."""
    table = new_table(client)
    url = f"/t/{table.view_token}/version"
    sheet = f'"{table.version}-{table.sheet_stamp}"'
    assert client.get(url, headers={"If-None-Match": sheet}).status_code == 304
    client.post(edit(table, "money"), settings_form(table, money_per_point="2"))
    answer = client.get(url, headers={"If-None-Match": sheet})
    table.refresh_from_db()
    assert answer.status_code == 200
    assert answer.json() == {"version": table.version, "sheet": table.sheet_stamp}
    assert table.sheet_stamp not in sheet
    assert client.get(url, headers={"If-None-Match": f'"{table.version}"'}).status_code == 304
