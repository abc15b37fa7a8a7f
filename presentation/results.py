"""The engine's response as the result panel shows it, as plain data in the page's
language (``presentation.page`` writes its markup).

Presentation only: every number shown comes from the response (``payments``,
``breakdown``); nothing here scores a hand or works out a payment. Pattern names,
glosses, rule texts and sources come from the engine's own catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from presentation.language import chinese, english, gettext, pgettext
from presentation.messages import render, render_near_miss, render_reason
from presentation.regions import (
    in_language,
    payment_sentence,
    region_label,
    source_label,
    streak_name,
    wild_code,
)
from presentation.seats import amount, seat_name, signed
from rules.region import Region
from rules.regions import REGIONS
from rules.tiles import CODES, TileSyntaxError, parse_tiles

__all__ = ["Group", "HouseRuleReading", "NearMiss", "PatternLine", "Reading", "Result",
           "SeatChange", "SeatLine", "Tile",
           "Wait", "WaitSeat", "WinLine", "Waits", "group_kind", "present", "present_waits",
           "shape_name"]


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
    key: str  # the pattern's key: its entry in the rules reference
    name: str  # as the page writes Chinese: 暴头 on zh-hans, 暴頭 on zh-hant and en
    english: str  # the English gloss, on English pages only ("" on Chinese ones)
    value: str  # "2 番" or "×2"
    rule: str
    source: str  # in words: 杭州麻将原文第 136 行


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
class SeatChange:
    name: str
    net: str  # what the seat would pay or receive, signed
    change: str  # against the answer shown, signed ("" where the same)
    sign: int


@dataclass(frozen=True, kw_only=True)
class HouseRuleReading:
    """若按另一种读法: the hand under another value of one house rule, where that changes
    its outcome (the response's ``house_rule_alternatives``)."""

    rule: str  # the house rule, in the player's words
    choice: str  # the other value, in the player's words
    source: str
    in_force: str  # the value the shown answer is scored under, in the player's words
    in_force_source: str
    field: str  # the form field and value that apply it (the rule's key)
    value: str
    total: str | None  # "×4", "3 番"; None where the hand does not win under it
    outcome: str | None  # why not, where it does not win or is not allowed
    payments: list[SeatChange]


@dataclass(frozen=True, kw_only=True)
class Result:
    winning: bool
    region_key: str
    region: str
    reason: str | None
    unmatched: list[str]
    combination: str | None
    best: Reading | None
    alternatives: list[Reading]
    near_misses: list[NearMiss] = field(default_factory=list)
    house_rules: list[HouseRuleReading] = field(default_factory=list)


def present(response: dict[str, Any], request: dict[str, Any],
            names: dict[str, str] | None = None) -> Result:
    """The result panel for the engine's ``response`` to ``request``; ``names`` (seat →
    player, from a table ledger) label the payment lines."""
    region = REGIONS[response["region"]]
    heading = region_label(region.key)
    house_rules = [_house_rule_reading(entry, response, request, region, names)
                   for entry in response.get("house_rule_alternatives", [])]
    if not response["winning"]:
        return Result(winning=False, region_key=region.key, region=heading,
                      reason=render_reason(response), unmatched=response["unmatched"],
                      combination=None, best=None, alternatives=[], house_rules=house_rules)
    return Result(
        winning=True, region_key=region.key, region=heading, reason=None, unmatched=[],
        combination=chinese(response["combination"]) if response.get("combination") else None,
        best=_reading(response, request, names),
        alternatives=[_reading(alt, request, names) for alt in response.get("alternatives", [])],
        near_misses=_near_misses(response.get("near_misses", []), region),
        house_rules=house_rules,
    )


def _house_rule_reading(entry: dict[str, Any], shown: dict[str, Any], request: dict[str, Any],
                        region: Region, names: dict[str, str] | None) -> HouseRuleReading:
    """One other value of a house rule as the panel lists it: its words and source, and
    what the hand would be under it — its total and each seat's payment beside the
    shown one, or why it would not win or not be allowed."""
    rule = next(r for r in region.house_rules if r.key == entry["rule"])
    choice, in_force = rule.choice(entry["value"]), rule.choice(entry["in_force"])
    outcome = None
    if entry["refused"]:
        outcome = render(entry["errors"][0], region.key) if entry["errors"] else None
    elif not entry["winning"]:
        outcome = gettext("Not a winning hand")
    payments = []
    if entry["payments"] is not None:
        before = shown.get("payments") or {}
        changes = entry.get("payment_changes") or {}
        for seat, net in entry["payments"].items():
            change = changes.get(seat, 0) if before else 0
            payments.append(SeatChange(
                name=f"{names[seat]} · {seat_name(seat)}" if names else seat_name(seat),
                net=signed(net), change=signed(change) if change else "", sign=_sign(net)))
    return HouseRuleReading(
        rule=in_language(rule.label_zh, rule.label_en),
        choice=in_language(choice.label_zh, choice.label_en),
        source=source_label(choice.source), field=rule.key, value=choice.value,
        in_force=in_language(in_force.label_zh, in_force.label_en),
        in_force_source=source_label(in_force.source),
        total=_total(entry, region) if entry["winning"] else None, outcome=outcome,
        payments=payments)


def _near_misses(entries: list[dict[str, Any]], region: Region) -> list[NearMiss]:
    """Patterns that nearly counted, with the engine's reason in the page's language."""
    catalogue = {p.key: p for p in region.patterns}
    return [NearMiss(name=chinese(e["name"]),
                     english=catalogue[e["key"]].english if english() else "",
                     reason=render_near_miss(e, region.key))
            for e in entries]


def _reading(reading: dict[str, Any], request: dict[str, Any],
             names: dict[str, str] | None = None) -> Reading:
    region = REGIONS[request["region"]]
    breakdown = reading["breakdown"]
    return Reading(
        # a paper result (rules.settle) has neither shape nor groups
        shape=shape_name(reading["shape"]) if "shape" in reading else "",
        groups=_groups(reading, request.get("win_tile")) if "groups" in reading else [],
        patterns=pattern_lines(reading["patterns"], region),
        total=_total(reading, region),
        arithmetic=_arithmetic(reading, request, region.adds_fan),
        payment_rule=payment_sentence(region, request, breakdown.get("dealer_factor")),
        contract=_contract(request, breakdown.get("contract")),
        payments=_payments(reading["payments"], request, names),
    )


def _total(entry: dict[str, Any], region: Region) -> str:
    """A hand's total: "3 番" where the region adds 番, "×4" where it multiplies."""
    if region.adds_fan:
        return gettext("%(fan)s 番") % {"fan": entry["fan"]}
    return f"×{entry['multiplier']}"


def pattern_lines(patterns: list[dict[str, Any]], region: Region) -> list[PatternLine]:
    catalogue = {p.key: p for p in region.patterns}
    return [
        PatternLine(key=p["key"], name=chinese(p["name"]),
                    english=catalogue[p["key"]].english if english() else "",
                    value=_value(p["value"], region.adds_fan),
                    rule=in_language(catalogue[p["key"]].rule_zh, catalogue[p["key"]].rule_en),
                    source=source_label(p["source"]))
        for p in patterns
    ]


def _groups(reading: dict[str, Any], win_tile: str | None) -> list[Group]:
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
        groups.append(Group(kind=group_kind(group["kind"], reading["shape"]),
                            exposed=group["exposed"], tiles=tiles))
    return groups


def group_kind(kind: str, shape: str = "standard") -> str:
    """A group's kind in words: 顺子, 刻子, 杠, 将 (a pair of seven pairs: 对子)."""
    if kind == "pair" and shape == "seven_pairs":
        return pgettext("seven pairs", "pair")  # 对子, not the 将 of four sets and a pair
    kinds = {"chow": gettext("chow"), "pung": gettext("pung"), "kong": gettext("kong"),
             "pair": gettext("pair"), "single": gettext("single")}
    return kinds.get(kind, kind)


def shape_name(shape: str) -> str:
    shapes = {"standard": gettext("four sets and a pair"),
              "seven_pairs": gettext("seven pairs 七對"),
              "thirteen_lonely": gettext("十三不靠 / 七風"),
              "all_honours": gettext("亂風: all honours")}
    return shapes.get(shape, shape)


def _value(value: object, adds_fan: bool) -> str:
    return gettext("%(fan)s 番") % {"fan": value} if adds_fan else f"×{value}"


def _arithmetic(reading: dict[str, Any], request: dict[str, Any], adds_fan: bool) -> str:
    """E.g. 底分 1 × 暴頭 2 = 2；莊家 ×4（二連莊）— the response's numbers, in words."""
    breakdown = reading["breakdown"]
    base = gettext("base %(base)s") % {"base": amount(breakdown["base"])}
    terms = [f"{chinese(p['name'])} {p['value']}" for p in reading["patterns"]]
    if adds_fan:
        # no pattern: 2^0, or a paper result's own 番 (rules.settle)
        factor = f"2^({' + '.join(terms)})" if terms else f"2^{reading['fan']}"
    else:
        factor = " × ".join(terms) if terms else str(reading["multiplier"])
    text = f"{base} × {factor} = {amount(breakdown['hand_value'])}"
    if (breakdown.get("dealer_factor") or 1) != 1:  # none, or ×1 (Hangzhou as played now)
        text += gettext("; ") + gettext("dealer ×%(factor)s (%(streak)s)") % {
            "factor": breakdown["dealer_factor"], "streak": streak_name(request["dealer_streak"])}
    return text


def _contract(request: dict[str, Any], contract: dict[str, Any] | None) -> str | None:
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
    return " ".join([*lines, gettext("Every contract counts and they add; nobody else pays.")])


def _contract_line(request: dict[str, Any], contract: dict[str, Any], alone: bool) -> str:
    names = {"payer": seat_name(contract["payer"]), "winner": seat_name(request["winner"]),
             "claims": contract["claims"]}
    if contract["direction"] == "claimed_from_payer":
        if not alone:
            return gettext("承包: %(winner)s claimed %(claims)s times from %(payer)s, so "
                           "%(payer)s pays the winner's whole take.") % names
        return gettext("承包: %(winner)s claimed %(claims)s times from %(payer)s, so "
                       "%(payer)s alone pays the winner's whole take.") % names
    if not alone:
        return gettext("承包: %(payer)s claimed %(claims)s times from %(winner)s, so "
                       "%(payer)s pays twice the winner's whole take.") % names
    return gettext("承包: %(payer)s claimed %(claims)s times from %(winner)s, so %(payer)s "
                   "alone pays twice the winner's whole take.") % names


def _roles(seat: str, request: dict[str, Any]) -> list[str]:
    roles = []
    if seat == request["winner"]:
        roles.append(gettext("winner"))
    if seat == request["dealer"]:
        roles.append(gettext("dealer"))
    if seat == request.get("discarder"):
        roles.append(gettext("robbed") if request["win_type"] == "rob_kong"
                     else gettext("discarder"))
    return roles


def _payments(payments: dict[str, Any], request: dict[str, Any],
              names: dict[str, str] | None = None) -> list[SeatLine]:
    return [SeatLine(seat=seat,
                     name=f"{names[seat]} · {seat_name(seat)}" if names else seat_name(seat),
                     roles=_roles(seat, request),
                     pays=amount(-net) if net < 0 else "", receives=amount(net) if net > 0 else "",
                     net=signed(net), sign=_sign(net))
            for seat, net in payments.items()]


def _sign(net: float) -> int:
    return (net > 0) - (net < 0)


# --- the waits (聽牌) page ---

@dataclass(frozen=True, kw_only=True)
class WinLine:
    patterns: list[PatternLine]
    total: str
    discarder: str | None  # the seat's name
    discarder_seat: str | None


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
    region_key: str
    region: str
    any_tile: bool
    count: int
    waits: list[Wait]

    @property
    def discard_assumed(self) -> bool:
        """Whether a 點炮 column names its discarder (a note then says why that one)."""
        return any(wait.discard for wait in self.waits)


def present_waits(response: dict[str, Any], request: dict[str, Any]) -> Waits:
    """The waits panel for the engine's waits ``response`` to ``request``."""
    region = REGIONS[response["region"]]
    wild = _wild(request.get("wild") or wild_code(region) or "")
    waits = [Wait(tile=entry["tile"], wild=entry["tile"] == wild,
                  self_draw=_win_line(entry["self_draw"], region),
                  discard=_win_line(entry["discard"], region) if entry["discard"] else None,
                  seats=_wait_seats(entry["self_draw"], entry["discard"]))
             for entry in response["waits"]]
    return Waits(region_key=region.key, region=region_label(region.key),
                 any_tile=response["any_tile"], count=response["count"], waits=waits)


def _wild(text: str) -> str | None:
    """The wild's tile code, from the request's notation; None where none is read."""
    try:
        return CODES[parse_tiles(text)[0]]
    except (TileSyntaxError, IndexError):
        return None


def _win_line(entry: dict[str, Any], region: Region) -> WinLine:
    discarder = entry.get("discarder")
    return WinLine(patterns=pattern_lines(entry["patterns"], region),
                   total=_total(entry, region),
                   discarder=seat_name(discarder) if discarder else None,
                   discarder_seat=discarder)


def _wait_seats(drawn: dict[str, Any], discard: dict[str, Any] | None) -> list[WaitSeat]:
    seats = []
    for seat, net in drawn["payments"].items():
        other = discard["payments"][seat] if discard else None
        seats.append(WaitSeat(name=seat_name(seat), self_draw=signed(net),
                              self_draw_sign=_sign(net),
                              discard=None if other is None else signed(other),
                              discard_sign=0 if other is None else _sign(other)))
    return seats
