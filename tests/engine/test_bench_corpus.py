"""The benchmark corpus (bench/bench.py) is deterministic and every request is legal.

No timing here: the benchmark itself reports speed.
"""

import re
from collections import Counter

import pytest

from tests.strategies import CORPUS, bench


def tiles(text: str) -> list[str]:
    runs = re.findall(r"(\d+)([mpsz])", text)
    return [f"{digit}{suit}" for digits, suit in runs for digit in digits]


def test_corpus_is_the_same_for_the_same_seed():
    again = bench.build_corpus(seed=7, per_category=40)
    assert [case.request for case in again] == [case.request for case in CORPUS]


def test_every_category_is_filled():
    assert Counter(case.category for case in CORPUS) == dict.fromkeys(bench.CATEGORIES, 40)


@pytest.mark.parametrize("case", CORPUS, ids=lambda case: case.category)
def test_request_is_legal(case):
    request = case.request
    melds = [meld.split() for meld in request["melds"]]
    meld_tiles = [tile for _, faces in melds for tile in tiles(faces)]
    kongs = sum(kind in ("kong", "ankong") for kind, _ in melds)
    hand = tiles(request["hand"])
    all_tiles = [*hand, *meld_tiles, request["win_tile"]]
    assert len(all_tiles) == 14 + kongs
    assert len(hand) == 13 - 3 * len(melds)

    wild = request.get("wild", "5z")
    in_play = 3 if request["region"] == "jinhua" else 4
    for tile, count in Counter(all_tiles).items():
        assert count <= (in_play if tile == wild else 4), tile
    assert wild not in meld_tiles
    assert request["win_type"] == "self_draw" or request["win_tile"] != wild
    assert ("discarder" in request) == (request["win_type"] == "discard")

    wilds = [*hand, request["win_tile"]].count(wild)
    expected = {"no-wild": 0, **bench.WILD_CATEGORIES}.get(case.category)
    if expected is not None:
        assert wilds == expected


def test_yardstick_hands_are_the_wild_free_standard_ones():
    yardstick = [case for case in CORPUS if case.riichi is not None]
    assert yardstick
    assert all(case.category == "no-wild" and case.shape == "standard" for case in yardstick)
    for case in yardstick:
        assert case.riichi.win_tile in case.riichi.tiles
        assert len(set(case.riichi.tiles)) == len(case.riichi.tiles)


def test_engine_scores_the_corpus_as_built():
    score, why_not = bench.load_engine()
    if score is None:
        pytest.skip(why_not)
    _, warnings = bench.validate(score, CORPUS)
    assert warnings == []
