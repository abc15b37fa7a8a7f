"""Invariants of ``rules.score`` checked with hypothesis (RULEBOOK §1, API.md).

1. Payments of every winning hand sum to zero, the winner alone receives (RULEBOOK §1
   "Amounts": "Every result's payments sum to zero").
2. The order of the tiles in ``hand`` (and of the melds) does not change the result,
   nor does renaming the suits; the result is JSON and the request is left untouched.
3. Junk never escapes as anything but ``InvalidRequest`` (API.md: "all 400, never 500").
4. A brute-force win checker written here agrees with the engine's ``winning`` flag on
   Honghe hands with 0-4 wilds (standard shape and seven pairs only, honghe.txt:24-30).

Winning hands are built constructively: four sets + a pair (or seven pairs) of logical
tiles, some of them replaced by the wild, some sets laid down as melds, the winning tile
one of the concealed tiles; the physical limits of RULEBOOK §1 are respected (4 copies, 3 of a
flipped wild type, 白 as a plain copy of the flipped wild's face, no wild in a meld).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from rules import InvalidRequest, score
from rules.regions import REGIONS
from rules.request import _read_request, parse_request
from rules.tiles import TileSyntaxError, parse_tiles, sorted_code

SEATS = ("E", "S", "W", "N")
FACES = tuple(range(34))  # 0-8 m, 9-17 p, 18-26 s, 27-33 東南西北白發中
SUITED = tuple(range(27))
WHITE = 31  # 5z 白
CHOW_STARTS = tuple(f for f in SUITED if f % 9 <= 6)
BASES = (1, 2, 3, 0.5, 0.25, 10)
# every house rule of each region, with its values (the registry's)
HOUSE_OPTIONS = {key: {rule.key: rule.values for rule in region.house_rules}
                 for key, region in REGIONS.items()}
COMMON = settings(deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def code(face):
    return f"{face % 9 + 1}{'mpsz'[face // 9]}"


def codes(faces):
    """One code per tile ("1m2m5z"): order is kept exactly as given."""
    return "".join(code(f) for f in faces)


# --- winning requests, built constructively ---------------------------------------------

@st.composite
def wild_setup(draw, region):
    """(wild face, wild in request, 白 substitutes?, copies of the wild type in play)."""
    if region == "honghe":
        face = draw(st.sampled_from(FACES))
        return face, code(face), False, 4  # honghe.txt:21: all 4 copies wild
    if region == "hangzhou":
        face = draw(st.sampled_from((WHITE,) + tuple(f for f in FACES if f != WHITE)))
        if face == WHITE:
            omit = draw(st.booleans())
            return WHITE, None if omit else "5z", False, 4  # 白 is the 財神 (hangzhou.txt:16,176)
        return face, code(face), True, 3  # classic mode (hangzhou.txt:80,166)
    face = draw(st.sampled_from(FACES))
    return face, code(face), face != WHITE, 3  # jinhua.txt:5


@st.composite
def winning_deals(draw, region):
    """A valid winning request and the physical tiles of its concealed hand."""
    wild_face, wild_text, substitutes, wild_cap = draw(wild_setup(region))
    # With 白 substituting, a logical 白 face does not exist as a plain tile.
    plain = tuple(f for f in FACES if not (substitutes and f == WHITE))
    groups = []
    if draw(st.integers(0, 3)) == 0:
        # seven pairs; one face gives at most two pairs (RULEBOOK §1)
        pair_faces = draw(st.lists(st.sampled_from(plain), min_size=7, max_size=7))
        assume(max(Counter(pair_faces).values()) <= 2)
        groups = [("pair", [f, f]) for f in pair_faces]
    else:
        for _ in range(4):
            if draw(st.booleans()):
                start = draw(st.sampled_from(CHOW_STARTS))
                groups.append(("chow", [start, start + 1, start + 2]))
            else:
                groups.append(("pung", [draw(st.sampled_from(plain))] * 3))
        groups.append(("pair", [draw(st.sampled_from(plain))] * 2))
    positions = [(g, i) for g, (_, tiles) in enumerate(groups) for i in range(len(tiles))]
    replaced = set(draw(st.lists(st.sampled_from(positions), max_size=wild_cap, unique=True)))

    def physical(g, i):
        logical = groups[g][1][i]
        if (g, i) in replaced:
            return wild_face, True
        if logical == wild_face:
            # honghe / 白-as-財神: a copy of the wild face is a wild standing for itself;
            # with substitutes the logical wild face is a plain 白.
            return (WHITE, False) if substitutes else (wild_face, True)
        return logical, False

    tiles = {(g, i): physical(g, i) for g, i in positions}
    counts = Counter(t for t, _ in tiles.values())
    wild_count = sum(1 for _, w in tiles.values() if w)
    assume(wild_count <= wild_cap)
    assume(all(n <= 4 for t, n in counts.items() if t != wild_face or substitutes))
    if substitutes:
        assume(counts[wild_face] <= wild_cap)

    melds, concealed, meld_faces = [], [], []
    for g, (kind, logical) in enumerate(groups):
        own = [tiles[(g, i)] for i in range(len(logical))]
        has_wild = any(w for _, w in own)
        faces = [t for t, _ in own]
        if kind != "pair" and not has_wild and draw(st.booleans()):
            if kind == "chow":
                melds.append("chi " + codes(faces))
            else:
                meld_kind = draw(st.sampled_from(("pung", "kong", "ankong")))
                if meld_kind != "pung" and counts[faces[0]] < 4:
                    counts[faces[0]] += 1
                    faces = faces + faces[:1]
                    melds.append(f"{meld_kind} " + codes(faces))
                else:
                    melds.append("pung " + codes(faces))
            meld_faces.extend(faces)
            continue
        concealed.extend(own)
    win_index = draw(st.integers(0, len(concealed) - 1))
    win_tile, win_is_wild = concealed[win_index]
    hand = [t for k, (t, _) in enumerate(concealed) if k != win_index]
    hand_has_wild = any(w for k, (_, w) in enumerate(concealed) if k != win_index)
    all_physical = [t for t, _ in concealed] + meld_faces
    has_kong = any(m.startswith(("kong", "ankong")) for m in melds)
    exposed = sum(1 for m in melds if not m.startswith("ankong"))

    winner = draw(st.sampled_from(SEATS))
    dealer = draw(st.sampled_from(SEATS))
    streak = draw(st.integers(0, 3))
    house = {key: draw(st.sampled_from(options))
             for key, options in HOUSE_OPTIONS[region].items() if draw(st.booleans())}
    others = [s for s in SEATS if s != winner]

    win_types = ["self_draw"]
    if not win_is_wild:
        if region != "hangzhou":
            win_types.append("discard")
            # 搶槓: the robbed player held the other three copies (RULEBOOK §1).
            if Counter(all_physical)[win_tile] == 1 and win_tile != WHITE:
                win_types.append("rob_kong")
        elif (streak >= 2 and not hand_has_wild and house.get("hangzhou_discard") != "never"
              and house.get("hangzhou_scoring") != "modern"):
            win_types.append("discard")  # no 財神 in hand → never 暴頭-ready
    win_type = draw(st.sampled_from(win_types))
    discarder = None
    if win_type != "self_draw":
        if region == "hangzhou":
            # one of winner / discarder is the dealer (hangzhou.txt:60,170)
            discarder = draw(st.sampled_from(others)) if winner == dealer else dealer
            assume(discarder != winner)
        else:
            discarder = draw(st.sampled_from(others))

    context = {}
    if win_type == "self_draw":
        if has_kong and draw(st.booleans()):
            context["after_kong"] = True
        if draw(st.booleans()):
            context["last_tile"] = draw(st.booleans())
    if draw(st.booleans()):
        context["dice"] = [draw(st.integers(1, 6)), draw(st.integers(1, 6))]
    if region == "honghe" and draw(st.booleans()):
        context["previous_draws"] = draw(st.integers(0, 3))
        context["previous_wild"] = draw(st.sampled_from((None,) + tuple(code(f) for f in FACES)))
    claims = []
    budget = {seat: 4 for seat in SEATS}
    budget[winner] = exposed  # each claim by the winner made one of its exposed melds
    for by in SEATS:
        for frm in SEATS:
            if by != frm and budget[by] > 0 and draw(st.integers(0, 5)) == 0:
                n = draw(st.integers(1, budget[by]))
                budget[by] -= n
                claims.append({"by": by, "from": frm, "count": n})
    if claims:
        context["claims"] = claims

    request = {
        "region": region,
        "hand": codes(hand),
        "melds": melds,
        "win_tile": code(win_tile),
        "win_type": win_type,
        "winner": winner,
        "dealer": dealer,
        "dealer_streak": streak,
        "base": draw(st.sampled_from(BASES)),
    }
    if discarder:
        request["discarder"] = discarder
    if wild_text is not None:
        request["wild"] = wild_text
    if context:
        request["context"] = context
    if house:
        request["house_rules"] = house
    return request, hand


def check_result_payments(request, result):
    payments = result["payments"]
    assert set(payments) == set(SEATS), payments
    amounts = {seat: Fraction(payments[seat]) for seat in SEATS}
    assert sum(amounts.values()) == 0, payments
    assert amounts[request["winner"]] > 0, payments
    assert all(amounts[s] <= 0 for s in SEATS if s != request["winner"]), payments


def assert_valid_and_winning(request):
    try:
        result = score(request)
    except InvalidRequest as exc:  # the generator only builds valid requests
        raise AssertionError(f"valid request refused: {exc.errors}\n{request}") from exc
    assert result["winning"] is True, (result.get("reason"), request)
    return result


@settings(COMMON, max_examples=200)
@given(st.data())
def test_honghe_payments_sum_to_zero(data):
    request, _ = data.draw(winning_deals("honghe"))
    check_result_payments(request, assert_valid_and_winning(request))


@settings(COMMON, max_examples=200)
@given(st.data())
def test_hangzhou_payments_sum_to_zero(data):
    request, _ = data.draw(winning_deals("hangzhou"))
    check_result_payments(request, assert_valid_and_winning(request))


@settings(COMMON, max_examples=200)
@given(st.data())
def test_jinhua_payments_sum_to_zero(data):
    request, _ = data.draw(winning_deals("jinhua"))
    check_result_payments(request, assert_valid_and_winning(request))


# --- 2. tile order does not matter --------------------------------------------------------

def essence(result):
    out = {"winning": result["winning"]}
    if result["winning"]:
        out.update(
            multiplier=Fraction(result["multiplier"]),
            fan=result.get("fan"),
            payments={s: Fraction(v) for s, v in result["payments"].items()},
            patterns=sorted((p["key"], Fraction(p["value"])) for p in result["patterns"]),
        )
    return out


@settings(COMMON, max_examples=150)
@given(st.data())
def test_tile_order_does_not_matter(data):
    region = data.draw(st.sampled_from(("honghe", "hangzhou", "jinhua")))
    request, hand = data.draw(winning_deals(region))
    shuffled = copy.deepcopy(request)
    shuffled["hand"] = codes(data.draw(st.permutations(hand)))
    shuffled["melds"] = data.draw(st.permutations(request["melds"]))
    sorted_request = copy.deepcopy(request)
    sorted_request["hand"] = codes(sorted(hand))
    assert essence(score(shuffled)) == essence(score(sorted_request))


def relabel(text, suits):
    """Tile text with the suit letters m, p, s renamed by ``suits`` (a dict)."""
    return "".join(suits.get(ch, ch) for ch in text)


@settings(COMMON, max_examples=100)
@given(st.data())
def test_suit_relabelling_does_not_change_the_result(data):
    """Every pattern of the three regions is suit-blind (STYLE.md §6): renaming the
    suits everywhere in the request (hand, melds, wild…) leaves the score unchanged."""
    region = data.draw(st.sampled_from(("honghe", "hangzhou", "jinhua")))
    request, _ = data.draw(winning_deals(region))
    suits = dict(zip("mps", data.draw(st.permutations("mps")), strict=True))
    renamed = copy.deepcopy(request)
    renamed["hand"] = relabel(request["hand"], suits)
    renamed["melds"] = [kind + " " + relabel(tiles, suits)
                        for kind, tiles in (m.split() for m in request["melds"])]
    renamed["win_tile"] = relabel(request["win_tile"], suits)
    if "wild" in request:
        renamed["wild"] = relabel(request["wild"], suits)
    if request.get("context", {}).get("previous_wild"):
        renamed["context"]["previous_wild"] = relabel(request["context"]["previous_wild"], suits)
    assert essence(score(renamed)) == essence(score(request))


@settings(COMMON, max_examples=60)
@given(st.data())
def test_result_is_json_and_request_untouched(data):
    """API.md: the response is JSON (fractions as JSON numbers); scoring is pure."""
    region = data.draw(st.sampled_from(("honghe", "hangzhou", "jinhua")))
    request, _ = data.draw(winning_deals(region))
    before = copy.deepcopy(request)
    result = score(request)
    assert request == before
    decoded = json.loads(json.dumps(result, allow_nan=False))
    assert {s: Fraction(v) for s, v in decoded["payments"].items()} == {
        s: Fraction(v) for s, v in result["payments"].items()}
    assert essence(score(request)) == essence(result)  # same answer twice


# --- 3. junk never escapes as another exception ----------------------------------------------

API_KEYS = ("region", "hand", "melds", "win_tile", "win_type", "winner", "dealer", "discarder",
            "dealer_streak", "base", "wild", "context", "house_rules")
CONTEXT_KEYS = ("after_kong", "last_tile", "first_turn", "dice", "previous_draws", "previous_wild",
                "cai_piao", "claims")
scalars = (st.none() | st.booleans() | st.integers(-(10**20), 10**20)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
json_values = st.recursive(
    scalars,
    lambda inner: (st.lists(inner, max_size=4)
                   | st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10)
tile_text = st.text(alphabet="0123456789mpsz 萬万筒條条索東东南西北白發中板風", max_size=24)
known_words = st.sampled_from(
    SEATS + ("self_draw", "discard", "rob_kong", "honghe", "hangzhou", "jinhua"))
field_values = json_values | tile_text | known_words


def call_never_crashes(request):
    try:
        result = score(request)
    except InvalidRequest as exc:
        assert isinstance(exc.errors, list) and exc.errors
        for error in exc.errors:
            assert isinstance(error["field"], str)
            assert isinstance(error["message"], str) and error["message"].strip()
        return
    assert isinstance(result, dict)
    assert isinstance(result["winning"], bool)
    if result["winning"]:
        assert sum(Fraction(v) for v in result["payments"].values()) == 0


@settings(COMMON, max_examples=300)
@given(st.dictionaries(st.sampled_from(API_KEYS) | st.text(max_size=8), field_values, max_size=14))
def test_junk_dicts_never_crash(request):
    call_never_crashes(request)


@settings(COMMON, max_examples=60)
@given(json_values)
def test_non_object_bodies_are_invalid(body):
    if isinstance(body, dict):
        call_never_crashes(body)
        return
    try:
        score(body)
    except InvalidRequest as exc:
        assert exc.errors
    else:
        raise AssertionError(f"{body!r} is not a request object but was scored")


@st.composite
def mutated_requests(draw):
    region = draw(st.sampled_from(("honghe", "hangzhou", "jinhua")))
    request, _ = draw(winning_deals(region))
    request = copy.deepcopy(request)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("set", "drop", "context", "tiles", "meld")))
        if op == "set":
            request[draw(st.sampled_from(API_KEYS) | st.text(max_size=6))] = draw(field_values)
        elif op == "drop" and request:
            request.pop(draw(st.sampled_from(sorted(request))))
        elif op == "context":
            ctx = request.get("context")
            if not isinstance(ctx, dict):
                ctx = request["context"] = {}
            ctx[draw(st.sampled_from(CONTEXT_KEYS) | st.text(max_size=6))] = draw(field_values)
        elif op == "tiles":
            key = draw(st.sampled_from(("hand", "win_tile", "wild")))
            old = request.get(key) if isinstance(request.get(key), str) else ""
            cut = draw(st.integers(0, len(old)))
            request[key] = old[:cut] + draw(tile_text) + old[cut + draw(st.integers(0, 3)):]
        else:
            melds = request.get("melds") if isinstance(request.get("melds"), list) else []
            kind = draw(st.sampled_from(("chi ", "pung ", "kong ", "ankong ", "")))
            request["melds"] = melds + [kind + draw(tile_text)]
    return request


@settings(COMMON, max_examples=300)
@given(mutated_requests())
def test_mutated_requests_never_crash(request):
    call_never_crashes(request)


def read_both_ways(request):
    """``parse_request`` (its fast path for the usual request) and ``_read_request`` (the
    field-by-field reader) agree: the same deal, or the same errors in the same order.
    The request is also tried with its hand in the usual spelling (123m456p…), the one
    the fast path reads."""
    hand = request.get("hand") if isinstance(request, dict) else None
    if isinstance(hand, str):
        try:
            usual = {**request, "hand": sorted_code(parse_tiles(hand))}
        except TileSyntaxError:
            pass
        else:
            if usual != request:
                read_both_ways(usual)
    outcomes = []
    for read in (parse_request, _read_request):
        try:
            deal = read(copy.deepcopy(request))
        except InvalidRequest as exc:
            outcomes.append(("invalid", exc.errors))
            continue
        for fact in ("concealed", "all_tiles", "wild_count", "naturals", "suit_counts"):
            getattr(deal, fact)  # the facts worked out on demand, to compare them too
        outcomes.append(("deal", {key: tuple(value) if key == "suit_counts" else value
                                  for key, value in vars(deal).items()}))
    assert outcomes[0] == outcomes[1], request


@settings(COMMON, max_examples=300)
@given(st.sampled_from(("honghe", "hangzhou", "jinhua")).flatmap(winning_deals))
def test_fast_reader_agrees_on_winning_requests(drawn):
    read_both_ways(drawn[0])


@settings(COMMON, max_examples=300)
@given(mutated_requests())
def test_fast_reader_agrees_on_mutated_requests(request):
    read_both_ways(request)


# --- 4. brute-force win check (Honghe: standard + seven pairs) -------------------------------

@lru_cache(maxsize=500_000)
def splits_into_sets(counts):
    """Can these tiles (a count per face) be split into chows and pungs only?"""
    first = next((f for f, n in enumerate(counts) if n), None)
    if first is None:
        return True
    rest = list(counts)
    if counts[first] >= 3:
        rest[first] -= 3
        if splits_into_sets(tuple(rest)):
            return True
        rest[first] += 3
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        if splits_into_sets(tuple(rest)):
            return True
    return False


def standard_shape(counts):
    """Four sets + a pair (14 tiles, nothing exposed)."""
    for face, n in enumerate(counts):
        if n >= 2:
            rest = list(counts)
            rest[face] -= 2
            if splits_into_sets(tuple(rest)):
                return True
    return False


def seven_pairs(counts):
    """Seven pairs; one face gives at most two pairs (RULEBOOK §1)."""
    return sum(counts) == 14 and all(n % 2 == 0 and n <= 4 for n in counts)


def candidate_faces(counts):
    """Faces worth trying for a wild — sound, not just a guess.

    A wild in a group with a real tile stands for that tile's face or, in a chow, a
    face at most two steps away in the same suit. A group made only of wilds can be
    re-labelled to any face nobody holds (no copy limit applies to wilds, RULEBOOK §1;
    a pung + pair of wilds would need 5 and there are at most 4), so one such free
    face is enough.
    """
    present = {f for f, n in enumerate(counts) if n}
    near = {g for f in present if f < 27
            for g in range(f - 2, f + 3) if 0 <= g < 27 and g // 9 == f // 9}
    free = next(f for f in FACES if not counts[f])
    return sorted(present | near | {free})


def brute_force_wins(real_faces, wilds):
    counts = [0] * 34
    for face in real_faces:
        counts[face] += 1
    for assignment in combinations_with_replacement(candidate_faces(counts), wilds):
        trial = counts[:]
        for face in assignment:
            trial[face] += 1
        if seven_pairs(trial) or standard_shape(tuple(trial)):
            return True
    return False


def test_brute_force_checker_sanity():
    """The reference checker itself, on hands whose answer is known by hand."""
    tiles = lambda text: [f for f in FACES for _ in range(text.count(code(f)))]  # noqa: E731
    assert brute_force_wins(tiles("1m2m3m4p5p6p7s8s9s2s3s4s7z7z"), 0)
    assert not brute_force_wins(tiles("1m2m3m4p5p6p7s8s9s2s3s4s7z6z"), 0)
    assert brute_force_wins(tiles("1m2m3m4p5p6p7s8s9s2s3s4s7z"), 1)
    assert brute_force_wins(tiles("1m1m2m2m3p3p4s4s5z5z6z6z7z7z"), 0)
    assert not brute_force_wins(tiles("1m1m1m1m3p3p4s4s5z5z6z6z7z1z"), 0)
    assert brute_force_wins(tiles("1m1m1m1m3p3p4s4s5z5z6z6z7z"), 1)  # 1m×4 = two pairs
    assert brute_force_wins(tiles("1m9m1p9p1s9s1z2z3z4z"), 4) is False
    assert brute_force_wins(tiles("1m3m5m7m9m2p"), 0) is False
    assert brute_force_wins(tiles("1m4m7m1p4p7p1s4s7s1z"), 4) is False
    assert brute_force_wins(tiles("1m2m3m4p5p6p7s8s9s1z"), 4)  # wild pung + 1z pair
    assert brute_force_wins(tiles("1m2m3m4p5p6p7s8s9s1z2z"), 3)  # 1z+wild pair, 2z+2 wilds pung
    assert not brute_force_wins(tiles("1m2m3m4p5p6p7s8s9s1z2z3z"), 2)  # needs 4 wilds



@st.composite
def honghe_hands(draw, min_wilds, max_wilds):
    wild = draw(st.sampled_from(FACES))
    k = draw(st.integers(min_wilds, max_wilds))
    others = tuple(f for f in FACES if f != wild)
    mode = draw(st.sampled_from(("random", "winning", "near", "few_faces")))
    if mode == "random":
        real = draw(st.lists(st.sampled_from(others), min_size=14 - k, max_size=14 - k))
    elif mode == "few_faces":
        # many copies of few faces: pungs, kongs and pairs of pairs (a face gives at
        # most two of the seven pairs, RULEBOOK §1)
        pool = draw(st.lists(st.sampled_from(others), min_size=4, max_size=5, unique=True))
        real = draw(st.lists(st.sampled_from(pool), min_size=14 - k, max_size=14 - k))
    else:
        logical = []
        for _ in range(4):
            if draw(st.booleans()):
                start = draw(st.sampled_from(CHOW_STARTS))
                logical += [start, start + 1, start + 2]
            else:
                logical += [draw(st.sampled_from(others))] * 3
        if draw(st.integers(0, 3)) == 0:  # sometimes seven pairs
            faces = draw(st.lists(st.sampled_from(others), min_size=7, max_size=7))
            logical = [f for f in faces for _ in (0, 1)]
        else:
            logical += [draw(st.sampled_from(others))] * 2
        drop = set(draw(st.lists(st.integers(0, 13), min_size=k, max_size=k, unique=True)))
        real = [f for i, f in enumerate(logical) if i not in drop]
        if mode == "near":
            real[draw(st.integers(0, len(real) - 1))] = draw(st.sampled_from(others))
    assume(all(f != wild for f in real))
    assume(all(n <= 4 for n in Counter(real).values()))
    tiles = draw(st.permutations(list(real) + [wild] * k))
    win_index = draw(st.integers(0, 13))
    hand = [t for i, t in enumerate(tiles) if i != win_index]
    request = {
        "region": "honghe", "hand": codes(hand), "win_tile": code(tiles[win_index]),
        "win_type": "self_draw", "winner": "S", "dealer": "E", "wild": code(wild),
    }
    return request, real, k


def check_against_brute_force(request, real, wilds):
    expected = brute_force_wins(real, wilds)
    event(f"winning={expected}")
    result = score(request)
    assert result["winning"] is expected, (
        f"engine says winning={result['winning']}, brute force says {expected}: {request}"
    )


@settings(COMMON, max_examples=400)
@given(honghe_hands(0, 2))
def test_winning_flag_matches_brute_force_up_to_two_wilds(sample):
    check_against_brute_force(*sample)


@settings(COMMON, max_examples=80)
@given(honghe_hands(3, 3))
def test_winning_flag_matches_brute_force_three_wilds(sample):
    check_against_brute_force(*sample)


@settings(COMMON, max_examples=60)
@given(honghe_hands(4, 4))
def test_winning_flag_matches_brute_force_four_wilds(sample):
    check_against_brute_force(*sample)
