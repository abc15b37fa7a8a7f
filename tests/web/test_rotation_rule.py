"""Jinhua's 轮庄 (jinhua.txt:5; RULEBOOK §7) and its house rule ``jinhua_dealer`` on the
pages: the rules page lists both readings with their sources, the ledger's new-table form
offers it, a table says it in words, and the calculator leaves it out (it decides who
deals the next hand, never a hand's score)."""

from __future__ import annotations

import pytest
from django.test import Client

from ledger.models import Table


@pytest.fixture
def client() -> Client:
    return Client(headers={"Accept-Language": "zh-hans"})


def test_the_jinhua_rules_page_lists_both_rotations_with_their_sources(client):
    html = client.get("/rules/jinhua/").content.decode()
    assert "庄家轮换" in html
    assert "轮庄：每局之后庄家都轮到下家" in html and "金华麻将原文第 5 行" in html
    assert "庄家和牌或流局时连庄" in html and "本站裁定" in html


def test_the_calculator_leaves_the_rotation_out(client):
    html = client.get("/", {"region": "jinhua"}).content.decode()
    assert 'name="jinhua_peng_peng_hu"' in html
    assert 'name="jinhua_dealer"' not in html


@pytest.mark.django_db
@pytest.mark.parametrize(("value", "words"), [
    ("rotate", "轮庄：每局之后庄家都轮到下家"),
    ("keep_on_win_or_draw", "庄家和牌或流局时连庄"),
])
def test_a_jinhua_table_keeps_its_rotation_and_says_it(client, value, words):
    response = client.post("/t/new/", {
        "region": "jinhua", "base": "1", "first_dealer": "E", "jinhua_dealer": value})
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.house_rules.get("jinhua_dealer", "rotate") == value
    assert words in client.get(response.url).content.decode()
