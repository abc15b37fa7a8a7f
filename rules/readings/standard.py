"""Four sets and a pair with wilds (RULEBOOK §1).

Each suit is cut on its own (a set never crosses suits, ``cut_block``), its cuts coming
with their facts; the suits' cuts are joined while they use no more wilds and pairs
than there are, and the wilds left over make groups of their own (a pair, pungs), their
faces picked from ``free_faces``.

What the search guarantees (tests/engine/test_reference.py holds it to an exhaustive
reference):

- Every reading of faces is found: the lowest tile left opens, or sits in, the next
  group (``openings``). Wilds are placeholders meanwhile, so the search never tries 34
  faces per wild: a wild joins a group beside natural tiles (its face fixed by the
  group) or forms a group of wilds only, whose face is one of each kind a pattern can
  tell apart (``free_faces``).
- In a chow, a wild stands only where no natural tile of its face is left (pairs and
  pungs take every mix of naturals and wilds); which group holds it matters only for
  the pair, so when a pattern that may hold reads the pair's wilds
  (``Pattern.reads_pair_wilds``) the pair also takes every mix the tiles allow
  (``_pair_variants``).
- Cuts with the same facts are merged, keeping the fewest substitutions (the rulebook's
  tie-break, RULEBOOK §1).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from ..deal import Deal
from ..tiles import Tile
from .groups import (
    ALL_WILD_PAIRS,
    ALL_WILD_PUNGS,
    BLOCKS,
    GROUPS_BY_CODE,
    HONOURS,
    PAIR_WITH_WILDS,
    WILD_PAIRS,
    lowest,
    number_suit_or_honours,
    take,
)
from .openings import NOT_HERE, groups_opened_by
from .reading import NO_TILES, Cut, Group, Reading, joined, standard_reading, suit_bits

# ``cut_block``'s winning face when it is none of the block's: the winning tile is a
# wild, or its face is in another suit.
WIN_IS_WILD, WIN_ELSEWHERE = -1, -2


def standard_with_wilds(deal: Deal, naturals: bytes, jokers: int, melds: tuple[Group, ...],
                        pair_wilds: bool) -> list[Reading]:
    """Every standard reading of a hand holding ``jokers`` wilds. ``pair_wilds``: a
    pattern that may hold reads which of the pair's tiles are wilds."""
    heads = [NO_TILES]
    suits = suit_bits(melds)
    for bit, (first, size) in enumerate(BLOCKS):
        block = naturals[first:first + size]
        if not any(block):
            continue
        suits |= 1 << bit
        wild = deal.wild if first <= deal.wild < first + size else -1
        win = _win_face(deal, first, size) if pair_wilds else None
        heads = _joined_cuts(heads, cut_block(block, first, jokers, wild, win), jokers)
        if not heads:
            return []
    return _completed(deal, heads, suits, naturals, melds, jokers)


def _win_face(deal: Deal, first: int, size: int) -> int:
    """The winning tile's face when it is in the block from face ``first``, else
    WIN_IS_WILD or WIN_ELSEWHERE."""
    if deal.win_tile == deal.wild:
        return WIN_IS_WILD
    face = deal.face(deal.win_tile)
    return face if first <= face < first + size else WIN_ELSEWHERE


CutFacts = tuple[int, int, Group | None, bool, int]


def cut_facts(cut: Cut) -> CutFacts:
    """What tells cuts apart for a reading: cuts with the same facts give readings with
    the same facts (``facts``; the suits are the hand's), told apart only by their
    groups."""
    return cut.wilds, cut.pairs, cut.pair, cut.all_triplets, cut.honour_pungs


def _keep(kept: dict[CutFacts, Cut], cut: Cut) -> None:
    """Keep ``cut`` unless a cut with the same facts has as few substitutions."""
    same = cut_facts(cut)
    if same not in kept or cut.substitutions < kept[same].substitutions:
        kept[same] = cut


def _joined_cuts(heads: list[Cut], cuts: tuple[Cut, ...], jokers: int) -> list[Cut]:
    """Each of ``heads`` (the suits so far) joined with each of ``cuts`` (the next suit's)
    while they use at most ``jokers`` wilds and one pair."""
    kept: dict[CutFacts, Cut] = {}
    for head in heads:
        for cut in cuts:
            if head.wilds + cut.wilds <= jokers and head.pairs + cut.pairs <= 1:
                _keep(kept, joined(head, cut))
    return list(kept.values())


