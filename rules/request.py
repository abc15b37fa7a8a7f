"""Read and validate a score request (API.md) into a frozen ``Deal``.

Every problem is collected, so one answer lists all that is wrong with a request, each
with the request key it concerns and how to fix it. The reader is handed the region
registry (``rules.regions.REGIONS``); it never looks one up.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .circumstances import (
    CIRCUMSTANCES,
    MAX_CLAIMS,
    NO_CONTEXT,
    Circumstance,
    Claim,
    Context,
    context_problems,
)
from .deal import Deal, Meld, TileCounts, count_tiles
from .melds import read_meld, split_meld
from .problems import ErrorEntry, echoed, problem, shown
from .table import MAX_MELDS, MELD_KINDS, SEATS, WIN_TYPES
from .tiles import Tile, TileSyntaxError, parse_tile, parse_tiles, tile_code

if TYPE_CHECKING:
    from .region import Region

__all__ = [
    "MAX_MELDS", "MELD_KINDS", "NO_CONTEXT", "SEATS", "WIN_TYPES", "Claim", "Context", "Deal",
    "InvalidRequest", "Meld", "parse_request", "split_meld",
]

REQUEST_KEYS = {
    "region", "hand", "melds", "win_tile", "win_type", "winner", "dealer", "discarder",
    "dealer_streak", "base", "wild", "context", "house_rules", "alternatives",
}
# What a score request's "alternatives" may ask for beside the other readings of its tiles,
# which every response gives (docs/API.md): the outcome under each other house-rule value.
ALTERNATIVES = ("house_rules",)
CONTEXT_KEYS = {c.key for c in CIRCUMSTANCES}
MAX_STREAK = 99
MAX_BASE = 1_000_000


class InvalidRequest(ValueError):
    """A request that cannot be scored; ``errors`` lists ``{"field", "message", "code",
    "params"}`` dicts (``rules.problems``)."""

    def __init__(self, errors: list[ErrorEntry]):
        super().__init__("; ".join(f"{e['field']}: {e['message']}" for e in errors))
        self.errors = errors


def house_rule_values(regions: Mapping[str, Region]) -> dict[str, tuple[str, ...]]:
    """Every house rule of every region and its values, the default first. A table keeps
    one set of house rules, so another region's are accepted and ignored."""
    return {rule.key: rule.values for region in regions.values() for rule in region.house_rules}


class _Errors(list[ErrorEntry]):
    """The problems found so far, as ``{"field", "message", "code", "params"}`` dicts."""

    def add(self, field_name: str, code: str, message: str, **params: Any) -> None:
        self.append(problem(field_name, code, message, **params))

    def tiles(self, field_name: str, error: TileSyntaxError) -> None:
        """Tile text that does not read, on ``field_name``."""
        self.add(field_name, error.code, str(error), field=field_name, **error.params)


def parse_request(data: Any, regions: Mapping[str, Region]) -> Deal:
    """Validate ``data`` (a decoded JSON object) against the regions of ``regions`` and
    return the ``Deal`` it describes; raises ``InvalidRequest`` listing every problem."""
    if not isinstance(data, dict):
        raise InvalidRequest([problem("body", "request_not_object",
                                      "the request must be a JSON object")])
    errors = _Errors()
    if not REQUEST_KEYS.issuperset(data):
        for key in sorted(data.keys() - REQUEST_KEYS, key=str):
            errors.add(str(key), "unknown_key", f"unknown key {echoed(key)}; allowed keys: "
                       f"{', '.join(sorted(REQUEST_KEYS))}", key=shown(str(key)),
                       allowed=sorted(REQUEST_KEYS))
    region_key = _choice(data, "region", regions.keys(), errors, required=True)
    region = regions[region_key] if region_key is not None else None
    wild = _wild(data, region, errors)
    substitutes = region is not None and wild is not None and region.substitutes(wild)
    # A field that failed is None below (hence the ignores); the checks across fields skip
    # what they cannot judge, so that one answer still lists every independent problem.
    hand = _tiles(data, "hand", errors)
    problems_before_melds = len(errors)
    melds = _melds(data.get("melds", []), errors, substitutes, wild)
    every_meld_read = len(errors) == problems_before_melds
    win_tile = _one_tile(data, "win_tile", errors, required=True)
    counts = _counts(hand, win_tile, melds, wild, substitutes)
    deal = Deal(
        region=region_key,  # type: ignore[arg-type]
        hand=hand,  # type: ignore[arg-type]
        melds=melds,
        win_tile=win_tile,  # type: ignore[arg-type]
        win_type=_choice(data, "win_type", WIN_TYPES, errors, required=True),  # type: ignore[arg-type]
        winner=_choice(data, "winner", SEATS, errors, required=True),  # type: ignore[arg-type]
        dealer=_choice(data, "dealer", SEATS, errors, required=True),  # type: ignore[arg-type]
        discarder=_choice(data, "discarder", SEATS, errors, required=False),
        dealer_streak=_count(data.get("dealer_streak"), "dealer_streak", MAX_STREAK, errors),
        base=_base(data.get("base", 1), errors),
        wild=wild,  # type: ignore[arg-type]
        substitutes=substitutes,
        wild_copies=region.wild_copies(wild) if region is not None and wild is not None else 4,
        context=_context(data["context"], errors) if "context" in data else NO_CONTEXT,
        house_rules=_house_rules(data.get("house_rules", {}), region, regions, errors),
        naturals=counts.naturals, wild_count=counts.wild_count, suit_counts=counts.suit_counts)
    _choice(data, "alternatives", ALTERNATIVES, errors, required=False)
    _check_tiles(deal, counts.in_play, errors, every_meld_read)
    _check_win(deal, region, errors)
    errors.extend(context_problems(deal, regions))
    if errors:
        raise InvalidRequest(list(errors))
    return deal


