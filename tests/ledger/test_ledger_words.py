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

from ledger import store
from ledger.export import to_csv
from ledger.models import Table
from presentation.messages import how_won
from tests.ledger.pages import record, stored_table

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]

HOW, PATTERNS, FAN, MULTIPLIER = 5, 11, 12, 13  # ledger.export.CSV_COLUMNS
PLAIN = {"hand": "123m456p789s23s11z", "win_tile": "4s", "win_type": "self_draw"}
ON_PAPER_FROM_W = {"winner": "S", "win_type": "discard", "discarder": "W"}  # + its total
# What the ledger's rows say, in each language: a result scored on paper, a plain hand,
# and two win types.
WORDS = {
    "zh-hans": {"paper": "纸上算的", "plain": "平和", "discard": "点炮", "rob_kong": "抢杠"},
    "zh-hant": {"paper": "紙上算的", "plain": "平和", "discard": "點炮", "rob_kong": "搶槓"},
    "en": {"paper": "scored on paper", "plain": "plain hand", "discard": "on a discard",
           "rob_kong": "robbing a kong"},
}


def rows(table: Table, language: str) -> list[list[str]]:
    table.refresh_from_db()
    with translation.override(language):
        body = to_csv(store.load(table), table.names)
    return list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))[1:]


@pytest.mark.parametrize("language", WORDS)
def test_a_honghe_hand_has_its_total_in_the_fan_column(language):
    table = stored_table("honghe")
    record(table, "win", {**ON_PAPER_FROM_W, "fan": 2})
    record(table, "win", {**PLAIN, "winner": "S", "wild": "9m"})
    on_paper, scored = rows(table, language)
    assert (on_paper[FAN], on_paper[MULTIPLIER]) == ("2", "")
    assert (scored[FAN], scored[MULTIPLIER]) == ("0", "")
    # as the ledger's rows say them
    assert (on_paper[PATTERNS], scored[PATTERNS]) == (WORDS[language]["paper"],
                                                      WORDS[language]["plain"])


def test_a_multiplying_regions_hand_has_its_total_in_the_multiplier_column():
    table = stored_table("hangzhou")
    record(table, "win", {"winner": "S", "win_type": "self_draw", "multiplier": 4})
    record(table, "win", {**PLAIN, "hand": "123m456p789s234s7z", "win_tile": "7z", "winner": "S"})
    on_paper, scored = rows(table, "en")
    assert (on_paper[FAN], on_paper[MULTIPLIER]) == ("", "4")
    assert (scored[FAN], scored[MULTIPLIER]) == ("", "1")


@pytest.mark.parametrize("language", WORDS)
def test_the_csv_says_the_win_type_as_the_ledger_page_does(language):
    discard, rob_kong = WORDS[language]["discard"], WORDS[language]["rob_kong"]
    table = stored_table("honghe")
    record(table, "win", {**ON_PAPER_FROM_W, "fan": 1})
    [row] = rows(table, language)
    assert row[HOW] == discard
    with translation.override(language):
        assert how_won("rob_kong") == rob_kong and how_won("self_draw") != ""
    client = Client(headers={"Accept-Language": language})
    page = client.get(f"/t/{table.view_token}/").content.decode()
    assert re.search(rf"<strong>Bo</strong>\s*{discard}\b", page)
