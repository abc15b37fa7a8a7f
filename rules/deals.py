"""Random hands as score requests (docs/API.md), for practice rounds, the benchmark's
corpus and tests.

``winning(rng, region)`` deals a winning hand of a region with the circumstances of its
win; ``near_winning(rng, region)`` deals a hand one or two tiles away from that, which
does not win. Both are driven by the ``random.Random`` (or the int seed) they are given,
so the same seed and arguments always deal the same hand, and both return a request
that ``rules.score`` accepts: a draw it refuses (say a discard win the region's terms
forbid) is drawn again from the start.

What a hand may be, and the win around it, comes from the region's data
(``rules.regions``): its wild (the default one, or a random face; never 白 where 白 is a
plain copy of the wild's face), its shapes, the win types it allows, the copies of the
wild in play and the context keys it reads. How often each kind of hand is dealt is a
``Mix``; the number of wilds, the shape and the number of melds can also be fixed by the
caller, e.g. from hypothesis with an int seed (or ``st.randoms(use_true_random=True)``;
a ``st.randoms()`` that records each draw fails hypothesis's large_base_example health
check, a hand taking dozens of draws)::

    @given(st.integers(0, 2**32), st.sampled_from(sorted(REGIONS)), st.integers(0, 3))
    def test_it(seed, region, wilds):
        request = winning(seed, region, wilds=wilds).request
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .readings import SEVEN_PAIRS, STANDARD
from .region import Region
from .regions import REGIONS
from .request import SEATS, InvalidRequest
from .scoring import score
from .tiles import ALL_TILES, WHITE, Tile, is_honour, sorted_code, tile_code

HONOURS = range(27, 34)
MAX_ATTEMPTS = 500  # draws tried for one hand before giving up (NoDeal)
SET_ATTEMPTS = 40  # sets tried for one standard hand before the tiles are drawn again
MAX_WILDS = 4

K = TypeVar("K")


class NoDeal(RuntimeError):
    """No hand was dealt: MAX_ATTEMPTS draws were all refused (it never happens with the
    regions' rules), or ``rules.score`` did not score a hand built as four sets and a
    pair (or seven pairs) as winning, which is the engine's fault; the message says which."""


@dataclass(frozen=True, kw_only=True)
class Mix:
    """How often each kind of hand and circumstance is dealt. Weights map a value to its
    relative weight; a chance is a probability (a chance of 0 or 1 draws nothing from the
    random source). The defaults are the practice page's mix: changing one changes the
    hand that every practice seed deals."""

    # the faces a hand is drawn from: any, one suit, one suit and the honours, honours
    flavours: Mapping[str, int] = field(default_factory=lambda: {
        "mixed": 70, "one_suit": 12, "suit_and_honours": 18})
    seven_pairs: float = 0.15  # chance of seven pairs where the region has the shape
    four_alike: float = 0.0  # chance that seven pairs hold four alike as two pairs
    # sets laid out as melds (chi/pung/kong/ankong) in a standard hand
    melds: Mapping[int, int] = field(default_factory=lambda: {0: 50, 1: 25, 2: 17, 3: 8})
    chow: float = 0.6  # chance that a set is a chow (when the faces allow one)
    # what a pung laid out as a meld becomes
    meld_kinds: Mapping[str, int] = field(default_factory=lambda: {
        "pung": 70, "kong": 15, "ankong": 15})
    streaks: Mapping[int, int] = field(default_factory=lambda: {0: 45, 1: 25, 2: 18, 3: 12})
    # among the region's win types; a type missing here is never dealt
    win_types: Mapping[str, int] = field(default_factory=lambda: {
        "self_draw": 50, "discard": 42, "rob_kong": 8})
    wild_chance: float = 0.3  # chance that the concealed tiles hold wilds ...
    wild_counts: tuple[int, ...] = (1, 1, 2)  # ... and how many (one of these, evenly)
    bases: tuple[int, ...] = (1, 1, 2)  # 底分, one of these evenly
    dice: float = 0.0  # chance of a dice context where the region reads the dice


MIX = Mix()

Meld = tuple[str, tuple[Tile, ...]]  # ("chi" | "pung" | "kong" | "ankong", its tiles)


@dataclass(frozen=True, kw_only=True)
class Dealt:
    """One dealt hand: the score request and the tiles it was written from."""

    request: dict[str, Any]  # accepted by rules.score
    winning: bool  # as rules.score scores it
    shape: str  # the shape the tiles were built as: "standard" or "seven_pairs"
    melds: tuple[Meld, ...]  # as in the request
    concealed: tuple[Tile, ...]  # the concealed tiles with the winning tile, wilds in place
    win_tile: Tile


def winning(rng: random.Random | int, region: str, *, wilds: int | None = None,
            shape: str | None = None, melds: int | None = None, mix: Mix = MIX) -> Dealt:
    """A winning hand of ``region``, as ``rules.score`` accepts and scores it.

    The tiles are four sets and a pair (``shape="standard"``, ``melds`` of the sets laid
    out as melds) or seven pairs, with exactly ``wilds`` of the concealed tiles replaced
    by the wild (never the winning tile of a discard, never in a meld). What is None is
    drawn from ``mix``; ``melds`` above 0 means the standard shape. The winner, dealer,
    dealer streak, win type (with another seat as the discarder, or the robbed player),
    base and, where the region reads them and the mix deals them, the dice are drawn
    too; a hand the region refuses (say a discard win its terms forbid) is drawn again
    from the start. Raises ValueError for what no hand can be (5 wilds, more wilds than
    the region has in play, seven pairs with melds, a shape the region lacks, more melds
    than leave room for the wilds).
    """
    return _deal(_random(rng), _rules(region), wilds, shape, melds, mix, spoil=False)


def near_winning(rng: random.Random | int, region: str, *, wilds: int | None = None,
                 shape: str | None = None, melds: int | None = None,
                 mix: Mix = MIX) -> Dealt:
    """A hand of ``region`` that ``rules.score`` accepts and scores as not winning: a
    winning hand as ``winning`` deals it (same arguments) with one or two concealed
    tiles changed to other faces (at most four of a face) before the wilds are placed.
    ``shape`` is the shape it was built as."""
    return _deal(_random(rng), _rules(region), wilds, shape, melds, mix, spoil=True)


def pick_wild(rng: random.Random, region: Region) -> Tile:
    """The region's default wild where it has one, else a random face; where 白 stands in
    for a named wild's face, never 白 itself (it stays a plain 白 elsewhere)."""
    if region.default_wild is not None:
        return region.default_wild
    if region.white_substitutes:
        return rng.choice([tile for tile in ALL_TILES if tile != WHITE])
    return rng.randrange(len(ALL_TILES))


def pick_faces(rng: random.Random, avoid: set[Tile], mix: Mix = MIX) -> list[Tile]:
    """The faces a hand is drawn from, in tile order, none of ``avoid``: all faces, or one
    suit, with or without the honours, or the honours alone, as ``mix.flavours`` weighs
    them."""
    suit = rng.randrange(3)
    in_suit = list(range(9 * suit, 9 * suit + 9))
    chosen = {
        "mixed": list(ALL_TILES),
        "one_suit": in_suit,
        "suit_and_honours": [*in_suit, *HONOURS],
        "honours": list(HONOURS),
    }[_weighted(rng, mix.flavours)]
    return [tile for tile in chosen if tile not in avoid]


def draw_standard(rng: random.Random, faces: list[Tile], melds: int,
                  mix: Mix = MIX) -> tuple[list[Tile], list[Meld]] | None:
    """Four sets and a pair of ``faces`` (at most four of a face): the concealed tiles and
    the melds, ``melds`` of the sets laid out as chi, pung, kong or ankong (a kong's
    fourth tile added). None when the faces gave no four sets and a pair."""
    allowed = set(faces)
    chow_starts = [tile for tile in faces
                   if not is_honour(tile) and tile % 9 <= 6 and {tile + 1, tile + 2} <= allowed]
    counts = [0] * len(ALL_TILES)
    sets: list[list[Tile]] = []
    for _ in range(SET_ATTEMPTS):
        if len(sets) == 4:
            break
        if chow_starts and _chance(rng, mix.chow):
            start = rng.choice(chow_starts)
            group = [start, start + 1, start + 2]
        else:
            group = [rng.choice(faces)] * 3
        if all(counts[tile] + group.count(tile) <= 4 for tile in group):
            sets.append(group)
            for tile in group:
                counts[tile] += 1
    pair_faces = [tile for tile in faces if counts[tile] <= 2]
    if len(sets) < 4 or not pair_faces:
        return None
    pair = rng.choice(pair_faces)
    concealed = [pair, pair]
    laid_out: list[Meld] = []
    exposed = set(rng.sample(range(4), melds))
    for index, group in enumerate(sets):
        if index not in exposed:
            concealed += group
        elif group[0] != group[1]:
            laid_out.append(("chi", tuple(group)))
        else:
            kind = _weighted(rng, mix.meld_kinds)
            if kind != "pung" and counts[group[0]] < 4:
                counts[group[0]] += 1
                laid_out.append((kind, (*group, group[0])))
            else:
                laid_out.append(("pung", tuple(group)))
    return concealed, laid_out


def draw_seven_pairs(rng: random.Random, faces: list[Tile],
                     mix: Mix = MIX) -> list[Tile] | None:
    """Seven pairs of ``faces``, sometimes (``mix.four_alike``) with four alike as two of
    them. None when there are fewer than seven faces."""
    if len(faces) < 7:
        return None
    if _chance(rng, mix.four_alike):
        pairs = rng.sample(faces, 6)
        pairs.append(pairs[0])
    else:
        pairs = rng.sample(faces, 7)
    return pairs * 2


def _deal(rng: random.Random, region: Region, wilds: int | None, shape: str | None,
          melds: int | None, mix: Mix, *, spoil: bool) -> Dealt:
    """Draw until ``rules.score`` accepts a hand that wins (or, with ``spoil``, does not)."""
    most_wilds = max(mix.wild_counts, default=0) if wilds is None else wilds
    most_melds = min(4, (13 - most_wilds) // 3)  # room for the wilds beside a discarded tile
    _check_arguments(region, wilds, shape, melds, most_melds)
    for _attempt in range(MAX_ATTEMPTS):
        dealt = _candidate(rng, region, wilds, shape, melds, most_melds, mix, spoil)
        if dealt is None:
            continue
        try:
            response = score(dealt.request)
        except InvalidRequest:
            continue
        if response["winning"] == dealt.winning:
            return dealt
        if dealt.winning:
            raise NoDeal(f"rules.score scored a hand built as {dealt.shape} as not winning: "
                         f"{dealt.request}")
        # a changed tile that left a winning hand: draw again
    raise NoDeal(f"no {region.key} hand accepted in {MAX_ATTEMPTS} attempts")


def _check_arguments(region: Region, wilds: int | None, shape: str | None,
                     melds: int | None, most_melds: int) -> None:
    if wilds is not None and not 0 <= wilds <= MAX_WILDS:
        raise ValueError(f"wilds must be 0 to {MAX_WILDS}, not {wilds}")
    dealt_shapes = [s for s in (STANDARD, SEVEN_PAIRS) if s in region.shapes]
    if shape is not None and shape not in dealt_shapes:
        raise ValueError(f"{region.key} hands are dealt as {' or '.join(dealt_shapes)}, "
                         f"not {shape}")
    if melds is not None:
        if shape == SEVEN_PAIRS and melds:
            raise ValueError("seven pairs have no melds")
        if not 0 <= melds <= most_melds:
            raise ValueError(f"melds must be 0 to {most_melds} with these wilds, not {melds}")


def _candidate(rng: random.Random, region: Region, wilds: int | None, shape: str | None,
               melds: int | None, most_melds: int, mix: Mix, spoil: bool) -> Dealt | None:
    """One draw, in this order: the wild, the faces, the shape and melds, the tiles, the
    seats, the streak, the win type and discarder, the winning tile, the wilds, the base,
    the context. None when the tiles could not be built. Not yet scored."""
    wild = pick_wild(rng, region)
    if wilds is not None and wilds > region.wild_copies(wild):
        raise ValueError(f"{region.key} has only {region.wild_copies(wild)} wilds in play "
                         f"with {tile_code(wild)} as the wild, not {wilds}")
    avoid = {wild} | ({WHITE} if region.substitutes(wild) else set())
    faces = pick_faces(rng, avoid, mix)
    if shape is None:
        if melds:
            shape = STANDARD
        elif SEVEN_PAIRS in region.shapes and _chance(rng, mix.seven_pairs):
            shape = SEVEN_PAIRS
        else:
            shape = STANDARD
    laid_out: list[Meld] = []
    if shape == SEVEN_PAIRS:
        pairs = draw_seven_pairs(rng, faces, mix)
        if pairs is None:
            return None
        concealed = pairs
    else:
        count = min(_weighted(rng, mix.melds), most_melds) if melds is None else melds
        drawn = draw_standard(rng, faces, count, mix)
        if drawn is None:
            return None
        concealed, laid_out = drawn
    if spoil:
        others = [tile for tile in ALL_TILES if tile not in avoid]
        _change_tiles(rng, concealed, laid_out, others)

    winner, dealer = rng.choice(SEATS), rng.choice(SEATS)
    streak = _weighted(rng, mix.streaks)
    win_type = _weighted(rng, {kind: mix.win_types.get(kind, 0) for kind in region.win_types})
    discarder = None
    if win_type != "self_draw":
        discarder = rng.choice([seat for seat in SEATS if seat != winner])
    win_index = rng.randrange(len(concealed))
    if wilds is None:
        count = rng.choice(mix.wild_counts) if _chance(rng, mix.wild_chance) else 0
        count = min(count, region.wild_copies(wild))
    else:
        count = wilds
    if count:
        # a discarded winning tile is never a wild
        spots = [i for i in range(len(concealed)) if win_type == "self_draw" or i != win_index]
        for index in rng.sample(spots, count):
            concealed[index] = wild
    hand = concealed[:win_index] + concealed[win_index + 1:]

    request: dict[str, Any] = {
        "region": region.key, "hand": sorted_code(hand),
        "melds": [f"{kind} {sorted_code(tiles)}" for kind, tiles in laid_out],
        "win_tile": tile_code(concealed[win_index]), "win_type": win_type,
        "winner": winner, "dealer": dealer, "discarder": discarder,
        "dealer_streak": streak, "base": rng.choice(mix.bases),
    }
    if wild != region.default_wild:
        request["wild"] = tile_code(wild)
    if "dice" in region.context_keys and _chance(rng, mix.dice):
        request["context"] = {"dice": [rng.randint(1, 6), rng.randint(1, 6)]}
    return Dealt(request=request, winning=not spoil, shape=shape, melds=tuple(laid_out),
                 concealed=tuple(concealed), win_tile=concealed[win_index])


def _change_tiles(rng: random.Random, concealed: list[Tile], melds: list[Meld],
                  faces: list[Tile]) -> None:
    """Change one or two of the concealed tiles to random ``faces``, in place, keeping at
    most four of a face (a change that would make a fifth is skipped)."""
    counts = [0] * len(ALL_TILES)
    for tile in [*concealed, *(tile for _, tiles in melds for tile in tiles)]:
        counts[tile] += 1
    for index in rng.sample(range(len(concealed)), rng.randint(1, 2)):
        new = rng.choice(faces)
        if counts[new] < 4:
            counts[concealed[index]] -= 1
            counts[new] += 1
            concealed[index] = new


def _rules(region: str) -> Region:
    if region not in REGIONS:
        raise ValueError(f"no region {region!r}; the regions are {', '.join(REGIONS)}")
    return REGIONS[region]


def _random(rng: random.Random | int) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def _weighted(rng: random.Random, weights: Mapping[K, float]) -> K:
    """One key of ``weights``, drawn with the odds of its weight."""
    return rng.choices(list(weights), list(weights.values()))[0]


def _chance(rng: random.Random, probability: float) -> bool:
    """True with ``probability``; a certain outcome (0 or 1) draws nothing."""
    if probability <= 0:
        return False
    if probability >= 1:
        return True
    return rng.random() < probability
