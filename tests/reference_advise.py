"""Reference for 向听 (``rules.advise``): breadth-first over draw-and-throw, depth-bounded,
slow and short, to be checked line by line against RULEBOOK.md and API.md ("Learning").

- A 13-tile hand is ready (向听 0) when some tile still in play completes it (``wins``).
- It is k from ready when some draw of a tile still in play, then some throw, leaves a
  hand k − 1 from ready (``within``). A 14-tile hand is −1 when it wins, else the best
  of its throws.
- A tile still in play: fewer of its copies in the hand and the melds than there are
  (four; the wild type's copies in play, API.md "Waits").

``wins`` is its own: it shares nothing with the engine's search, and takes only the
facts of a table from tests/reference.py (the shapes of each region, 白 standing for the
wild's face, the wild copies in play). One shortcut prunes the search, and is sound: a
wild stands for any tile, so when k throws and k + 1 wilds in their place make no win,
no k draw-and-throws reach a ready hand (``may_reach``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise

from rules.tiles import WHITE, parse_tile, parse_tiles
from tests.reference import (
    ALL_HONOURS,
    SEVEN_PAIRS,
    SHAPES,
    STANDARD,
    THIRTEEN_LONELY,
    wild_copies,
)

FACES = range(34)
HONOURS = 27
BEYOND = 3  # the search stops here: "3" reads "3 or more"


@dataclass(frozen=True)
class Table:
    """What the reference reads of a request: the region, the wild, the melds' tiles."""

    region: str
    wild: int
    melds: tuple[tuple[int, ...], ...]

    @property
    def substitutes(self) -> bool:
        """白 is a plain copy of the wild's face: Jinhua, and Hangzhou with a named wild;
        never Honghe, never when 白 is the wild (RULEBOOK §1)."""
        return self.region != "honghe" and self.wild != WHITE

    def face(self, tile: int) -> int:
        return self.wild if self.substitutes and tile == WHITE else tile

    def copies(self, tile: int) -> int:
        return wild_copies(self.region, self.wild) if tile == self.wild else 4


def table_of(request: dict) -> tuple[Table, list[int]]:
    """The table and the concealed tiles of a (valid) advise request."""
    melds = tuple(tuple(parse_tiles(m.split(None, 1)[1])) for m in request.get("melds", []))
    wild = parse_tile(request.get("wild") or "5z")  # Hangzhou's default 財神 is 白
    return Table(request["region"], wild, melds), parse_tiles(request["hand"])


# --- winning: four sets and a pair, seven pairs, 十三不靠, 亂風 ---------------------------

def wins(table: Table, tiles: list[int], extra_wilds: int = 0) -> bool:
    """Whether the concealed ``tiles`` and ``extra_wilds`` more wilds win in a shape of
    the region, melds as they are."""
    counts = [0] * 34
    wilds = extra_wilds
    for tile in tiles:
        if tile == table.wild:
            wilds += 1
        else:
            counts[table.face(tile)] += 1
    shapes = SHAPES[table.region]
    if STANDARD in shapes and covered(tuple(counts), wilds, True):
        return True
    if table.melds:
        return ALL_HONOURS in shapes and all_honours(table, counts)
    if SEVEN_PAIRS in shapes and sum(n % 2 for n in counts) <= wilds:
        return True  # a wild pairs each odd face; the other wilds pair up anywhere
    if THIRTEEN_LONELY in shapes and any(lonely(c, wilds) for c in lonely_counts(table, counts)):
        return True
    return ALL_HONOURS in shapes and all_honours(table, counts)


@lru_cache(maxsize=1 << 20)
def covered(counts: tuple[int, ...], wilds: int, pair: bool) -> bool:
    """Whether the tiles make sets (and one pair if ``pair``), wilds standing in. The
    lowest tile left is in a pair, a pung or one of the chows through it. A group takes
    the natural tiles it can (a wild elsewhere can always trade places with one), and
    wilds left over make pungs and a pair on their own."""
    low = next((f for f in FACES if counts[f]), None)
    if low is None:
        return wilds % 3 == 0 if not pair else wilds >= 2 and (wilds - 2) % 3 == 0
    groups = [(low, low, low)]
    if pair:
        groups.append((low, low))
    if low < HONOURS:
        number = low % 9
        groups += [(low + a, low + a + 1, low + a + 2) for a in (-2, -1, 0)
                   if 0 <= number + a and number + a + 2 <= 8]
    for group in groups:
        rest, need = list(counts), 0
        for f in group:
            if rest[f]:
                rest[f] -= 1
            else:
                need += 1
        if need <= wilds and covered(tuple(rest), wilds - need, pair and len(group) == 3):
            return True
    return False


