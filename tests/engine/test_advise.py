"""``rules.advise`` (向听 and 何切) held to the breadth-first reference
(tests/reference_advise.py): table-driven rows for the corners, then random hands of the
three regions with 0-3 wilds, exact for 向听 0, 1 and 2 and a lower bound beyond, the
improving tiles checked the same way. Seeded and bounded."""

from __future__ import annotations

import random

import pytest

from rules.advise import advise
from rules.request import InvalidRequest
from rules.tiles import BY_CODE, CODES, WHITE, format_tiles, parse_tiles
from tests import reference_advise as reference
from tests.reference import reference_score

SEED = 20261202
HANDS = 150  # per region: 13-tile hands near a win; a quarter as many 14-tile 何切
DEALT = 50  # per region: 13 tiles dealt at random from the wall (mostly 向听 2-5)
SEATS = {"winner": "S", "dealer": "E"}
ALL = "all"  # every tile still in play improves


def request(region: str, wild: str | None, hand: str, melds: tuple[str, ...] = ()) -> dict:
    r = {"region": region, "hand": hand, "melds": list(melds), **SEATS}
    return r | {"wild": wild} if wild else r


def improving_faces(answer: dict) -> list[int]:
    return sorted(BY_CODE[entry["tile"]] for entry in answer["improving"])


def agrees_with_reference(req: dict) -> dict:
    """advise's 向听 and improving tiles against the reference's; the answer."""
    answer = advise(req)
    table, tiles = reference.table_of(req)
    expected = reference.shanten(table, tiles)
    if expected >= reference.BEYOND:
        assert answer["shanten"] >= reference.BEYOND, req
        return answer
    assert answer["shanten"] == expected, req
    if len(tiles) % 3 == 1:
        assert improving_faces(answer) == sorted(reference.improving(table, tiles, expected)), req
        assert {e["shanten_after"] for e in answer["improving"]} <= {expected - 1}
        if expected == 0 and not answer["waits"]["any_tile"]:  # the waits are the improving
            assert [w["tile"] for w in answer["waits"]["waits"]] == [
                e["tile"] for e in answer["improving"]], req
        return answer
    for entry in answer["discards"]:  # each discard as the 13-tile hand it leaves
        rest = reference.without(tiles, BY_CODE[entry["discard"]])
        level = reference.shanten(table, rest)
        assert min(entry["shanten"], reference.BEYOND) == level, (req, entry["discard"])
        if level < reference.BEYOND:
            assert improving_faces(entry) == sorted(reference.improving(table, rest, level))
    return answer


# --- the corners, one line per hand --------------------------------------------------------

# region, wild, hand, melds, 向听, improving (tile text, or ALL)
CORNERS = [
    # a lone wild: four sets and a 百搭 stand ready on any tile (暴頭 / 任意胡)
    ("honghe", "5s", "123m456p789s111z5s", (), 0, ALL),
    ("jinhua", "5s", "5s5s5s1m", ("pung 111p", "pung 222p", "pung 333p"), 0, ALL),
    # 白 stands for the 財神's face (4s白6s is 456s): waits on the pair, or a 財神
    ("jinhua", "5s", "123m456p789s46s5z1z", (), 0, "5s1z"),
    # 白 as 白 only in 十三不靠 with an honour 財神: a second 白 completes it
    ("jinhua", "1z", "147m258p369s2345z", (), 0, "1z5z6z7z"),
    # 十三不靠: 白 is the 財神 5s here and fits no gap of 369s
    ("jinhua", "5s", "147m258p369s1234z", (), 0, "5s6z7z"),
    # 七風: 白 is the 財神, so only a 財神 stands for the seventh honour
    ("jinhua", "5z", "147m258p3s123467z", (), 0, "6789s5z"),
    # 亂風: 白 is the number 5s here, so not an honour
    ("jinhua", "5s", "1234671234671z", (), 0, "5s1234z67z"),
    # seven pairs with a wild (Hangzhou's 財神 白)
    ("hangzhou", None, "1122m3344p55s67z5z", (), 0, "5z6z7z"),
    ("honghe", "9s", "1122m3344p55s167z", (), 1, None),
    # the fifth copy is no tile to wait on: only the wild completes
    ("honghe", "9p", "1111m", ("pung 111p", "pung 222p", "pung 333p"), 0, "9p"),
    # already winning: −1
    ("hangzhou", None, "123m456p789s234s77z", (), -1, None),
    ("honghe", "5s", "1m5s", ("pung 111p", "pung 222p", "pung 333p", "pung 444p"), -1, None),
    # far from ready
    ("honghe", "5s", "13579m2468p1347s", (), 4, None),
]


