"""The fixed corpus the offline engine is held to (tests/browser/test_engine_in_browser.py,
bench/bench.py, scripts/build_offline.py's check of the trimmed runtime): requests of
every region with 0 to 4 wilds, winning and not, waits, and invalid ones, then bodies
that are no JSON request (``BAD_BODIES``), each as (kind, JSON text) — the text the page
posts to the worker — and CPython's answer to it (rules.answer.answer_json), which the
browser's must equal byte for byte.

The same requests as a form's fields (``form_corpus``), each in one of the page
languages, are what the worker's presentation.offline.answer is held to: the answers of
the built engine (build/offline/engine/rules.zip) under CPython with the standard
library alone (``built_engine_answers``)."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
import tempfile
import zipfile
from functools import cache
from pathlib import Path

from rules.answer import answer_json
from rules.deals import TESTING_MIX, most_wilds, near_winning, winning
from rules.regions import REGIONS

SEED = 20261202
PER_WILD_COUNT = 24  # winning hands per region and number of wilds


def _waits_request(request: dict) -> dict:
    """The same hand before its winning tile: a 13-tile waits request."""
    return {k: v for k, v in request.items() if k not in ("win_tile", "win_type", "discarder")}


def _spoiled(rng: random.Random, request: dict) -> object:
    """The request with one mistake the engine must name (or not a request at all)."""
    mistakes = [
        lambda r: {**r, "region": "shanghai"},
        lambda r: {**r, "hand": r["hand"] + "0m"},
        lambda r: {**r, "hand": "123m"},
        lambda r: {k: v for k, v in r.items() if k != "winner"},
        lambda r: {**r, "win_type": "flower"},
        lambda r: {**r, "base": "1"},
        lambda r: {**r, "base": -2},
        lambda r: {**r, "dealer_streak": 1.5},
        lambda r: {**r, "melds": ["pung 123m"]},
        lambda r: {**r, "color": "red"},
        lambda r: {**r, "house_rules": {"no_such_rule": "x"}},
        lambda r: {**r, "context": {"claims": [{"by": "E"}]}},
        lambda r: [r],
        lambda r: "hand",
        lambda r: {**r, "hand": "１２３m" + r["hand"][3:]},  # full-width digits are read
        lambda r: {**r, "melds": [f"chi {i}{i + 1}{i + 2}m" for i in range(1, 8)] * 10},
    ]
    return rng.choice(mistakes)(request)


# Bodies that are no request, as texts: rules.answer.answer_json reads them strictly
# (rules/json_text.py), online and offline alike, and each is a 400 the browser's engine
# must give to the byte. Each starts with "{" as a request does.
_HANGZHOU = {"region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
             "win_type": "self_draw", "winner": "S", "dealer": "E"}
BAD_BODIES = (
    ("score", json.dumps(_HANGZHOU)[:-1] + ', "base": 1, "base": 2}'),  # json_duplicate_key
    ("score", '{"region": "hangzhou",'),  # body_not_json
    ("waits", json.dumps(_HANGZHOU)[:-1] + ', "base": NaN}'),  # json_not_finite
    ("score", '{"context": ' + "[" * 100 + "]" * 100 + "}"),  # json_too_deep: 101 deep
    ("score", json.dumps({**_HANGZHOU, "hand": "\ud800"})),  # text_not_encodable: "\ud800"
)


@cache
def _request_texts() -> tuple[tuple[str, str], ...]:
    """(kind, request JSON) for every request of the corpus, as the page posts it."""
    rng = random.Random(SEED)
    requests: list[tuple[str, object]] = []
    for region in sorted(REGIONS):
        for wilds in range(0, 5):
            if wilds > most_wilds(REGIONS[region]):
                continue
            for _ in range(PER_WILD_COUNT):
                request = winning(rng, region, wilds=wilds, mix=TESTING_MIX).request
                requests.append(("score", request))
                if rng.random() < 0.25:
                    requests.append(("waits", _waits_request(request)))
                if rng.random() < 0.2:
                    requests.append(("score", _spoiled(rng, request)))
            for _ in range(PER_WILD_COUNT // 3):
                requests.append(("score", near_winning(rng, region, wilds=min(wilds, 2),
                                                       mix=TESTING_MIX).request))
    return tuple((kind, json.dumps(request, ensure_ascii=False)) for kind, request in requests)


@cache
def corpus() -> tuple[tuple[str, str, str], ...]:
    """(kind, JSON text, CPython's answer JSON) for every request of the corpus, then
    every bad body."""
    return tuple((kind, text, answer_json(kind, text))
                 for kind, text in (*_request_texts(), *BAD_BODIES))


LANGUAGES = ("zh-hans", "zh-hant", "en")
BUILT_ENGINE = Path(__file__).resolve().parent.parent / "build/offline/engine/rules.zip"


@cache
def form_corpus() -> tuple[tuple[str, str, str], ...]:
    """(kind, the form's fields as JSON, page language) for each request of the corpus
    (not the bad bodies) that a form can send (presentation.permalink.request_fields),
    the languages taken in turn."""
    from presentation.permalink import request_fields

    forms = []
    for kind, text in _request_texts():
        request = json.loads(text)
        try:
            fields = request_fields(request)
        except (AttributeError, KeyError, TypeError):  # no form makes it
            continue
        forms.append((kind, json.dumps(fields, ensure_ascii=False),
                      LANGUAGES[len(forms) % len(LANGUAGES)]))
    return tuple(forms)


# Runs in a CPython started with -I -S: no site-packages (no Django, no OpenCC), the
# engine's zip unpacked first on the path, as the worker has it.
_ANSWER_EACH = """
import json, sys
sys.path.insert(0, sys.argv[1])
from presentation.offline import answer
from rules.answer import answer_json
calls = json.load(sys.stdin)
json.dump([answer(*call[1:]) if call[0] == "form" else answer_json(*call[1:])
           for call in calls], sys.stdout)
"""


def built_engine_answers(calls: list[list[str]], engine: Path = BUILT_ENGINE) -> list[str]:
    """What the built engine answers under CPython to each call: ["form", kind, fields
    JSON, language, links JSON] (presentation.offline.answer, the page's entry) or
    ["api", kind, request JSON] (rules.answer.answer_json)."""
    with tempfile.TemporaryDirectory() as unpacked:
        with zipfile.ZipFile(engine) as archive:
            archive.extractall(unpacked)
        done = subprocess.run([sys.executable, "-I", "-S", "-c", _ANSWER_EACH, unpacked],
                              input=json.dumps(calls), capture_output=True, text=True,
                              encoding="utf-8", check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# Requests the engine, or the form, refuses on a field.
REFUSED_FORMS = [
    # 財飄 3 times with 2 wilds in the hand: more wilds than the set has
    "/?region=hangzhou&hand=123m456m789p345s5z&win_tile=5z&win_type=self_draw&winner=E"
    "&dealer=E&dealer_streak=1&cai_piao=3",
    # a discard win on the wild tile, by a dealer not yet allowed to win on a discard
    "/?region=hangzhou&hand=123m456m789p345s5z&win_tile=5z&win_type=discard&winner=E"
    "&dealer=E&discarder=S",
    # a hand short of tiles, and a meld that is no meld
    "/?region=jinhua&hand=123m456m789p3s&win_tile=1z&wild=6s&win_type=discard&winner=W"
    "&dealer=E&discarder=N&melds=pung+123m%0Achi+135s",
    # a half-filled 承包 row (the form's own check)
    "/?region=jinhua&hand=123m456m789p234p&win_tile=1z&wild=6s&win_type=discard&winner=W"
    "&dealer=E&discarder=N&claim1_by=E",
    # one die of two
    "/?region=honghe&hand=1234567892345m&win_tile=5m&wild=9p&win_type=discard&winner=S"
    "&dealer=E&discarder=W&dice_0=3",
]


def build_script():
    """scripts/build_offline.py as a module (it is a script, not a package's)."""
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("build_offline",
                                                  root / "scripts" / "build_offline.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
