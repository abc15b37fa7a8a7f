"""The table of run cuts (rules/runs.py), built at first use: its cuts are the right
ones, and the engine reads each as its codes say."""

from rules.runs import all_run_cuts, all_runs, run_cuts
from tests import reference

RUN_CUTS = all_run_cuts()


KIND_CODES = {"pair": 0, "pung": 9, "chow": 18}  # rules/runs.py's codes by kind


def reference_cuts(run: bytes) -> set[tuple[int, ...]]:
    """Every cut of a run, by the reference scorer's own search (tests/reference.py), as
    sorted tuples of codes (kind plus the place of the group's lowest tile)."""
    if sum(run) % 3 == 1:
        return set()
    cuts = reference.suit_cuts(tuple(run) + (0,) * (9 - len(run)), 0, sum(run) % 3 == 2)
    return {tuple(sorted(KIND_CODES[kind] + faces[0] for kind, faces in cut)) for cut in cuts}


def test_runs_against_the_reference():
    for run in all_runs(most_tiles=11, longest=5):
        expected = reference_cuts(run)
        cuts = RUN_CUTS.get(run, ())
        assert {tuple(sorted(cut)) for cut in cuts} == expected, run
        assert len(set(cuts)) == len(cuts), run


def test_every_run_is_listed_or_uncuttable():
    runs = list(all_runs())
    assert set(RUN_CUTS) <= set(runs)
    for run in runs:
        assert (run in RUN_CUTS) == bool(run_cuts(run))


def test_the_engine_reads_each_cut_as_its_codes_say():
    """readings turns each cut of the table into its groups, sets, pair and facts
    (rules.readings.plain.plain_cut); spelled out code by code they must give the same."""
    from rules.readings.plain import plain_cut

    kinds = {0: "pair", 9: "pung", 18: "chow"}
    for run, cuts in RUN_CUTS.items():
        # the run at the start of the characters, the end of the dots, mid-bamboo
        for start in (0, 18 - len(run), 18 + (9 - len(run)) // 2):
            for codes in cuts:
                cut = plain_cut(codes, start)
                spelled = [(kinds[code // 9 * 9], start + code % 9) for code in codes]
                assert [(g.kind, g.faces[0]) for g in cut.groups] == spelled, (run, start)
                pairs = [g for g in cut.groups if g.kind == "pair"]
                assert cut.pair == (pairs[0] if pairs else None), run
                assert cut.pairs == len(pairs) <= 1, run
                assert cut.sets == tuple(g for g in cut.groups if g.kind != "pair"), run
                assert cut.all_triplets == ("chow" not in [g.kind for g in cut.groups]), run
                assert not any(True in g.wilds for g in cut.groups), run