def _completed(deal: Deal, heads: list[Cut], suits: int, naturals: bytes,
               melds: tuple[Group, ...], jokers: int) -> list[Reading]:
    """The readings of the joined cuts ``heads`` of every suit: the wilds they leave make
    a pair (when they made none) and pungs, groups of wilds only standing for one of
    ``free_faces`` each."""
    faces: list[Tile] = []  # ``free_faces``, once a head leaves wilds over
    found = []
    for head in heads:
        free_pair = 1 - head.pairs
        left = jokers - head.wilds - 2 * free_pair
        if left < 0 or left % 3 or len(melds) + len(head.sets) + left // 3 != 4:
            continue
        if not free_pair and not left:
            found.append(standard_reading(melds, (head,), suits))
            continue
        faces = faces or free_faces(deal, naturals, melds)
        for chosen in combinations_with_replacement(faces, free_pair + left // 3):
            wilds_only = _wilds_only(chosen, free_pair, deal.wild)
            found.append(standard_reading(melds, (head, wilds_only),
                                          suits | suit_bits(wilds_only.groups)))
    return found


def _wilds_only(faces: tuple[Tile, ...], free_pair: int, wild: Tile) -> Cut:
    """Groups of wilds only standing for ``faces``: a pair first when ``free_pair``, then
    pungs."""
    pair = ALL_WILD_PAIRS[faces[0]] if free_pair else None
    sets = tuple(ALL_WILD_PUNGS[face] for face in faces[free_pair:])
    groups = sets if pair is None else (pair, *sets)
    return Cut(wilds=2 * free_pair + 3 * len(sets), pairs=free_pair, groups=groups,
               sets=sets, pair=pair,
               substitutions=sum(len(g.wilds) for g in groups if g.face != wild),
               all_triplets=True, honour_pungs=sum(g.face >= HONOURS for g in sets))


def free_faces(deal: Deal, naturals: bytes, melds: tuple[Group, ...]) -> list[Tile]:
    """Faces tried for a group of wilds only. A pattern sees such a group only through
    the reading's suits (how many number suits, and whether honours are among them: the
    checks are suit-blind), whether it is an honour, whether it is the wild's own face
    (no substitution; 財神頭, 三財一刻) and, in seven pairs, whether its face is held
    already (``seven_pairs`` adds those). So one face of each kind is enough: the wild's
    own face; a number suit the hand holds; one it lacks; an honour — each unless the
    wild's own face is of that kind already. Each face is one the hand does not hold
    where the suit has one."""
    wild = deal.wild
    held = bytearray(naturals)  # the natural tiles by face, and the melds'
    for g in melds:
        for f in g.faces:
            held[f] = 1
    held_suits = [any(held[first:first + size]) for first, size in BLOCKS[:3]]
    wild_suit = wild // 9
    suits = []
    if wild_suit == 3 or not held_suits[wild_suit]:
        suits += [s for s in range(3) if held_suits[s]][:1]
    if wild_suit == 3 or held_suits[wild_suit]:
        suits += [s for s in range(3) if not held_suits[s]][:1]
    if wild_suit != 3:
        suits.append(3)
    return [wild, *(_unheld_face(held, suit, wild) for suit in suits)]


def _unheld_face(held: bytearray, suit: int, wild: Tile) -> Tile:
    """A face of ``suit`` other than the wild's: the first the hand does not hold, else
    the first."""
    first, size = BLOCKS[suit]
    block = held[first:first + size]
    place = block.find(0)
    if place >= 0 and first + place == wild:
        place = block.find(0, place + 1)
    if place < 0:
        place = 0 if first != wild else 1
    return first + place


@lru_cache(maxsize=1 << 15)
def cut_block(block: bytes, first: int, jokers: int, wild: Tile,
              win: Tile | None) -> tuple[Cut, ...]:
    """Ways to use every tile of one suit block (its counts by face, from ``first``) in
    sets and at most one pair, with at most ``jokers`` wilds, each with the facts a
    reading needs (``Cut``). ``wild`` is the wild's face, -1 when it is in another suit.
    ``win`` is None when no pattern that may hold reads the pair's wilds; else the
    winning tile's face, WIN_IS_WILD or WIN_ELSEWHERE, and the pairs those patterns
    look for are added (``_pair_variants``). Of cuts with the same facts only the one
    with the fewest substitutions is kept. Cached: the same suit shapes recur from hand
    to hand, and ``rules.waits`` reads a hand once for each tile it may win on."""
    found = []
    at = GROUPS_BY_CODE[first]
    for (wilds, pairs, all_triplets, _), substitutions, codes in keyed_cuts(
            block, number_suit_or_honours(first), jokers, 1,
            wild - first if wild >= 0 else NOT_HERE,
            win - first if win is not None and win >= 0 else NOT_HERE):
        groups = tuple(at[code] for code in codes)
        pair = groups[codes.index(min(codes))] if pairs else None  # its code is the lowest
        sets = tuple(g for g in groups if g is not pair)
        found.append(Cut(wilds=wilds, pairs=pairs, groups=groups, sets=sets, pair=pair,
                         substitutions=substitutions, all_triplets=all_triplets,
                         honour_pungs=len(sets) if first == HONOURS else 0))
    if win is not None and (win != WIN_ELSEWHERE or wild >= 0):  # else no pair it reads
        found = _pair_variants(found, jokers, wild, win)
    return tuple(found)


def _pair_variants(cuts: list[Cut], jokers: int, wild: Tile, win: Tile) -> list[Cut]:
    """``cuts`` and, for each, the pairs that patterns reading the pair's wilds look for
    (``Pattern.reads_pair_wilds``): a wild with the winning tile's face ``win`` (暴頭,
    任意胡; when the winning tile is a wild, that pair is two wilds), or two wilds at
    their own face (財神頭). A wild standing for X in a set and a natural X elsewhere can
    change places: the faces and the substitutions stay, but not which group holds the
    wild. So a pair of face X may trade tiles with the sets, and a cut without a pair
    may take one from them, a natural ``win`` with a wild, the set taking a wild for it
    (two wilds more)."""
    kept = {cut_facts(cut): cut for cut in cuts}
    for cut in cuts:
        if cut.pair is not None:
            for variant in _traded_pairs(cut, wild, win):
                _keep(kept, variant)
        elif win >= 0 and cut.wilds + 2 <= jokers:
            traded = _swap(list(cut.sets), win, 1, to_wild=True)
            if traded is not None:
                pair = WILD_PAIRS[win]
                _keep(kept, cut._replace(wilds=cut.wilds + 2, pairs=1, groups=(*traded, pair),
                                         sets=tuple(traded), pair=pair,
                                         substitutions=cut.substitutions + 2 * (win != wild)))
    return list(kept.values())


def _traded_pairs(cut: Cut, wild: Tile, win: Tile) -> list[Cut]:
    """``cut`` with its pair holding the wilds a pattern looks for, trading tiles of its
    face with the sets: one wild when it is the winning tile's face, two when the winning
    tile is a wild or the face is the wild's own."""
    assert cut.pair is not None
    face, held = cut.pair.face, cut.pair.wild_count
    wanted = ([1] if face == win else []) + ([2] if win == WIN_IS_WILD or face == wild else [])
    found = []
    for want in wanted:
        if want == held:
            continue
        # the pair gives wilds for the sets' naturals, or naturals for their wilds
        traded = _swap(list(cut.sets), face, abs(held - want), to_wild=want < held)
        if traded is not None:
            pair = PAIR_WITH_WILDS[want][face]
            found.append(cut._replace(groups=(*traded, pair), sets=tuple(traded), pair=pair))
    return found


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


# What tells the cuts of ``keyed_cuts`` apart, their key: (wilds used, pairs made (0 or 1),
# no chow among the sets, the pair: NO_PAIR, NATURAL_PAIR, NATURAL_PAIR_OF_WIN or, for
# a pair with a wild, its place + 3). That is every fact of a reading that a suit's cut
# decides (``facts``; the suit and the honour pungs follow from the block and the wilds
# used), and what ``_pair_variants`` needs.
NO_PAIR, NATURAL_PAIR, NATURAL_PAIR_OF_WIN = 0, 1, 2
_CutKey = tuple[int, int, bool, int]
_KeyedCut = tuple[_CutKey, int, tuple[int, ...]]  # (the key, substitutions, the codes)


@lru_cache(maxsize=1 << 15)
def keyed_cuts(block: bytes, first: int, jokers: int, pair: int, wild: int,
          win: int) -> tuple[_KeyedCut, ...]:
    """``cut_block`` with what tells cuts apart carried along: (the key above, wild
    substitutions, the groups' codes). Spelled the same for every number suit:
    ``first`` is 0 for a number suit and HONOURS for the honours, the groups are codes
    (``groups.SHAPES``) and ``wild`` is the place of the wild's face in the block
    (NOT_HERE when it is in another suit). ``win`` is the place of the winning tile's
    face when a pattern reads the pair's wilds (else NOT_HERE): a natural pair there is
    told apart from other natural pairs, since it may trade a tile for a wild
    (``_pair_variants``). Every level works to the same wild budget, so the cached cuts
    of a remainder serve whatever number of wilds the groups above it took. The memo of
    the search: each remainder of a block is cut once."""
    low = lowest(block)
    if low is None:
        return (((0, 0, True, NO_PAIR), 0, ()),)
    if win >= 0 and not block[win]:
        return keyed_cuts(block, first, jokers, pair, wild, NOT_HERE)  # no winning face left
    best: dict[_CutKey, _KeyedCut] = {}
    for opened in groups_opened_by(block, low, first, min(jokers, 2), pair, wild):
        if not opened.made_pair:
            pair_kind = None
        elif opened.wilds:
            pair_kind = low + 3
        else:
            pair_kind = NATURAL_PAIR_OF_WIN if low == win else NATURAL_PAIR
        chow = opened.group.kind == "chow"
        for (wilds, pairs, all_triplets, rest_pair), substitutions, codes in keyed_cuts(
                take(block, opened.taken), first, jokers, pair - opened.made_pair, wild, win):
            wilds += opened.wilds
            if wilds > jokers:
                continue
            key = (wilds, pairs + opened.made_pair, all_triplets and not chow,
                   rest_pair if pair_kind is None else pair_kind)
            substitutions += opened.substitutions
            if key not in best or substitutions < best[key][1]:
                best[key] = (key, substitutions, (opened.code, *codes))
    return tuple(best.values())