@pytest.mark.parametrize(("region", "wild", "hand", "melds", "shanten", "tiles"), CORNERS)
def test_corners(region, wild, hand, melds, shanten, tiles):
    answer = agrees_with_reference(request(region, wild, hand, melds))
    assert answer["shanten"] == shanten
    if tiles == ALL:
        table, held = reference.table_of(request(region, wild, hand, melds))
        assert improving_faces(answer) == reference.in_play(table, held)
    elif tiles is not None:
        assert improving_faces(answer) == sorted(parse_tiles(tiles))


def test_ready_hand_gives_its_waits():
    req = request("hangzhou", None, "123m456p789s234s7z")
    answer = advise(req)
    assert answer["shanten"] == 0
    assert [w["tile"] for w in answer["waits"]["waits"]] == ["5z", "7z"]


def test_a_hand_not_ready_has_no_waits():
    assert advise(request("honghe", "5s", "13579m2468p1347s"))["waits"] is None


def test_unseen_counts_hand_melds_and_seen():
    req = request("jinhua", "5s", "123m456p789s46s5z1z") | {"seen": "1z1z 5s"}
    entries = {e["tile"]: e["unseen"] for e in advise(req)["improving"]}
    assert entries == {"5s": 2, "1z": 1}  # 3 財神 in play (the indicator is out) - 1 seen


def test_discards_best_first():
    # 14 tiles: throwing 9p leaves the hand ready on 1s and 4s (and a 財神)
    answer = agrees_with_reference(request("hangzhou", None, "123m456p789s23s77z9p"))
    best = answer["discards"][0]
    assert (answer["shanten"], best["discard"], best["shanten"]) == (0, "9p", 0)
    assert best["best_value"] is not None
    assert best["unseen_total"] == sum(e["unseen"] for e in best["improving"])
    keys = [(d["shanten"], -d["unseen_total"]) for d in answer["discards"]]
    assert keys == sorted(keys)
    assert [e["tile"] for e in best["improving"]] == ["1s", "4s", "5z"]
    assert len(answer["discards"]) == len(set(parse_tiles("123m456p789s23s77z9p")))


@pytest.mark.parametrize(("change", "field", "code"), [
    ({"hand": "123m"}, "hand", "waits_hand_too_few_tiles"),
    ({"hand": "123m456p789s234s7z9p1p"}, "hand", "waits_hand_too_many_tiles"),
    ({"seen": 5}, "seen", "tiles_missing"),
    ({"seen": "1x"}, "seen", "tile_digits_without_suit"),
    ({"seen": "7z7z7z7z"}, "seen", "too_many_copies"),
    ({"seen": "1m " * 250}, "seen", "tiles_too_long"),
    ({"win_tile": "7z"}, "win_tile", "waits_win_tile_given"),
])
def test_bad_requests_name_their_field(change, field, code):
    with pytest.raises(InvalidRequest) as raised:
        advise(request("hangzhou", None, "123m456p789s234s7z") | change)
    assert (field, code) in [(e["field"], e["code"]) for e in raised.value.errors]


def test_a_fifth_copy_in_a_14_tile_hand():
    with pytest.raises(InvalidRequest) as raised:
        advise(request("hangzhou", None, "123m456p789s77777z"))
    assert [e["code"] for e in raised.value.errors] == ["waits_too_many_copies"]


# --- random hands -----------------------------------------------------------------------------

