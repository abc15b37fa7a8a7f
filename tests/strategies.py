"""Hands for the property tests: a hypothesis strategy of winning requests, dealt by the
engine's own generator (``rules.deals``, the one practice and the benchmark use), and the
benchmark's corpus. Not a test module: test modules import from here, never from each
other."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import deals
from rules.regions import REGIONS

SEATS = ("E", "S", "W", "N")
FACES = tuple(range(34))  # 0-8 m, 9-17 p, 18-26 s, 27-33 東南西北白發中
CHOW_STARTS = tuple(f for f in range(27) if f % 9 <= 6)
COMMON = settings(deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def code(face):
    return f"{face % 9 + 1}{'mpsz'[face // 9]}"


def codes(faces):
    """One code per tile ("1m2m5z"): order is kept exactly as given."""
    return "".join(code(f) for f in faces)


@st.composite
def winning_deals(draw, region):
    """``(request, hand)``: a winning request of ``region`` as ``rules.deals.winning``
    deals it with ``TESTING_MIX`` (any wild the region allows, both shapes, 0-4 melds,
    every win type, house rule and context key the region has, fractional bases …), and
    ``hand``, the physical tiles of the request's ``hand`` (faces 0-33, the winning tile
    left out). Hypothesis draws the seed, and half the time the number of wilds in the
    concealed tiles, 0 to the most the region has in play; the rest of the time the mix
    draws it."""
    wilds = draw(st.none() | st.integers(0, deals.most_wilds(REGIONS[region])))
    seed = draw(st.integers(0, 2**32 - 1))
    dealt = deals.winning(seed, region, wilds=wilds, mix=deals.TESTING_MIX)
    hand = list(dealt.concealed)
    hand.remove(dealt.win_tile)
    return dealt.request, hand


def winning_deals_anywhere():
    """``winning_deals`` of a region hypothesis picks too."""
    return st.sampled_from(sorted(REGIONS)).flatmap(winning_deals)


def on_generated_hands(check, max_examples):
    """A test that ``check(request)`` holds on ``max_examples`` winning requests of each
    region, as hypothesis draws them (``winning_deals``). A test module names it:
    ``test_… = on_generated_hands(check_…, 100)``."""
    def test(region, data):
        request, _ = data.draw(winning_deals(region))
        check(request)

    return pytest.mark.parametrize("region", sorted(REGIONS))(
        settings(COMMON, max_examples=max_examples)(given(data=st.data())(test)))


def on_the_corpus(check):
    """A test that ``check(request)`` holds on every request of the benchmark's corpus
    (``CORPUS``, below)."""
    def test():
        for case in CORPUS:
            check(case.request)

    return test


BENCH_PATH = Path(__file__).resolve().parents[1] / "bench" / "bench.py"


def _load_bench():
    spec = importlib.util.spec_from_file_location("bench_module", BENCH_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


bench = _load_bench()
# The benchmark's corpus, small: legal requests of every category (bench/bench.py).
CORPUS = bench.build_corpus(seed=7, per_category=40)