def _counts(hand: tuple[Tile, ...] | None, win_tile: Tile | None, melds: tuple[Meld, ...],
            wild: Tile | None, substitutes: bool) -> TileCounts:
    """The tiles counted (``count_tiles``). Where a tile field failed, only what the
    checks that still run read: the wilds the hand holds (財飄), and with no wild, the
    copies of each face."""
    if hand is None:
        return NOTHING_COUNTED
    if win_tile is None:
        return NOTHING_COUNTED._replace(wild_count=(*hand, None).count(wild))
    if wild is None:
        in_play = bytearray(34)
        for tile in (*hand, win_tile, *(t for m in melds for t in m.tiles)):
            in_play[tile] += 1
        return NOTHING_COUNTED._replace(in_play=bytes(in_play))
    return count_tiles(hand, win_tile, melds, wild, substitutes)


NOTHING_COUNTED = TileCounts(naturals=bytes(34), wild_count=0, suit_counts=(0, 0, 0, 0),
                             in_play=bytes(34))


# --- field readers: each returns a value or None and records what is wrong ---

def _choice(data: Mapping[str, Any], key: str, allowed: Collection[str], errors: _Errors, *,
            required: bool) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            errors.add(key, "choice_missing", f"missing: give one of {', '.join(allowed)}",
                       field=key, allowed=list(allowed))
        return None
    if not isinstance(value, str) or value not in allowed:
        errors.add(key, "choice_not_allowed",
                   f"{echoed(value)} is not allowed; use one of {', '.join(allowed)}",
                   field=key, value=shown(value), allowed=list(allowed))
        return None
    return value


def _tiles(data: Mapping[str, Any], key: str, errors: _Errors) -> tuple[Tile, ...] | None:
    value = data.get(key)
    if not isinstance(value, str):
        errors.add(key, "tiles_missing", "missing or not a string: give the concealed tiles "
                   "in mpsz notation, e.g. '123m456p789s234s7z' (without the winning tile)",
                   field=key)
        return None
    try:
        return tuple(parse_tiles(value))
    except TileSyntaxError as error:
        errors.tiles(key, error)
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
    except TileSyntaxError as error:
        errors.tiles(key, error)
        return None


def _wild(data: Mapping[str, Any], region: Region | None, errors: _Errors) -> Tile | None:
    if data.get("wild") is not None:
        return _one_tile(data, "wild", errors, required=True)
    if region is None:
        return None
    if region.default_wild is None:
        errors.add("wild", "wild_missing", f"{region.key} needs the {region.wild_name} tile "
                   "type, e.g. \"wild\": \"5s\"", region=region.key, wild_name=region.wild_name)
    return region.default_wild


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
    white_as = wild if substitutes else None  # 白 is a plain copy of the wild's face
    melds = []
    for index, text in enumerate(value):
        meld = read_meld(text, index, white_as, errors)
        if meld is not None:
            melds.append(meld)
    return tuple(melds)


