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
wild in play, its house rules and the context keys it reads. How often each kind of hand
is dealt is a ``Mix``. ``MIX``, the default, is the practice page's mix; ``TESTING_MIX``
also deals all that practice never does (any wild the region allows, the wild's own face
in the sets, house rules, every context key the region reads, fractional bases …). The
number of wilds, the shape and the number of melds can also be fixed by the caller, e.g.
from hypothesis with an int seed (or ``st.randoms(use_true_random=True)``; a
``st.randoms()`` that records each draw fails hypothesis's large_base_example health
check, a hand taking dozens of draws)::

    @given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(REGIONS)), st.integers(0, 3))
    def test_it(seed, region, wilds):
        request = winning(seed, region, wilds=wilds, mix=TESTING_MIX).request
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .circumstances import CIRCUMSTANCES, Circumstance
from .readings import SEVEN_PAIRS, STANDARD
from .region import Region
from .regions import REGIONS
from .request import SEATS, InvalidRequest, parse_request
from .scoring import score
from .tiles import ALL_TILES, WHITE, Tile, is_honour, sorted_code, tile_code

HONOURS = range(27, 34)
MAX_ATTEMPTS = 500  # draws tried for one hand before giving up (NoDeal)
SET_ATTEMPTS = 40  # sets tried for one standard hand before the tiles are drawn again
MAX_WILDS = 4
CLAIMS_EACH = 4  # claims one player makes in a hand at most: one per set
HISTORY_DRAWS = 3  # previous_draws are dealt from 0 to this

K = TypeVar("K")


class NoDeal(RuntimeError):
    """No hand was dealt: MAX_ATTEMPTS draws were all refused (it never happens with the
    regions' rules), or ``rules.score`` did not score a hand built as four sets and a
    pair (or seven pairs) as winning, which is the engine's fault; the message says which."""


@dataclass(frozen=True, kw_only=True)
class Mix:
    """How often each kind of hand and circumstance is dealt. Weights map a value to its
    relative weight (a single value draws nothing from the random source); a chance is a
    probability (a chance of 0 or 1 draws nothing). The defaults are the practice page's
    mix: changing one of the fields down to ``dice`` changes the hand that every practice
    seed deals. The fields after ``dice`` deal what practice never does; their defaults
    deal none of it and draw nothing, so they leave every seed's hand as it was."""

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
    bases: tuple[int | float, ...] = (1, 1, 2)  # 底分, one of these evenly
    dice: float = 0.0  # chance of a dice context where the region reads the dice

    # --- what practice never deals: the defaults deal none of it ---
    # chance that the wild is any face the region allows as one (白 too, where it is not
    # a plain copy of the wild), not the default of ``pick_wild``
    any_wild: float = 0.0
    # chance that a request names the region's default wild instead of leaving it out
    name_default_wild: float = 0.0
    # chance that the sets may use the wild's own face: played by 白 where 白 is a plain
    # copy of the wild's face, else by wild tiles standing for themselves (counted among
    # the hand's wilds)
    wild_face: float = 0.0
    # how many fours alike seven pairs hold when they hold any (``four_alike``): 1 to 3
    quads: Mapping[int, int] = field(default_factory=lambda: {1: 1})
    house_rules: float = 0.0  # chance of each house rule of the region, at any of its values
    after_kong: float = 0.0  # chance of after_kong on a self-draw with a kong meld
    first_turn: float = 0.0  # chance of first_turn where it can hold
    last_tile: float = 0.0  # chance of last_tile on a self-draw that is not a first turn
    cai_piao: float = 0.0  # chance of a 財飄 count on a self-draw (1 to what the wilds allow)
    # chance of previous_draws (0 to HISTORY_DRAWS) and previous_wild (null, the wild or
    # any face), where the region reads them
    history: float = 0.0
    claims: float = 0.0  # chance, for each ordered pair of players, that one claimed from the other
    # chance that a self-draw's request says "discarder": null rather than leaving it out
    null_discarder: float = 1.0


MIX = Mix()