def random_request(rng: random.Random, region: str, size: int) -> dict:
    """A hand near a win: a winning shape dealt from the wall, up to three tiles swapped
    for others, up to three tiles turned into wilds, then cut to ``size`` + melds."""
    wild = rng.randrange(34) if region != "hangzhou" or rng.random() < 0.5 else WHITE
    table = reference.Table(region, wild, ())
    wall = [table.copies(f) for f in range(34)]

    def deal(faces: list[int]) -> bool:
        if any(faces.count(f) > wall[f] for f in set(faces)):
            return False
        for f in faces:
            wall[f] -= 1
        return True

    def plain(f: int) -> bool:
        return f != wild and f != WHITE

    melds: list[str] = []
    for _ in range(rng.choice((0, 0, 0, 1, 2))):
        f = rng.choice([f for f in range(34) if plain(f)])
        chow = f < 27 and f % 9 <= 6 and plain(f + 1) and plain(f + 2) and rng.random() < 0.5
        faces = [f, f + 1, f + 2] if chow else [f] * 3
        if deal(faces):
            melds.append(("chi " if chow else "pung ") + format_tiles(faces))
    concealed = 14 - 3 * len(melds)
    tiles: list[int] = []
    shape = rng.random()
    if not melds and shape < 0.2:
        while len(tiles) < 14:
            f = rng.randrange(34)
            if deal([f, f]):
                tiles += [f, f]
    elif not melds and region == "jinhua" and shape < 0.35:
        faces = list(range(27, 34)) + rng.sample([0, 3, 6, 10, 13, 16, 20, 23, 26], 7)
        tiles = [f for f in faces if deal([f])]
    else:
        while len(tiles) < concealed - 2:
            f = rng.randrange(34)
            group = [f, f + 1, f + 2] if f < 27 and f % 9 <= 6 and rng.random() < 0.6 else [f] * 3
            if deal(group):
                tiles += group
        while len(tiles) < concealed:
            f = rng.randrange(34)
            if deal([f, f]):
                tiles += [f, f]
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 4))):  # swapped for other tiles
        f = rng.randrange(34)
        if tiles and deal([f]):
            old = tiles.pop(rng.randrange(len(tiles)))
            wall[old] += 1
            tiles.append(f)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):  # turned into wilds
        if tiles and deal([wild]):
            old = tiles.pop(rng.randrange(len(tiles)))
            wall[old] += 1
            tiles.append(wild)
    rng.shuffle(tiles)
    tiles = tiles[:size - 3 * len(melds)]
    return request(region, None if region == "hangzhou" and wild == WHITE else CODES[wild],
                   format_tiles(tiles), tuple(melds))


@pytest.mark.parametrize("region", ["honghe", "hangzhou", "jinhua"])
def test_random_hands_agree_with_reference(region):
    rng = random.Random(f"{SEED}-{region}")
    levels = []
    for _ in range(HANDS):
        levels.append(agrees_with_reference(random_request(rng, region, 13))["shanten"])
    for _ in range(HANDS // 4):
        agrees_with_reference(random_request(rng, region, 14))
    for _ in range(DEALT):
        wild = rng.randrange(34)
        table = reference.Table(region, wild, ())
        wall = [f for f in range(34) for _ in range(table.copies(f))]
        hand = format_tiles(rng.sample(wall, 13))
        levels.append(agrees_with_reference(request(region, CODES[wild], hand))["shanten"])
    assert {0, 1, 2, 3} <= set(levels)  # the exact levels were all drawn, and beyond


@pytest.mark.parametrize("region", ["honghe", "hangzhou", "jinhua"])
def test_reference_wins_as_the_reference_scorer_does(region):
    """The reference's winning test (its own, for speed) agrees with tests/reference.py's
    exhaustive scorer on 14-tile hands near a win, self-drawn."""
    rng = random.Random(f"{SEED}-wins-{region}")
    for _ in range(150):
        req = random_request(rng, region, 14)
        table, tiles = reference.table_of(req)
        if tiles.count(table.wild) > 1:
            continue  # the exhaustive scorer tries every face for every wild: slow
        scored = reference_score({**req, "hand": format_tiles(tiles[:-1]),
                                  "win_tile": CODES[tiles[-1]], "win_type": "self_draw"})
        if scored["error"] is None:
            assert reference.wins(table, tiles) == scored["winning"], req
