"""Each pattern declares when its check can hold (``Pattern.shapes``, ``needs_wild``,
``needs_context``, ``max_suits``), and the engine checks a hand only against the
patterns its tables keep (rules/region.py). A wrong declaration would silently drop a
pattern: here every check is run on every reading of many hands, and each time it holds
its declaration must allow that reading."""

import pytest

from rules.readings import facts, readings
from rules.regions import REGIONS
from rules.request import NO_CONTEXT, parse_request
from tests.strategies import on_generated_hands, on_the_corpus


def check_declarations(request):
    deal = parse_request(request, REGIONS)
    region = REGIONS[deal.region]
    wild = deal.wild_count > 0
    context = deal.context is not NO_CONTEXT
    for reading in readings(deal, region.shapes):
        suits = len(reading.suits)
        for pattern in region.patterns:
            if pattern.check(reading, deal):
                assert pattern.may_hold(shape=reading.shape, wild=wild, context=context,
                                        suits=suits), (
                    f"{deal.region} {pattern.key} held for a {reading.shape} reading "
                    f"spanning {suits} suit(s) (wild {wild}, context {context}) its "
                    f"declaration rules out: {request}")


def check_facts(request):
    """Readings are merged by their facts (``rules.readings.facts``), and their pairs
    are given every mix of wilds only when a pattern that may hold reads it
    (``Pattern.reads_pair_wilds``, ``Region.reads_pair_wilds``). So every check must give
    one answer for all readings with the same facts, and a check that does not declare
    ``reads_pair_wilds`` must give the readings with and without the pair's mixes the
    same answers."""
    deal = parse_request(request, REGIONS)
    region = REGIONS[deal.region]
    every = readings(deal, region.shapes, pair_wilds=True)
    answers: dict[tuple, dict] = {}
    for reading in every:
        got = {p.key: p.check(reading, deal) for p in region.patterns}
        seen = answers.setdefault(facts(reading, deal), got)
        assert seen == got, f"{deal.region}: readings with the same facts differ: {request}"
    if not region.reads_pair_wilds(deal):
        blind = readings(deal, region.shapes, pair_wilds=False)
        for p in region.patterns:
            assert ({p.check(r, deal) for r in every}
                    == {p.check(r, deal) for r in blind}), (
                f"{deal.region} {p.key} reads the pair's wilds but does not say so: "
                f"{request}")
    for p in region.patterns:
        if p.reads_pair_wilds and p.self_draw_only and deal.win_type != "self_draw":
            assert not any(p.check(r, deal) for r in every), p.key


test_declarations_hold_on_the_bench_corpus = on_the_corpus(check_declarations)
test_declarations_hold_on_generated_hands = on_generated_hands(check_declarations, 150)


test_facts_tell_every_check_on_the_bench_corpus = on_the_corpus(check_facts)
test_facts_tell_every_check_on_generated_hands = on_generated_hands(check_facts, 150)


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_tables_keep_the_patterns_order(region):
    """A table is its region's patterns filtered, in their order (the response lists
    patterns in that order)."""
    r = REGIONS[region]
    for by_shape in r.reading_tables:
        for table in by_shape.values():
            assert list(table) == [p for p in r.reading_patterns if p in table]
    for by_shape in r.suit_tables:
        for by_suits in by_shape.values():
            for table in by_suits:
                assert list(table) == [p for p in r.reading_patterns if p in table]
    for by_wild in r.hand_tables:
        for table in by_wild:
            assert list(table) == [p for p in r.hand_patterns if p in table]
    # with a wild and a context, nothing is left out
    assert r.hand_tables[True][True] == r.hand_patterns