# Everything on, for the tests: every kind of hand, wild, win and circumstance above.
TESTING_MIX = Mix(
    flavours={"mixed": 55, "one_suit": 15, "suit_and_honours": 20, "honours": 10},
    seven_pairs=0.25,
    four_alike=0.3,
    melds={0: 30, 1: 20, 2: 20, 3: 15, 4: 15},
    chow=0.5,
    meld_kinds={"pung": 1, "kong": 1, "ankong": 1},
    streaks={0: 1, 1: 1, 2: 1, 3: 1},
    win_types={"self_draw": 1, "discard": 1, "rob_kong": 1},
    wild_chance=0.6,
    wild_counts=(1, 2, 3, 4),
    bases=(1, 2, 3, 0.5, 0.25, 10),
    dice=0.5,
    any_wild=0.5,
    name_default_wild=0.5,
    wild_face=0.3,
    quads={1: 3, 2: 2, 3: 1},
    house_rules=0.5,
    after_kong=0.5,
    first_turn=0.15,
    last_tile=0.3,
    cai_piao=0.15,
    history=0.5,
    claims=1 / 6,
    null_discarder=0.5,
)

Meld = tuple[str, tuple[Tile, ...]]  # ("chi" | "pung" | "kong" | "ankong", its tiles)


@dataclass(frozen=True, kw_only=True)
class Dealt:
    """One dealt hand: the score request and the physical tiles it was written from."""

    request: dict[str, Any]  # accepted by rules.score
    winning: bool  # as rules.score scores it
    shape: str  # the shape the tiles were built as: "standard" or "seven_pairs"
    melds: tuple[Meld, ...]  # as in the request
    # the concealed tiles with the winning tile, wilds (and 白 for the wild's face) in
    # place: the request's hand is these less one copy of ``win_tile``
    concealed: tuple[Tile, ...]
    win_tile: Tile


