"""Parse and validate a score request (API.md) into a frozen ``Deal``.

Every problem is collected, so one answer lists all that is wrong with a request,
each with the request key it concerns and how to fix it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from .lazy import lazy
from .problems import ErrorEntry, problem, shown
from .tiles import (
    ALL_TILES,
    BY_CODE,
    ONE,
    SUIT_RUNS,
    WHITE,
    Tile,
    TileSyntaxError,
    format_tiles,
    match_usual_hand,
    parse_tile,
    parse_tiles,
    plain_tiles,
    tile_code,
)

if TYPE_CHECKING:
    import re
    from collections.abc import Callable

    from .region import Region

SEATS = ("E", "S", "W", "N")
WIN_TYPES = ("self_draw", "discard", "rob_kong")
MELD_KINDS = ("chi", "pung", "kong", "ankong")
REQUEST_KEYS = {
    "region", "hand", "melds", "win_tile", "win_type", "winner", "dealer", "discarder",
    "dealer_streak", "base", "wild", "context", "house_rules",
}
CONTEXT_KEYS = {
    "after_kong", "last_tile", "first_turn", "dice", "previous_draws", "previous_wild",
    "cai_piao", "claims",
}
MAX_MELDS = 4
MAX_CLAIMS = 12


_REGISTRY: dict[str, Region] = {}


def _regions() -> dict[str, Region]:
    """The region registry (``rules.regions``), imported when the first request is read:
    the regions' modules import this one."""
    if not _REGISTRY:
        from .regions import REGIONS

        _REGISTRY.update(REGIONS)
    return _REGISTRY


@lru_cache(maxsize=1)
def house_rule_values() -> Mapping[str, tuple[str, ...]]:
    """Every house rule of every region and its values, the default first. A table keeps
    one set of house rules, so another region's are accepted and ignored."""
    return MappingProxyType({rule.key: rule.values for region in _regions().values()
                             for rule in region.house_rules})


class InvalidRequest(ValueError):
    """A request that cannot be scored; ``errors`` lists ``{"field", "message", "code",
    "params"}`` dicts (``rules.problems``)."""

    def __init__(self, errors: list[ErrorEntry]):
        super().__init__("; ".join(f"{e['field']}: {e['message']}" for e in errors))
        self.errors = errors


@dataclass(frozen=True, kw_only=True)
class Meld:
    kind: str
    tiles: tuple[Tile, ...]

    @property
    def is_kong(self) -> bool:
        return self.kind in ("kong", "ankong")

    @property
    def exposed(self) -> bool:
        return self.kind != "ankong"


@dataclass(frozen=True, kw_only=True)
class Claim:
    by: str
    from_: str
    count: int


@dataclass(frozen=True, kw_only=True)
class Context:
    after_kong: bool = False
    last_tile: bool = False
    first_turn: bool = False
    dice: tuple[int, int] | None = None
    previous_draws: int = 0
    previous_wild: Tile | None = None
    cai_piao: int = 0
    claims: tuple[Claim, ...] = ()


class _DealFields(NamedTuple):
    region: str
    hand: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win_tile: Tile
    win_type: str
    winner: str
    dealer: str
    discarder: str | None
    dealer_streak: int
    base: int | Fraction
    wild: Tile
    substitutes: bool
    context: Context
    house_rules: dict[str, str]


