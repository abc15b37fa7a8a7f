"""The circumstances of a win a request may state (its ``context``, API.md), each declared
once: its key, what kind of value it takes and its range, the form's words for it, where
the rule texts speak of it, and what it requires of the rest of the hand.

The request reader (``rules.request``), the calculator's form, the practice dealer
(``rules.deals``), the offline request and the pages' messages all read these
declarations; a region lists the keys its patterns and payments read
(``Region.context_keys``). Adding a circumstance is a ``Context`` field declared with
``circumstance(…)`` and the checks it names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from .problems import ErrorEntry, problem
from .table import MAX_MELDS, SEATS
from .tiles import Tile

if TYPE_CHECKING:
    from .deal import Deal
    from .region import Region

# A check of what a circumstance requires: the problems of a deal that states it (each
# field of the deal well formed or None), judged with the region registry.
Check = Callable[["Deal", Mapping[str, "Region"]], Iterator[ErrorEntry]]
# What a circumstance's value is: a flag (true/false), a count (0 to ``limit``), a tile,
# the two opening dice, or the list of claims (承包).
KINDS = ("flag", "count", "tile", "dice", "claims")
MAX_CLAIMS = 12  # every ordered pair of seats once


@dataclass(frozen=True, kw_only=True)
class Circumstance:
    key: str
    kind: str
    limit: int = 0  # the highest count (kind "count")
    label: str  # the form's words (English, with the players' Chinese term; translated)
    source: str  # where the rule texts speak of it
    checks: tuple[Check, ...] = ()

    @property
    def field(self) -> str:
        """The request key of its problems: ``context.after_kong``."""
        return f"context.{self.key}"


@dataclass(frozen=True, kw_only=True)
class Claim:
    """承包: ``by`` chowed or punged ``count`` times from ``from_`` this hand."""

    by: str
    from_: str
    count: int


def circumstance(default: Any, **declared: Any) -> Any:
    """A ``Context`` field and its declaration (``Circumstance``, in the field's metadata)."""
    return field(default=default, metadata={"declared": declared})


# --- what each circumstance requires (RULEBOOK §1, §6 and §7) ---

def _self_draw(deal: Deal) -> bool:
    return deal.win_type == "self_draw"


def _self_drawn(key: str, code: str, message: str) -> Check:
    """The check that a circumstance which only a self-draw can have (the replacement
    tile after a kong, the last tile of the wall) comes with one."""
    def check(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
        if getattr(deal.context, key) and not _self_draw(deal):
            yield problem(f"context.{key}", code, message)
    return check


def _after_kong_has_kong(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    if deal.context.after_kong and not any(m.is_kong for m in deal.melds):
        yield problem("context.after_kong", "after_kong_without_kong", "the hand has no "
                      "kong; add the kong to 'melds' ('kong 7777s' or 'ankong 7777s') or "
                      "clear after_kong")


def _first_turn_concealed(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    ctx = deal.context
    if ctx.first_turn and any(m.exposed for m in deal.melds):
        yield problem("context.first_turn", "first_turn_with_exposed_melds", "a first-turn "
                      "win cannot have exposed melds; clear first_turn or the chi/pung/kong "
                      "melds")
    if ctx.first_turn and ctx.last_tile:
        yield problem("context.first_turn", "first_turn_and_last_tile", "a hand cannot be "
                      "won on the first turn and on the last tile; clear one of them")


def _first_turn_dealer(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    ctx = deal.context
    if not (ctx.first_turn and deal.winner_is_dealer):
        return
    if not _self_draw(deal):
        yield problem("context.first_turn", "first_turn_dealer_not_self_draw", "the dealer "
                      "starts with 14 tiles, so a first-turn dealer win is a self-draw (天和): "
                      "set win_type to self_draw, or clear first_turn")
    if ctx.claims:
        # RULEBOOK §7: the dealer discards first, so nobody has claimed anything yet (a
        # concealed kong is not a claim)
        yield problem("context.first_turn", "first_turn_dealer_claims", "the dealer "
                      "discards first, so nobody can have claimed a tile before the "
                      "dealer's first-turn win; clear first_turn or the claims",
                      claims=sum(c.count for c in ctx.claims))


def _first_turn_unclaimed(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    """A non-dealer's first turn: nobody claimed before the winner's first discard."""
    ctx = deal.context
    if not ctx.first_turn or deal.winner_is_dealer and ctx.claims:
        return
    if any(c.by == deal.winner for c in ctx.claims):
        yield problem("context.first_turn", "first_turn_winner_claimed", "nobody has "
                      "claimed a tile before the first discard, so a first-turn winner has "
                      "no claims; clear first_turn or the winner's claims")
    if any(c.from_ == deal.winner for c in ctx.claims):
        yield problem("context.first_turn", "first_turn_claimed_from_winner", "a tile "
                      "claimed from the winner is one the winner discarded, so it is not "
                      "the winner's first turn; clear first_turn or that claim")


def _first_turn_no_cai_piao(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    # RULEBOOK §7: 財飄 means a wild was thrown away already, which no first-turn win has done
    region = regions.get(deal.region)
    ctx = deal.context
    if ctx.first_turn and ctx.cai_piao and region is not None and _reads(region, "cai_piao"):
        yield problem("context.first_turn", "first_turn_with_cai_piao", f"財飄 means a "
                      f"{region.wild_name} was already thrown away "
                      f"({region.pattern('cai_piao').source}), which cannot happen before a "
                      "first-turn win; clear first_turn or set cai_piao to 0",
                      cai_piao=ctx.cai_piao, wild_name=region.wild_name)


def _cai_piao_in_region(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    region = regions.get(deal.region)
    if deal.context.cai_piao and region is not None and not _reads(region, "cai_piao"):
        having = [r for r in regions.values() if _reads(r, "cai_piao")]
        yield problem("context.cai_piao", "cai_piao_not_in_region", f"財飄 is a rule of "
                      f"{', '.join(r.english for r in having)}; {region.english} has none, "
                      "set cai_piao to 0", region=region.key, regions=[r.key for r in having])


def _cai_piao_wilds_left(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    """Each 飄 threw a wild away: with the wilds held, no more than are in play."""
    region = regions.get(deal.region)
    cai_piao = deal.context.cai_piao
    if not cai_piao or deal.hand is None or region is not None and not _reads(region, "cai_piao"):
        return
    if deal.wild_count + cai_piao > deal.wild_copies:
        wild_name = region.wild_name if region is not None else None
        yield problem("context.cai_piao", "cai_piao_too_many_wilds", f"{cai_piao} 財飄 "
                      f"means {cai_piao} {wild_name or 'wild'} throw(s), but the hand holds "
                      f"{deal.wild_count} and only {deal.wild_copies} are in play: lower "
                      f"cai_piao to at most {max(deal.wild_copies - deal.wild_count, 0)}, or "
                      "check the hand's wilds",
                      cai_piao=cai_piao, held=deal.wild_count, in_play=deal.wild_copies,
                      wild_name=wild_name)


def _claims_as_melds(deal: Deal, regions: Mapping[str, Region]) -> Iterator[ErrorEntry]:
    """Each claim lays an exposed meld: the winner's show in 'melds', and nobody lays more
    than four (RULEBOOK §7)."""
    claims = deal.context.claims
    exposed = sum(m.exposed for m in deal.melds)
    claimed = sum(c.count for c in claims if c.by == deal.winner)
    if claimed > exposed:
        yield problem("context.claims", "claims_exceed_exposed_melds", f"the winner "
                      f"{deal.winner} is said to have claimed {claimed} times but shows "
                      f"{exposed} exposed meld(s); each chow/pung claimed is an exposed meld "
                      "in 'melds'", winner=deal.winner, claimed=claimed, exposed=exposed)
    for seat in SEATS:
        claimed = sum(c.count for c in claims if c.by == seat)
        if seat != deal.winner and claimed > MAX_MELDS:
            yield problem("context.claims", "claims_over_four", f"{seat} is said to have "
                          f"claimed {claimed} times, but nobody lays more than {MAX_MELDS} "
                          "melds; correct that player's counts", seat=seat, claimed=claimed,
                          limit=MAX_MELDS)


def _reads(region: Region, key: str) -> bool:
    return key in region.context_keys


@dataclass(frozen=True, kw_only=True)
class Context:
    """What the request says of how the hand came about, each field a circumstance."""

    after_kong: bool = circumstance(
        False, kind="flag", label="Won on a kong replacement tile 槓上開花",
        source="hangzhou.txt:148; honghe.txt:36; jinhua.txt:45",
        checks=(_self_drawn("after_kong", "after_kong_not_self_draw", "a win on the "
                            "replacement tile after a kong is a self-draw; set win_type to "
                            "self_draw or clear after_kong"), _after_kong_has_kong))
    last_tile: bool = circumstance(
        False, kind="flag", label="Won on the last tile of the wall 海底撈月",
        source="honghe.txt:40; jinhua.txt:67",
        checks=(_self_drawn("last_tile", "last_tile_not_self_draw", "海底 (the last tile of "
                            "the wall) is a self-draw win; set win_type to self_draw or clear "
                            "last_tile"),))
    first_turn: bool = circumstance(
        False, kind="flag", label="First turn: the winner had not yet discarded 天和 / 地和",
        source="honghe.txt:41-42; jinhua.txt:61-65",
        checks=(_first_turn_concealed, _first_turn_dealer, _first_turn_unclaimed,
                _first_turn_no_cai_piao))
    dice: tuple[int, int] | None = circumstance(
        None, kind="dice", label="Opening dice", source="honghe.txt:43")
    previous_draws: int = circumstance(
        0, kind="count", limit=999, label="Drawn hands just before this one 黃莊",
        source="honghe.txt:38")
    previous_wild: Tile | None = circumstance(
        None, kind="tile", label="Last hand's wild tile", source="honghe.txt:44")
    cai_piao: int = circumstance(
        0, kind="count", limit=3, label="財飄: wilds thrown from a 暴頭-ready hand",
        source="hangzhou.txt:140-146; jinhua.txt:97",
        checks=(_cai_piao_in_region, _cai_piao_wilds_left))
    claims: tuple[Claim, ...] = circumstance(
        (), kind="claims", label="承包", source="hangzhou.txt:168,198; jinhua.txt:71",
        checks=(_claims_as_melds,))


NO_CONTEXT = Context()  # a request without a context: no context pattern can hold

CIRCUMSTANCES: tuple[Circumstance, ...] = tuple(
    Circumstance(key=f.name, **f.metadata["declared"]) for f in fields(Context))
BY_KEY: dict[str, Circumstance] = {c.key: c for c in CIRCUMSTANCES}
# The circumstances that require something of the rest of the hand.
CHECKED: tuple[Circumstance, ...] = tuple(c for c in CIRCUMSTANCES if c.checks)
DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Context)}


def context_problems(deal: Deal, regions: Mapping[str, Region]) -> list[ErrorEntry]:
    """What the circumstances the request states require and the deal does not give, in
    the order they are declared (a circumstance left at its default states nothing, and
    one without checks requires nothing)."""
    if deal.win_type is None or deal.context is NO_CONTEXT:  # unjudgeable, or nothing said
        return []
    stated = [c for c in CHECKED if getattr(deal.context, c.key) != DEFAULTS[c.key]]
    return [found for c in stated for check in c.checks for found in check(deal, regions)]
