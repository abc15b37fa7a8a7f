"""The offline engine's entry (static/js/engine-worker.js runs it on Pyodide): a
calculator or waits form's fields answered as the server answers them — the same request
(presentation.form), the same engine (rules.answer), the same result panel
(presentation.page), in the same words: the server's compiled catalogues, read with the
standard library's gettext, and its OpenCC's Simplified characters, as a table. The
ledger's win preview (presentation.ledger), a practice round and a 何切 drill round
(presentation.practice) and the 牌理 form (presentation.advice) are answered here too.

scripts/build_offline.py zips this package beside rules/, locale/ and t2s.json, as they
lie in the repository: they are found from here.
"""

from __future__ import annotations

import gettext
import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from presentation import advice, practice
from presentation.form import query_pairs, request_from_fields, shown_request
from presentation.language import Language, speaking
from presentation.ledger import Spot, offline_preview
from presentation.page import Links, panel
from presentation.permalink import calculator_link
from rules.answer import answer as engine_answer

ROOT = Path(__file__).resolve().parent.parent
# The page languages (config.settings.base.LANGUAGES) and their catalogues' folders.
CATALOGUES = {"zh-hans": "zh_Hans", "zh-hant": "zh_Hant", "en": "en"}
DEFAULT_LANGUAGE = "zh-hans"  # config.settings.base.LANGUAGE_CODE


def answer(kind: str, fields_json: str, language_code: str, links_json: str) -> str:
    """The answer to a form of ``kind`` ("score" or "waits") whose fields (name -> value,
    as the browser's FormData gives them) are ``fields_json``, on a page in
    ``language_code`` whose links (``links_json``: the panel's Links that no answer
    changes, and "waits", the waits page's address) are the server's: JSON {"status": 200
    or 400, "html": the result panel's HTML, "field_errors": {field name: [messages]}}.
    Of ``kind`` "ledger_win", "practice", "advise" (the 牌理 form, its links with "advise",
    the 牌理 page's address) and "drill" (the 何切 drill), the functions of those names."""
    fields = json.loads(fields_json)
    spoken = language(language_code)
    if kind == "ledger_win":
        return ledger_win(fields, spoken, links_json)
    if kind == "practice":
        return practice_round(fields, spoken, links_json)
    if kind == "advise":
        return advise(fields, spoken, links_json)
    if kind == "drill":
        return discard_drill(fields, spoken, links_json)
    request, field_errors = request_from_fields(kind, fields, spoken)
    if field_errors:
        return _answer(400, "", field_errors)
    status, body = engine_answer(kind, shown_request(kind, request))
    shown = panel(kind, request, status, body, spoken, _links(kind, fields, links_json),
                  fields)
    return _answer(status, shown.html, shown.field_errors)


def ledger_win(asked: dict[str, Any], spoken: Language, links_json: str) -> str:
    """The ledger win page's preview (``asked``: {"fields": its form's fields, "spot":
    what the page says of the table, ``presentation.ledger.Spot``), as ``answer``'s
    JSON."""
    status, html, field_errors = offline_preview(asked["fields"], Spot.of(asked["spot"]),
                                                 spoken, _page_links(links_json))
    return _answer(status, html, field_errors)


def practice_round(fields: dict[str, str], spoken: Language, links_json: str) -> str:
    """A practice round (``fields``: the practice form's, region and seed among them):
    ``answer``'s JSON, with "hand" (the hand's card), "total_label" (what the total is
    called there) and "calculator" (the hand in the calculator); "html", the answers
    graded and the hand's result panel when ``fields`` answer it, "" when they hold no
    answer."""
    region, seed = fields["region"], int(fields["seed"])
    links = _page_links(links_json)
    with speaking(spoken):
        deal = practice.deal_for(region, seed)
        calculator = calculator_link(links.calculator, deal)
        round_part = {"hand": practice.hand_html(region, seed, deal, links),
                      "total_label": practice.total_label(region), "calculator": calculator}
        answered = any(name in fields for name in ("total", *practice.SEAT_FIELDS.values()))
        status, html = 200, ""
        field_errors: dict[str, list[str]] = {}
        if answered:
            answers, field_errors = practice.read_answers(fields)
            if field_errors:
                status = 400
            else:
                request = practice.engine_request(deal)
                _status, body = engine_answer("score", request)
                shown = panel("score", request, 200, body, spoken,
                              replace(links, permalink=calculator))
                html = practice.answers_html(practice.grades(answers, body, region),
                                             shown.html)
    return json.dumps({"status": status, "html": html, "field_errors": field_errors,
                       **round_part}, ensure_ascii=False)


