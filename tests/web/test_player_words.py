"""Every word in the player's language (issue 25, deliverable 4): the forms' error summary
names fields as the forms label them, every form's messages are ours (never Django's
stock sentences), examples and menus in the page's script, one word for a hand (局), the
waits page says whose discard it assumes, a near miss does not repeat its pattern's name,
the new table's first dealer is named as every seat is (东 E). The ledger's CSV:
tests/ledger/test_ledger_words.py."""

from __future__ import annotations

import gettext as gnu_gettext
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django import forms
from django.conf import settings
from django.core import validators
from django.db import models
from django.forms.utils import pretty_name
from django.utils import translation
from django.utils.translation import gettext

import calculator.forms
import ledger.forms
from calculator.field_errors import PlayersWords
from calculator.forms import AdviseForm, PracticeForm, ScoreForm, WaitsForm
from ledger.forms import (
    AdjustmentForm,
    DrawForm,
    LedgerWinForm,
    MoneyForm,
    ResultForm,
    TableForm,
)
from ledger.models import Table
from presentation.language import chinese
from presentation.messages import render_near_miss
from presentation.permalink import request_fields
from rules import score
from rules.regions import REGIONS
from tests.problem_cases import NEAR_MISSES

LANGUAGES = ("zh-hans", "zh-hant", "en")
CJK = re.compile(r"[\u4e00-\u9fff]")


def page(client, path: str, language: str, params: dict | None = None) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(path + ("?" + urlencode(params) if params else ""))
    assert response.status_code == 200
    return response.content.decode()


# --- every form of the site, each region's ---

def table(region: str) -> Table:
    return Table(region=region, player_e="Ann", player_s="Bo", player_w="Cy",
                 player_n="Di", first_dealer="E", base=1)


def every_form(data: dict | None, region: str | None = None) -> list[forms.BaseForm]:
    """Each form of the site bound to ``data`` (unbound for None); the forms whose
    fields follow a region, in ``region``'s (else each region's), the rest once."""
    regions = [region] if region else list(REGIONS)
    found: list[forms.BaseForm] = [TableForm(data), MoneyForm(data), DrawForm(data),
                                   DrawForm(data, reads_history=True),
                                   AdjustmentForm(data, table=table("hangzhou"),
                                                  names=table("hangzhou").names)]
    for key in regions:
        with_region = None if data is None else {**data, "region": key}
        found += [ScoreForm(with_region), WaitsForm(with_region), AdviseForm(with_region),
                  PracticeForm(with_region, region=key),
                  LedgerWinForm(data, table=table(key)), ResultForm(data, table=table(key))]
    return found