def _count(value: object, name: str, limit: int, errors: _Errors) -> int:
    """A whole number from 0 to ``limit``; absent (None) is 0."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        errors.add(name, "not_whole_number", f"must be a whole number from 0 to {limit}, "
                   f"got {echoed(value)}", field=name, limit=limit, value=shown(value))
        return 0
    if not 0 <= value <= limit:
        errors.add(name, "number_out_of_range", f"must be from 0 to {limit}, got {value}",
                   field=name, limit=limit, value=value)
        return 0
    return value


def _base(value: object, errors: _Errors) -> int | Fraction:
    # An int may be of any size; a float is infinite where JSON's number was too large
    # for one (1e999999): a number the player wrote, out of range like any other.
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or isinstance(value, float) and math.isnan(value)):
        errors.add("base", "base_not_number",
                   f"底分 must be a positive number such as 1 or 0.5, got {echoed(value)}",
                   value=shown(value))
        return 1
    if value <= 0 or value > MAX_BASE:
        errors.add("base", "base_out_of_range",
                   f"底分 must be greater than 0 and at most {MAX_BASE}, got {value}",
                   value=shown(value), limit=MAX_BASE)  # shown: inf is no JSON number
        return 1
    if isinstance(value, int):
        return value
    exact = Fraction(str(value))  # str() keeps the decimal the user typed (0.1 stays 1/10)
    return exact.numerator if exact.denominator == 1 else exact


# --- the context: each circumstance read as its declaration says (rules.circumstances) ---

def _context(value: object, errors: _Errors) -> Context:
    if not isinstance(value, dict):
        errors.add("context", "context_not_object",
                   "must be an object such as {\"after_kong\": true}")
        return Context()
    if not value:
        return NO_CONTEXT
    if not CONTEXT_KEYS.issuperset(value):
        for key in sorted(value.keys() - CONTEXT_KEYS, key=str):
            errors.add(f"context.{key}", "unknown_context_key", f"unknown context key "
                       f"{echoed(key)}; allowed: {', '.join(sorted(CONTEXT_KEYS))}",
                       key=shown(str(key)),
                       allowed=sorted(CONTEXT_KEYS))
    read: dict[str, Any] = {c.key: _READERS[c.kind](value.get(c.key), c, errors)
                            for c in CIRCUMSTANCES if value.get(c.key) is not None}
    return Context(**read)


def _flag(value: object, c: Circumstance, errors: _Errors) -> bool:
    if not isinstance(value, bool):
        errors.add(c.field, "flag_not_bool", f"must be true or false, got {echoed(value)}",
                   field=c.field, value=shown(value))
        return False
    return value


def _context_count(value: object, c: Circumstance, errors: _Errors) -> int:
    return _count(value, c.field, c.limit, errors)


def _context_tile(value: object, c: Circumstance, errors: _Errors) -> Tile | None:
    return _one_tile({c.field: value}, c.field, errors, required=True)


def _dice(value: object, c: Circumstance, errors: _Errors) -> tuple[int, int] | None:
    if value == []:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not (_is_die(value[0]) and _is_die(value[1]))):
        errors.add(c.field, "dice_invalid", f"give the two opening dice as two numbers 1-6, "
                   f"e.g. [3, 5]; got {echoed(value)}", value=shown(value))
        return None
    return (value[0], value[1])


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _claims(value: object, c: Circumstance, errors: _Errors) -> tuple[Claim, ...]:
    if not isinstance(value, list):
        errors.add(c.field, "claims_not_list",
                   "must be a list like [{\"by\": \"S\", \"from\": \"E\", \"count\": 3}]")
        return ()
    if len(value) > MAX_CLAIMS:
        errors.add(c.field, "claims_too_many", f"{len(value)} entries; list each pair of "
                   f"players once (at most {MAX_CLAIMS})", count=len(value), limit=MAX_CLAIMS)
        return ()
    claims: list[Claim] = []
    for index, item in enumerate(value):
        claim = _claim(item, f"{c.field}[{index}]", index, claims, errors)
        if claim is not None:
            claims.append(claim)
    return tuple(claims)


def _claim(item: object, at: str, index: int, seen: list[Claim],
           errors: _Errors) -> Claim | None:
    if not isinstance(item, dict) or item.keys() != {"by", "from", "count"}:
        errors.add(at, "claim_malformed", "each claim needs exactly 'by', 'from' and "
                   "'count', e.g. {\"by\": \"S\", \"from\": \"E\", \"count\": 3}", index=index)
        return None
    by, from_, count = item["by"], item["from"], item["count"]
    if by not in SEATS or from_ not in SEATS:
        errors.add(at, "claim_bad_seat", "'by' and 'from' must be seats E, S, W or N",
                   index=index)
    elif by == from_:
        errors.add(at, "claim_from_self",
                   f"{by} cannot claim from themself; 'by' and 'from' must differ",
                   index=index, by=by)
    elif isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_MELDS:
        errors.add(at, "claim_count_invalid", f"'count' is how many chows/pungs {by} took "
                   f"from {from_}: 1 to {MAX_MELDS}, got {echoed(count)}", index=index, by=by,
                   **{"from": from_}, value=shown(count))
    elif any(c.by == by and c.from_ == from_ for c in seen):
        errors.add(at, "claim_duplicate",
                   f"{by} from {from_} is listed twice; give the total count once",
                   index=index, by=by, **{"from": from_})
    else:
        return Claim(by=by, from_=from_, count=count)
    return None


_READERS = {"flag": _flag, "count": _context_count, "tile": _context_tile, "dice": _dice,
            "claims": _claims}


def _house_rules(value: object, region: Region | None, regions: Mapping[str, Region],
                 errors: _Errors) -> dict[str, str]:
    """Every house rule of the region at its value: the request's, else the default."""
    defaults = dict(region.house_rule_defaults) if region else {}  # the deal's own copy
    if value == {}:  # most requests give none
        return defaults
    known = house_rule_values(regions)
    given: dict[str, str] = {}
    if not isinstance(value, dict):
        # The example: a house rule of the request's region, where it is known and has one.
        key = (region.house_rules[0].key if region and region.house_rules
               else next(iter(known)))
        example = known[key][-1]
        errors.add("house_rules", "house_rules_not_object",
                   f"must be an object such as {{\"{key}\": \"{example}\"}}",
                   key=key, value=example)
        value = {}
    for key, choice in value.items():
        if key not in known:
            errors.add(f"house_rules.{key}", "unknown_house_rule",
                       f"unknown house rule {echoed(key)}; known: {', '.join(sorted(known))}",
                       key=shown(str(key)), known=sorted(known))
        elif choice not in known[key]:
            errors.add(f"house_rules.{key}", "house_rule_bad_value",
                       f"{echoed(choice)} is not an option; use {' or '.join(known[key])}",
                       rule=key, value=shown(choice), allowed=list(known[key]))
        else:
            given[key] = choice
    return defaults | given


