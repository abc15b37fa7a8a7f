"""The table of run cuts (rules/runs.py), built at first use: its cuts are the right
ones, and the engine reads each as its codes say."""

from itertools import product

from rules.runs import all_run_cuts, all_runs, run_cuts

RUN_CUTS = all_run_cuts()


def _cuts_by_brute_force(run: bytes) -> set[tuple[int, ...]]:
    """Every cut of a run as a sorted tuple of codes, by trying each multiset of groups."""
    size = len(run)
    groups = ([(0, p) for p in range(size)] + [(9, p) for p in range(size)]
              + [(18, p) for p in range(size - 2)])
    tiles = sum(run)
    pairs = 1 if tiles % 3 == 2 else 0
    found = set()
    for counts in product(range(3), repeat=len(groups)):  # enough for 8 tiles
        if sum(counts) != tiles // 3 + pairs:
            continue
        held = [0] * size
        codes = []
        for (kind, place), n in zip(groups, counts, strict=True):
            for _ in range(n):
                codes.append(kind + place)
                width = 3 if kind == 18 else 1
                for i in range(place, place + width):
                    held[i] += 2 if kind == 0 else 1 if kind == 18 else 3
        if held == list(run) and sum(c < 9 for c in codes) == pairs:
            found.add(tuple(sorted(codes)))
    return found


def test_short_runs_against_brute_force():
    for run in all_runs(most_tiles=8, longest=3):
        expected = _cuts_by_brute_force(run) if sum(run) % 3 != 1 else set()
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
    (readings._plain_cut); spelled out code by code they must give the same."""
    from rules import readings as rd

    kinds = {0: "pair", 9: "pung", 18: "chow"}
    for run, cuts in RUN_CUTS.items():
        # the run at the start of the characters, the end of the dots, mid-bamboo
        for start in (0, 18 - len(run), 18 + (9 - len(run)) // 2):
            for codes in cuts:
                cut = rd._plain_cut(codes, start)
                spelled = [(kinds[code // 9 * 9], start + code % 9) for code in codes]
                assert [(g.kind, g.faces[0]) for g in cut.groups] == spelled, (run, start)
                pairs = [g for g in cut.groups if g.kind == "pair"]
                assert cut.pair == (pairs[0] if pairs else None), run
                assert cut.pairs == len(pairs) <= 1, run
                assert cut.sets == tuple(g for g in cut.groups if g.kind != "pair"), run
                assert cut.all_triplets == ("chow" not in [g.kind for g in cut.groups]), run
                assert not any(True in g.wilds for g in cut.groups), run
