"""The ledger's CSV says what its pages say (issue 25, deliverable 4): a hand's total in
its region's column — 番 in Honghe, × where values multiply — for a hand scored from its
tiles and a result scored on paper alike; the win types, and a paper result or a plain
hand, in the ledger rows' own words."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.utils import translation

from calculator.messages import how_won
from ledger import store
from ledger.export import to_csv
from ledger.models import Table
from tests.helpers import ledger_write

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]

HOW, PATTERNS, FAN, MULTIPLIER = 5, 11, 12, 13  # ledger.export.CSV_COLUMNS
PLAIN = {"hand": "123m456p789s23s11z", "win_tile": "4s", "win_type": "self_draw"}


def new_table(region: str) -> Table:
    return Table.objects.create(region=region, player_e="Ann", player_s="Bo", player_w="Cy",
                                player_n="Di")


def record(table: Table, fields: dict) -> None:
    table.refresh_from_db()
    ledger_write(table.pk, table.version, table.hands.count() + 1, "win", fields)


def rows(table: Table, language: str) -> list[list[str]]:
    table.refresh_from_db()
    with translation.override(language):
        body = to_csv(store.load(table), table.names)
    return list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))[1:]


@pytest.mark.parametrize(("language", "paper", "plain"), [
    ("zh-hans", "纸上算的", "平和"), ("zh-hant", "紙上算的", "平和"),
    ("en", "scored on paper", "plain hand")])
def test_a_honghe_hand_has_its_total_in_the_fan_column(language, paper, plain):
    table = new_table("honghe")
    record(table, {"winner": "S", "win_type": "discard", "discarder": "W", "fan": 2})
    record(table, {**PLAIN, "winner": "S", "wild": "9m"})
    on_paper, scored = rows(table, language)
    assert (on_paper[FAN], on_paper[MULTIPLIER]) == ("2", "")
    assert (scored[FAN], scored[MULTIPLIER]) == ("0", "")
    assert (on_paper[PATTERNS], scored[PATTERNS]) == (paper, plain)  # as the ledger's rows


def test_a_multiplying_regions_hand_has_its_total_in_the_multiplier_column():
    table = new_table("hangzhou")
    record(table, {"winner": "S", "win_type": "self_draw", "multiplier": 4})
    record(table, {**PLAIN, "hand": "123m456p789s234s7z", "win_tile": "7z", "winner": "S"})
    on_paper, scored = rows(table, "en")
    assert (on_paper[FAN], on_paper[MULTIPLIER]) == ("", "4")
    assert (scored[FAN], scored[MULTIPLIER]) == ("", "1")


@pytest.mark.parametrize(("language", "discard", "rob_kong"), [
    ("zh-hans", "点炮", "抢杠"), ("zh-hant", "點炮", "搶槓"),
    ("en", "on a discard", "robbing a kong")])
def test_the_csv_says_the_win_type_as_the_ledger_page_does(language, discard, rob_kong):
    table = new_table("honghe")
    record(table, {"winner": "S", "win_type": "discard", "discarder": "W", "fan": 1})
    [row] = rows(table, language)
    assert row[HOW] == discard
    with translation.override(language):
        assert how_won("rob_kong") == rob_kong and how_won("self_draw") != ""
    client = Client(headers={"Accept-Language": language})
    page = client.get(f"/t/{table.view_token}/").content.decode()
    assert re.search(rf"<strong>Bo</strong>\s*{discard}\b", page)