# --- checks across fields, on a deal whose fields are each well formed or None ---

def _check_tiles(deal: Deal, in_play: bytes, errors: _Errors, every_meld_read: bool) -> None:
    """The hand's size (unknown while a meld is not read: the size depends on the melds),
    the copies of each face ``in_play`` (``TileCounts``), and no wild in a meld."""
    if deal.hand is None or deal.win_tile is None:
        return
    needed = 13 - 3 * len(deal.melds)
    if len(deal.hand) != needed and every_meld_read:
        _hand_count(deal, needed, errors)
    _check_copies(deal, in_play, errors)
    for index, meld in enumerate(deal.melds):
        if deal.wild is not None and deal.wild in meld.tiles:
            errors.add(f"melds[{index}]", "wild_in_meld", f"{tile_code(deal.wild)} is the "
                       "wild this hand and cannot be chowed, punged or konged "
                       "(honghe.txt:21); keep it concealed", tile=tile_code(deal.wild),
                       index=index)


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


def _check_copies(deal: Deal, counts: bytes, errors: _Errors) -> None:
    """No face more than four times, and no more wilds than are in play."""
    if max(counts) <= 4 and (deal.wild is None or counts[deal.wild] <= deal.wild_copies):
        return  # as a hand usually is
    for tile, n in enumerate(counts):
        limit = _copies(deal, tile)
        if n > limit:
            why = (" (the flipped indicator is out of play, so only 3 are left)"
                   if limit == 3 else "")
            errors.add("hand", "too_many_wild_copies" if limit < 4 else "too_many_copies",
                       f"{n} copies of {tile_code(tile)}; there are only {limit}{why}. "
                       "Check the hand, melds and winning tile", tile=tile_code(tile), count=n,
                       limit=limit)


def _copies(deal: Deal, tile: Tile) -> int:
    """Copies of a face in play: four, fewer of the wild where an indicator was flipped."""
    return deal.wild_copies if tile == deal.wild else 4


def _check_win(deal: Deal, region: Region | None, errors: _Errors) -> None:
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
                   "the winner cannot hold a copy; check win_tile and the hand, or set "
                   "win_type to discard or self_draw", tile=tile_code(deal.win_tile))
    if region is not None and region.win_problems is not None:
        errors.extend(region.win_problems(deal))