def winning(rng: random.Random | int, region: str, *, wilds: int | None = None,
            shape: str | None = None, melds: int | None = None, mix: Mix = MIX) -> Dealt:
    """A winning hand of ``region``, as ``rules.score`` accepts and scores it.

    The tiles are four sets and a pair (``shape="standard"``, ``melds`` of the sets laid
    out as melds) or seven pairs, and the concealed tiles hold exactly ``wilds`` wild
    tiles (never the winning tile of a discard, never in a meld): copies of the wild put
    in place of tiles of the sets, and with ``mix.wild_face`` copies of the wild's face
    that stand for themselves. What is None is drawn from ``mix``; ``melds`` above 0
    means the standard shape. The winner, dealer, dealer streak, win type (with another
    seat as the discarder, or the robbed player), base and, as the mix deals them, the
    region's house rules and the context keys it reads are drawn too; a hand the region
    refuses (say a discard win its terms or its house rules forbid) is drawn again from
    the start. Raises ValueError for what no hand can be (5 wilds, more wilds than the
    region ever has in play, seven pairs with melds, a shape the region lacks, more melds
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


def pick_wild(rng: random.Random, region: Region, mix: Mix = MIX, *, copies: int = 0) -> Tile:
    """The wild of a hand. With ``mix.any_wild``: any face the region has at least
    ``copies`` of in play as the wild. Otherwise the region's default wild where it has
    one, else a random face; where 白 stands in for a named wild's face, never 白 itself
    (it stays a plain 白 elsewhere). Those have the most copies the region ever has in
    play, which ``copies`` does not check."""
    if _chance(rng, mix.any_wild):
        faces = [tile for tile in ALL_TILES if region.wild_copies(tile) >= copies]
        if not faces:
            raise ValueError(f"{region.key} never has {copies} wilds in play")
        return rng.choice(faces)
    if region.default_wild is not None:
        return region.default_wild
    if region.white_substitutes:
        return rng.choice([tile for tile in ALL_TILES if tile != WHITE])
    return rng.randrange(len(ALL_TILES))


def most_wilds(region: Region) -> int:
    """The most copies of the wild a hand of ``region`` can hold: with its best wild."""
    return max(region.wild_copies(tile) for tile in ALL_TILES)


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
    counts = [0] * len(ALL_TILES)
    sets = _draw_sets(rng, faces, counts, mix)
    pair_faces = [tile for tile in faces if counts[tile] <= 2]
    if len(sets) < 4 or not pair_faces:
        return None
    pair = rng.choice(pair_faces)
    concealed = [pair, pair]
    laid_out: list[Meld] = []
    exposed = set(rng.sample(range(4), melds))
    for index, group in enumerate(sets):
        if index in exposed:
            laid_out.append(_laid_out(rng, group, counts, mix))
        else:
            concealed += group
    return concealed, laid_out


def _draw_sets(rng: random.Random, faces: list[Tile], counts: list[int],
               mix: Mix) -> list[list[Tile]]:
    """Up to four sets of ``faces``, chows with the chance ``mix.chow`` where the faces
    allow one, in SET_ATTEMPTS draws; a set that would make a fifth tile of a face is
    drawn again. ``counts`` (tiles by face) takes their tiles."""
    allowed = set(faces)
    chow_starts = [tile for tile in faces
                   if not is_honour(tile) and tile % 9 <= 6 and {tile + 1, tile + 2} <= allowed]
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
    return sets


def _laid_out(rng: random.Random, group: list[Tile], counts: list[int], mix: Mix) -> Meld:
    """A set laid out as a meld: a chow as chi; a pung as ``mix.meld_kinds`` draws it, a
    kong or ankong taking a fourth tile (counted in ``counts``) when one is left."""
    if group[0] != group[1]:
        return ("chi", tuple(group))
    kind = _weighted(rng, mix.meld_kinds)
    if kind != "pung" and counts[group[0]] < 4:
        counts[group[0]] += 1
        return (kind, (*group, group[0]))
    return ("pung", tuple(group))


def draw_seven_pairs(rng: random.Random, faces: list[Tile],
                     mix: Mix = MIX) -> list[Tile] | None:
    """Seven pairs of ``faces``, sometimes (``mix.four_alike``) with four alike as two of
    them, as many times as ``mix.quads`` draws. None when there are fewer than seven
    faces."""
    if len(faces) < 7:
        return None
    if _chance(rng, mix.four_alike):
        quads = _weighted(rng, mix.quads)
        pairs = rng.sample(faces, 7 - quads)
        pairs += pairs[:quads]
    else:
        pairs = rng.sample(faces, 7)
    return pairs * 2


def _deal(rng: random.Random, region: Region, wilds: int | None, shape: str | None,
          melds: int | None, mix: Mix, *, spoil: bool) -> Dealt:
    """Draw until ``rules.score`` accepts a hand that wins (or, with ``spoil``, does not)."""
    # room for the wilds beside a discarded tile; with ``wilds`` None the drawn count is
    # cut to the room there is
    most_melds = min(4, (13 - (wilds or 0)) // 3)
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
    if wilds is not None and wilds > most_wilds(region):
        raise ValueError(f"{region.key} has at most {most_wilds(region)} wilds in play, "
                         f"not {wilds}")
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
    the context, the house rules. None when the tiles could not be built, or hold more
    wilds than they may. Not yet scored."""
    tiles = _draw_tiles(rng, region, wilds, shape, melds, most_melds, mix, spoil)
    if tiles is None:
        return None
    wild, concealed = tiles.wild, tiles.concealed
    winner, dealer = rng.choice(SEATS), rng.choice(SEATS)
    streak = _weighted(rng, mix.streaks)
    win_type = _weighted(rng, {kind: mix.win_types.get(kind, 0) for kind in region.win_types})
    discarder = None
    if win_type != "self_draw":
        discarder = rng.choice([seat for seat in SEATS if seat != winner])
    win_index = rng.randrange(len(concealed))
    # a discarded winning tile is never a wild
    spots = [i for i, tile in enumerate(concealed)
             if tile != wild and (win_type == "self_draw" or i != win_index)]
    placed = _wilds_to_place(rng, wilds, concealed.count(wild), len(spots),
                             region.wild_copies(wild), mix)
    if placed is None:
        return None
    for index in rng.sample(spots, placed):
        concealed[index] = wild
    hand = concealed[:win_index] + concealed[win_index + 1:]

    request: dict[str, Any] = {
        "region": region.key, "hand": sorted_code(hand),
        "melds": [f"{kind} {sorted_code(meld)}" for kind, meld in tiles.melds],
        "win_tile": tile_code(concealed[win_index]), "win_type": win_type,
        "winner": winner, "dealer": dealer, "discarder": discarder,
        "dealer_streak": streak, "base": rng.choice(mix.bases),
    }
    _add_circumstances(rng, region, mix, request, wild, concealed)
    return Dealt(request=request, winning=not spoil, shape=tiles.shape,
                 melds=tuple(tiles.melds), concealed=tuple(concealed),
                 win_tile=concealed[win_index])