def lonely_counts(table: Table, counts: list[int]) -> list[list[int]]:
    """The tiles, and with one 白 as 白 itself when the 財神 is an honour it stands for
    (jinhua.txt:43; RULEBOOK §4)."""
    variants = [counts]
    if table.substitutes and table.wild >= HONOURS and counts[table.wild]:
        as_white = counts.copy()
        as_white[table.wild] -= 1
        as_white[WHITE] += 1
        variants.append(as_white)
    return variants


def lonely(counts: list[int], wilds: int) -> bool:
    """十三不靠: 14 different tiles, at least five honours, numbers of one suit at least
    three apart (jinhua.txt:41): the wilds take faces nobody holds that keep it so."""
    if max(counts) > 1:
        return False
    room = sum(1 for f in range(HONOURS, 34) if not counts[f])
    for first in (0, 9, 18):
        held = {n for n in range(9) if counts[first + n]}
        fitting = [len(s) for s in _spaced_sets() if held <= s]
        if not fitting:
            return False
        room += max(fitting) - len(held)
    return wilds <= room


@lru_cache(maxsize=1)
def _spaced_sets() -> list[set[int]]:
    return [set(s) for size in range(10) for s in combinations(range(9), size)
            if all(b - a >= 3 for a, b in pairwise(s))]


def all_honours(table: Table, counts: list[int]) -> bool:
    """亂風: every tile an honour, melds included (jinhua.txt:49)."""
    return (not any(counts[:HONOURS])
            and all(table.face(m[0]) >= HONOURS for m in table.melds))


# --- draw and throw -------------------------------------------------------------------------

def in_play(table: Table, tiles: list[int]) -> list[int]:
    """The tiles a player can still draw: fewer copies in the hand and melds than exist."""
    held = [0] * 34
    for tile in (*tiles, *(t for m in table.melds for t in m)):
        held[tile] += 1
    return [f for f in FACES if held[f] < table.copies(f)]


def without(tiles: list[int], tile: int) -> list[int]:
    rest = list(tiles)
    rest.remove(tile)
    return rest


def ready(table: Table, tiles: list[int]) -> bool:
    """向听 0: some tile still in play completes the 13 tiles."""
    if not wins(table, tiles, extra_wilds=1):
        return False  # no tile completes what a wild does not
    return any(wins(table, [*tiles, f]) for f in in_play(table, tiles))


def may_reach(table: Table, tiles: tuple[int, ...], throws: int, wilds: int) -> bool:
    """A necessary condition for reaching a win: some ``throws`` of the tiles thrown and
    ``wilds`` wilds added win (the wilds stand for the tiles drawn)."""
    return any(wins(table, [t for i, t in enumerate(tiles) if i not in thrown], wilds)
               for thrown in combinations(range(len(tiles)), throws))


@lru_cache(maxsize=1 << 16)
def within(table: Table, tiles: tuple[int, ...], k: int) -> bool:
    """Whether k draw-and-throws or fewer make the 13 (sorted) tiles ready. Pruned: k
    exchanges and the winning draw add k + 1 tiles and throw k (``may_reach``); after
    the first throw, k tiles are still to draw and k − 1 to throw, and the first draw
    stands as one more wild."""
    if k == 0:
        return ready(table, list(tiles))
    if not may_reach(table, tiles, k, k + 1):
        return False
    if within(table, tiles, k - 1):
        return True
    for throw in sorted(set(tiles)):
        rest = without(list(tiles), throw)
        if not may_reach(table, tuple(rest), k - 1, k + 1):
            continue
        for draw in in_play(table, list(tiles)):
            if draw != throw and within(table, tuple(sorted([*rest, draw])), k - 1):
                return True
    return False


def shanten(table: Table, tiles: list[int]) -> int:
    """向听 of 13 or 14 tiles (less 3 per meld), up to BEYOND ("BEYOND or more")."""
    if len(tiles) % 3 == 2:
        if wins(table, tiles):
            return -1
        return min(shanten(table, without(tiles, t)) for t in sorted(set(tiles)))
    return next((k for k in range(BEYOND) if within(table, tuple(sorted(tiles)), k)),
                BEYOND)


def improving(table: Table, tiles: list[int], level: int) -> set[int]:
    """The tiles still in play whose draw, then the best throw, leaves 13 tiles at
    ``level`` − 1 (a win when the tiles were ready)."""
    found = set()
    for draw in in_play(table, tiles):
        drawn = [*tiles, draw]
        if level == 0:
            if wins(table, drawn):
                found.add(draw)
        elif any(within(table, tuple(sorted(without(drawn, t))), level - 1)
                  for t in sorted(set(drawn))):
            found.add(draw)
    return found
