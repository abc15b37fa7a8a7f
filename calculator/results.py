"""The engine's response as the result panel shows it.

Presentation only: every number shown comes from the response (``payments``,
``breakdown``); nothing here scores a hand or works out a payment. Pattern names,
glosses, rule texts and sources come from the engine's own catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from calculator.messages import render_near_miss, render_reason
from calculator.regions import (
    chinese,
    english,
    in_language,
    payment_sentence,
    region_label,
    source_label,
    wild_code,
)
from common.web import amount, seat_name, signed
from rules.regions import REGIONS
from rules.tiles import CODES, TileSyntaxError, parse_tiles

CHINESE_NUMERALS = "〇一二三四五六七八九十"


@dataclass(frozen=True, kw_only=True)
class Tile:
    code: str
    stands_for: str | None  # what a wild or a 白 substitute is read as; None if itself
    winning: bool = False  # the winning tile (one copy, in the first concealed group holding it)
    wild: bool


@dataclass(frozen=True, kw_only=True)
class Group:
    kind: str
    exposed: bool
    tiles: list[Tile]


@dataclass(frozen=True, kw_only=True)
class PatternLine:
    name: str  # as the page writes Chinese: 暴头 on zh-hans, 暴頭 on zh-hant and en
    english: str  # the English gloss, on English pages only ("" on Chinese ones)
    value: str  # "2 番" or "×2"
    rule: str
    source: str  # in words: 杭州麻将原文第 136 行
    link: str  # the pattern's entry in the rules reference


@dataclass(frozen=True, kw_only=True)
class SeatLine:
    seat: str
    name: str
    roles: list[str]
    pays: str
    receives: str
    net: str
    sign: int


@dataclass(frozen=True, kw_only=True)
class Reading:
    shape: str
    groups: list[Group]
    patterns: list[PatternLine]
    total: str  # "×2" or "3 番"
    arithmetic: str
    payment_rule: str
    contract: str | None
    payments: list[SeatLine]


@dataclass(frozen=True, kw_only=True)
class NearMiss:
    name: str
    english: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class Result:
    winning: bool
    region: str
    reason: str | None
    unmatched: list[str]
    combination: str | None
    best: Reading | None
    alternatives: list[Reading]
    near_misses: list[NearMiss] = field(default_factory=list)


def present(response: dict, request: dict, names: dict[str, str] | None = None) -> Result:
    """The result panel for the engine's ``response`` to ``request``; ``names`` (seat →
    player, from a table ledger) label the payment lines."""
    region = REGIONS[response["region"]]
    heading = region_label(region.key)
    if not response["winning"]:
        return Result(winning=False, region=heading, reason=render_reason(response),
                      unmatched=response["unmatched"], combination=None, best=None,
                      alternatives=[])
    return Result(
        winning=True, region=heading, reason=None, unmatched=[],
        combination=chinese(response["combination"]) if response.get("combination") else None,
        best=_reading(response, request, names),
        alternatives=[_reading(alt, request, names) for alt in response.get("alternatives", [])],
        near_misses=_near_misses(response.get("near_misses", []), region),
    )


def _near_misses(entries: list[dict], region) -> list[NearMiss]:
    """Patterns that nearly counted, with the engine's reason in the page's language."""
    catalogue = {p.key: p for p in region.patterns}
    return [NearMiss(name=chinese(e["name"]),
                     english=catalogue[e["key"]].english if english() else "",
                     reason=render_near_miss(e, region.key))
            for e in entries]


def _reading(reading: dict, request: dict, names: dict[str, str] | None = None) -> Reading:
    region = REGIONS[request["region"]]
    patterns = _pattern_lines(reading["patterns"], region)
    breakdown = reading["breakdown"]
    total = (_("%(fan)s 番") % {"fan": reading["fan"]} if region.adds_fan
             else f"×{reading['multiplier']}")
    return Reading(
        # a paper result (rules.settle) has neither shape nor groups
        shape=_shape(reading["shape"]) if "shape" in reading else "",
        groups=_groups(reading, request.get("win_tile")) if "groups" in reading else [],
        patterns=patterns, total=total,
        arithmetic=_arithmetic(reading, request, region.adds_fan),
        payment_rule=_payment_rule(request, breakdown),
        contract=_contract(request, breakdown.get("contract")),
        payments=_payments(reading["payments"], request, names),
    )


def _pattern_lines(patterns: list[dict], region) -> list[PatternLine]:
    catalogue = {p.key: p for p in region.patterns}
    rules_page = reverse("rules-region", args=[region.key])
    return [
        PatternLine(name=chinese(p["name"]),
                    english=catalogue[p["key"]].english if english() else "",
                    value=_value(p["value"], region.adds_fan),
                    rule=in_language(catalogue[p["key"]].rule_zh, catalogue[p["key"]].rule_en),
                    source=source_label(p["source"]), link=f"{rules_page}#{p['key']}")
        for p in patterns
    ]


def _groups(reading: dict, win_tile: str | None) -> list[Group]:
    """The reading's groups, the winning tile marked on one copy: in the first concealed
    group that holds that face (the engine does not say which copy; any copy of the
    face in that group reads the same)."""
    groups, marked = [], False
    for group in reading["groups"]:
        tiles = []
        for code, stands, wild in zip(group["tiles"], group["as"], group["wild"], strict=True):
            winning = not marked and not group["exposed"] and code == win_tile
            marked = marked or winning
            tiles.append(Tile(code=code, wild=wild, winning=winning,
                              stands_for=stands if (wild or stands != code) else None))
        groups.append(Group(kind=_kind(group["kind"], reading["shape"]),
                            exposed=group["exposed"], tiles=tiles))
    return groups


def _kind(kind: str, shape: str = "standard") -> str:
    if kind == "pair" and shape == "seven_pairs":
        return pgettext("seven pairs", "pair")  # 对子, not the 将 of four sets and a pair
    return {"chow": _("chow"), "pung": _("pung"), "kong": _("kong"), "pair": _("pair"),
            "single": _("single")}.get(kind, kind)


def _shape(shape: str) -> str:
    return {"standard": _("four sets and a pair"), "seven_pairs": _("seven pairs 七對"),
            "thirteen_lonely": _("十三不靠 / 七風"), "all_honours": _("亂風: all honours")}.get(
        shape, shape)


def _value(value, adds_fan: bool) -> str:
    return _("%(fan)s 番") % {"fan": value} if adds_fan else f"×{value}"


def _arithmetic(reading: dict, request: dict, adds_fan: bool) -> str:
    """E.g. 底分 1 × 暴頭 2 = 2；莊家 ×4（二連莊）— the response's numbers, in words."""
    breakdown = reading["breakdown"]
    base = _("base %(base)s") % {"base": amount(breakdown["base"])}
    terms = [f"{chinese(p['name'])} {p['value']}" for p in reading["patterns"]]
    if adds_fan:
        # no pattern: 2^0, or a paper result's own 番 (rules.settle)
        factor = f"2^({' + '.join(terms)})" if terms else f"2^{reading['fan']}"
    else:
        factor = " × ".join(terms) if terms else str(reading["multiplier"])
    text = f"{base} × {factor} = {amount(breakdown['hand_value'])}"
    if (breakdown.get("dealer_factor") or 1) != 1:  # none, or ×1 (Hangzhou as played now)
        text += _("; ") + _("dealer ×%(factor)s (%(streak)s)") % {
            "factor": breakdown["dealer_factor"], "streak": streak_name(request["dealer_streak"])}
    return text


