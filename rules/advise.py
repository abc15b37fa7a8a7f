"""向听 and 何切: how far a hand is from ready, and which tile to throw (API.md, "Learning:
向听 and 何切").

``advise(request)`` takes a waits request (API.md, "Waits") whose hand holds 13 − 3·melds
tiles (how far from ready) or 14 − 3·melds (which tile to throw), plus an optional
``seen``: tiles visible elsewhere on the table. The pipeline, written once:

read the request as waits reads it → count the concealed tiles by face (白 as the wild's
face where it substitutes, the wilds apart) → 向听 under the region's own shapes → for 13
tiles the draws that lower it (and the waits once ready); for 14 tiles every discard with
its 向听, its improving draws, their unseen copies and the best payment once ready → best
discard first.

Why 向听 = 13 − 3·melds − ``kept``, ``kept`` being the most of the hand's concealed tiles
that one winning hand W (melds as they are) shares with it: a hand k draw-and-throws from
ready reaches some W with k + 1 draws, each adding a tile of W and each throw removing a
tile W lacks, so W shares all but k + 1 of its tiles with the hand; and from any W that
shares that many, the k + 1 missing tiles are drawn one by one. The same holds for 14
tiles (the discard is a tile W lacks), −1 when they win. Every wild held is kept, a wild
standing for any tile. ``kept`` is the best over the region's shapes: four sets and a
pair (RULEBOOK §1), seven pairs, 十三不靠/七風 and 亂風 (Jinhua, RULEBOOK §4).

It counts faces, not the copies left: a missing tile whose copies are all held is drawn
as a wild instead (no copy limit applies to a wild's face), so it could only be wrong for
a hand whose every best W wants more such tiles than there are wilds in play (3 or 4).
tests/engine/test_advise.py holds it to a breadth-first search over draw-and-throw that
counts every copy (tests/reference_advise.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, pairwise, product
from typing import Any

from .deal import Deal
from .problems import ErrorEntry, problem
from .readings import ALL_HONOURS, SEVEN_PAIRS, STANDARD, THIRTEEN_LONELY, count_tiles, readings
from .readings.groups import BLOCKS, HONOURS
from .regions import REGIONS
from .request import InvalidRequest
from .tiles import ALL_TILES, CODES, WHITE, Tile, TileSyntaxError, format_tiles, parse_tiles
from .waits import read_waits_request, waits

SETS = 4  # four sets and a pair (RULEBOOK §1)
# A table of what one suit block can keep: index ``sets * 2 + pairs``, the most tiles kept
# by at most that many set groups and pair groups cut from the block.
Table = tuple[int, ...]
NOTHING_KEPT: Table = (0,) * ((SETS + 1) * 2)
MAX_SEEN_TEXT = 600  # tile text of ``seen``: every tile of a table, spelled out


def advise(request: dict[str, Any]) -> dict[str, Any]:
    """向听 of the hand of ``request``; for 13 tiles the improving draws, for 14 every
    discard best first. Raises ``InvalidRequest`` listing every problem."""
    deal, tiles, seen = _read(request)
    waits_request = {key: value for key, value in request.items() if key != "seen"}
    visible = _visible(deal, tiles, seen)
    if len(tiles) % 3 == 1:
        shanten = _shanten(deal, tiles)
        return {
            "region": deal.region,
            "tiles": len(tiles),
            "shanten": shanten,
            "improving": _improving(deal, tiles, shanten, visible),
            "waits": waits(waits_request) if shanten == 0 else None,
        }
    discards = [_discard(deal, tiles, face, visible, waits_request)
                for face in sorted(set(tiles))]
    discards.sort(key=_best_first)
    winning = bool(readings(deal.with_win_tile(tiles[-1]), REGIONS[deal.region].shapes))
    return {
        "region": deal.region,
        "tiles": len(tiles),
        "shanten": -1 if winning else discards[0]["shanten"],
        "discards": discards,
    }


def _best_first(entry: dict[str, Any]) -> tuple[int, int, float]:
    """Lowest 向听, most unseen improving copies, highest payment once ready (then tile
    order: the sort keeps it)."""
    value = entry["best_value"]
    return (entry["shanten"], -entry["unseen_total"],
            -float(value) if value is not None else float("inf"))


def _discard(deal: Deal, tiles: Sequence[Tile], face: Tile, visible: bytes,
             waits_request: dict[str, Any]) -> dict[str, Any]:
    """One discard of a 14-tile hand: the 13 tiles left, how far they are from ready, the
    draws that improve them, and what their best win pays once ready."""
    rest = list(tiles)
    rest.remove(face)
    shanten = _shanten(deal, rest)
    improving = _improving(deal, rest, shanten, visible)
    best_value = None
    if shanten == 0:
        best_value = _best_value(deal, {**waits_request, "hand": format_tiles(sorted(rest))})
    return {
        "discard": CODES[face],
        "shanten": shanten,
        "improving": improving,
        "unseen_total": sum(entry["unseen"] for entry in improving),
        "best_value": best_value,
    }


def _best_value(deal: Deal, request13: dict[str, Any]) -> int | float | None:
    """The most the winner receives from any win of a ready hand, self-drawn or on a
    discard (``waits``)."""
    try:
        answer = waits(request13)
    except InvalidRequest:
        return None  # a circumstance the 13 tiles cannot hold (財飄 not on a lone wild)
    values = [summary["payments"][deal.winner] for entry in answer["waits"]
              for summary in (entry["self_draw"], entry["discard"]) if summary is not None]
    return max(values, default=None)


# --- 向听: how many tiles one winning hand keeps ------------------------------------------

def _shanten(deal: Deal, tiles: Sequence[Tile]) -> int:
    """向听 of 13 − 3·melds concealed tiles: 0 ready, 1 one draw-and-throw from ready …"""
    return 13 - 3 * len(deal.melds) - kept(deal, tiles)


def kept(deal: Deal, tiles: Sequence[Tile]) -> int:
    """The most of the concealed ``tiles`` (melds aside: 14 − 3·melds when the hand wins)
    that one winning hand can share with them, over the region's shapes."""
    naturals, wilds = count_tiles(deal, tiles)
    shapes = REGIONS[deal.region].shapes
    best = 0
    if STANDARD in shapes:
        best = _standard_kept(naturals, SETS - len(deal.melds))
    if SEVEN_PAIRS in shapes and not deal.melds:
        best = max(best, _seven_pairs_kept(naturals))
    if THIRTEEN_LONELY in shapes and not deal.melds:
        best = max(best, _lonely_kept(naturals, _white_as_itself(deal, naturals)))
    if ALL_HONOURS in shapes and all(deal.face(m.tiles[0]) >= HONOURS for m in deal.melds):
        best = max(best, sum(naturals[HONOURS:]))
    return wilds + best