@dataclass(frozen=True, kw_only=True)
class _Tiles:
    """A hand's tiles before the wilds are placed (``_draw_tiles``)."""

    wild: Tile
    shape: str
    concealed: list[Tile]  # with the winning tile; the wilds are put in place of some
    melds: list[Meld]


def _draw_tiles(rng: random.Random, region: Region, wilds: int | None, shape: str | None,
                melds: int | None, most_melds: int, mix: Mix, spoil: bool) -> _Tiles | None:
    """The wild, the faces, the shape and melds, the tiles (one or two changed when
    ``spoil``), the wild's own face played by 白 where 白 is its plain copy. None when
    the tiles could not be built, or hold a wild in a meld or more copies of the wild
    than are in play."""
    wild = pick_wild(rng, region, mix, copies=wilds or 0)
    substitutes = region.substitutes(wild)
    avoid = {WHITE} if substitutes else set()  # 白 is no face of its own then
    if not _chance(rng, mix.wild_face):
        avoid.add(wild)
    faces = pick_faces(rng, avoid, mix)
    drawn = _draw_shape(rng, region, faces, shape, melds, most_melds, mix)
    if drawn is None:
        return None
    shape, concealed, laid_out = drawn
    if spoil:
        _change_tiles(rng, concealed, laid_out, [tile for tile in ALL_TILES if tile not in avoid])
    if wild not in avoid and substitutes:  # the wild's own face drawn, played by 白
        concealed = [WHITE if tile == wild else tile for tile in concealed]
        laid_out = [(kind, tuple(WHITE if tile == wild else tile for tile in tiles))
                    for kind, tiles in laid_out]
    if any(wild in tiles for _, tiles in laid_out):
        return None  # a wild in a meld
    if concealed.count(wild) > region.wild_copies(wild):
        return None
    return _Tiles(wild=wild, shape=shape, concealed=concealed, melds=laid_out)


def _draw_shape(rng: random.Random, region: Region, faces: list[Tile], shape: str | None,
                melds: int | None, most_melds: int,
                mix: Mix) -> tuple[str, list[Tile], list[Meld]] | None:
    """The shape (the one asked for; else standard with melds, or as ``mix`` deals it) and
    its tiles of ``faces``: the concealed tiles and the melds. None when the faces gave
    none."""
    if shape is None:
        seven_pairs = (not melds and SEVEN_PAIRS in region.shapes
                       and _chance(rng, mix.seven_pairs))
        shape = SEVEN_PAIRS if seven_pairs else STANDARD
    if shape == SEVEN_PAIRS:
        pairs = draw_seven_pairs(rng, faces, mix)
        return None if pairs is None else (shape, pairs, [])
    count = min(_weighted(rng, mix.melds), most_melds) if melds is None else melds
    drawn = draw_standard(rng, faces, count, mix)
    return None if drawn is None else (shape, *drawn)


def _wilds_to_place(rng: random.Random, wilds: int | None, natural: int, spots: int,
                    copies: int, mix: Mix) -> int | None:
    """How many of the ``spots`` to make wilds: ``wilds`` less the ``natural`` copies of
    the wild's face drawn (None when that cannot be), or as ``mix`` deals it, within the
    ``copies`` in play and the room there is."""
    if wilds is not None:
        placed = wilds - natural
        return placed if 0 <= placed <= spots else None
    count = rng.choice(mix.wild_counts) if _chance(rng, mix.wild_chance) else 0
    return max(0, min(count, copies, natural + spots) - natural)


