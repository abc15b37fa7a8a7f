"""What a 13-tile hand waits on (聽牌): every tile that completes it, each scored.

``waits(request)`` takes a score request (docs/API.md, "Waits") without ``win_tile``,
``win_type`` and ``discarder``, tries each of the 34 tiles as the winning tile and scores
every one that wins through ``score`` — as a self-draw, and as a discard where the region
allows one. A hand that stands as four sets and a lone wild (暴頭 / 任意胡) wins on any
tile: it is reported once (``any_tile``) instead of tile by tile.
"""

from __future__ import annotations

from typing import Any

from .problems import ErrorEntry, problem
from .readings import readings, sets_with_one_wild_left
from .regions import REGIONS
from .request import REQUEST_KEYS, SEATS, Deal, InvalidRequest, parse_request, split_meld
from .scoring import ready_on_lone_wild, score
from .tiles import ALL_TILES, CODES, WHITE, TileSyntaxError, parse_tiles

HAND_WITHOUT_WIN = "waits take a 13-tile hand without win_tile"
_NOT_IN_A_WAITS_REQUEST = {
    "win_tile": ("waits_win_tile_given", f"{HAND_WITHOUT_WIN}: remove 'win_tile' (every tile "
                 "is tried as the winning tile)"),
    "win_type": ("waits_win_type_given",
                 "waits try every win type the region allows: remove 'win_type'"),
    "discarder": ("waits_discarder_given",
                  "waits pick a discarder that makes a discard win legal: remove 'discarder'"),
}
# A score request's problems that read otherwise for a waiting hand: their waits codes.
_FOR_WAITS = {
    "hand_too_few_tiles": "waits_hand_too_few_tiles",
    "hand_too_many_tiles": "waits_hand_too_many_tiles",
    "too_many_copies": "waits_too_many_copies",
    "too_many_wild_copies": "waits_too_many_wild_copies",
}
ANY_TILE_NOTE = (
    "any tile completes this hand: it stands as four sets and a lone wild, so the drawn "
    "tile pairs with the wild (暴頭 / 任意胡 when self-drawn). The entry shows one "
    "representative tile; a tile that also makes a pattern of its own (清一色, a drawn "
    "wild …) may score more — score it with /api/v1/score."
)


def waits(request: dict[str, Any]) -> dict[str, Any]:
    """Every tile that completes the 13-tile hand of ``request``, scored; raises
    ``InvalidRequest`` listing every problem (fields named as in a score request)."""
    deal = read_waits_request(request)
    base = dict(request)
    held = [0] * 34
    for tile in deal.hand:
        held[tile] += 1
    for meld in deal.melds:
        for tile in meld.tiles:
            held[tile] += 1
    available = [face for face in ALL_TILES
                 if held[face] < (deal.wild_copies if face == deal.wild else 4)]
    any_tile = sets_with_one_wild_left(deal, list(deal.hand))
    ready = any_tile or ready_on_lone_wild(deal, REGIONS[deal.region])
    discarders = _discarders(deal, ready)
    shapes = REGIONS[deal.region].shapes
    entries = []
    for face in available:
        if any_tile and face == deal.wild and len(available) > 1:
            continue  # the representative is a plain tile: a drawn wild scores apart
        if not readings(_with_win_tile(deal, face), shapes):
            continue  # no reading: skip score()'s search for the closest miss
        code = CODES[face]
        try:
            drawn = score({**base, "win_tile": code, "win_type": "self_draw"})
        except InvalidRequest:
            continue  # a rule that needs this tile's reading rules the win out
        if not drawn["winning"]:
            continue
        by_discard = None
        if face != deal.wild:  # nobody wins on a discarded wild (honghe.txt:21)
            by_discard = _discard(base, code, discarders)
        entries.append({"tile": code, "self_draw": _summary(drawn), "discard": by_discard})
        if any_tile:
            break
    result = {
        "region": deal.region,
        "waits": entries,
        "any_tile": any_tile,
        "count": len(available) if any_tile else len(entries),
    }
    if any_tile:
        result["note"] = ANY_TILE_NOTE
    return result


def _with_win_tile(deal: Deal, face: int) -> Deal:
    """The validated deal with ``face`` as its self-drawn winning tile (for the search of
    readings; ``score`` still judges each wait from the request)."""
    return deal.with_win_tile(face)