def _standard_kept(naturals: bytes, sets: int) -> int:
    """Four sets and a pair (RULEBOOK §1): the most natural tiles that ``sets`` set groups
    and one pair group keep, each suit cut on its own (a set never spans two suits)."""
    table = NOTHING_KEPT
    last = NOTHING_KEPT
    for first, size in BLOCKS:
        block = naturals[first:first + size]
        if any(block):
            table = _joined(table, last)
            last = block_table(block, first == HONOURS)
    # the last suit joined for the one entry asked for
    return max(table[s * 2 + p] + last[(sets - s) * 2 + 1 - p]
               for s in range(sets + 1) for p in range(2))


@lru_cache(maxsize=1 << 14)
def block_table(block: bytes, honours: bool) -> Table:
    """What one suit block keeps (``Table``). The lowest tile is either kept by no group or
    is the lowest tile a group keeps: a pair or a pung of its face (one or more of its
    copies), or a chow from it (it alone, with the next face, with the one after, or
    with both). Each remainder of a block is searched once."""
    low = next((face for face, n in enumerate(block) if n), None)
    if low is None:
        return NOTHING_KEPT
    best = list(block_table(_take(block, (low,)), honours))  # kept by no group
    copies = block[low]
    groups: list[tuple[tuple[int, ...], int, int]] = []  # (faces kept, sets, pairs)
    for n in range(1, min(copies, 3) + 1):
        groups.append(((low,) * n, 1, 0))
        if n <= 2:
            groups.append(((low,) * n, 0, 1))
    if not honours:
        after = [face for face in (low + 1, low + 2) if face < len(block) and block[face]]
        groups += [((low, face), 1, 0) for face in after]
        if len(after) == 2:
            groups.append(((low, low + 1, low + 2), 1, 0))
    for faces, sets, pairs in groups:
        rest = block_table(_take(block, faces), honours)
        for s in range(sets, SETS + 1):
            for p in range(pairs, 2):
                best[s * 2 + p] = max(best[s * 2 + p],
                                      rest[(s - sets) * 2 + p - pairs] + len(faces))
    return tuple(best)


def _take(block: bytes, faces: tuple[int, ...]) -> bytes:
    rest = bytearray(block)
    for face in faces:
        rest[face] -= 1
    return bytes(rest)


@lru_cache(maxsize=1 << 12)
def _joined(a: Table, b: Table) -> Table:
    """Two blocks' tables as one: their groups shared out between them."""
    return tuple(max(a[s * 2 + p] + b[(total - s) * 2 + pairs - p]
                     for s in range(total + 1) for p in range(pairs + 1))
                 for total in range(SETS + 1) for pairs in range(2))


