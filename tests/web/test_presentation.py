"""The presentation layer (issue 26): pure Python that the server and the browser's
offline engine both run — no Django in it; the form's fields make the same request
whether the server's form or ``presentation.form`` reads them; the engine's objections
land on the same field; the page's result section is ``presentation.page``'s panel."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import RequestFactory
from django.utils import translation

from calculator.forms import ScoreForm, WaitsForm
from calculator.regions import page_language
from calculator.results import page_links
from presentation.form import query_pairs, request_from_fields
from presentation.page import panel
from rules.answer import answer

PACKAGE = Path(__file__).resolve().parents[2] / "presentation"

SCORE_FORMS = [
    {"region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "9s",
     "win_type": "self_draw", "winner": "E", "dealer": "E", "dealer_streak": "1",
     "base": "1", "discarder": "S"},
    {"region": "honghe", "hand": " 1234567892345m ", "win_tile": "5m", "wild": "9p",
     "win_type": "discard", "winner": "S", "dealer": "E", "discarder": "W", "base": "2.50",
     "after_kong": "on", "dice_0": "3", "dice_1": "5", "previous_draws": "2",
     "previous_wild": "4s", "honghe_rob_kong": "robbed_pays_all"},
    {"region": "jinhua", "hand": "1111m234p567s89s", "melds": "pung 555p\n\n chi 123s ",
     "win_tile": "7s", "wild": "6s", "win_type": "discard", "winner": "W", "dealer": "E",
     "discarder": "N", "claim2_by": "W", "claim2_from": "N", "claim2_count": "1",
     "cai_piao": "0", "last_tile": "", "jinhua_peng_peng_hu": ""},
]
WAITS_FORMS = [
    {"region": "honghe", "hand": "123m456p789s11z45s", "wild": "9p", "winner": "S",
     "dealer": "E"},
    {"region": "hangzhou", "hand": "123m456p789s234s5z", "winner": "S", "dealer": "E",
     "cai_piao": "1", "hangzhou_scoring": "classic"},
]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):  # inside functions too
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_presentation_imports_only_the_standard_library_and_the_engine(path):
    allowed = set(sys.stdlib_module_names) | {"rules", "presentation"}
    assert _imports(path) <= allowed, path.name


def test_presentation_runs_without_django():
    modules = [f"presentation.{p.stem}" for p in PACKAGE.glob("*.py") if p.stem != "__init__"]
    script = (f"import sys\nfor m in {modules!r}: __import__(m)\n"
              "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django'\n")
    subprocess.run([sys.executable, "-c", script], check=True, cwd=PACKAGE.parent)


@pytest.mark.parametrize("fields", SCORE_FORMS)
def test_the_form_and_the_fields_make_the_same_score_request(fields):
    form = ScoreForm(fields)
    assert form.is_valid(), form.errors
    request, unread = request_from_fields("score", fields, page_language())
    assert not unread
    assert request == form.to_request()


@pytest.mark.parametrize("fields", WAITS_FORMS)
def test_the_form_and_the_fields_make_the_same_waits_request(fields):
    form = WaitsForm(fields)
    assert form.is_valid(), form.errors
    request, unread = request_from_fields("waits", fields, page_language())
    assert not unread and "win_tile" not in request
    assert request == form.to_request()


@pytest.mark.parametrize(("kind", "form_class", "fields"),
                         [("score", ScoreForm, f) for f in SCORE_FORMS]
                         + [("waits", WaitsForm, f) for f in WAITS_FORMS])
def test_the_permalink_query_is_the_forms(kind, form_class, fields):
    form = form_class(fields)
    assert query_pairs(kind, fields) == parse_qsl(urlsplit(form.permalink()).query)


def test_a_field_that_cannot_make_a_request_says_so_in_the_players_words():
    fields = {**SCORE_FORMS[0], "base": "x", "hand": "", "claim1_by": "E"}
    with translation.override("en"):
        _request, unread = request_from_fields("score", fields, page_language())
    assert unread == {
        "hand": ["This is empty: please fill it in."],
        "base": ["Not a number: write it in digits, e.g. 1 or 0.5."],
        "claim1_by": ["Give who claimed, from whom and how many times — or leave the whole "
                      "row blank."]}


def test_the_engines_objections_land_on_the_forms_fields():
    fields = {**SCORE_FORMS[2], "melds": "pung 555p\nchi 124s", "claim2_from": "W"}
    request, _unread = request_from_fields("score", fields, page_language())
    status, body = answer("score", request)
    assert status == 400
    with translation.override("en"):
        shown = panel("score", request, status, body, page_language(), page_links(), fields)
    assert shown.html == ""
    assert shown.field_errors["melds"][0].startswith("Meld 2: ")
    assert "claim2_by" in shown.field_errors  # the claim of form row 2, not row 1
    form = ScoreForm(fields)
    with translation.override("en"):
        assert form.score() is None
    assert form.errors["melds"] == shown.field_errors["melds"]
    assert form.errors["claim2_by"] == shown.field_errors["claim2_by"]


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_the_page_shows_the_panel(client, language):
    fields = SCORE_FORMS[2]
    with translation.override(language):
        request, _unread = request_from_fields("score", fields, page_language())
        status, body = answer("score", request)
        form = ScoreForm(fields)
        shown = panel("score", request, status, body, page_language(),
                      page_links(RequestFactory().get("/"), permalink=form.permalink()))
    html = client.get("/", fields, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown.html in html