def _add_circumstances(rng: random.Random, region: Region, mix: Mix, request: dict[str, Any],
                       wild: Tile, concealed: list[Tile]) -> None:
    """The wild when the request must or may name it, the context, the house rules, and
    whether a self-draw says ``"discarder": null``, as ``mix`` deals them."""
    copies = region.wild_copies(wild)
    if wild != region.default_wild or _chance(rng, mix.name_default_wild):
        request["wild"] = tile_code(wild)
    context = _context(rng, region, mix, request, wild, room=copies - concealed.count(wild))
    if context:
        request["context"] = context
    house_rules = {rule.key: rng.choice(rule.values) for rule in region.house_rules
                   if _chance(rng, mix.house_rules)}
    if house_rules:
        request["house_rules"] = house_rules
    if request["discarder"] is None and not _chance(rng, mix.null_discarder):
        del request["discarder"]


def _context(rng: random.Random, region: Region, mix: Mix, request: dict[str, Any],
             wild: Tile, room: int) -> dict[str, Any]:
    """The request's context, as ``mix`` deals it: each circumstance the region reads, in
    the order declared (``rules.circumstances``), drawn with its chance and kept only when
    the request's own checks accept it beside those kept before — so a dealt request never
    says what a request may not. A 財飄 count is at most the wilds still out of the hand
    (``room``); claims as ``_claims`` deals them. Empty for none."""
    context: dict[str, Any] = {}
    for c in CIRCUMSTANCES:
        if c.key not in region.context_keys or not _chance(rng, _chance_of(c, mix)):
            continue
        value = _draw_value(rng, c, mix, request, wild, room)
        if value and _accepted(request, {**context, c.key: value}):
            context[c.key] = value
    return context


def _chance_of(c: Circumstance, mix: Mix) -> float:
    """The ``Mix`` chance of a circumstance: its own field, ``history`` for the hands
    before this one; claims are drawn pair by pair (``_claims``)."""
    if c.kind == "claims":
        return 1.0
    return float(getattr(mix, "history" if c.key.startswith("previous_") else c.key))


def _draw_value(rng: random.Random, c: Circumstance, mix: Mix, request: dict[str, Any],
                wild: Tile, room: int) -> Any:
    """A value of the circumstance's kind (None or empty: nothing to say)."""
    if c.kind == "flag":
        return True
    if c.kind == "dice":
        return [rng.randint(1, 6), rng.randint(1, 6)]
    if c.kind == "tile":
        previous = rng.choice([None, wild, rng.choice(ALL_TILES)])
        return None if previous is None else tile_code(previous)
    if c.kind == "claims":
        exposed = sum(not meld.startswith("ankong") for meld in request["melds"])
        return _claims(rng, mix, request["winner"], exposed)
    most = min(c.limit, room) if c.key == "cai_piao" else min(c.limit, HISTORY_DRAWS)
    return rng.randint(1, most) if most > 0 else 0


def _accepted(request: dict[str, Any], context: dict[str, Any]) -> bool:
    """Whether the request reader finds nothing wrong with ``context`` in ``request``."""
    try:
        parse_request({**request, "context": context}, REGIONS)
    except InvalidRequest as invalid:
        return not any(error["field"].startswith("context") for error in invalid.errors)
    return True


def _claims(rng: random.Random, mix: Mix, winner: str, exposed: int) -> list[dict[str, Any]]:
    """Claims as a request may give them: each ordered pair of players once, with a count
    of 1 to 4; the winner's at most its ``exposed`` melds in all (each claim made one),
    another player's at most CLAIMS_EACH. Each pair claims with the chance ``mix.claims``."""
    budget = dict.fromkeys(SEATS, CLAIMS_EACH)
    budget[winner] = exposed
    claims: list[dict[str, Any]] = []
    for by in SEATS:
        for from_ in SEATS:
            if by != from_ and budget[by] and _chance(rng, mix.claims):
                count = rng.randint(1, budget[by])
                budget[by] -= count
                claims.append({"by": by, "from": from_, "count": count})
    return claims


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
    """One key of ``weights``, drawn with the odds of its weight; a single key draws
    nothing."""
    if len(weights) == 1:
        return next(iter(weights))
    return rng.choices(list(weights), list(weights.values()))[0]


def _chance(rng: random.Random, probability: float) -> bool:
    """True with ``probability``; a certain outcome (0 or 1) draws nothing."""
    if probability <= 0:
        return False
    if probability >= 1:
        return True
    return rng.random() < probability