def _seven_pairs_kept(naturals: bytes) -> int:
    """Seven pairs: each face gives at most two pairs (four alike are two, RULEBOOK §1);
    a pair keeps up to two of its face's tiles, the second pair what the first left."""
    kept_by_pair = sorted((kept for n in naturals if n
                           for kept in (min(n, 2), min(n, 4) - min(n, 2))), reverse=True)
    return sum(kept_by_pair[:7])


def _white_as_itself(deal: Deal, naturals: bytes) -> bytes | None:
    """The tiles with one 白 counted as 白 itself, when the 財神 is an honour it stands
    for (jinhua.txt:43; RULEBOOK §4): 十三不靠 may read them so."""
    wild = deal.wild
    if not (deal.substitutes and wild >= HONOURS and naturals[wild]):
        return None
    as_white = bytearray(naturals)
    as_white[wild] -= 1
    as_white[WHITE] += 1
    return bytes(as_white)


def _lonely_kept(naturals: bytes, white_as_itself: bytes | None) -> int:
    """十三不靠 / 七風 (jinhua.txt:39-43): 14 different tiles, at least five honours, the
    numbers of one suit at least three apart. A face keeps one tile; the honours all fit,
    and each suit keeps the most of its numbers that some such set of up to three holds,
    so long as the suits' sets hold at least 7 numbers between them (7 honours + 7)."""
    best = 0
    for counts in (naturals, white_as_itself):
        if counts is None:
            continue
        honours = sum(1 for n in counts[HONOURS:] if n)
        per_suit = [lonely_suit(counts[first:first + size]) for first, size in BLOCKS[:3]]
        numbers = max(sum(per_suit[i][size] for i, size in enumerate(sizes))
                      for sizes in product(range(4), repeat=3) if sum(sizes) >= 7)
        best = max(best, honours + numbers)
    return best


@lru_cache(maxsize=1 << 10)
def lonely_suit(block: bytes) -> tuple[int, int, int, int]:
    """For sets of 0-3 numbers at least three apart in one suit: the most held numbers a
    set of that size holds."""
    held = {number for number, n in enumerate(block, start=1) if n}
    best = [0, 0, 0, 0]
    for numbers in LONELY_SETS:
        best[len(numbers)] = max(best[len(numbers)], len(held & set(numbers)))
    return best[0], best[1], best[2], best[3]


# The numbers one suit may hold in 十三不靠: up to three, at least three apart.
LONELY_SETS = [numbers for size in range(4) for numbers in combinations(range(1, 10), size)
               if all(b - a >= 3 for a, b in pairwise(numbers))]


# --- improving draws, and the copies still unseen ---------------------------------------

def _improving(deal: Deal, tiles: Sequence[Tile], shanten: int,
               visible: bytes) -> list[dict[str, Any]]:
    """Every tile still in play whose draw lowers 向听 (the best discard after it): the
    14 tiles keep one more of their own. ``unseen``: the copies not in the hand, the
    melds or ``seen``."""
    before = kept(deal, tiles)
    held = _in_play(deal, tiles)
    found = []
    for face in ALL_TILES:
        limit = _copies(deal, face)
        if held[face] < limit and kept(deal, [*tiles, face]) > before:
            found.append({"tile": CODES[face], "unseen": max(limit - visible[face], 0),
                          "shanten_after": shanten - 1})
    return found


def _copies(deal: Deal, face: Tile) -> int:
    return deal.wild_copies if face == deal.wild else 4


def _in_play(deal: Deal, tiles: Sequence[Tile]) -> bytearray:
    """The physical tiles of the hand and the melds, by face."""
    counts = bytearray(len(ALL_TILES))
    for tile in (*tiles, *(t for meld in deal.melds for t in meld.tiles)):
        counts[tile] += 1
    return counts


def _visible(deal: Deal, tiles: Sequence[Tile], seen: bytes) -> bytes:
    """The copies of each face the player sees: the hand (all 14 of a 何切), the melds
    and ``seen``."""
    counts = _in_play(deal, tiles)
    for face, n in enumerate(seen):
        counts[face] += n
    return bytes(counts)


# --- the request --------------------------------------------------------------------------