def streak_name(streak: int) -> str:
    """平莊 for a dealer's first hand, then 二連莊, 三連莊, …"""
    if streak == 0:
        return pgettext("dealer streak", "平莊")
    kept = streak + 1
    count = CHINESE_NUMERALS[kept] if kept < len(CHINESE_NUMERALS) else str(kept)
    return count + pgettext("dealer streak", "連莊")


def _payment_rule(request: dict, breakdown: dict) -> str:
    """How the region shares the hand value out (RULEBOOK §2-4), said once in words: the
    region's own sentence for this win (``Region.payment_sentences``)."""
    return payment_sentence(REGIONS[request["region"]], request,
                            breakdown.get("dealer_factor"))


def _contract(request: dict, contract: dict | None) -> str | None:
    """承包 in words: the contract that applies, or every one where they add (Jinhua), or
    the engine's reason why none applies (Hangzhou as played now)."""
    if not contract:
        return None
    if contract.get("applied") is False:
        return in_language(contract["reason_zh"], contract["reason_en"])
    entries = contract.get("all") or [contract]
    if len(entries) == 1:
        return _contract_line(request, entries[0], alone=True)
    lines = [_contract_line(request, entry, alone=False) for entry in entries]
    return " ".join([*lines, _("Every contract counts and they add; nobody else pays.")])


