"""The pages' side of the offline engine (static/js/offline.js): whether it is built,
the URLs of its files, and the words its renderer draws an answer with.

With no network the calculator asks the browser's own copy of the engine (rules.answer
on Pyodide, static/js/engine-worker.js) and draws the JSON it answers with these words,
which are the server's own (the same messages and region facts, in the page's
language), so that an answer offline reads like one online.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache

from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, override, pgettext
from django.utils.translation import gettext as _

from calculator import regions
from calculator.regions import chinese, english, in_language, region_label, source_label
from calculator.results import _kind, _shape, streak_name
from common.web import SEAT_CHOICES

RUNTIME = "offline/pyodide/"
# What loadPyodide fetches besides pyodide.mjs (scripts/build_offline.py copies them).
RUNTIME_FILES = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
ENGINE = "offline/engine/rules.zip"


@cache
def available() -> bool:
    """Whether the Makefile built the runtime and the engine (else: online only)."""
    return all(finders.find(name) for name in kept_files())


def kept_files() -> tuple[str, ...]:
    """The offline engine's static files, by their names under /static/."""
    return (RUNTIME + "pyodide.mjs", *(RUNTIME + f for f in RUNTIME_FILES), ENGINE)


def engine_attrs() -> dict[str, str]:
    """The data attributes that tell offline.js where the engine's files are: the worker,
    the runtime's module (the rest of it beside it, under the same names), the rules
    package, the words; and every URL to fetch once, after a first load, so that the
    service worker keeps them."""
    language = get_language() or ""
    words = reverse("offline-words", args=[language])
    runtime = static(RUNTIME + "pyodide.mjs")
    # loadPyodide reads its other files from the module's folder, by their own names.
    folder = runtime.rsplit("/", 1)[0] + "/"
    files = [reverse("engine-worker"), runtime, *(folder + f for f in RUNTIME_FILES),
             static(ENGINE), words]
    return {"worker": reverse("engine-worker"), "runtime": runtime, "engine": static(ENGINE),
            "words": words, "files": json.dumps(files)}


def words(language: str) -> str:
    with override(language):
        return _words(get_language() or "")


@lru_cache(maxsize=8)
def _words(language: str) -> str:
    """The renderer's words in ``language``, as JSON."""
    region_words = {}
    for region in regions.LISTED:
        rules_page = reverse("rules-region", args=[region.key])
        region_words[region.key] = {
            "label": region_label(region.key),
            "addsFan": region.adds_fan,
            "badge": regions.wild_badge(region.key),
            "patterns": {
                p.key: {"name": chinese(p.name), "english": p.english if english() else "",
                        "rule": in_language(p.rule_zh, p.rule_en),
                        "source": _("Source: %(source)s") % {"source": source_label(p.source)},
                        "link": f"{rules_page}#{p.key}"}
                for p in region.patterns},
        }
    seats = dict(SEAT_CHOICES)
    text = {
        "badge": pgettext("worked out in the browser", "离线计算"),
        "note": _("No network: worked out on this phone by the same engine as online."),
        "winning": _("Winning hand"), "notWinning": _("Not a winning hand"),
        "unmatched": _("Tiles that fit nowhere:"),
        "noPattern": _("No scoring pattern: a plain hand."),
        "winMark": pgettext("the winning tile, marked on it", "和"),
        "exposed": _("exposed"), "payments": _("Payments"), "seat": _("Seat"),
        "pays": _("Pays"), "receives": _("Receives"), "net": _("Net"),
        "winner": _("winner"), "dealer": _("dealer"), "discarder": _("discarder"),
        "robbed": _("robbed"),
        "base": _("base %(base)s"), "fan": _("%(fan)s 番"), "semicolon": _("; "),
        "dealerFactor": _("dealer ×%(factor)s (%(streak)s)"),
        "invalid": _("Not accepted. With no network the reason cannot be shown here: check "
                     "this field, or try again with a connection."),
        "engineFailed": _("With no network, and this phone cannot work the hand out: try "
                          "again with a connection."),
        "starting": _("No network: starting the calculator on this phone…"),
        "waitsNone": _("No tile makes this a winning hand. Check the tiles, or the wild."),
        "selfDraw": _("Self-draw 自摸"), "onDiscard": _("On a discard 點炮"),
    }
    return json.dumps({
        "regions": region_words,
        "seats": {seat: str(name) for seat, name in seats.items()},
        "seatOrder": list(seats),
        "kinds": {kind: _kind(kind) for kind in ("chow", "pung", "kong", "pair", "single")},
        "sevenPairsPair": _kind("pair", "seven_pairs"),
        "shapes": {shape: _shape(shape) for shape in
                   ("standard", "seven_pairs", "thirteen_lonely", "all_honours")},
        "streaks": [streak_name(n) for n in range(0, 10)],
        "text": text,
    }, ensure_ascii=False, sort_keys=True)