def form_classes() -> set[type]:
    """Every form class the calculator and the ledger define."""
    def walk(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from walk(sub)

    return {cls for cls in walk(forms.BaseForm)
            if cls.__module__ in (calculator.forms.__name__, ledger.forms.__name__)}


def test_every_form_answers_in_the_players_words_and_every_one_is_tested():
    classes = form_classes()
    assert classes >= {ScoreForm, WaitsForm, PracticeForm, TableForm, LedgerWinForm,
                       ResultForm, DrawForm}
    for cls in classes:
        assert issubclass(cls, PlayersWords), cls
    tested = {type(form) for form in every_form(None)}
    # the bases (ClaimRowsForm, WriteFields) are checked through the forms built on them
    assert {cls for cls in classes if not cls.__subclasses__()} <= tested


# --- 1. the error summary names the fields as the form labels them ---

@pytest.mark.parametrize("language", LANGUAGES)
def test_every_field_has_a_label_in_the_pages_language(language):
    with translation.override(language):
        for form in every_form(None):
            for name, field in form.fields.items():
                label = str(field.label or "")
                # never a Python name ("Claim1 count"): in Chinese, never English
                assert label and "_" not in label, (type(form).__name__, name)
                assert not re.search(r"[A-Za-z]\d", label), label
                if language != "en":
                    assert label != pretty_name(name), (type(form).__name__, name)
                if language != "en":
                    assert CJK.search(label), (type(form).__name__, name, label)


JINHUA = {"region": "jinhua", "hand": "123m456m789p234p1z", "win_tile": "1z", "wild": "6s",
          "win_type": "self_draw", "winner": "W", "dealer": "E"}


@pytest.mark.parametrize(("language", "labels"), [
    ("zh-hans", ["承包第 1 行：次数", "承包第 2 行：谁吃碰", "承包第 3 行：吃碰谁的牌"]),
    ("zh-hant", ["承包第 1 行：次數", "承包第 2 行：誰吃碰", "承包第 3 行：吃碰誰的牌"]),
    ("en", ["承包 row 1: how many times", "承包 row 2: who claimed",
            "承包 row 3: claimed from whom"]),
])
def test_the_error_summary_names_the_claim_fields(client, language, labels):
    junk = {"claim1_count": "9", "claim2_by": "Q", "claim3_from": "Q"}
    html = page(client, "/", language, {**JINHUA, **junk})
    summary = html[html.index('class="alert alert-warning"'):]
    named = re.findall(r'<a class="alert-link" href="#id_claim\w+">([^<]+)</a>', summary)
    assert named == labels
    assert "Claim1" not in html and "Claim2" not in html
    # a screen reader hears the same name on the select itself
    assert f'aria-label="{labels[0]}"' in html


# --- 2. our messages, never Django's stock sentences ---

class AnyParams(dict):
    def __init__(self, number):
        super().__init__()
        self.number = number

    def __missing__(self, key):
        return self.number


def stock_messages() -> list:
    """Django's form and model fields' messages and its validators'."""
    def walk(cls):
        yield cls
        for sub in cls.__subclasses__():
            yield from walk(sub)

    found = []
    for base in (forms.Field, models.Field):
        for cls in walk(base):
            found += list(vars(cls).get("default_error_messages", {}).values())
    for name in dir(validators):
        cls = getattr(validators, name)
        if isinstance(cls, type):
            if "message" in vars(cls):
                found.append(cls.message)
            if isinstance(vars(cls).get("messages"), dict):
                found += list(cls.messages.values())
    return found


def stock_fragments() -> set[str]:
    """The words of Django's stock messages in the active language, between their
    placeholders (at least 4 characters, spaces and punctuation apart)."""
    fragments = set()
    for message in stock_messages():
        for number in (1, 7):
            try:
                text = message % AnyParams(number)
            except (TypeError, ValueError, KeyError):
                text = str(message)
            for piece in re.split(r"\d+|\{\}", text):
                piece = piece.strip(" .。,，:：;；()（）'\"")
                if len(re.sub(r"\W", "", piece)) >= 4:
                    fragments.add(piece)
    return fragments


JUNK = ["", "✗", "x" * 300, "-5", "0", "0.001", "1e30", "1.123456789",
        "123456789012345678901.5", "NaN", "a\x00b", "99999999999"]


def junk_data(form: forms.BaseForm, junk: str) -> dict:
    """``junk`` in every field of ``form`` (each part of a field of several)."""
    data = {}
    for name, field in form.fields.items():
        if isinstance(field, forms.MultiValueField):
            data.update({f"{name}_{i}": junk for i in range(len(field.fields))})
        else:
            data[name] = junk
    return data


def error_texts(form: forms.BaseForm) -> list[str]:
    return [str(message) for messages in form.errors.values() for message in messages]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_junk_in_every_field_of_every_form_gets_our_words(language):
    with translation.override(language):
        stock = stock_fragments()
        assert any("选择一个有效的选项" in f for f in stock) or language != "zh-hans"
        names = {name for blank in every_form(None) for name in junk_data(blank, "")}
        shown = set()
        for junk in JUNK:
            data = {name: junk for name in names}
            # each region's fields, and the region itself junk
            for form in [*every_form(data), ScoreForm(data), WaitsForm(data)]:
                shown.update(error_texts(form))
        assert len(shown) > 20
        for text in shown:
            leaks = [fragment for fragment in stock if fragment in text]
            assert not leaks, (text, leaks)
            assert "%(" not in text and "%%" not in text, text
            if language != "en":
                assert CJK.search(text), text
                assert not re.search(r"[A-Za-z]{4,}", text), text


@pytest.mark.parametrize(("language", "expected"), [
    ("zh-hans", ["没有这个选项：请从列表里选一个（东 E / 南 S / 西 W / 北 N）。",
                 "太长了：最多 80 个字"]),
    ("zh-hant", ["沒有這個選項：請從列表裡選一個（東 E / 南 S / 西 W / 北 N）。",
                 "太長了：最多 80 個字"]),
    ("en", ["That is not one of the choices: pick one from the list "
            "(東 E / 南 S / 西 W / 北 N).", "Too long: at most 80 characters"]),
])
def test_the_calculator_page_says_what_is_wrong_and_how_to_fix_it(client, language,
                                                                  expected):
    html = page(client, "/", language, {**JINHUA, "dealer": "xx", "hand": "1" * 81})
    for words in expected:
        assert words in html
    with translation.override(language):
        assert not [f for f in stock_fragments() if f in html]


def test_the_dice_are_checked_in_our_words(client):
    query = {"region": "honghe", "hand": "123m456p789s234s7z", "win_tile": "7z",
             "wild": "9m", "win_type": "self_draw", "winner": "S", "dealer": "E",
             "dice_0": "3"}
    html = page(client, "/", "zh-hans", query)
    assert "两颗骰子都填，或都不填。" in html and "请输入完整的值" not in html
    html = page(client, "/", "en", {**query, "dice_1": "9"})
    assert "Give the two opening dice, each from 1 to 6." in html


# --- 3. examples in the page's script ---

@pytest.mark.parametrize(("language", "honghe", "jinhua"), [
    ("zh-hans", "洪合 清一色", "金华 平胡"), ("zh-hant", "洪合 清一色", "金華 平胡"),
    ("en", "Honghe 清一色", "Jinhua 平胡")])
def test_the_home_page_examples_are_said_in_the_pages_language(language, honghe, jinhua):
    """The calculator's examples (templates/calculator/calculator.html translates them)."""
    with translation.override(language):
        assert gettext("Honghe 清一色") == honghe
        assert gettext("Jinhua 平胡") == jinhua


@pytest.mark.parametrize(("language", "example"), [
    ("zh-hans", "洪合 · 123m456p789s11z45s"), ("zh-hant", "洪合 · 123m456p789s11z45s"),
    ("en", "Honghe · 123m456p789s11z45s")])
def test_the_waits_page_examples_are_said_in_the_pages_language(client, language, example):
    html = page(client, "/waits/", language)
    assert example in html
    if language == "en":
        assert "洪合 ·" not in html


# --- 4. the language menu names each language in itself ---

@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_menu_names_each_language_in_itself(client, language):
    html = page(client, "/", language)
    menu = html[html.index('id="language"'):]
    menu = menu[:menu.index("</select>")]
    assert re.findall(r"<option [^>]*>([^<]+)</option>", menu) == [
        "简体中文", "繁體中文", "English"]


# --- 5. one word for a hand: 局 ---

# 手 as the tiles in hand, or a phone: not a hand of the game.
TILES_IN_HAND = re.compile(r"手牌|手里|手裡|手上|手中|手机|手機")


@pytest.mark.parametrize("folder", ["zh_Hans", "zh_Hant"])
def test_a_hand_of_the_game_is_always_ju(folder):
    path = Path(settings.BASE_DIR) / "locale" / folder / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as file:
        catalog = gnu_gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
    for msgid, msgstr in catalog.items():
        assert "手" not in TILES_IN_HAND.sub("", str(msgstr)), (msgid, msgstr)
    with translation.override(folder.lower().replace("_", "-")):
        assert "第 3 局" in gettext("Keep hand %(number)s to send later") % {"number": 3}
        assert "局" in gettext("Drop this hand? It was never recorded.")


# --- 7. the waits page says whose discard it assumes ---

HONGHE = {"region": "honghe", "hand": "123m456p789s11z45s", "wild": "9p", "winner": "S",
          "dealer": "E"}
NOTE = {"zh-hans": "每个点炮栏都假定点炮的是栏头写的那一家",
        "zh-hant": "每個點炮欄都假定點炮的是欄頭寫的那一家",
        "en": "Each 點炮 column assumes the discarder its heading names"}


@pytest.mark.parametrize(("language", "heading"), [
    ("zh-hans", "西 W 点炮"), ("zh-hant", "西 W 點炮"), ("en", "On a discard by 西 W 點炮")])
def test_the_waits_discard_column_names_its_discarder(client, language, heading):
    html = page(client, "/waits/", language, HONGHE)
    three_s = html[html.index('data-wait="3s"'):html.index('data-wait="6s"')]
    assert re.search(rf'<th scope="col" class="text-end">{heading}</th>', three_s)
    assert NOTE[language] in html


def test_no_discard_column_no_note(client):
    any_tile = {"region": "hangzhou", "hand": "123m456p789s234s5z", "winner": "S",
                "dealer": "E"}
    html = page(client, "/waits/", "en", any_tile)
    assert "data-wait=" in html and NOTE["en"] not in html


# --- 8. a near miss does not say its pattern's name twice ---

@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", [pytest.param(c, id=c.code) for c in NEAR_MISSES])
def test_a_near_miss_reason_does_not_begin_with_its_name(case, language):
    response = score(case.request)
    entry = next(n for n in response["near_misses"] if n["code"] == case.code)
    with translation.override(language):
        reason = render_near_miss(entry, response["region"])
        assert reason and not reason.startswith((entry["name"], chinese(entry["name"]))), reason
        assert not reason.startswith(("：", ":"))


def test_a_near_miss_without_a_code_drops_the_engines_name_too():
    entry = {"name": "清一色", "reason_zh": "清一色：有 1 張不是萬子", "reason_en": "清一色: 1 off"}
    with translation.override("zh-hant"):
        assert render_near_miss(entry) == "有 1 張不是萬子"
    with translation.override("en"):
        assert render_near_miss(entry) == "1 off"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_shows_the_name_once(client, language):
    case = next(c for c in NEAR_MISSES if c.code == "near_one_suit")
    html = page(client, "/", language, request_fields(case.request))
    with translation.override(language):
        name = chinese("清一色")
        entry = next(n for n in score(case.request)["near_misses"]
                     if n["code"] == case.code)
        reason = render_near_miss(entry, "honghe")
    assert f"{name}</strong>" in html and reason in html
    assert not re.search(rf"{name}</strong>[^<]*(?:<span[^>]*>[^<]*</span>)?[^<]*— {name}",
                         html)


# --- 9. the new table's first dealer: 东 E ---

@pytest.mark.parametrize(("language", "seats"), [
    ("zh-hans", ["东 E", "南 S", "西 W", "北 N"]), ("zh-hant", ["東 E", "南 S", "西 W", "北 N"]),
    ("en", ["東 E", "南 S", "西 W", "北 N"])])
def test_the_first_dealer_is_named_as_every_seat(client, language, seats):
    html = page(client, "/t/new/", language)
    select = html[html.index('name="first_dealer"'):]
    select = select[:select.index("</select>")]
    assert re.findall(r"<option [^>]*>([^<]+)</option>", select) == seats