def read_waits_request(request: object) -> Deal:
    """The request validated as a score request with a placeholder winning tile; errors
    about the winning tile become errors about the waiting hand."""
    if not isinstance(request, dict):
        raise InvalidRequest([problem("body", "request_not_object",
                                      "the request must be a JSON object")])
    errors = [problem(key, code, message)
              for key, (code, message) in _NOT_IN_A_WAITS_REQUEST.items() if key in request]
    if "alternatives" in request:  # a score's option: a wait's readings are not scored so
        allowed = sorted(REQUEST_KEYS - {*_NOT_IN_A_WAITS_REQUEST, "alternatives"})
        errors.append(problem("alternatives", "unknown_key", "unknown key 'alternatives'; "
                              f"allowed keys: {', '.join(allowed)}", key="alternatives",
                              allowed=allowed))
    probe = {key: value for key, value in request.items()
             if key not in _NOT_IN_A_WAITS_REQUEST and key != "alternatives"}
    probe["win_tile"] = _placeholder(request)
    probe["win_type"] = "self_draw"
    deal = None
    try:
        deal = parse_request(probe, REGIONS)
    except InvalidRequest as error:
        errors += [_for_waits(e) for e in error.errors]
    if deal is not None and deal.context.cai_piao and not ready_on_lone_wild(
            deal, REGIONS[deal.region]):
        region = REGIONS[deal.region]
        bao_tou, source = region.pattern("bao_tou").name, region.pattern("cai_piao").source
        errors.append(problem(
            "context.cai_piao", "waits_cai_piao_needs_ready_hand",
            f"財飄 needs a {bao_tou}-ready hand (standing on a lone {region.wild_name}, "
            f"{source}); set cai_piao to 0 or correct the hand", wild_name=region.wild_name,
            bao_tou=bao_tou, source=source))
    if errors:
        raise InvalidRequest(errors)
    return deal  # type: ignore[return-value]  # no errors: the request was parsed


def _placeholder(request: dict[str, Any]) -> str:
    """A tile the request does not hold (nor the wild, nor 白), so that standing in for
    the winning tile it adds no copy problem of its own."""
    texts = [request.get("hand"), request.get("wild")]
    melds = request.get("melds")
    if isinstance(melds, list):
        texts += [split_meld(m)[1] for m in melds if isinstance(m, str) and m.strip()]
    used = {WHITE}
    for text in texts:
        if isinstance(text, str):
            try:
                used.update(parse_tiles(text))
            except TileSyntaxError:
                pass
    return next((CODES[t] for t in ALL_TILES if t not in used), CODES[0])


def _for_waits(error: ErrorEntry) -> ErrorEntry:
    """A score request's problem as it reads for the waiting hand (no winning tile)."""
    code = _FOR_WAITS.get(error["code"])
    if code is None:
        return error
    params = dict(error["params"])
    message = error["message"]
    if error["code"].startswith("hand_"):
        for key in ("kongs", "total"):  # a waiting hand's total has no winning tile
            params.pop(key, None)
        if "missing" in params:
            fix = (f"{_tiles_en(params['missing'])} short: add the missing tiles to 'hand', "
                   "and give exposed melds and kongs in 'melds'")
        else:
            fix = (f"{_tiles_en(params['extra'])} over: leave out the tile you would win on, "
                   "and give a kong in 'melds'")
        message = (f"the hand has {params['count']} tiles; with {params['melds']} meld(s) a "
                   f"waiting hand needs {params['needed']}, {fix} ({HAND_WITHOUT_WIN})")
    else:
        message = message.replace("hand, melds and winning tile", "hand and melds")
    return problem(error["field"], code, message, **params)


def _tiles_en(n: int) -> str:
    return "1 tile" if n == 1 else f"{n} tiles"


def _discarders(deal: Deal, any_tile: bool) -> tuple[str, ...]:
    """The seats to try as the discarder, most natural first; none where the region or the
    context rules out a discard win."""
    ctx = deal.context
    if ctx.after_kong or ctx.last_tile or ctx.cai_piao:
        return ()  # wins that are self-draws by definition
    if ctx.first_turn and deal.winner_is_dealer:
        return ()  # the dealer's first-turn win is 天和, a self-draw
    after = SEATS.index(deal.winner)
    others = tuple(SEATS[(after + step) % 4] for step in (1, 2, 3))
    region = REGIONS[deal.region]
    if region.win_problems is not None:
        # the region's own terms (Hangzhou: from 三連莊, between dealer and a non-dealer,
        # hangzhou.txt:60,170; house rules), tried on a discard by each seat
        if any_tile and region.ready_hand_self_draw_only:
            return ()
        return tuple(seat for seat in others if not region.win_problems(
            deal._replace(win_type="discard", discarder=seat)))
    if ctx.first_turn and not deal.winner_is_dealer:
        # a first-turn discard win is on the dealer's first discard (地胡)
        return (deal.dealer, *(seat for seat in others if seat != deal.dealer))
    return others


def _discard(base: dict[str, Any], code: str,
             discarders: tuple[str, ...]) -> dict[str, Any] | None:
    for seat in discarders:
        try:
            result = score({**base, "win_tile": code, "win_type": "discard", "discarder": seat})
        except InvalidRequest:
            continue
        if result["winning"]:
            return {"discarder": seat, **_summary(result)}
    return None


def _summary(result: dict[str, Any]) -> dict[str, Any]:
    return {
        "patterns": result["patterns"],
        "multiplier": result["multiplier"],
        "fan": result["fan"],
        "payments": result["payments"],
    }