class Deal(_DealFields):
    """A validated request: the physical tiles and everything said about the hand. An
    immutable named tuple of its fields (``Deal(region=…, …)``, ``deal._replace(…)``);
    the facts worked out from them are kept per deal (``lazy``)."""

    @property
    def wild_copies(self) -> int:
        """Copies of the wild type in play: a flipped indicator takes one out (RULEBOOK §1)."""
        region = _regions().get(self.region)
        return 4 if region is None else region.wild_copies(self.wild)

    def face(self, tile: Tile) -> Tile:
        """What a non-wild physical tile is: 白 is a plain copy of the wild face where it
        substitutes (jinhua.txt:5, hangzhou.txt:166)."""
        return self.wild if self.substitutes and tile == WHITE else tile

    @lazy
    def concealed(self) -> tuple[Tile, ...]:
        """The 14 − 3·melds concealed tiles, winning tile included."""
        return (*self.hand, self.win_tile)

    @lazy
    def all_tiles(self) -> tuple[Tile, ...]:
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    @lazy
    def wild_count(self) -> int:
        """Physical wild tiles among the hand's tiles ("contains wilds" ruling, RULEBOOK §1)."""
        return self.concealed.count(self.wild)

    @lazy
    def naturals(self) -> bytes:
        """The concealed tiles that are not wilds counted by face, 白 substitutes counted
        as the wild's face (what every reading of the hand is cut from). Bytes: a suit's
        slice is a cheap, hashable key for the cached cuts."""
        counts = [0] * 34
        for tile in self.concealed:
            counts[tile] += 1
        return _naturals(counts, self.wild, self.substitutes)

    @lazy
    def suit_counts(self) -> tuple[int, int, int, int]:
        """Natural (non-wild) tiles per suit, melds included: characters, dots, bamboo,
        honours. Every reading places every tile, so this is the same for all of them."""
        naturals = self.naturals
        counts = [sum(naturals[:9]), sum(naturals[9:18]), sum(naturals[18:27]),
                  sum(naturals[27:])]
        for meld in self.melds:
            counts[self.face(meld.tiles[0]) // 9] += len(meld.tiles)
        return counts[0], counts[1], counts[2], counts[3]

    @property
    def winner_is_dealer(self) -> bool:
        return self.winner == self.dealer

    def house_rule(self, key: str) -> str:
        return self.house_rules.get(key) or house_rule_values()[key][0]


def _naturals(counts: list[int] | bytearray, wild: Tile, substitutes: bool) -> bytes:
    """``Deal.naturals`` from the concealed tiles counted by face."""
    naturals = counts.copy()
    naturals[wild] = 0
    if substitutes:
        naturals[wild] = naturals[WHITE]
        naturals[WHITE] = 0
    return bytes(naturals)


class _Errors(list[ErrorEntry]):
    """The problems found so far, as ``{"field", "message", "code", "params"}`` dicts."""

    def add(self, field_name: str, code: str, message: str, **params: Any) -> None:
        self.append(problem(field_name, code, message, **params))

    def tiles(self, field_name: str, error: TileSyntaxError) -> None:
        """Tile text that does not read, on ``field_name``."""
        self.add(field_name, error.code, str(error), field=field_name, **error.params)


def parse_request(data: Any) -> Deal:
    """Validate ``data`` (a decoded JSON object) and return the ``Deal`` it describes.

    A request written as most are (every field in its usual spelling and valid) is read
    here in one go, its tiles counted as they are read. Anything else returns to
    ``_read_request``, which reads field by field, accepts the rarer spellings and lists
    every problem; for a request both accept, the two give the same deal."""
    if type(data) is not dict:
        return _read_request(data)
    try:  # subscripts cost less than get() calls
        region, text, win_text = data["region"], data["hand"], data["win_tile"]
        win_type, winner, dealer = data["win_type"], data["winner"], data["dealer"]
    except KeyError:
        return _read_request(data)
    regions = _regions()
    if (type(region) is not str or region not in regions or win_type not in WIN_TYPES
            or winner not in SEATS or dealer not in SEATS or type(text) is not str
            or type(win_text) is not str):
        return _read_request(data)
    win_tile = BY_CODE.get(win_text)
    hand: re.Match[str] | tuple[Tile, ...] | None
    hand = match_usual_hand(text)
    if win_tile is None or hand is None:
        return _read_request(data)
    m, p, s, z = hand.groups()
    in_m, count_m = SUIT_RUNS[m]
    in_p, count_p = SUIT_RUNS[p]
    in_s, count_s = SUIT_RUNS[s]
    in_z, count_z = SUIT_RUNS[z]
    hand = in_m + in_p + in_s + in_z
    concealed = count_m + count_p + count_s + count_z + ONE[win_tile]
    # ``present`` counts the keys read with a value; when it is all the request has, the
    # request has no unknown key (nor a null where a key can be left out).
    present = 6

    rules = regions[region]
    wild = data.get("wild")
    if wild is None:
        wild = rules.default_wild
        if wild is None:
            return _read_request(data)
    else:
        wild = BY_CODE.get(wild) if type(wild) is str else None
        if wild is None:
            return _read_request(data)
        present += 1
    substitutes = rules.substitutes(wild)
    melds = data.get("melds")
    melded = 0
    if type(melds) is list:
        if melds:
            try:  # a meld not spelled as in _PLAIN_MELDS (or not text) makes a None to add
                melded = sum(map(_MELD_COUNTS.get, melds))  # type: ignore[arg-type]  # Nones raise
            except TypeError:
                return _read_request(data)
            melds = tuple(map(_PLAIN_MELDS.get, melds))
        else:
            melds = ()
        present += 1
    elif melds is None:
        melds = ()
    else:
        return _read_request(data)
    if len(hand) != 13 - 3 * len(melds):
        return _read_request(data)
    base = data.get("base")
    if base is None:
        base = 1
    elif type(base) is int and 0 < base <= 1_000_000:
        present += 1
    elif type(base) is float and 0 < base <= 1_000_000:
        base = _exact(base)
        present += 1
    else:
        return _read_request(data)

    # _check_tiles on packed counts. Here the hand has 14 tiles and one more per kong, so
    # no byte passes 18 and none carries into the next.
    at = 8 * wild
    held = concealed + melded
    if ((held + _FIVE_TO_HIGH_BIT) & _HIGH_BITS  # a face held five times
            or melded >> at & 255  # a wild in a meld
            or held >> at & 255 > rules.wild_copies(wild)):
        return _read_request(data)
    # Deal.naturals, and Deal.suit_counts: the tiles of each suit's run, the winning tile
    # and the melds, less the wilds, 白 substitutes counted in the wild's suit
    wild_count = concealed >> at & 255
    naturals = concealed - (wild_count << at)
    suits = [len(in_m), len(in_p), len(in_s), len(in_z)]
    suits[win_tile // 9] += 1
    for meld in melds:
        suits[meld.tiles[0] // 9] += len(meld.tiles)
    suits[wild // 9] -= wild_count
    if substitutes:  # 白 counts as the wild's face
        naturals += (concealed >> _AT_WHITE & 255) * _WHITE_TO[wild]
        whites = held >> _AT_WHITE & 255
        suits[3] -= whites
        suits[wild // 9] += whites

    discarder: str | None
    dealer_streak: int | None
    context: Context | None
    house_rules: dict[str, str] | None
    discarder, dealer_streak, context, house_rules = None, 0, NO_CONTEXT, {}
    errors = None
    # The keys most requests leave out, each read only while the request has a key not
    # read yet (or an unknown key).
    if len(data) != present:
        discarder = data.get("discarder")
        if discarder is not None:
            present += 1
    if len(data) != present:
        dealer_streak = data.get("dealer_streak")
        if dealer_streak is None:
            dealer_streak = 0
        elif type(dealer_streak) is int and 0 <= dealer_streak <= 99:
            present += 1
        else:
            return _read_request(data)
        context = data.get("context")
        if context is None:
            context = NO_CONTEXT
        elif type(context) is dict:
            dice = _DICE_CONTEXTS.get(_dice_pair(context))
            if dice is None:
                errors = _Errors()
                context = _context(context, errors)
            else:  # a context that no check can fault
                context = dice
            present += 1
        else:
            return _read_request(data)
        house_rules = data.get("house_rules")
        if house_rules is None:
            house_rules = {}
        elif type(house_rules) is dict:
            if errors is None:
                errors = _Errors()
            house_rules = _house_rules(house_rules, errors)
            present += 1
        else:
            return _read_request(data)
        if len(data) != present:
            return _read_request(data)

    # _check_win
    if win_type == "self_draw":
        if discarder is not None:
            return _read_request(data)
    elif discarder not in SEATS or discarder == winner or win_tile == wild:
        return _read_request(data)
    elif rules.win_problems is not None:  # the region's terms are judged field by field
        return _read_request(data)
    elif win_type == "rob_kong" and held >> 8 * win_tile & 255 != 1:  # a copy held
        return _read_request(data)

    deal = Deal(region=region, hand=hand, melds=melds, win_tile=win_tile, win_type=win_type,
                winner=winner, dealer=dealer, discarder=discarder,
                dealer_streak=dealer_streak, base=base, wild=wild, substitutes=substitutes,
                context=context, house_rules=house_rules)
    # the deal's counts, worked out while reading its tiles (``lazy`` fields)
    deal.__dict__.update(naturals=naturals.to_bytes(34, "little"), wild_count=wild_count,
                         suit_counts=tuple(suits))
    if errors is not None:
        if context is not NO_CONTEXT:
            _check_context(deal, errors)
        if errors:
            return _read_request(data)
    return deal


# Packed counts (``tiles.ONE``): the byte of each face, and 123 added to each, which
# takes a count of five or more to the byte's high bit.
_AT_WHITE = 8 * WHITE
# Times _WHITE_TO[wild], a count of 白 moves it from 白's byte to the wild's.
_WHITE_TO = tuple(ONE[t] - ONE[WHITE] for t in ALL_TILES)
_HIGH_BITS = sum(0x80 << 8 * t for t in ALL_TILES)
_FIVE_TO_HIGH_BIT = sum(123 << 8 * t for t in ALL_TILES)


def _read_request(data: Any) -> Deal:
    """``parse_request`` field by field: every spelling accepted, every problem listed."""
    if not isinstance(data, dict):
        raise InvalidRequest([problem("body", "request_not_object",
                                      "the request must be a JSON object")])
    errors = _Errors()
    if not REQUEST_KEYS.issuperset(data):
        for key in sorted(set(data) - REQUEST_KEYS, key=str):
            errors.add(str(key), "unknown_key", f"unknown key '{key}'; allowed keys: "
                       f"{', '.join(sorted(REQUEST_KEYS))}", key=str(key),
                       allowed=sorted(REQUEST_KEYS))

    # Each field is taken as it stands when it has its usual, valid form (most requests);
    # anything else goes to its reader, which accepts the rarer spellings or records what
    # is wrong and gives None.
    region = data.get("region")
    if not (isinstance(region, str) and region in _regions()):
        region = _choice(data, "region", tuple(_regions()), errors, required=True)
    text = data.get("wild")
    wild = BY_CODE.get(text) if isinstance(text, str) else None
    if wild is None:
        wild = _wild(data, region, errors)
    substitutes = (region is not None and wild is not None
                   and _regions()[region].substitutes(wild))
    text = data.get("hand")
    hand = plain_tiles(text) if isinstance(text, str) else None
    if hand is None:
        hand = _tiles(data, "hand", errors)
    melds = _melds(data["melds"], errors, substitutes, wild) if "melds" in data else ()
    text = data.get("win_tile")
    win_tile = BY_CODE.get(text) if isinstance(text, str) else None
    if win_tile is None:
        win_tile = _one_tile(data, "win_tile", errors, required=True)
    win_type = data.get("win_type")
    if win_type not in WIN_TYPES:
        win_type = _choice(data, "win_type", WIN_TYPES, errors, required=True)
    winner = data.get("winner")
    if winner not in SEATS:
        winner = _seat(data, "winner", errors, required=True)
    dealer = data.get("dealer")
    if dealer not in SEATS:
        dealer = _seat(data, "dealer", errors, required=True)
    discarder = data.get("discarder")
    if discarder is not None and discarder not in SEATS:
        discarder = _seat(data, "discarder", errors, required=False)
    dealer_streak = data.get("dealer_streak", 0)
    if type(dealer_streak) is not int or not 0 <= dealer_streak <= 99:
        dealer_streak = _count(data, "dealer_streak", errors, default=0, limit=99)
    base = data.get("base", 1)
    if type(base) is not int or not 0 < base <= 1_000_000:
        base = _base(base, errors)
    context = _context(data["context"], errors) if "context" in data else NO_CONTEXT
    house_rules = _house_rules(data["house_rules"], errors) if "house_rules" in data else {}
    # A field that failed is None below (hence the ignores); the checks across fields skip
    # what they cannot judge, so that one answer still lists every independent problem.
    deal = Deal(region=region, hand=hand, melds=melds,  # type: ignore[arg-type]
                win_tile=win_tile, win_type=win_type,  # type: ignore[arg-type]
                winner=winner, dealer=dealer, discarder=discarder,  # type: ignore[arg-type]
                dealer_streak=dealer_streak, base=base, wild=wild,  # type: ignore[arg-type]
                substitutes=substitutes, context=context, house_rules=house_rules)
    _check_tiles(deal, errors)
    _check_win(deal, errors)
    if context is not NO_CONTEXT:  # without a context there is nothing to check
        _check_context(deal, errors)
    if errors:
        raise InvalidRequest(list(errors))
    return deal



# --- field readers: each returns a value or None and records what is wrong ---

def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...], errors: _Errors, *,
            required: bool) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            errors.add(key, "choice_missing", f"missing: give one of {', '.join(allowed)}",
                       field=key, allowed=list(allowed))
        return None
    if value not in allowed:
        errors.add(key, "choice_not_allowed",
                   f"'{value}' is not allowed; use one of {', '.join(allowed)}",
                   field=key, value=shown(value), allowed=list(allowed))
        return None
    return cast(str, value)  # one of ``allowed``


def _seat(data: Mapping[str, Any], key: str, errors: _Errors, *,
          required: bool) -> str | None:
    return _choice(data, key, SEATS, errors, required=required)


def _tiles(data: Mapping[str, Any], key: str, errors: _Errors) -> tuple[Tile, ...] | None:
    value = data.get(key)
    if not isinstance(value, str):
        errors.add(key, "tiles_missing", "missing or not a string: give the concealed tiles "
                   "in mpsz notation, e.g. '123m456p789s234s7z' (without the winning tile)",
                   field=key)
        return None
    try:
        return tuple(parse_tiles(value))
    except TileSyntaxError as exc:
        errors.tiles(key, exc)
        return None


def _one_tile(data: Mapping[str, Any], key: str, errors: _Errors, *,
              required: bool) -> Tile | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        errors.add(key, "tile_missing", "missing or not a string: give one tile, e.g. '7z' "
                   "or '中'", field=key)
        return None
    try:
        return parse_tile(value)
    except TileSyntaxError as exc:
        errors.tiles(key, exc)
        return None


def _melds(value: object, errors: _Errors, substitutes: bool,
           wild: Tile | None) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        errors.add("melds", "melds_not_list", "must be a list of strings like 'pung 555p'")
        return ()
    if len(value) > MAX_MELDS:
        errors.add("melds", "melds_too_many",
                   f"{len(value)} melds given; a hand has at most {MAX_MELDS}",
                   count=len(value), limit=MAX_MELDS)
        return ()
    if not value:
        return ()
    melds = []
    for index, text in enumerate(value):
        meld = _PLAIN_MELDS.get(text) if isinstance(text, str) else None
        if meld is None:
            face = (lambda t: wild if t == WHITE else t) if substitutes else (lambda t: t)
            # (the ignore: 白 substitutes only for a wild, so face() gives a tile)
            meld = _meld(text, f"melds[{index}]", errors, face)  # type: ignore[arg-type]
        if meld:
            melds.append(meld)
    return tuple(melds)


# A meld's kind in Chinese, as players say it (the longer words first): 碰 a pung, 吃 a
# chow, 杠 / 明杠 an exposed kong (補槓 included), 暗杠 a concealed one.
CHINESE_MELD_KINDS = {
    "暗杠": "ankong", "暗槓": "ankong", "明杠": "kong", "明槓": "kong", "补杠": "kong",
    "補槓": "kong", "杠": "kong", "槓": "kong", "碰": "pung", "吃": "chi",
}


def split_meld(text: str) -> tuple[str | None, str]:
    """A meld's text as (its kind, its tiles' text): ``pung 555p`` and ``碰 555p`` (or
    ``碰555p``) give ("pung", "555p"); a bare tile group gives (None, the text), its kind
    read from its tiles. An English word that is not a kind is returned as the kind."""
    text = text.strip()
    for word, kind in CHINESE_MELD_KINDS.items():
        if text.startswith(word):
            return kind, text[len(word):]
    parts = text.split(None, 1)
    if len(parts) == 2 and parts[0].isascii() and parts[0].isalpha():
        return parts[0].lower(), parts[1]
    return None, text


def _meld(text: object, where: str, errors: _Errors,
          face: Callable[[Tile], Tile]) -> Meld | None:
    """One meld; its shape is judged by what the tiles are (a 白 substitute is the wild's
    face, RULEBOOK §1), its tiles kept as laid on the table."""
    form = ("write a meld as kind and tiles, e.g. 'chi 123m', 'pung 555p', 'kong 7777s' or "
            "'ankong 1111z'")
    if not isinstance(text, str):
        errors.add(where, "meld_malformed", form, index=_index(where), text=shown(text))
        return None
    kind, tile_text = split_meld(text)
    if kind is not None and kind not in MELD_KINDS:
        errors.add(where, "meld_unknown_kind",
                   f"unknown meld kind '{kind}'; use chi, pung, kong or ankong",
                   index=_index(where), kind=kind)
        return None
    try:
        tiles = sorted(parse_tiles(tile_text))
    except TileSyntaxError as exc:
        if kind is None:  # neither a kind and tiles nor a tile group
            errors.add(where, "meld_malformed", form, index=_index(where), text=text)
        else:
            errors.tiles(where, exc)
        return None
    faces = sorted(face(t) for t in tiles)
    if kind is None:  # a bare group: a pung, a kong or a chow by its tiles
        kind = _bare_kind(faces)
        if kind is None or not tiles:
            errors.add(where, "meld_malformed", form, index=_index(where), text=text)
            return None
    size = 3 if kind in ("chi", "pung") else 4
    codes = "".join(tile_code(t) for t in tiles)
    if len(tiles) != size:
        errors.add(where, "meld_wrong_size",
                   f"a {kind} has {size} tiles, '{text}' has {len(tiles)}",
                   index=_index(where), kind=kind, size=size, count=len(tiles),
                   tiles=[tile_code(t) for t in tiles])
    elif kind == "chi" and not _is_run(faces):
        errors.add(where, "meld_not_chow", f"'{codes}' is not a chow: it needs three "
                   "consecutive tiles of one suit, e.g. 'chi 345p'", index=_index(where),
                   tiles=[tile_code(t) for t in tiles])
    elif kind != "chi" and len(set(faces)) != 1:
        errors.add(where, "meld_not_same",
                   f"'{codes}' is not a {kind}: all {size} tiles must be the same",
                   index=_index(where), kind=kind, size=size,
                   tiles=[tile_code(t) for t in tiles])
    else:
        return Meld(kind=kind, tiles=tuple(sorted(tiles, key=face)))
    return None


def _bare_kind(faces: list[Tile]) -> str | None:
    """The kind of a meld written as its tiles alone: three of a face a pung, four a kong
    (exposed), three in a row a chow; None for anything else."""
    if len(faces) in (3, 4) and len(set(faces)) == 1:
        return "pung" if len(faces) == 3 else "kong"
    if len(faces) == 3 and _is_run(faces):
        return "chi"
    return None


def _index(where: str) -> int | None:
    """The index of ``melds[i]``."""
    if where.startswith("melds[") and where.endswith("]"):
        return int(where[6:-1])
    return None


def _is_run(tiles: list[Tile]) -> bool:
    a, b, c = tiles
    return a < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2


# Every valid meld in its usual spelling, read once. A 白 substitute changes none of
# them: no chow here holds 白, and a pung or kong of 白 has one face either way.
_PLAIN_MELDS = {
    text: cast(Meld, _meld(text, text, _Errors(), lambda t: t))  # each a valid meld
    for text in (
        *(f"chi {format_tiles((t, t + 1, t + 2))}" for t in ALL_TILES if t < 27 and t % 9 < 7),
        *(f"{kind} {format_tiles((t,) * size)}" for t in ALL_TILES
          for kind, size in (("pung", 3), ("kong", 4), ("ankong", 4))),
    )
}
# Their tiles' packed counts (``tiles.ONE``).
_MELD_COUNTS = {text: sum(ONE[t] for t in meld.tiles) for text, meld in _PLAIN_MELDS.items()}


def _count(data: Mapping[str, Any], key: str, errors: _Errors, *, default: int, limit: int,
           where: str | None = None) -> int:
    value = data.get(key, default)
    name = where or key
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        errors.add(name, "not_whole_number", f"must be a whole number from 0 to {limit}, "
                   f"got {value!r}", field=name, limit=limit, value=shown(value))
        return default
    if not 0 <= value <= limit:
        errors.add(name, "number_out_of_range", f"must be from 0 to {limit}, got {value}",
                   field=name, limit=limit, value=value)
        return default
    return value


def _base(value: object, errors: _Errors) -> int | Fraction:
    if isinstance(value, float) and 0 < value <= 1_000_000:  # the usual fraction (not NaN)
        return _exact(value)
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or isinstance(value, float) and not math.isfinite(value)):  # an int: any size
        errors.add("base", "base_not_number",
                   f"底分 must be a positive number such as 1 or 0.5, got {value!r}",
                   value=shown(value))
        return 1
    if value <= 0 or value > 1_000_000:
        errors.add("base", "base_out_of_range",
                   f"底分 must be greater than 0 and at most 1000000, got {value}",
                   value=value, limit=1_000_000)
        return 1
    if isinstance(value, int):
        return value
    return _exact(value)


# Few bases recur (0.5, 0.1 …), so each is converted once.
@lru_cache(maxsize=256)
def _exact(value: float) -> int | Fraction:
    # str() keeps the decimal the user typed (0.1 stays 1/10).
    exact = Fraction(str(value))
    return exact.numerator if exact.denominator == 1 else exact


def _wild(data: Mapping[str, Any], region: str | None, errors: _Errors) -> Tile | None:
    if data.get("wild") is None:
        if region is None:
            return None
        rules = _regions()[region]
        if rules.default_wild is None:
            errors.add("wild", "wild_missing", f"{region} needs the {rules.wild_name} tile "
                       "type, e.g. \"wild\": \"5s\"", region=region, wild_name=rules.wild_name)
        return rules.default_wild
    return _one_tile(data, "wild", errors, required=True)


def _flag(data: Mapping[str, Any], key: str, errors: _Errors) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        errors.add(f"context.{key}", "flag_not_bool", f"must be true or false, got {value!r}",
                   field=f"context.{key}", value=shown(value))
        return False
    return value


def _context(value: object, errors: _Errors) -> Context:
    if not isinstance(value, dict):
        errors.add("context", "context_not_object",
                   "must be an object such as {\"after_kong\": true}")
        return Context()
    if not value:
        return NO_CONTEXT
    if not CONTEXT_KEYS.issuperset(value):
        for key in sorted(set(value) - CONTEXT_KEYS, key=str):
            errors.add(f"context.{key}", "unknown_context_key", f"unknown context key "
                       f"'{key}'; allowed: {', '.join(sorted(CONTEXT_KEYS))}", key=str(key),
                       allowed=sorted(CONTEXT_KEYS))
    previous_wild = None
    if value.get("previous_wild") is not None:
        previous_wild = _one_tile({"context.previous_wild": value["previous_wild"]},
                                  "context.previous_wild", errors, required=True)
    # As in parse_request: usual values inline, the rest to their readers.
    after_kong = value.get("after_kong", False)
    if after_kong is not False and after_kong is not True:
        after_kong = _flag(value, "after_kong", errors)
    last_tile = value.get("last_tile", False)
    if last_tile is not False and last_tile is not True:
        last_tile = _flag(value, "last_tile", errors)
    first_turn = value.get("first_turn", False)
    if first_turn is not False and first_turn is not True:
        first_turn = _flag(value, "first_turn", errors)
    dice = value.get("dice")
    if dice is not None:
        dice = _dice(dice, errors)
    previous_draws = value.get("previous_draws", 0)
    if type(previous_draws) is not int or not 0 <= previous_draws <= 999:
        previous_draws = _count(value, "previous_draws", errors, default=0, limit=999,
                                where="context.previous_draws")
    cai_piao = value.get("cai_piao", 0)
    if type(cai_piao) is not int or not 0 <= cai_piao <= 3:
        cai_piao = _count(value, "cai_piao", errors, default=0, limit=3,
                          where="context.cai_piao")
    claims = _claims(value["claims"], errors) if "claims" in value else ()
    return Context(after_kong=after_kong, last_tile=last_tile, first_turn=first_turn,
                   dice=dice, previous_draws=previous_draws, previous_wild=previous_wild,
                   cai_piao=cai_piao, claims=claims)


NO_CONTEXT = Context()  # a request without a context: no context pattern can hold


def _dice_pair(value: dict[str, Any]) -> tuple[int, int] | None:
    """The dice of a context that gives only the dice as two whole numbers (the one context
    most requests give), else None."""
    if len(value) == 1:
        dice = value.get("dice")
        if type(dice) is list and len(dice) == 2:
            first, second = dice
            if type(first) is int and type(second) is int:
                return first, second
    return None


# The context of each valid throw of the dice, built once (values are frozen, so shared).
_DICE_CONTEXTS: dict[tuple[int, int] | None, Context] = {
    (a, b): Context(dice=(a, b)) for a in range(1, 7) for b in range(1, 7)}


def _dice(value: object, errors: _Errors) -> tuple[int, int] | None:
    if value is None or value == []:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not (_is_die(value[0]) and _is_die(value[1]))):
        errors.add("context.dice", "dice_invalid", f"give the two opening dice as two "
                   f"numbers 1-6, e.g. [3, 5]; got {value!r}", value=shown(value))
        return None
    return (value[0], value[1])


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _claims(value: object, errors: _Errors) -> tuple[Claim, ...]:
    where = "context.claims"
    if value is None:
        return ()
    if not isinstance(value, list):
        errors.add(where, "claims_not_list",
                   "must be a list like [{\"by\": \"S\", \"from\": \"E\", \"count\": 3}]")
        return ()
    if len(value) > MAX_CLAIMS:
        errors.add(where, "claims_too_many", f"{len(value)} entries; list each pair of "
                   f"players once (at most {MAX_CLAIMS})", count=len(value), limit=MAX_CLAIMS)
        return ()
    claims, seen = [], set()
    for index, item in enumerate(value):
        at = f"{where}[{index}]"
        if not isinstance(item, dict) or item.keys() != _CLAIM_KEYS:
            errors.add(at, "claim_malformed", "each claim needs exactly 'by', 'from' and "
                       "'count', e.g. {\"by\": \"S\", \"from\": \"E\", \"count\": 3}",
                       index=index)
            continue
        by, from_, count = item["by"], item["from"], item["count"]
        pair = (by, from_)
        if by not in SEATS or from_ not in SEATS:
            errors.add(at, "claim_bad_seat", "'by' and 'from' must be seats E, S, W or N",
                       index=index)
        elif by == from_:
            errors.add(at, "claim_from_self",
                       f"{by} cannot claim from themself; 'by' and 'from' must differ",
                       index=index, by=by)
        elif isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 4:
            errors.add(at, "claim_count_invalid", f"'count' is how many chows/pungs {by} took "
                       f"from {from_}: 1 to 4, got {count!r}", index=index, by=by,
                       **{"from": from_}, value=shown(count))
        elif pair in seen:
            errors.add(at, "claim_duplicate",
                       f"{by} from {from_} is listed twice; give the total count once",
                       index=index, by=by, **{"from": from_})
        else:
            seen.add(pair)
            claims.append(_CLAIMS[by, from_, count])
    return tuple(claims)


_CLAIM_KEYS = frozenset(("by", "from", "count"))
# Every valid claim, built once.
_CLAIMS = {(by, from_, count): Claim(by=by, from_=from_, count=count)
           for by in SEATS for from_ in SEATS if by != from_ for count in range(1, 5)}


def _house_rules(value: object, errors: _Errors) -> dict[str, str]:
    if not isinstance(value, dict):
        key, values = next(iter(house_rule_values().items()))
        errors.add("house_rules", "house_rules_not_object",
                   f"must be an object such as {{\"{key}\": \"{values[-1]}\"}}",
                   key=key, value=values[-1])
        return {}
    rules: dict[str, str] = {}
    HOUSE_RULES = house_rule_values()  # noqa: N806 - the table of every region's
    for key, choice in value.items():
        if key not in HOUSE_RULES:
            errors.add(f"house_rules.{key}", "unknown_house_rule",
                       f"unknown house rule '{key}'; known: {', '.join(sorted(HOUSE_RULES))}",
                       key=str(key), known=sorted(HOUSE_RULES))
        elif choice not in HOUSE_RULES[key]:
            errors.add(f"house_rules.{key}", "house_rule_bad_value",
                       f"'{choice}' is not an option; use {' or '.join(HOUSE_RULES[key])}",
                       rule=key, value=shown(choice), allowed=list(HOUSE_RULES[key]))
        else:
            rules[key] = choice
    return rules


# --- checks across fields, on a deal whose fields are each well formed ---

def _check_tiles(deal: Deal, errors: _Errors) -> None:
    if deal.hand is None or deal.win_tile is None:
        return
    needed = 13 - 3 * len(deal.melds)
    if len(deal.hand) != needed:
        _hand_count(deal, needed, errors)
    # The tiles counted by face, the concealed ones first: those counts give the deal its
    # natural tiles and wilds (``Deal.naturals``, ``Deal.wild_count``), read by every
    # reading. Only with a face held five times, or more wilds than are in play, is each
    # tile's count checked to say which one is over.
    # Bytes: no count can pass 255 (tile text is at most MAX_TILE_TEXT characters).
    counts = bytearray(34)
    for tile in deal.hand:
        counts[tile] += 1
    counts[deal.win_tile] += 1
    wild = deal.wild
    if wild is not None:
        deal.__dict__["naturals"] = _naturals(counts, wild, deal.substitutes)
        deal.__dict__["wild_count"] = counts[wild]
    meld_tiles: tuple[Tile, ...] = ()
    for meld in deal.melds:
        meld_tiles += meld.tiles
    for tile in meld_tiles:
        counts[tile] += 1
    wild_copies = deal.wild_copies
    # a count over 4 is a byte that deleting the bytes 0-4 leaves
    if (counts.translate(None, _UP_TO_FOUR)
            or (wild is not None and wild_copies < 4 and counts[wild] > wild_copies)):
        _check_copies(deal, errors)
    if deal.wild in meld_tiles:
        for index, meld in enumerate(deal.melds):
            if deal.wild in meld.tiles:
                errors.add(f"melds[{index}]", "wild_in_meld", f"{tile_code(deal.wild)} is the "
                           "wild this hand and cannot be chowed, punged or konged "
                           "(honghe.txt:21); keep it concealed", tile=tile_code(deal.wild),
                           index=index)


_UP_TO_FOUR = bytes(range(5))


def _hand_count(deal: Deal, needed: int, errors: _Errors) -> None:
    """A concealed hand of the wrong size: how many tiles are missing or over, and what
    to do about each."""
    count, melds = len(deal.hand), len(deal.melds)
    kongs = sum(m.is_kong for m in deal.melds)
    total = 14 + kongs
    start = (f"the concealed hand has {count} tiles; with {melds} meld(s) it needs {needed}, "
             f"so that hand + melds + winning tile make {total} tiles (14, plus one per kong)")
    if count < needed:
        missing = needed - count
        errors.add("hand", "hand_too_few_tiles", f"{start}: "
                   f"{_tiles_en(missing)} {'is' if missing == 1 else 'are'} missing. Add the "
                   "missing tiles to 'hand'; if the hand has exposed melds or kongs, give them "
                   "in 'melds' (each takes 3 tiles off what 'hand' needs)",
                   count=count, needed=needed, missing=missing, melds=melds, kongs=kongs,
                   total=total)
    else:
        extra = count - needed
        errors.add("hand", "hand_too_many_tiles", f"{start}: {_tiles_en(extra)} too many. Do "
                   "not include the winning tile in 'hand' (it goes in 'win_tile'); a kong "
                   "goes in 'melds' ('kong 7777s' or 'ankong 7777s'), not in 'hand'; "
                   "otherwise take the extra tiles out",
                   count=count, needed=needed, extra=extra, melds=melds, kongs=kongs,
                   total=total)


def _tiles_en(n: int) -> str:
    return "1 tile" if n == 1 else f"{n} tiles"


def _check_copies(deal: Deal, errors: _Errors) -> None:
    counts: dict[Tile, int] = {}
    for tile in deal.all_tiles:
        counts[tile] = counts.get(tile, 0) + 1
    for tile, n in sorted(counts.items()):
        limit = deal.wild_copies if tile == deal.wild else 4
        if n > limit:
            why = (" (the flipped indicator is out of play, so only 3 are left)"
                   if limit == 3 else "")
            errors.add("hand", "too_many_wild_copies" if limit < 4 else "too_many_copies",
                       f"{n} copies of {tile_code(tile)}; there are only {limit}{why}. "
                       "Check the hand, melds and winning tile", tile=tile_code(tile), count=n,
                       limit=limit)


def _check_win(deal: Deal, errors: _Errors) -> None:
    if deal.win_type is None:
        return
    by_discard = deal.win_type in ("discard", "rob_kong")
    if by_discard and deal.discarder is None:
        who = "threw the winning tile" if deal.win_type == "discard" else "added the robbed kong"
        errors.add("discarder", "discarder_missing",
                   f"required for {deal.win_type}: the seat that {who}", win_type=deal.win_type)
    if not by_discard and deal.discarder is not None:
        errors.add("discarder", "discarder_not_for_self_draw",
                   "must be null for a self-draw: nobody discarded the winning tile")
    if deal.discarder is not None and deal.discarder == deal.winner:
        errors.add("discarder", "discarder_is_winner",
                   "the winner cannot win on their own discard; pick another seat",
                   seat=deal.winner)
    if by_discard and deal.wild is not None and deal.win_tile == deal.wild:
        errors.add("win_tile", "win_on_discarded_wild", f"{tile_code(deal.wild)} is the wild: "
                   "nobody wins on a discarded wild (honghe.txt:21, jinhua.txt:73)",
                   tile=tile_code(deal.wild), win_type=deal.win_type)
    if deal.win_type == "rob_kong" and (
            deal.win_tile in (deal.hand or ()) or any(deal.win_tile in m.tiles
                                                      for m in deal.melds)):
        errors.add("win_tile", "rob_kong_tile_held", f"robbing a kong of "
                   f"{tile_code(deal.win_tile)}: the robbed player held the other three, so "
                   "the winner cannot hold a copy", tile=tile_code(deal.win_tile))
    rules = _regions().get(deal.region)
    if rules is not None and rules.win_problems is not None:
        errors.extend(rules.win_problems(deal))


def _check_context(deal: Deal, errors: _Errors) -> None:
    if deal.win_type is None or deal.context is NO_CONTEXT:  # no context, nothing to check
        return
    ctx = deal.context
    self_draw = deal.win_type == "self_draw"
    if ctx.after_kong and not self_draw:
        errors.add("context.after_kong", "after_kong_not_self_draw", "a win on the "
                   "replacement tile after a kong is a self-draw; set win_type to self_draw or "
                   "clear after_kong")
    if ctx.after_kong and not any(m.is_kong for m in deal.melds):
        errors.add("context.after_kong", "after_kong_without_kong", "the hand has no kong; "
                   "add the kong to 'melds' ('kong 7777s' or 'ankong 7777s') or clear "
                   "after_kong")
    if ctx.last_tile and not self_draw:
        errors.add("context.last_tile", "last_tile_not_self_draw", "海底 (the last tile of "
                   "the wall) is a self-draw win; set win_type to self_draw or clear last_tile")
    if ctx.first_turn:
        if any(m.exposed for m in deal.melds):
            errors.add("context.first_turn", "first_turn_with_exposed_melds", "a first-turn "
                       "win cannot have exposed melds; clear first_turn or the chi/pung/kong "
                       "melds")
        if ctx.last_tile:
            errors.add("context.first_turn", "first_turn_and_last_tile", "a hand cannot be "
                       "won on the first turn and on the last tile; clear one of them")
        if deal.winner_is_dealer and not self_draw:
            errors.add("context.first_turn", "first_turn_dealer_not_self_draw", "the dealer "
                       "starts with 14 tiles, so a first-turn dealer win is a self-draw (天和)")
        if deal.winner_is_dealer and ctx.claims:
            # RULEBOOK §7: the dealer discards first, so nobody has claimed anything yet (a
            # concealed kong is not a claim)
            errors.add("context.first_turn", "first_turn_dealer_claims", "the dealer "
                       "discards first, so nobody can have claimed a tile before the "
                       "dealer's first-turn win; clear first_turn or the claims",
                       claims=sum(c.count for c in ctx.claims))
        else:
            if any(c.by == deal.winner for c in ctx.claims):
                errors.add("context.first_turn", "first_turn_winner_claimed", "nobody has "
                           "claimed a tile before the first discard, so a first-turn winner "
                           "has no claims; clear first_turn or the winner's claims")
            if any(c.from_ == deal.winner for c in ctx.claims):
                errors.add("context.first_turn", "first_turn_claimed_from_winner", "a tile "
                           "claimed from the winner is one the winner discarded, so it is "
                           "not the winner's first turn; clear first_turn or that claim")
    rules = _regions().get(deal.region)
    if ctx.first_turn and ctx.cai_piao and rules is not None and "cai_piao" in rules.context_keys:
        # RULEBOOK §7: 財飄 means a wild was thrown away already (hangzhou.txt:140,
        # jinhua.txt:97), which no first-turn win has done
        errors.add("context.first_turn", "first_turn_with_cai_piao", f"財飄 means a "
                   f"{rules.wild_name} was already thrown away ({rules.pattern('cai_piao').source}"
                   "), which cannot happen before a first-turn win; clear first_turn or set "
                   "cai_piao to 0", cai_piao=ctx.cai_piao, wild_name=rules.wild_name)
    if ctx.cai_piao and rules is not None and "cai_piao" not in rules.context_keys:
        having = [r for r in _regions().values() if "cai_piao" in r.context_keys]
        with_it = ", ".join(r.english for r in having)
        errors.add("context.cai_piao", "cai_piao_not_in_region", f"財飄 is a rule of "
                   f"{with_it}; {rules.english} has none, set cai_piao to 0",
                   region=rules.key, regions=[r.key for r in having])
    elif (ctx.cai_piao and deal.hand is not None
          and deal.wild_count + ctx.cai_piao > deal.wild_copies):
        errors.add("context.cai_piao", "cai_piao_too_many_wilds", f"{ctx.cai_piao} 財飄 means "
                   f"{ctx.cai_piao} 財神 were thrown, but the hand holds {deal.wild_count} and "
                   f"only {deal.wild_copies} are in play", cai_piao=ctx.cai_piao,
                   held=deal.wild_count, in_play=deal.wild_copies,
                   wild_name=rules.wild_name if rules is not None else None)
    if not ctx.claims:
        return
    winner_melds = sum(m.exposed for m in deal.melds)
    claimed = sum(c.count for c in ctx.claims if c.by == deal.winner)
    if claimed > winner_melds:
        errors.add("context.claims", "claims_exceed_exposed_melds", f"the winner "
                   f"{deal.winner} is said to have claimed {claimed} times but shows "
                   f"{winner_melds} exposed meld(s); each chow/pung claimed is an exposed meld "
                   "in 'melds'", winner=deal.winner, claimed=claimed, exposed=winner_melds)
    for seat in SEATS:
        claimed = sum(c.count for c in ctx.claims if c.by == seat)
        if seat != deal.winner and claimed > MAX_MELDS:
            # RULEBOOK §7: each claim lays a meld, and nobody shows more than four
            errors.add("context.claims", "claims_over_four", f"{seat} is said to have "
                       f"claimed {claimed} times, but nobody lays more than {MAX_MELDS} "
                       "melds; correct that player's counts", seat=seat, claimed=claimed,
                       limit=MAX_MELDS)
