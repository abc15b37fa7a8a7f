"""Practice mode: random winning hands to score by hand, then checked against the engine.

``random_deal(region, rng)`` deals a valid winning score request (docs/API.md) of the
region with its circumstances; ``deal_for(region, seed)`` is the same hand for a seed
in the page's URL, so a round is reproducible and shareable. Every deal is accepted by
``rules.score`` and wins: the generator loops until the engine says so.
"""

from __future__ import annotations

import random

from calculator.regions import LISTED
from rules import InvalidRequest, score
from rules.regions import REGIONS as REGISTRY
from rules.request import SEATS
from rules.tiles import WHITE

REGIONS = tuple(region.key for region in LISTED)
N_FACES = 34  # 1-9m, 1-9p, 1-9s, 1-7z (東南西北白發中)
HONOURS = range(27, 34)
MAX_ATTEMPTS = 500
SEED_LIMIT = 10**9


class NoDeal(RuntimeError):
    """The generator found no winning hand within MAX_ATTEMPTS (it never should)."""


def face_code(face: int) -> str:
    return f"{face % 9 + 1}{'mpsz'[face // 9]}"


def notation(faces: list[int]) -> str:
    """``[0, 1, 2, 27, 27]`` -> ``"123m11z"`` (RULEBOOK §1)."""
    parts = []
    for suit, letter in enumerate("mpsz"):
        digits = "".join(str(f % 9 + 1) for f in sorted(faces) if f // 9 == suit)
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def _wild(region: str, rng: random.Random) -> int:
    """The region's default wild (Hangzhou 白), else a random face; where 白 stands in for
    a named wild's face, never 白 itself (it stays a plain 白 elsewhere)."""
    facts = REGISTRY[region]
    if facts.default_wild is not None:
        return facts.default_wild
    if facts.white_substitutes:
        return rng.choice([f for f in range(N_FACES) if f != WHITE])
    return rng.randrange(N_FACES)


def _faces(rng: random.Random, avoid: set[int]) -> list[int]:
    """The faces a hand may use: mostly any, sometimes one suit (with or without honours)."""
    suit = rng.randrange(3)
    in_suit = list(range(9 * suit, 9 * suit + 9))
    chosen = rng.choices([list(range(N_FACES)), in_suit, [*in_suit, *HONOURS]], [70, 12, 18])[0]
    return [f for f in chosen if f not in avoid]


def _standard(rng: random.Random, faces: list[int], n_melds: int):
    """Four sets and a pair; ``n_melds`` of the sets exposed (or concealed kongs)."""
    allowed = set(faces)
    chow_starts = [f for f in faces if f < 27 and f % 9 <= 6 and {f + 1, f + 2} <= allowed]
    counts = [0] * N_FACES
    sets: list[list[int]] = []
    for _ in range(40):
        if len(sets) == 4:
            break
        if chow_starts and rng.random() < 0.6:
            start = rng.choice(chow_starts)
            group = [start, start + 1, start + 2]
        else:
            group = [rng.choice(faces)] * 3
        if all(counts[f] + group.count(f) <= 4 for f in group):
            sets.append(group)
            for f in group:
                counts[f] += 1
    pair_faces = [f for f in faces if counts[f] <= 2]
    if len(sets) < 4 or not pair_faces:
        return None
    pair = rng.choice(pair_faces)
    concealed, melds = [pair, pair], []
    exposed = set(rng.sample(range(4), n_melds))
    for index, group in enumerate(sets):
        if index not in exposed:
            concealed += group
        elif group[0] != group[1]:
            melds.append(f"chi {notation(group)}")
        else:
            kind = rng.choices(["pung", "kong", "ankong"], [70, 15, 15])[0]
            if kind != "pung" and counts[group[0]] < 4:
                counts[group[0]] += 1
                melds.append(f"{kind} {notation(group + group[:1])}")
            else:
                melds.append(f"pung {notation(group)}")
    return concealed, melds


def _seven_pairs(rng: random.Random, faces: list[int]):
    if len(faces) < 7:
        return None
    return rng.sample(faces, 7) * 2, []


WIN_WEIGHTS = {"self_draw": 50, "discard": 42, "rob_kong": 8}


def _win_type(region: str, rng: random.Random, winner: str) -> tuple[str, str | None]:
    """A win type the region ever allows, and the discarder (or robbed player) if any.
    Whether this deal allows it (Hangzhou: from 三連莊, dealer against non-dealer) is
    the engine's to say: a deal it refuses is drawn again."""
    kinds = REGISTRY[region].win_types
    kind = rng.choices(kinds, [WIN_WEIGHTS[k] for k in kinds])[0]
    others = [s for s in SEATS if s != winner]
    return kind, (None if kind == "self_draw" else rng.choice(others))


def _candidate(region: str, rng: random.Random) -> dict | None:
    wild = _wild(region, rng)
    avoid = {wild} | ({WHITE} if REGISTRY[region].substitutes(wild) else set())
    faces = _faces(rng, avoid)
    if rng.random() < 0.15:
        drawn = _seven_pairs(rng, faces)
    else:
        drawn = _standard(rng, faces, rng.choices([0, 1, 2, 3], [50, 25, 17, 8])[0])
    if drawn is None:
        return None
    concealed, melds = drawn
    winner, dealer = rng.choice(SEATS), rng.choice(SEATS)
    streak = rng.choices([0, 1, 2, 3], [45, 25, 18, 12])[0]
    win_type, discarder = _win_type(region, rng, winner)
    win_index = rng.randrange(len(concealed))
    # Occasionally a wild among the concealed tiles (never the discarded winning tile).
    if rng.random() < 0.3:
        spots = [i for i in range(len(concealed)) if win_type == "self_draw" or i != win_index]
        for index in rng.sample(spots, rng.choice([1, 1, 2])):
            concealed[index] = wild
    win_face = concealed.pop(win_index)
    request = {
        "region": region, "hand": notation(concealed), "melds": melds,
        "win_tile": face_code(win_face), "win_type": win_type,
        "winner": winner, "dealer": dealer, "discarder": discarder,
        "dealer_streak": streak, "base": rng.choice([1, 1, 2]),
    }
    if wild != REGISTRY[region].default_wild:
        request["wild"] = face_code(wild)
    return request


def random_deal(region: str, rng: random.Random) -> dict:
    """A valid winning score request of ``region``, drawn with ``rng``."""
    if region not in REGIONS:
        raise ValueError(f"no region {region!r}")
    for _attempt in range(MAX_ATTEMPTS):
        request = _candidate(region, rng)
        if request is None:
            continue
        try:
            response = score(request)
        except InvalidRequest:
            continue
        if response["winning"]:
            return request
    raise NoDeal(f"no winning {region} hand in {MAX_ATTEMPTS} attempts")


def deal_for(region: str, seed: int) -> dict:
    """The hand of one practice round: the same region and seed give the same hand."""
    return random_deal(region, random.Random(f"{region}:{seed}"))


def new_seed() -> int:
    return random.SystemRandom().randrange(1, SEED_LIMIT)
