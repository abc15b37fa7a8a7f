"""Readings: every way the 14 tiles make a winning shape, each wild given a face.

The interface: ``readings(deal, shapes, pair_wilds=...)`` lists the readings,
``facts(reading, deal)`` is everything a pattern check may read of one, and
``sets_with_one_wild_left`` / ``six_pairs_and_a_lone_wild`` / ``closest_unmatched``
answer the questions about a hand that does not need its readings. Shapes (RULEBOOK §1,
§4): standard (four sets + a pair), seven pairs, and in Jinhua 十三不靠/七風 and 亂風.

What the search guarantees, and what tests hold it to (tests/engine/test_reference.py compares
every score with an exhaustive reference; tests/engine/test_pattern_tables.py runs every check
on every reading):

- Every reading of faces is found: the lowest tile left opens, or sits in, the next
  group. Wilds are placeholders meanwhile, so the search never tries 34 faces per wild:
  a wild joins a group beside natural tiles (its face fixed by the group) or forms a
  group of wilds only, whose face is one of each kind a pattern can tell apart
  (``_free_faces``).
- In a chow, a wild stands only where no natural tile of its face is left (pairs and
  pungs take every mix of naturals and wilds); which group holds it matters
  only for the pair, so when a pattern that may hold reads the pair's wilds
  (``Pattern.reads_pair_wilds``) the pair also takes every mix the tiles allow
  (``_pair_variants``; in seven pairs, ``_seven_pairs``).
- Readings, and the cuts of a suit they are made of, are merged only when their facts
  (``facts``) are the same, keeping the fewest substitutions (the rulebook's tie-break).
- Tiles are counted one way throughout: bytes, one count per face (``Deal.naturals``), a
  suit's block a slice of them. Cached answers are pure functions of their arguments;
  callers never change them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import NamedTuple, cast

from .request import Deal
from .runs import CHOW_CODE, PUNG_CODE, all_run_cuts
from .tiles import SUIT_OF, WHITE, Tile, clear_tile_cache, is_honour

STANDARD, SEVEN_PAIRS, THIRTEEN_LONELY, ALL_HONOURS = (
    "standard", "seven_pairs", "thirteen_lonely", "all_honours")

_F, _W = False, True  # position holds a natural tile / a wild tile


class Group(NamedTuple):
    """A set, a pair or a single tile of a reading."""

    kind: str  # chow, pung, kong, pair, single
    faces: tuple[Tile, ...]  # what each tile stands for
    wilds: tuple[bool, ...]  # which positions are wild tiles
    exposed: bool = False

    @property
    def face(self) -> Tile:
        return self.faces[0]

    @property
    def wild_count(self) -> int:
        return sum(self.wilds)


class Reading(NamedTuple):
    """One way the tiles make a winning shape, with the facts patterns look at, worked
    out once when it is made (``reading``)."""

    shape: str
    groups: tuple[Group, ...]
    suits: frozenset[str]
    pair: Group | None  # standard shape only
    sets: tuple[Group, ...]
    honour_triplets: int
    all_triplets: bool  # standard shape with no chow
    quads: int  # seven pairs: faces making two of the pairs (four identical tiles)
    substitutions: int  # wilds standing for a face other than their own


class Cut(NamedTuple):
    """One way to use every tile of a suit block in sets and at most one pair
    (``_cut_block``), with what it adds to a reading's facts; joined suit by suit, the
    cuts of the suits so far (``_standard``)."""

    wilds: int  # wilds used
    pairs: int  # pairs made (0 or 1)
    groups: tuple[Group, ...]
    sets: tuple[Group, ...]
    pair: Group | None
    substitutions: int
    all_triplets: bool  # no chow among its sets
    honour_pungs: int


def reading(shape: str, groups: tuple[Group, ...], wild: Tile) -> Reading:
    suits = set()
    sets = []
    pair = None
    honour_triplets = 0
    chows = 0
    substitutions = 0
    for g in groups:
        kind = g.kind
        face = g.faces[0]
        suits.add(SUIT_OF[face])
        if kind == "pair":
            pair = g
        elif kind != "single":
            sets.append(g)
            if kind == "chow":
                chows += 1
            elif face >= 27:
                honour_triplets += 1
        if True in g.wilds:
            for f, w in zip(g.faces, g.wilds, strict=True):
                if w and f != wild:
                    substitutions += 1
    quads = 0
    if shape == SEVEN_PAIRS:
        faces = [g.faces[0] for g in groups]
        quads = len(faces) - len(set(faces))
    standard = shape == STANDARD
    return Reading(shape=shape, groups=groups, suits=frozenset(suits),
                   pair=pair if standard else None, sets=tuple(sets),
                   honour_triplets=honour_triplets, all_triplets=standard and not chows,
                   quads=quads, substitutions=substitutions)


def facts(r: Reading, deal: Deal) -> tuple[object, ...]:
    """Everything a pattern check may read of a reading of ``deal`` (the deal's own
    fields aside, the same for every reading of a hand): readings with the same facts
    score alike, so only one of them is matched (tests/engine/test_pattern_tables.py holds
    every check to these). For the standard shape: the suits, honour pungs, all sets
    triplets, whether the pair is a wild with the winning tile (暴頭, 任意胡), and the
    kinds of the groups of wilds only at their own face (財神頭, 三財一刻); for seven
    pairs: the suits, the faces making two pairs, and whether a pair is a wild with the
    winning tile; for the other shapes, the groups themselves."""
    shape = r.shape
    if shape == STANDARD and not deal.wild_count:  # no wild: no wild pair, no wild group
        return (STANDARD, r.suits, False, r.honour_triplets, r.all_triplets, ())
    if shape == STANDARD:
        wild = deal.wild
        own_face: tuple[str, ...] = ()
        for g in r.groups:
            if False not in g.wilds and g.faces[0] == wild:
                own_face += (g.kind,)
        return (STANDARD, r.suits,
                wild_pair_with_win(r.pair, deal),  # type: ignore[arg-type]  # standard: a pair
                r.honour_triplets, r.all_triplets, own_face)
    if shape == SEVEN_PAIRS:
        return (SEVEN_PAIRS, r.suits, r.quads,
                any(wild_pair_with_win(g, deal) for g in r.groups))
    return (shape, r.suits, tuple(sorted((g.faces[0], g.wilds) for g in r.groups)))


def wild_pair_with_win(g: Group, deal: Deal) -> bool:
    """A pair made of a lone wild and the winning tile (two wilds when the winning tile
    is a wild): the hand stood on the wild alone (暴頭, hangzhou.txt:136)."""
    if g.kind != "pair" or True not in g.wilds:
        return False
    wilds = g.wilds.count(True)
    if deal.win_tile == deal.wild:
        return wilds == 2
    return wilds == 1 and g.faces[0] == deal.face(deal.win_tile)


def count_tiles(deal: Deal, tiles: Iterable[Tile]) -> tuple[bytes, int]:
    """Natural tiles counted by face (白 substitutes mapped), as ``Deal.naturals`` counts
    them, and the number of wilds."""
    naturals = bytearray(34)
    for tile in tiles:
        naturals[tile] += 1
    wild = deal.wild
    jokers = naturals[wild]
    naturals[wild] = 0
    if deal.substitutes:
        naturals[wild] = naturals[WHITE]
        naturals[WHITE] = 0
    return bytes(naturals), jokers


def readings(deal: Deal, shapes: tuple[str, ...], *, pair_wilds: bool = True) -> list[Reading]:
    """Every reading of the deal's tiles in the region's shapes. ``pair_wilds``: a
    pattern that may hold reads which of the pair's tiles are wilds, so the pair takes
    every mix of naturals and wilds the tiles allow (``_pair_variants``); without
    it each reading keeps the pair the search cut."""
    naturals, jokers = deal.naturals, deal.wild_count
    melds: tuple[Group, ...] = ()
    if deal.melds:
        as_white = deal.wild if deal.substitutes else WHITE
        melds = tuple([_meld_group(m.kind, m.tiles, as_white) for m in deal.melds])
    found: list[Reading] = []
    if STANDARD in shapes:
        if jokers:
            found += _standard(deal, naturals, jokers, melds, pair_wilds)
        else:
            found += _standard_plain(deal, naturals, melds)
    # A wild pairs each face held once or three times.
    if SEVEN_PAIRS in shapes and not melds and (
            naturals.count(1) + naturals.count(3) <= jokers if jokers
            else 1 not in naturals and 3 not in naturals):
        found += _seven_pairs(deal, naturals, jokers)
    if THIRTEEN_LONELY in shapes and not melds and max(naturals) <= 2:
        found += _thirteen_lonely(deal, naturals, jokers)
    if ALL_HONOURS in shapes and naturals[:27] == _NO_SUITED_TILES:
        found += _all_honours(deal, naturals, jokers, melds)
    return found


_NO_SUITED_TILES = bytes(27)  # the characters, dots and bamboo of an honours-only hand


def sets_with_one_wild_left(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """Whether 13 tiles are complete sets plus one lone wild (暴頭-ready, hangzhou.txt:136)."""
    naturals, jokers = count_tiles(deal, tiles)
    if not jokers or len(tiles) % 3 != 1:
        return False
    # Only whether a split exists matters, so the suits' cuts are not merged into splits.
    # Each suit's cuts take its tiles and the wilds they use into sets; the tiles and the
    # wilds but one number 3k, so whatever the suits leave of the wilds is 3k too and
    # makes sets on its own. So a split exists when the cheapest cut of each suit leaves
    # a wild or more to spare.
    spare = jokers - 1
    for first, size in _BLOCKS:
        block = naturals[first:first + size]
        if any(block):
            spare -= _fewest_wilds(block, first if first == 27 else 0)
            if spare < 0:
                return False
    return True


@lru_cache(maxsize=1 << 13)
def _fewest_wilds(block: bytes, first: int) -> int:
    """The fewest wilds that make every tile of one suit block into sets, no pair. Only
    the number is sought, so this is far cheaper than the block's cuts; a block is
    always cut by some number (a pung of two wilds takes any tile). ``first`` is 0 for
    every number suit (the place of a suit changes no count), 27 for the honours."""
    low = _lowest(block)
    if low is None:
        return 0
    # two wilds are enough for any group that opens with the lowest tile
    return min([opened.wilds + _fewest_wilds(_take(block, opened.taken), first)
                for opened in _groups_opened_by(low, _opening_view(block, low), first, 2, 0,
                                                -1)])


def _lowest(block: bytes) -> int | None:
    """The place of the lowest tile held in a block, None when it is empty."""
    held = block.lstrip(b"\0")
    return len(block) - len(held) if held else None


_MELD_GROUP_KINDS = {"chi": "chow", "pung": "pung", "kong": "kong", "ankong": "kong"}


@lru_cache(maxsize=1024)
def _meld_group(kind: str, tiles: tuple[Tile, ...], as_white: Tile) -> Group:
    """A meld as a group of its reading: what its tiles are (白 as ``as_white``: the
    wild's face where 白 substitutes for it). The same melds recur from hand to hand."""
    faces = tuple([as_white if t == WHITE else t for t in tiles])
    return Group(_MELD_GROUP_KINDS[kind], faces, (_F,) * len(tiles), kind != "ankong")


# --- standard: four sets and a pair ---

# Groups of wilds only, by the face they stand for: a pair, a pung.
_ALL_WILD_PAIRS = tuple(Group("pair", (f, f), (_W, _W)) for f in range(34))
_ALL_WILD_PUNGS = tuple(Group("pung", (f, f, f), (_W, _W, _W)) for f in range(34))


def _standard(deal: Deal, naturals: bytes, jokers: int, melds: tuple[Group, ...],
              pair_wilds: bool) -> list[Reading]:
    """Four sets and a pair, with wilds. Each suit is cut on its own (a set never
    crosses suits, ``_cut_block``), its cuts coming with their facts; the suits' cuts are
    joined while they use no more wilds and pairs than there are, and the wilds left
    over make groups of their own (a pair, pungs), their faces picked from
    ``_free_faces``. A reading's facts are put together from those of its parts, as
    ``reading`` would find them."""
    wild = deal.wild
    win_face = deal.face(deal.win_tile)
    suits = honour_pungs = 0
    triplets = True
    for g in melds:
        face = g.faces[0]
        suits |= 1 << face // 9
        if g.kind == "chow":
            triplets = False
        elif face >= 27:
            honour_pungs += 1
    # The readings so far, each as the cut of the suits joined so far (melds first). Of
    # those with the same facts (the same wilds and pairs used, the same pair, all
    # triplets or not, the same honour pungs) only the one with the fewest substitutions
    # is kept: they give readings with the same facts (the suits are the hand's), told
    # apart only by their groups.
    heads = [Cut(wilds=0, pairs=0, groups=melds, sets=melds, pair=None, substitutions=0,
                 all_triplets=triplets, honour_pungs=honour_pungs)]
    for bit, (first, size) in enumerate(_BLOCKS):
        block = naturals[first:first + size]
        if not any(block):
            continue
        suits |= 1 << bit
        # The wild's face matters to a block only as a substitution count inside it;
        # leaving it out otherwise lets hands with other wilds share cached cuts.
        own = wild if first <= wild < first + size else -1
        win = None  # no pattern that may hold reads the pair's wilds (``_cut_block``)
        if pair_wilds:
            if deal.win_tile == wild:
                win = -1
            elif first <= win_face < first + size:
                win = win_face
            else:
                win = -2
        cuts = _cut_block(block, first, jokers, own, win)
        joined: dict[tuple[int, int, Group | None, bool, int], Cut] = {}
        for head in heads:
            for cut in cuts:
                wilds = head.wilds + cut.wilds
                pairs = head.pairs + cut.pairs
                if wilds > jokers or pairs > 1:
                    continue
                pair = cut.pair or head.pair
                all_triplets = head.all_triplets and cut.all_triplets
                pungs = head.honour_pungs + cut.honour_pungs
                substitutions = head.substitutions + cut.substitutions
                same = (wilds, pairs, pair, all_triplets, pungs)
                kept = joined.get(same)
                if kept is None or substitutions < kept.substitutions:
                    joined[same] = Cut(wilds=wilds, pairs=pairs, groups=head.groups + cut.groups,
                                       sets=head.sets + cut.sets, pair=pair,
                                       substitutions=substitutions, all_triplets=all_triplets,
                                       honour_pungs=pungs)
        if not joined:
            return []
        heads = list(joined.values())
    found = []
    candidates = None
    for head in heads:
        free_pair = 1 - head.pairs
        left = jokers - head.wilds - 2 * free_pair
        if left < 0 or left % 3 or len(head.sets) + left // 3 != 4:
            continue
        if not left and not free_pair:
            found.append(_standard_reading(head, suits))
            continue
        candidates = candidates or _free_faces(deal, naturals, melds)
        for faces in _free_assignments(free_pair + left // 3, candidates):
            found.append(_with_wild_groups(head, suits, faces, free_pair, wild))
    return found


def _standard_reading(cut: Cut, suits: int) -> Reading:
    """The standard reading whose groups are those of ``cut``, the whole hand's, in
    ``suits`` (a bit per suit)."""
    return Reading(shape=STANDARD, groups=cut.groups, suits=_SUIT_SETS[suits], pair=cut.pair,
                   sets=cut.sets, honour_triplets=cut.honour_pungs,
                   all_triplets=cut.all_triplets, quads=0, substitutions=cut.substitutions)


def _swap(sets: list[Group], face: Tile, count: int, to_wild: bool) -> list[Group] | None:
    """``sets`` with ``count`` of their tiles standing for ``face`` changed from natural to
    wild (``to_wild``) or back: the tiles a pair trades with them. None if they hold too
    few."""
    for _ in range(count):
        for index, g in enumerate(sets):
            place = next((k for k, (f, w) in enumerate(zip(g.faces, g.wilds, strict=True))
                          if f == face and w != to_wild), None)
            if place is not None:
                flags = list(g.wilds)
                flags[place] = to_wild
                if g.kind != "chow":
                    flags.sort()  # a pung's wilds after its naturals, as the search makes them
                sets[index] = Group(g.kind, g.faces, tuple(flags), g.exposed)
                break
        else:
            return None
    return sets


def _with_wild_groups(head: Cut, suits: int, faces: tuple[Tile, ...], free_pair: int,
                      wild: Tile) -> Reading:
    """A standard reading of ``head`` (the suits' cuts joined, in ``suits``) completed by
    groups of wilds only standing for ``faces``: the pair first when ``free_pair``, then
    pungs."""
    groups, sets, pair = head.groups, head.sets, head.pair
    substitutions, honour_pungs = head.substitutions, head.honour_pungs
    for face in faces:
        suits |= 1 << face // 9
        if free_pair:
            free_pair = 0
            group = pair = _ALL_WILD_PAIRS[face]
        else:
            group = _ALL_WILD_PUNGS[face]
            sets += (group,)
            honour_pungs += face >= 27
        groups += (group,)
        if face != wild:
            substitutions += len(group.wilds)
    return _standard_reading(head._replace(groups=groups, sets=sets, pair=pair,
                                           substitutions=substitutions,
                                           honour_pungs=honour_pungs), suits)


# The suits present (m p s z), by a bit mask of them: the suits of a plain reading.
_SUIT_SETS = tuple(frozenset(letter for bit, letter in enumerate("mpsz") if mask >> bit & 1)
                   for mask in range(16))


def _standard_plain(deal: Deal, naturals: bytes, melds: tuple[Group, ...]) -> list[Reading]:
    """``_standard`` for a hand without wilds, the common case. Each suit's cuts come
    with the facts a reading needs (cached with the cuts, ``_plain_block``), so the
    readings are put together from those instead of going over their groups again;
    every tile is natural, so the suits are those of the blocks and melds, and nothing
    is substituted."""
    per_block = []
    suits = 0
    for first, end, empty, bit, cache in _PLAIN_BLOCKS:
        block = naturals[first:end]
        if block != empty:
            cuts = _plain_block(cache, block, first)
            if not cuts:
                return []
            per_block.append(cuts)
            suits |= bit
    # melds are sets: they count towards all triplets and the honour pungs
    meld_triplets = True
    meld_honour_pungs = 0
    for g in melds:
        face = g.faces[0]
        suits |= 1 << face // 9
        if g.kind == "chow":
            meld_triplets = False
        elif face >= 27:
            meld_honour_pungs += 1
    found = []
    for combo in product(*per_block):  # one cut of each suit
        pairs, groups, sets, pair = 0, melds, melds, None
        all_triplets, honour_pungs = meld_triplets, meld_honour_pungs
        for cut in combo:
            pairs += cut.pairs
            groups += cut.groups
            sets += cut.sets
            if cut.pair is not None:
                pair = cut.pair
            all_triplets = all_triplets and cut.all_triplets
            honour_pungs += cut.honour_pungs
        if pairs == 1:  # and so four sets: every tile is in a group
            found.append(Reading(shape=STANDARD, groups=groups, suits=_SUIT_SETS[suits],
                                 pair=pair, sets=sets, honour_triplets=honour_pungs,
                                 all_triplets=all_triplets, quads=0, substitutions=0))
    return found


_BLOCKS = ((0, 9), (9, 9), (18, 9), (27, 7))

# The suit blocks as the hands without wilds read them: (first face, end, the block
# when empty, the suit's bit, the suit's cached cuts by block). A dict per suit keyed
# by the block alone; ``_plain_block`` bounds it.
_PLAIN_BLOCKS: tuple[tuple[int, int, bytes, int, dict[bytes, tuple[Cut, ...]]], ...] = tuple(
    (first, first + size, bytes(size), 1 << i, {}) for i, (first, size) in enumerate(_BLOCKS))
_BLOCKS_KEPT = 1 << 13  # per suit


_PAIRS = tuple(Group("pair", (f, f), (_F, _F)) for f in range(34))
_PUNGS = tuple(Group("pung", (f, f, f), (_F, _F, _F)) for f in range(34))
_CHOWS = tuple(Group("chow", (f, f + 1, f + 2), (_F, _F, _F)) for f in range(34))


def _plain_block(cache: dict[bytes, tuple[Cut, ...]], block: bytes, first: int) -> tuple[Cut, ...]:
    """``_block_cuts``, looked up in the suit's cache (``_PLAIN_BLOCKS``) and kept there
    when new (the cache is emptied when full: the blocks of the hands at hand soon come
    back)."""
    cuts = cache.get(block)
    if cuts is None:
        if len(cache) >= _BLOCKS_KEPT:
            cache.clear()
        cuts = cache[block] = _block_cuts(block, first)
    return cuts


_RUN_CUTS: dict[bytes, tuple[bytes, ...]] = {}  # runs.all_run_cuts(), once built


def _block_cuts(block: bytes, first: int) -> tuple[Cut, ...]:
    """The cuts of a suit block without wilds into sets and at most one pair, each with
    its facts (``Cut``).

    No set spans an empty place, so each run of held faces is cut on its own, its cuts
    read from the table of runs (``runs.all_run_cuts``, built when the first hand
    without wilds is cut). The lowest tile is always placed first, so the block's cuts
    are its runs' cuts taken in order, one of each, with at most one pair among them. A
    run of 3k + 2 tiles makes one pair, of 3k tiles none."""
    if first == 27:
        return _honour_block(block)
    if not _RUN_CUTS:
        _RUN_CUTS.update(all_run_cuts())
    held = block.lstrip(b"\0")
    start = first + len(block) - len(held)
    held = held.rstrip(b"\0")
    if b"\0" not in held:  # a single run, as most blocks are
        return _run_cuts_at(held, start)
    runs = []
    for run in held.split(b"\0"):
        if run:
            cuts = _run_cuts_at(run, start)
            if not cuts:
                return ()
            runs.append(cuts)
        start += len(run) + 1
    found = []
    for combo in product(*runs):
        if sum(cut.pairs for cut in combo) <= 1:
            found.append(_joined(combo))
    return tuple(found)


@lru_cache(maxsize=1 << 15)  # more than every run at every face
def _run_cuts_at(run: bytes, start: int) -> tuple[Cut, ...]:
    """The cuts of a run of held faces (counts) from face ``start``, from the table of
    runs; none when it cannot be cut. Part of the table, read as needed: kept like it
    when the other caches are emptied (``clear_reading_caches``)."""
    return tuple([_plain_cut(codes, start) for codes in _RUN_CUTS.get(run, ())])


def _plain_cut(codes: bytes, start: int) -> Cut:
    """A cut of the table of runs (its groups' codes, ``runs``) for a run from face
    ``start``. A pair's code is below any set's, a chow's above any pung's."""
    at = _GROUPS_FROM[start]
    groups = tuple([at[code] for code in codes])
    lowest = min(codes)
    if lowest >= PUNG_CODE:
        pair, sets = None, groups
    else:
        pair, sets = at[lowest], tuple([at[code] for code in codes if code >= PUNG_CODE])
    return Cut(wilds=0, pairs=int(pair is not None), groups=groups, sets=sets, pair=pair,
               substitutions=0, all_triplets=max(codes) < CHOW_CODE, honour_pungs=0)


# A run's groups by code (kind times 9 plus the place of its lowest tile, ``runs``), for
# a run from each face (None past the last face; no cut reaches there, hence the cast).
_GROUPS_FROM = cast(tuple[tuple[Group, ...], ...], tuple(
    tuple(kind[start + place] if start + place < 34 else None
          for kind in (_PAIRS, _PUNGS, _CHOWS) for place in range(9))
    for start in range(34)))


def _joined(cuts: tuple[Cut, ...]) -> Cut:
    """One cut of the tiles of all of ``cuts`` (each of other tiles, no wilds)."""
    groups: tuple[Group, ...]
    sets: tuple[Group, ...]
    pairs, groups, sets, pair, all_triplets, honour_pungs = 0, (), (), None, True, 0
    for cut in cuts:
        pairs += cut.pairs
        groups += cut.groups
        sets += cut.sets
        if cut.pair is not None:
            pair = cut.pair
        all_triplets = all_triplets and cut.all_triplets
        honour_pungs += cut.honour_pungs
    return Cut(wilds=0, pairs=pairs, groups=groups, sets=sets, pair=pair, substitutions=0,
               all_triplets=all_triplets, honour_pungs=honour_pungs)


def _honour_block(block: bytes) -> tuple[Cut, ...]:
    """``_block_cuts`` for the honours: no chows, so each held face is a pair or a pung."""
    groups = []
    for offset, n in enumerate(block):
        if n == 2:
            groups.append(_PAIRS[27 + offset])
        elif n == 3:
            groups.append(_PUNGS[27 + offset])
        elif n:
            return ()
    sets = tuple([g for g in groups if g.kind == "pung"])
    pairs = len(groups) - len(sets)
    if pairs > 1:
        return ()
    return (Cut(wilds=0, pairs=pairs, groups=tuple(groups), sets=sets,
                pair=next((g for g in groups if g.kind == "pair"), None), substitutions=0,
                all_triplets=True, honour_pungs=len(sets)),)


def clear_reading_caches() -> None:
    """Forget cached suit cuts and tile runs (for honest cold-cache benchmarks); the
    table of runs stays (``_block_cuts``)."""
    _cut_block.cache_clear()
    _cuts.cache_clear()
    _groups_opened_by.cache_clear()
    _fewest_wilds.cache_clear()
    _unmatched.cache_clear()
    for *_, cache in _PLAIN_BLOCKS:
        cache.clear()
    _meld_group.cache_clear()
    clear_tile_cache()


@lru_cache(maxsize=1 << 15)
def _cut_block(block: bytes, first: int, jokers: int, wild: Tile,
               win: Tile | None) -> tuple[Cut, ...]:
    """Ways to use every tile of one suit (its counts by face, from ``first``) in sets and
    at most one pair, with at most ``jokers`` wilds, each with the facts a reading needs
    (``Cut``).

    The lowest tile left must open, or sit in, the next group, so every reading of
    faces is found; in a chow a wild stands only where no natural tile of its face is
    left (``_groups_opened_by``). Which group holds a wild changes none of a reading's
    facts but the pair's. ``win`` is None when no pattern that may hold reads it; else
    the winning tile's face when it is in this suit, -1 when the winning tile is a
    wild, -2 when its face is in another suit, and the pairs those patterns look for are
    added (``_pair_variants``). Of cuts with the same facts only the one with the
    fewest wild substitutions is kept. A pure function of small arguments, so its
    answers are cached: the same suit shapes recur from hand to hand."""
    found = []
    at = _GROUPS_BY_CODE[first]
    for (wilds, pairs, all_triplets, _), subs, codes in _cuts(
            block, 27 if first == 27 else 0, jokers, 1,
            wild - first if wild >= 0 else _NO_PLACE,
            win - first if win is not None and win >= 0 else _NO_PLACE):
        groups = tuple([at[code] for code in codes])
        pair = None
        sets = groups
        if pairs:  # the pair's code is the lowest (``_SHAPES``)
            place = codes.index(min(codes))
            pair = groups[place]
            sets = groups[:place] + groups[place + 1:]
        found.append(Cut(wilds=wilds, pairs=pairs, groups=groups, sets=sets, pair=pair,
                         substitutions=subs, all_triplets=all_triplets,
                         honour_pungs=len(sets) if first == 27 else 0))
    if win is not None and (win != -2 or wild >= 0):  # else no pair it looks for is here
        found = _pair_variants(found, jokers, wild, win)
    return tuple(found)


def _pair_variants(cuts: list[Cut], jokers: int, wild: Tile, win: Tile) -> list[Cut]:
    """``cuts`` and, for each, the pairs that patterns reading the pair's wilds look for
    (``Pattern.reads_pair_wilds``): a wild with the winning tile's face ``win`` (暴頭,
    任意胡; when the winning tile is a wild, ``win`` is -1 and that pair is two wilds), or
    two wilds at their own face (財神頭). A wild standing for X in a set and a natural X
    elsewhere can change places: the faces and the substitutions stay, but not which
    group holds the wild. So a pair of face X may trade tiles with the sets, and a cut
    without a pair may take one from them, a natural ``win`` with a wild, the set taking
    a wild for it (two wilds more). Of cuts with the same facts only the one with the
    fewest substitutions is kept."""
    def same(cut: Cut) -> tuple[int, int, Group | None, bool, int]:
        return cut.wilds, cut.pairs, cut.pair, cut.all_triplets, cut.honour_pungs

    best = {same(cut): cut for cut in cuts}

    def keep(cut: Cut) -> None:
        kept = best.get(same(cut))
        if kept is None or cut.substitutions < kept.substitutions:
            best[same(cut)] = cut

    for cut in cuts:
        pair, sets = cut.pair, cut.sets
        if pair is not None:
            face, held = pair.faces[0], sum(pair.wilds)
            wanted = []
            if face == win:
                wanted.append(1)
            if win == -1 or face == wild:
                wanted.append(2)
            for want in wanted:
                if want == held:
                    continue
                # the pair gives wilds for the sets' naturals, or naturals for their wilds
                traded = _swap(list(sets), face, abs(held - want), to_wild=want < held)
                if traded is not None:
                    new_pair = _PAIR_WITH_WILDS[want][face]
                    keep(cut._replace(groups=(*traded, new_pair), sets=tuple(traded),
                                      pair=new_pair))
        elif win >= 0 and cut.wilds + 2 <= jokers:
            traded = _swap(list(sets), win, 1, to_wild=True)
            if traded is not None:
                new_pair = _WILD_PAIRS[win]
                keep(cut._replace(wilds=cut.wilds + 2, pairs=1, groups=(*traded, new_pair),
                                  sets=tuple(traded), pair=new_pair,
                                  substitutions=cut.substitutions + 2 * (win != wild)))
    return list(best.values())


# What tells the cuts of ``_cuts`` apart, their key: (wilds used, pairs made (0 or 1),
# no chow among the sets, the pair: NO_PAIR, NATURAL_PAIR, NATURAL_PAIR_OF_WIN or, for
# a pair with a wild, its place + 3). That is every fact of a reading that a suit's cut
# decides (``facts``; the suit and the honour pungs follow from the block and the wilds
# used), and what ``_pair_variants`` needs: cuts with one key give readings with the
# same facts, and of those the one with the fewest substitutions is kept.
NO_PAIR, NATURAL_PAIR, NATURAL_PAIR_OF_WIN = 0, 1, 2
_CutKey = tuple[int, int, bool, int]
_KeyedCut = tuple[_CutKey, int, tuple[int, ...]]  # (the key, substitutions, the codes)
_NO_PLACE = -9  # ``_cuts``' place of the wild or the winning face when not in the suit


@lru_cache(maxsize=1 << 15)
def _cuts(block: bytes, first: int, jokers: int, pair: int, wild: int,
          win: int) -> tuple[_KeyedCut, ...]:
    """``_cut_block`` with what tells cuts apart carried along: (the key above, wild
    substitutions, the groups' codes). Spelled the same for every number suit, so that
    the suits share cached cuts: ``first`` is 0 for a number suit and 27 for the
    honours, the groups are codes (``_SHAPES``) and ``wild`` is the place of the wild's
    face in the block (``_NO_PLACE`` when it is in another suit). ``win`` is the place
    of the winning tile's face when a pattern reads the pair's wilds (else
    ``_NO_PLACE``): a natural pair there is told apart from other natural pairs, since
    it may trade a tile for a wild (``_pair_variants``). Every level works to the same
    wild budget, so the cached cuts of a remainder serve whatever number of wilds the
    groups above it took."""
    low = _lowest(block)
    if low is None:
        return (((0, 0, True, NO_PAIR), 0, ()),)
    if win >= 0 and not block[win]:
        return _cuts(block, first, jokers, pair, wild, _NO_PLACE)  # no winning face left
    best: dict[_CutKey, _KeyedCut] = {}
    # the groups of ``low`` span two places either side: a wild's face further off is
    # none of theirs (so the cache serves every such wild alike)
    near = first + wild if wild >= 0 and abs(wild - low) <= 2 else -1
    for opened in _groups_opened_by(low, _opening_view(block, low), first, min(jokers, 2),
                                    pair, near):
        chow = opened.group.kind == "chow"
        if not opened.made_pair:
            pair_kind = None
        elif opened.wilds:
            pair_kind = low + 3
        else:
            pair_kind = NATURAL_PAIR_OF_WIN if low == win else NATURAL_PAIR
        for (wilds, pairs, all_triplets, rest_pair), subs, codes in _cuts(
                _take(block, opened.taken), first, jokers, pair - opened.made_pair, wild,
                win):
            wilds += opened.wilds
            if wilds > jokers:
                continue
            key = (wilds, pairs + opened.made_pair, all_triplets and not chow,
                   rest_pair if pair_kind is None else pair_kind)
            subs += opened.substitutions
            kept = best.get(key)
            if kept is None or subs < kept[1]:
                best[key] = (key, subs, (opened.code, *codes))
    return tuple(best.values())


# Groups with wilds, made once: a pair, pungs with one or two wilds, by face; chows by
# their first face and which of their places are wilds (a bit each, lowest first).
_WILD_PAIRS = tuple(Group("pair", (f, f), (_F, _W)) for f in range(34))
# pairs by how many of their two tiles are wilds, then by face
_PAIR_WITH_WILDS = (_PAIRS, _WILD_PAIRS, _ALL_WILD_PAIRS)
_PUNGS_ONE_WILD = tuple(Group("pung", (f, f, f), (_F, _F, _W)) for f in range(34))
_PUNGS_TWO_WILDS = tuple(Group("pung", (f, f, f), (_F, _W, _W)) for f in range(34))
_WILD_CHOWS = tuple(tuple(Group("chow", (f, f + 1, f + 2),
                                (bool(mask & 1), bool(mask & 2), bool(mask & 4)))
                          for mask in range(8))
                    for f in range(27))

# The kinds of group a cut with wilds is made of, each (kind, which places are wilds);
# a group's code is its lowest place in the suit plus 9 times its shape's index here.
# The pairs come first, so a cut's pair has its lowest code.
_SHAPES = (("pair", (_F, _F)), ("pair", (_F, _W)),
           ("pung", (_F, _F, _F)), ("pung", (_F, _F, _W)), ("pung", (_F, _W, _W)),
           *(("chow", g.wilds) for g in _WILD_CHOWS[0]))
_SHAPE_INDEX = {shape: index for index, shape in enumerate(_SHAPES)}


def _group_by_code(first: int, code: int) -> Group | None:
    face = first + code % 9
    shape = code // 9
    if shape >= 5:
        return _WILD_CHOWS[face][shape - 5] if first < 27 and code % 9 <= 6 else None
    if first == 27 and code % 9 >= 7:
        return None
    return (_PAIRS, _WILD_PAIRS, _PUNGS, _PUNGS_ONE_WILD, _PUNGS_TWO_WILDS)[shape][face]


# Each suit's groups by code (None where a code has no group in the suit; no cut has such
# a code, hence the cast).
_GROUPS_BY_CODE = cast(dict[int, tuple[Group, ...]], {
    first: tuple(_group_by_code(first, code) for code in range(9 * len(_SHAPES)))
    for first, _ in _BLOCKS})


class Opened(NamedTuple):
    """A group holding the lowest tile left of a suit block (``_groups_opened_by``)."""

    group: Group
    code: int  # the group's code (``_SHAPES``)
    taken: tuple[int, ...]  # the places of its natural tiles in the block, one per tile
    wilds: int  # wilds used
    made_pair: int  # 1 for a pair
    substitutions: int  # its wilds standing for another face than their own


def _opening_view(block: bytes, low: int) -> tuple[int, bool, bool]:
    """What the groups holding the lowest tile ``low`` depend on in its block: how many
    it holds (three or more alike), and whether the two places above hold any."""
    size = len(block)
    return (min(block[low], 3), low + 1 < size and block[low + 1] > 0,
            low + 2 < size and block[low + 2] > 0)


@lru_cache(maxsize=1 << 14)
def _groups_opened_by(low: int, view: tuple[int, bool, bool], first: int, jokers: int,
                      pair: int, wild: Tile) -> tuple[Opened, ...]:
    """Groups holding the lowest tile ``low`` of a suit block (places from face
    ``first``), the block seen as ``_opening_view`` gives, with at most ``jokers`` wilds
    (two are enough for any group) and a pair only when ``pair``; ``wild`` is the wild's
    face (-1 when it is in another suit). Cached: few views recur."""
    n, next_held, after_held = view
    face = first + low
    # a wild standing for ``face`` is a substitution unless it is the wild's own face
    sub = int(face != wild)
    found = []
    if pair:
        if n >= 2:
            found.append(_opened(first, _PAIRS[face], (low, low), 0, 1, 0))
        if jokers:
            found.append(_opened(first, _WILD_PAIRS[face], (low,), 1, 1, sub))
    if n >= 3:
        found.append(_opened(first, _PUNGS[face], (low, low, low), 0, 0, 0))
    if n >= 2 and jokers:
        found.append(_opened(first, _PUNGS_ONE_WILD[face], (low, low), 1, 0, sub))
    if jokers >= 2:
        found.append(_opened(first, _PUNGS_TWO_WILDS[face], (low,), 2, 0, 2 * sub))
    if first == 27:
        return tuple(found)
    # Chows: below ``low`` nothing is left, so those places are wilds; above it a place
    # is a natural tile when the block holds one. (A wild standing for a face whose
    # natural tile sits in another group gives the same faces; which group holds the
    # wild is settled for the pair afterwards, ``_pair_variants``.)
    if low >= 2 and jokers >= 2:  # low is the chow's last tile
        found.append(_opened(first, _WILD_CHOWS[face - 2][0b011], (low,), 2, 0,
                             (face - 2 != wild) + (face - 1 != wild)))
    if 1 <= low <= 7 and jokers:  # the middle tile
        if next_held:
            found.append(_opened(first, _WILD_CHOWS[face - 1][0b001], (low, low + 1), 1, 0,
                                 int(face - 1 != wild)))
        elif jokers >= 2:
            found.append(_opened(first, _WILD_CHOWS[face - 1][0b101], (low,), 2, 0,
                                 (face - 1 != wild) + (face + 1 != wild)))
    if low <= 6:  # the first tile
        taken = [low]
        mask = need = substituted = 0
        for place, held, bit in ((low + 1, next_held, 0b010), (low + 2, after_held, 0b100)):
            if held:
                taken.append(place)
            else:
                mask |= bit
                need += 1
                substituted += first + place != wild
        if need <= jokers:
            found.append(_opened(first, _WILD_CHOWS[face][mask], tuple(taken), need, 0,
                                 substituted))
    return tuple(found)


def _opened(first: int, group: Group, taken: tuple[int, ...], wilds: int, made_pair: int,
            substitutions: int) -> Opened:
    code = group.faces[0] - first + 9 * _SHAPE_INDEX[group.kind, group.wilds]
    return Opened(group, code, taken, wilds, made_pair, substitutions)


def _take(block: bytes, places: tuple[int, ...]) -> bytes:
    """``block`` less one tile at each of ``places``."""
    rest = bytearray(block)
    for place in places:
        rest[place] -= 1
    return bytes(rest)


def _free_faces(deal: Deal, naturals: bytes, melds: tuple[Group, ...]) -> list[Tile]:
    """Faces tried for a group of wilds only. A pattern sees such a group only through
    the reading's suits (how many number suits, and whether honours are among them: the
    checks are suit-blind), whether it is an honour, whether it is the wild's own face
    (no substitution; 財神頭, 三財一刻) and, in seven pairs, whether its face is held
    already (``_spare_wild_pairs`` adds those). So one face of each kind is enough: the
    wild's own face; a number suit the hand holds; one it lacks; an honour — each
    unless the wild's own face is of that kind already. Each face is one the hand does
    not hold where the suit has one."""
    wild = deal.wild
    held = bytearray(naturals)  # the natural tiles by face (bytes), and the melds'
    for g in melds:
        for f in g.faces:
            held[f] = 1

    held_suits = [any(held[first:first + size]) for first, size in _BLOCKS]
    wild_suit = wild // 9
    wild_kind = ("honour" if wild_suit == 3 else "held" if held_suits[wild_suit]
                 else "lacked")
    suits = []
    if wild_kind != "held":
        suits += [s for s in range(3) if held_suits[s]][:1]
    if wild_kind != "lacked":
        suits += [s for s in range(3) if not held_suits[s]][:1]
    if wild_kind != "honour":
        suits.append(3)
    faces = [wild]
    for suit in suits:
        first, size = _BLOCKS[suit]
        block = held[first:first + size]
        place = block.find(0)
        if place >= 0 and first + place == wild:
            place = block.find(0, place + 1)
        if place < 0:  # every face held: the first that is not the wild's
            place = 0 if first != wild else 1
        faces.append(first + place)
    return faces


def _free_assignments(count: int, candidates: list[Tile]) -> list[tuple[Tile, ...]]:
    if count == 0:
        return [()]
    return [tuple(c) for c in combinations_with_replacement(candidates, count)] if count > 1 \
        else [(c,) for c in candidates]


# --- seven pairs (RULEBOOK §1: four identical tiles may be two of the pairs) ---

def _seven_pairs(deal: Deal, naturals: bytes, jokers: int) -> list[Reading]:
    """Seven pairs, every way: a face held once pairs with a wild; held twice, it is a
    natural pair or two pairs each with a wild (the drawn tile may pair with a lone
    wild, 七對子爆頭); three times, a natural pair and one with a wild; four times, two
    natural pairs. The wilds left over pair up, onto a face that has one pair (four of a
    kind) or a new face (``_free_faces``). One face never gives more than two pairs."""
    fixed = []  # the pairs every reading has
    splittable = []  # faces held twice
    spare = jokers
    for face in range(34):
        n = naturals[face]
        if n == 1:
            fixed.append(_WILD_PAIRS[face])
            spare -= 1
        elif n == 2:
            splittable.append(face)
        elif n == 3:
            fixed += (_PAIRS[face], _WILD_PAIRS[face])
            spare -= 1
        elif n == 4:
            fixed += (_PAIRS[face], _PAIRS[face])
        elif n > 4:
            return []
    if spare < 0 or len(fixed) + len(splittable) + spare // 2 != 7:
        return []
    wild = deal.wild
    if not jokers:  # no wild: the natural pairs are the one reading
        return [_seven_pairs_reading(tuple(sorted(fixed + [_PAIRS[f] for f in splittable])),
                                     wild)]
    # Splitting a face held twice gives the faces that a natural pair and a pair of
    # wilds on that face give (four of a kind either way), with the same substitutions:
    # of a reading's facts only a pair of a wild and the winning tile tells them apart,
    # so only the winning tile's face is split.
    win_face = deal.face(deal.win_tile)
    may_split = [face for face in splittable if face == win_face]
    found: dict[tuple[Group, ...], Reading] = {}
    for split_count in range(min(len(may_split), spare // 2) + 1):
        for split in combinations(may_split, split_count):
            pairs = list(fixed)
            for face in splittable:
                if face in split:
                    pairs += (_WILD_PAIRS[face], _WILD_PAIRS[face])
                else:
                    pairs.append(_PAIRS[face])
            for extra in _spare_wild_pairs(deal, pairs, (spare - 2 * split_count) // 2,
                                           naturals):
                groups = tuple(sorted(pairs + extra))
                if groups not in found:
                    found[groups] = _seven_pairs_reading(groups, wild)
    return list(found.values())


def _seven_pairs_reading(groups: tuple[Group, ...], wild: Tile) -> Reading:
    """A seven-pairs reading of ``groups`` with its facts: the suits, the faces making two
    pairs, and the wilds standing for another face."""
    faces = set()
    substitutions = 0
    for g in groups:
        face = g.faces[0]
        faces.add(face)
        if face != wild:
            substitutions += g.wilds.count(True)
    return Reading(shape=SEVEN_PAIRS, groups=groups,
                   suits=frozenset([SUIT_OF[f] for f in faces]), pair=None, sets=(),
                   honour_triplets=0, all_triplets=False, quads=7 - len(faces),
                   substitutions=substitutions)


def _spare_wild_pairs(deal: Deal, pairs: list[Group], count: int,
                      naturals: bytes) -> list[list[Group]]:
    """Where pairs of wilds can go: onto a face that has one pair, making four of a kind
    (豪華), or onto a new face — its own face or one face of each suit."""
    if count == 0:
        return [[]]
    per_face: dict[Tile, int] = {}
    for g in pairs:
        face = g.faces[0]
        per_face[face] = per_face.get(face, 0) + 1
    # A pair of wilds on a face that has one pair changes only the four of a kind it
    # makes (the suit is held already), and its substitutions: so the first ``count``
    # such faces are enough, the wild's own face first.
    singles = sorted((f for f, n in per_face.items() if n == 1), key=lambda f: f != deal.wild)
    singles = singles[:count]
    new = [f for f in _free_faces(deal, naturals, ()) if f not in per_face]
    options = [("up", f) for f in singles] + [("new", f) for f in dict.fromkeys(new)]
    found = []
    for choice in combinations_with_replacement(options, count):
        ups = [f for kind, f in choice if kind == "up"]
        if len(set(ups)) != len(ups):
            continue
        found.append([_ALL_WILD_PAIRS[f] for _, f in choice])
    return found


def six_pairs_and_a_lone_wild(deal: Deal) -> bool:
    """Whether the 13 tiles before the win are six pairs and a lone wild: no melds, and
    the faces held an odd number of times (each wants a wild) leave a wild over."""
    if deal.melds:
        return False
    naturals, jokers = count_tiles(deal, deal.hand)
    if max(naturals) > 4:
        return False
    odd = sum(n % 2 for n in naturals)
    return jokers >= 1 and odd <= jokers - 1


# --- Jinhua 十三不靠 / 七風 (jinhua.txt:39-43) ---

def _lonely_sets() -> list[tuple[int, ...]]:
    sets: list[tuple[int, ...]] = [()]
    for a in range(1, 10):
        sets.append((a,))
        for b in range(a + 3, 10):
            sets.append((a, b))
            sets += [(a, b, c) for c in range(b + 3, 10)]
    return sets


_LONELY_SETS = _lonely_sets()


def _thirteen_lonely(deal: Deal, naturals: bytes, jokers: int) -> list[Reading]:
    """14 different tiles: honours, and in each suit numbers at least 3 apart;
    wilds fill any gap (RULEBOOK §4). When the 財神 is an honour, one 白 may be 白
    itself and the others the 財神's face (jinhua.txt:43, "手上必须有两个白板"; RULEBOOK
    §4, revised), so that reading is tried too."""
    found = _lonely(deal, naturals, jokers)
    wild = deal.wild
    if deal.substitutes and is_honour(wild) and naturals[wild]:
        as_white = bytearray(naturals)
        as_white[wild] -= 1
        as_white[WHITE] += 1
        found += _lonely(deal, as_white, jokers)
    return found


def _lonely(deal: Deal, naturals: bytes | bytearray, jokers: int) -> list[Reading]:
    if any(n > 1 for n in naturals):
        return []
    honours = [t for t in range(27, 34) if naturals[t]]
    fills: dict[int, tuple[int, ...]] = {}
    capacity = 0
    for first in (0, 9, 18):
        held = tuple(t - first + 1 for t in range(first, first + 9) if naturals[t])
        fitting = [s for s in _LONELY_SETS if set(held) <= set(s)]
        if not fitting:
            return []
        best = max(fitting, key=lambda s: (len(s), deal.wild - first + 1 in s))
        fills[first] = tuple(first + n - 1 for n in best if n not in held)
        capacity += len(fills[first])
    missing_honours = [t for t in range(27, 34) if t not in honours]
    missing_honours.sort(key=lambda t: t != deal.wild)
    if jokers > len(missing_honours) + capacity:
        return []
    as_honours = missing_honours[:jokers]
    spare = [t for first in (0, 9, 18) for t in fills[first]]
    spare.sort(key=lambda t: t != deal.wild)
    wild_faces = as_honours + spare[:jokers - len(as_honours)]
    natural = [t for t in range(34) if naturals[t]]
    singles = sorted([(t, _F) for t in natural] + [(t, _W) for t in wild_faces])
    return [reading(THIRTEEN_LONELY, wild=deal.wild, groups=tuple(
        Group(kind="single", faces=(t,), wilds=(w,)) for t, w in singles))]


# --- Jinhua 亂風: every tile an honour, in any arrangement (jinhua.txt:49) ---

def _all_honours(deal: Deal, naturals: bytes, jokers: int,
                 melds: tuple[Group, ...]) -> list[Reading]:
    if any(naturals[:27]) or any(not is_honour(g.face) for g in melds):
        return []
    wild_face = deal.wild if is_honour(deal.wild) else WHITE
    singles = sorted([(t, _F) for t in range(27, 34) for _ in range(naturals[t])]
                     + [(wild_face, _W)] * jokers)
    return [reading(ALL_HONOURS, wild=deal.wild, groups=melds + tuple(
        Group(kind="single", faces=(t,), wilds=(w,)) for t, w in singles))]


# --- not a win: what is left over ---

def closest_unmatched(deal: Deal) -> list[Tile]:
    """The fewest concealed tiles that fit no set or pair, over the standard and the
    seven-pairs shapes; wilds fill gaps within the hand's budget of wilds."""
    naturals, jokers = count_tiles(deal, deal.concealed)
    states: dict[tuple[int, int], tuple[int, ...]] = {(0, 0): ()}
    for first, size in _BLOCKS:
        block = naturals[first:first + size]
        if not any(block):
            continue
        options = _unmatched(block, first if first == 27 else 0, jokers, 1)
        merged: dict[tuple[int, int], tuple[int, ...]] = {}
        for (used, pairs), left in states.items():
            for (w, p), more in options.items():
                key = (used + w, pairs + p)
                if key[0] <= jokers and key[1] <= 1:
                    here = left + tuple(first + i for i in more)
                    if key not in merged or len(here) < len(merged[key]):
                        merged[key] = here
        states = merged
    best = list(min(states.values(), key=len))  # type: ignore[arg-type]  # mis-inferred via list()
    if not deal.melds:
        singles = [t for t in range(34) if naturals[t] % 2]
        lonely = singles[jokers:]
        if len(lonely) < len(best):
            best = lonely
    return best


@lru_cache(maxsize=1 << 14)
def _unmatched(block: bytes, first: int, jokers: int,
               pair: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """For each (wilds used, pairs made): the fewest tiles of one suit block left out of
    sets and a pair, as places in the block. ``first`` is 0 for every number suit (the
    answer is in places, the same for every suit), 27 for the honours. Cached (the same
    suit shapes recur from hand to hand): the answer must not be changed."""
    low = _lowest(block)
    if low is None:
        return {(0, 0): ()}
    found: dict[tuple[int, int], tuple[int, ...]] = {}
    # the lowest tile left out, or in a group that opens with it
    for at, left in _unmatched(_take(block, (low,)), first, jokers, pair).items():
        left = (low, *left)
        if at not in found or len(left) < len(found[at]):
            found[at] = left
    for opened in _groups_opened_by(low, _opening_view(block, low), first, min(jokers, 2),
                                    pair, -1):
        for (w, p), left in _unmatched(_take(block, opened.taken), first, jokers - opened.wilds,
                                       pair - opened.made_pair).items():
            at = (w + opened.wilds, p + opened.made_pair)
            if at not in found or len(left) < len(found[at]):
                found[at] = left
    return found