def advise(fields: dict[str, str], spoken: Language, links_json: str) -> str:
    """The 牌理 form's answer (``presentation.advice``), its permalink the 牌理 page's
    address with the form's fields: ``answer``'s JSON."""
    request, field_errors = advice.request_from_fields(fields, spoken)
    if field_errors:
        return _answer(400, "", field_errors)
    status, body = engine_answer("advise", request)
    pages = _pages(links_json)
    links = replace(_page_links(links_json),
                    permalink=f"{pages.advise}?{urlencode(advice.query_pairs_of(fields))}")
    shown = advice.panel(request, status, body, spoken, links, pages, fields)
    return _answer(status, shown.html, shown.field_errors)


def discard_drill(fields: dict[str, str], spoken: Language, links_json: str) -> str:
    """A 何切 drill round (``fields``: region, seed and the chosen discard, if any):
    ``answer``'s JSON, "html" the drill's card (``presentation.practice.drill_html``)."""
    with speaking(spoken):
        html = practice.drill_html(fields["region"], int(fields["seed"]),
                                   fields.get("discard", ""), _page_links(links_json),
                                   _pages(links_json), fields["drill"])
    return _answer(200, html, {})


def _pages(links_json: str) -> advice.Pages:
    """The 牌理 and waits pages' addresses, as the page gives them."""
    links = json.loads(links_json)
    return advice.Pages(advise=links["advise"], waits=links["waits"])


def _page_links(links_json: str) -> Links:
    """The page's links that no answer changes (its "waits" and "advise" are pages'
    addresses, ``_pages``)."""
    links = json.loads(links_json)
    links.pop("waits", None)
    links.pop("advise", None)
    return Links.of(links)


def _links(kind: str, fields: dict[str, str], links_json: str) -> Links:
    """The page's links, with this answer's permalink (the form's own address and its
    fields as typed, as the server's form writes it)."""
    links = json.loads(links_json)
    waits_page = links.pop("waits")
    links.pop("advise", None)
    pairs = query_pairs(kind, fields)
    address = waits_page if kind == "waits" else links["calculator"]
    return Links.of({**links, "permalink": f"{address}?{urlencode(pairs)}",
                     "waits_query": pairs if kind == "waits" else ()})


def _answer(status: int, html: str, field_errors: dict[str, list[str]]) -> str:
    return json.dumps({"status": status, "html": html, "field_errors": field_errors},
                      ensure_ascii=False)


@cache
def language(code: str) -> Language:
    """A page language, ``code`` as Django names it; one it does not know is the default.
    As Django does, a language other than the default and English falls back on the
    default's catalogue for a sentence its own lacks."""
    code = code.lower() if code.lower() in CATALOGUES else DEFAULT_LANGUAGE
    translations = gettext.translation("django", ROOT / "locale", [CATALOGUES[code]])
    if code != DEFAULT_LANGUAGE and not code.startswith("en"):
        translations.add_fallback(language(DEFAULT_LANGUAGE).translations)
    return Language(code, translations, simplify)


def simplify(text: str) -> str:
    """Traditional Chinese in Simplified characters, as the server's OpenCC t2s writes it
    (t2s.json: its characters, and its whole texts where it reads a phrase otherwise)."""
    characters, phrases = _t2s()
    return phrases[text] if text in phrases else text.translate(characters)


@cache
def _t2s() -> tuple[dict[int, str], dict[str, str]]:
    table = json.loads((ROOT / "t2s.json").read_text(encoding="utf-8"))
    return ({ord(c): s for c, s in table["characters"].items()}, table["phrases"])
