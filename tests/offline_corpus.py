"""The fixed corpus the offline engine is held to (tests/browser/test_engine_in_browser.py,
bench/bench.py): requests of every region with 0 to 4 wilds, winning and not, waits,
and invalid ones, each as (kind, JSON text) — the text the page posts to the worker —
and CPython's answer to it (rules.answer.answer_json), which the browser's must equal
byte for byte."""

from __future__ import annotations

import json
import random
from functools import cache

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


@cache
def corpus() -> tuple[tuple[str, str, str], ...]:
    """(kind, request JSON, CPython's answer JSON) for every request of the corpus."""
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
    texts = [(kind, json.dumps(request, ensure_ascii=False)) for kind, request in requests]
    return tuple((kind, text, answer_json(kind, text)) for kind, text in texts)