def _read(request: object) -> tuple[Deal, tuple[Tile, ...], bytes]:
    """The request read as a waits request, its hand of 13 or 14 (less 3 per meld) tiles,
    and ``seen`` counted by face; raises ``InvalidRequest`` listing every problem."""
    if not isinstance(request, dict):
        raise InvalidRequest([problem("body", "request_not_object",
                                      "the request must be a JSON object")])
    errors: list[ErrorEntry] = []
    seen = _seen(request["seen"], errors) if "seen" in request else bytes(len(ALL_TILES))
    rest = {key: value for key, value in request.items() if key != "seen"}
    tiles = _hand_tiles(rest)
    melds = rest.get("melds", [])
    meld_count = len(melds) if isinstance(melds, list) else 0
    throw = tiles is not None and len(tiles) == 14 - 3 * meld_count
    probe = {**rest, "hand": format_tiles(tiles[:-1])} if throw and tiles else rest
    deal = None
    try:
        deal = read_waits_request(probe)
    except InvalidRequest as error:
        for entry in error.errors:
            if entry["code"] in ("waits_hand_too_few_tiles", "waits_hand_too_many_tiles"):
                errors.append(_hand_size(entry, len(tiles or ()), meld_count))
            elif not (throw and entry["code"] == "waits_cai_piao_needs_ready_hand"):
                errors.append(entry)  # 財飄 is judged on each 13 tiles left by a discard
    if deal is not None and tiles is not None:
        errors += _copy_problems(deal, tuple(tiles), seen)
    if errors or deal is None or tiles is None:
        raise InvalidRequest(errors)
    return deal, tuple(tiles), seen


def _hand_tiles(request: dict[str, Any]) -> list[Tile] | None:
    hand = request.get("hand")
    if not isinstance(hand, str):
        return None
    try:
        return parse_tiles(hand)
    except TileSyntaxError:
        return None  # the waits reading names the problem


def _hand_size(entry: ErrorEntry, count: int, melds: int) -> ErrorEntry:
    """The waits reading's problem with the hand's size, for a hand that may hold 13 or 14
    tiles (less 3 per meld): what is missing for the one, or over for the other."""
    ready, throw = 13 - 3 * melds, 14 - 3 * melds
    if count < ready:
        needed, fix = ready, f"{ready - count} short"
        params = {"missing": ready - count}
    else:
        needed, fix = throw, f"{count - throw} over"
        params = {"extra": count - throw}
    return problem("hand", entry["code"],
                   f"the hand has {count} tiles; with {melds} meld(s) advice needs {ready} "
                   f"(how far from ready) or {throw} (which tile to throw): {fix}. Give "
                   "exposed melds and kongs in 'melds'", count=count, needed=needed,
                   melds=melds, ready=ready, throw=throw, **params, **{"for": "advice"})


def _seen(value: object, errors: list[ErrorEntry]) -> bytes:
    """``seen`` counted by face: tile text of up to ``MAX_SEEN_TEXT`` characters."""
    counts = bytearray(len(ALL_TILES))
    if not isinstance(value, str):
        errors.append(problem("seen", "tiles_missing", "not a string: give the tiles seen on "
                              "the table as tile text, e.g. '19m 19p 1234z'", field="seen"))
        return bytes(counts)
    if len(value) > MAX_SEEN_TEXT:
        errors.append(problem("seen", "tiles_too_long", f"{len(value)} characters is too "
                              f"long for 'seen' (at most {MAX_SEEN_TEXT})", field="seen",
                              length=len(value), limit=MAX_SEEN_TEXT))
        return bytes(counts)
    try:
        for tile in parse_tiles(value, limit=MAX_SEEN_TEXT):
            counts[tile] += 1
    except TileSyntaxError as error:
        errors.append(problem("seen", error.code, str(error), field="seen", **error.params))
    return bytes(counts)


def _copy_problems(deal: Deal, tiles: tuple[Tile, ...], seen: bytes) -> list[ErrorEntry]:
    """No face more often than it is in play: in the hand (the 14th tile, which the waits
    reading does not count) and the melds, then with ``seen``."""
    errors = []
    held = _in_play(deal, tiles)
    for face in ALL_TILES:
        limit = _copies(deal, face)
        if held[face] > limit and face == tiles[-1] and held[face] - 1 <= limit:
            code = "waits_too_many_wild_copies" if face == deal.wild else "waits_too_many_copies"
            errors.append(problem("hand", code, f"{held[face]} copies of "
                                  f"{CODES[face]}; there are only {limit}. Check the hand "
                                  "and melds", tile=CODES[face], count=held[face],
                                  limit=limit))
        elif held[face] <= limit < held[face] + seen[face]:
            code = "too_many_wild_copies" if face == deal.wild else "too_many_copies"
            errors.append(problem("seen", code,
                                  f"{held[face] + seen[face]} copies of {CODES[face]} "
                                  f"between the hand, the melds and 'seen'; there are only "
                                  f"{limit}. Check 'seen'", tile=CODES[face],
                                  count=held[face] + seen[face], limit=limit, among="seen"))
    return errors