def _contract_line(request: dict, contract: dict, alone: bool) -> str:
    names = {"payer": seat_name(contract["payer"]), "winner": seat_name(request["winner"]),
             "claims": contract["claims"]}
    if contract["direction"] == "claimed_from_payer":
        if not alone:
            return _("承包: %(winner)s claimed %(claims)s times from %(payer)s, so %(payer)s "
                     "pays the winner's whole take.") % names
        return _("承包: %(winner)s claimed %(claims)s times from %(payer)s, so %(payer)s alone "
                 "pays the winner's whole take.") % names
    if not alone:
        return _("承包: %(payer)s claimed %(claims)s times from %(winner)s, so %(payer)s pays "
                 "twice the winner's whole take.") % names
    return _("承包: %(payer)s claimed %(claims)s times from %(winner)s, so %(payer)s alone pays "
             "twice the winner's whole take.") % names


def _payments(payments: dict, request: dict,
              names: dict[str, str] | None = None) -> list[SeatLine]:
    lines = []
    for seat, net in payments.items():
        roles = []
        if seat == request["winner"]:
            roles.append(_("winner"))
        if seat == request["dealer"]:
            roles.append(_("dealer"))
        if seat == request.get("discarder"):
            roles.append(_("robbed") if request["win_type"] == "rob_kong" else _("discarder"))
        lines.append(SeatLine(
            seat=seat, name=f"{names[seat]} · {seat_name(seat)}" if names else seat_name(seat),
            roles=roles,
            pays=amount(-net) if net < 0 else "", receives=amount(net) if net > 0 else "",
            net=signed(net), sign=(net > 0) - (net < 0)))
    return lines


# --- the waits (聽牌) page ---

@dataclass(frozen=True, kw_only=True)
class WinLine:
    patterns: list[PatternLine]
    total: str
    discarder: str | None
    link: str


@dataclass(frozen=True, kw_only=True)
class WaitSeat:
    name: str
    self_draw: str
    self_draw_sign: int
    discard: str | None
    discard_sign: int


@dataclass(frozen=True, kw_only=True)
class Wait:
    tile: str
    wild: bool  # a drawn wild, badged as such
    self_draw: WinLine
    discard: WinLine | None
    seats: list[WaitSeat]


@dataclass(frozen=True, kw_only=True)
class Waits:
    region: str
    any_tile: bool
    count: int
    waits: list[Wait]


def present_waits(response: dict, form) -> Waits:
    """The waits panel for the engine's waits ``response`` to ``form`` (a WaitsForm,
    which links each wait to the calculator)."""
    region = REGIONS[response["region"]]

    def win(entry: dict, tile: str) -> WinLine:
        total = (_("%(fan)s 番") % {"fan": entry["fan"]} if region.adds_fan
                 else f"×{entry['multiplier']}")
        discarder = entry.get("discarder")
        return WinLine(patterns=_pattern_lines(entry["patterns"], region), total=total,
                       discarder=seat_name(discarder) if discarder else None,
                       link=form.calculator_link(tile, discarder))

    def sign(net) -> int:
        return (net > 0) - (net < 0)

    wild_text = form.cleaned_data.get("wild") or wild_code(region) or ""
    try:
        wild = CODES[parse_tiles(wild_text)[0]]
    except (TileSyntaxError, IndexError):
        wild = None
    waits = []
    for entry in response["waits"]:
        drawn, discard = entry["self_draw"], entry["discard"]
        seats = []
        for seat, net in drawn["payments"].items():
            other = discard["payments"][seat] if discard else None
            seats.append(WaitSeat(name=seat_name(seat), self_draw=signed(net),
                                  self_draw_sign=sign(net),
                                  discard=None if other is None else signed(other),
                                  discard_sign=0 if other is None else sign(other)))
        tile = entry["tile"]
        waits.append(Wait(tile=tile, wild=tile == wild, self_draw=win(drawn, tile),
                          discard=win(discard, tile) if discard else None, seats=seats))
    return Waits(region=region_label(region.key), any_tile=response["any_tile"],
                 count=response["count"], waits=waits)
