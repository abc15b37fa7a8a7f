"""The offline engine's zip (scripts/build_offline.py) answers a form as the server does:
run under CPython with the standard library alone (no Django, no OpenCC: what the
browser's worker has), its presentation.offline.answer gives the server's result panel to
the byte, and the server form's messages on the same fields. The browser tests
(tests/browser/test_engine_in_browser.py, test_offline_same_answer_browser.py) hold
the worker on Pyodide to the same answers."""

import json
import zipfile
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import opencc
import pytest
from django.utils import translation

from calculator import offline
from calculator.forms import ScoreForm, WaitsForm
from tests.offline_corpus import REFUSED_FORMS, build_script, built_engine_answers

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["zh-hans", "zh-hant", "en"]
HTMX = {"HX-Request": "true"}
# The worked examples of the calculator's empty page, and a waits example of its page.
EXAMPLES = [
    "/?region=hangzhou&hand=123m456m789p345s5z&win_tile=9s&win_type=self_draw&winner=E"
    "&dealer=E&dealer_streak=1&base=1",
    "/?region=honghe&hand=1234567892345m&win_tile=5m&wild=9p&win_type=discard&winner=S"
    "&dealer=E&discarder=W&base=2",
    "/?region=jinhua&hand=123m456m789p234p1z&win_tile=1z&wild=6s&win_type=discard&winner=W"
    "&dealer=E&discarder=N&base=1",
    "/waits/?region=honghe&hand=123m456p789s11z45s&wild=9p&winner=S&dealer=E",
    "/waits/?region=hangzhou&hand=123m456p789s234s5z&winner=S&dealer=E",
]
REFUSED = [
    *REFUSED_FORMS,
    "/?region=hangzhou&hand=123m&win_tile=5z&winner=E&dealer=E&win_type=self_draw"
    "&dealer_streak=junk&base=-1",
    "/waits/?region=hangzhou&hand=123m456p&winner=S&dealer=E",
]

def kind_and_fields(address: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(address)
    return ("waits" if parts.path == "/waits/" else "score"), dict(parse_qsl(parts.query))


def page_links(client, language: str) -> str:
    """The links a page gives the worker (its data-links), with the page's origin."""
    with translation.override(language):
        links = json.loads(offline.engine_attrs()["links"])
    return json.dumps({**links, "origin": "http://testserver"})


def test_the_zip_holds_the_packages_the_catalogues_and_the_table_the_same_bytes_each_time(
        engine, tmp_path):
    names = zipfile.ZipFile(engine).namelist()
    assert names == sorted(names)
    for package in ("rules", "presentation"):
        assert {p.relative_to(ROOT).as_posix() for p in (ROOT / package).rglob("*.py")
                if "__pycache__" not in p.parts} <= set(names)
    assert {f"locale/{d}/LC_MESSAGES/django.mo" for d in ("en", "zh_Hans", "zh_Hant")} <= set(
        names)
    assert "t2s.json" in names
    # compiled modules only in __pycache__ (scripts/build_offline.py compiles the engine)
    assert not [n for n in names
                if n.endswith(".po") or (n.endswith(".pyc") and "/__pycache__/" not in n)]

    script = build_script()
    script.OUT = tmp_path
    assert script.build_engine().read_bytes() == engine.read_bytes()


def test_the_table_writes_every_chinese_text_in_simplified_characters_as_opencc_does(
        engine, tmp_path, monkeypatch):
    from presentation import offline as worker_side

    zipfile.ZipFile(engine).extract("t2s.json", tmp_path)
    monkeypatch.setattr(worker_side, "ROOT", tmp_path)
    worker_side._t2s.cache_clear()  # noqa: SLF001
    t2s = opencc.OpenCC("t2s")
    try:
        texts = build_script().chinese_texts()
        assert len(texts) > 100
        assert {text: worker_side.simplify(text) for text in texts} == {
            text: t2s.convert(text) for text in texts}
    finally:
        worker_side._t2s.cache_clear()  # noqa: SLF001


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_zip_answers_each_example_with_the_servers_panel_to_the_byte(
        client, engine, language):
    client.cookies["django_language"] = language
    links = page_links(client, language)
    calls, served = [], []
    for address in EXAMPLES:
        kind, fields = kind_and_fields(address)
        response = client.get(address, headers=HTMX)
        assert response.status_code == 200 and "HX-Retarget" not in response, address
        served.append(response.content.decode().strip())
        calls.append(["form", kind, json.dumps(fields), language, links])

    answers = [json.loads(answer) for answer in built_engine_answers(calls, engine)]

    for address, answer, html in zip(EXAMPLES, answers, served, strict=True):
        assert (answer["status"], answer["field_errors"]) == (200, {}), address
        assert answer["html"] == html, address


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_zip_puts_the_servers_messages_on_the_same_fields(engine, language):
    calls, expected = [], []
    for address in REFUSED:
        kind, fields = kind_and_fields(address)
        with translation.override(language):
            form = (WaitsForm if kind == "waits" else ScoreForm)(fields)
            answered = form.waits() if kind == "waits" else form.score()
            assert answered is None, address
            expected.append({name: [str(m) for m in messages]
                             for name, messages in form.errors.items()})
        calls.append(["form", kind, json.dumps(fields), language,
                      json.dumps({"tiles": {}, "calculator": "/", "waits": "/waits/"})])

    answers = [json.loads(answer) for answer in built_engine_answers(calls, engine)]

    for address, answer, errors in zip(REFUSED, answers, expected, strict=True):
        assert answer["status"] == 400 and answer["html"] == "", address
        assert answer["field_errors"] == errors, address
