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
    """readings turns each cut into its groups, sets, pair and tally with prebuilt getters
    (readings._run_cut); spelled out code by code they must give the same."""
    from rules import readings as rd

    table = rd._RUN_CUTS or rd._load_run_cuts()
    assert table.keys() == RUN_CUTS.keys()
    tally_of = {0: rd._PAIR, 9: rd._SET, 18: rd._SET | rd._CHOW}
    for run, cuts in RUN_CUTS.items():
        # the run at the start of the characters, the end of the dots, mid-bamboo
        for start in (0, 18 - len(run), 18 + (9 - len(run)) // 2):
            at = rd._GROUPS_FROM[start]
            read = rd._plain_run(table, run, start)
            assert len(read) == len(cuts), run
            for (tally, groups, sets, pair), codes in zip(read, cuts, strict=True):
                assert groups == tuple(at[code] for code in codes), (run, start)
                assert tally == sum(tally_of[code // 9 * 9] for code in codes), run
                pairs = [at[code] for code in codes if code < 9]
                assert pair == (pairs[0] if pairs else None), run
                assert sets == tuple(at[code] for code in codes if code >= 9), run
                assert all(group[0] == "pair" for group in pairs)
