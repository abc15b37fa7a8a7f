"""Hands for the property tests: hypothesis strategies of winning requests, built
constructively, and the benchmark's corpus. Not a test module: test modules import from
here, never from each other."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st

from rules.regions import REGIONS

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
