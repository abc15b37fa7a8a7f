"""Practice mode's round, the one markup online and offline: the hand dealt for a region
and a seed (``rules.deals``: the same seed deals the same hand, here and in the browser's
offline engine), and the player's answers graded against the engine's.

The server's page (calculator.views.practice_page) draws the hand with ``hand_html`` and
the grades with ``answers_html``; with no network static/js/practice.js asks the offline
engine (``presentation.offline``), which deals, reads the answers and grades them with
the same functions.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any
from urllib.parse import urlencode

from presentation import advice
from presentation.cards import card_header, card_heading
from presentation.form import number_message, request_from_fields, text_message
from presentation.html import esc
from presentation.language import gettext, ngettext
from presentation.messages import meld_kind, tile_name
from presentation.page import Links
from presentation.permalink import request_fields
from presentation.regions import LISTED, streak_name, wild_code
from presentation.seats import amount, seat_name, signed
from presentation.tiles import tile_html, tile_label
from rules import deals
from rules.advise import advise
from rules.regions import REGIONS as ENGINE_REGIONS
from rules.tiles import format_tiles

__all__ = ["REGIONS", "SEAT_FIELDS", "SEED_LIMIT", "Grade", "answers_html", "circumstances",
           "deal_for", "drill_deal", "drill_html", "drill_link", "drill_request",
           "engine_request", "grades", "hand_codes", "hand_html", "read_answers",
           "total_label"]

REGIONS = tuple(region.key for region in LISTED)
SEED_LIMIT = 10**9
SEAT_FIELDS = {seat: f"pay_{seat}" for seat in "ESWN"}  # each seat's net, as answered
TOTAL_LIMIT = 10**9  # the total's field: a whole number from 0 to this
# the seats' nets: as Django's DecimalField(max_digits=20, decimal_places=4) reads them
NET_DIGITS, NET_PLACES = 20, 4


def deal_for(region: str, seed: int) -> dict[str, Any]:
    """The hand of one practice round: the same region and seed give the same hand (a
    valid winning score request of the region: ``rules.deals``' default mix)."""
    if region not in REGIONS:
        raise ValueError(f"no region {region!r}")
    return deals.winning(random.Random(f"{region}:{seed}"), region).request


def engine_request(deal: Mapping[str, Any]) -> dict[str, Any]:
    """The request the calculator's form makes of the dealt hand (its permalink's)."""
    request, _unread = request_from_fields("score", request_fields(deal))
    return request


def hand_codes(text: str) -> list[str]:
    """``"123m5z"`` -> ``["1m", "2m", "3m", "5z"]``: the notation the generator writes."""
    return [digit + suit for digits, suit in re.findall(r"(\d+)([mpsz])", text)
            for digit in digits]


def total_label(region: str) -> str:
    """What the total is called where the round is played: 番 in Honghe, else ×."""
    return gettext("番 (fan)") if ENGINE_REGIONS[region].adds_fan else gettext("Multiplier ×")


def circumstances(deal: Mapping[str, Any]) -> list[str]:
    """How the hand was won, in words: who won how, the dealer and streak, the base."""
    names = {"winner": seat_name(deal["winner"]),
             "discarder": seat_name(deal["discarder"]) if deal["discarder"] else ""}
    how = {"self_draw": gettext("%(winner)s won by self-draw 自摸."),
           "discard": gettext("%(winner)s won on a tile discarded by %(discarder)s 點炮."),
           "rob_kong": gettext("%(winner)s won by robbing the kong of %(discarder)s 搶槓.")}
    streak = deal["dealer_streak"]
    return [
        how[deal["win_type"]] % names,
        gettext("Dealer 莊家: %(dealer)s, %(streak)s (dealer streak %(count)s).") % {
            "dealer": seat_name(deal["dealer"]), "streak": streak_name(streak),
            "count": streak},
        gettext("Base 底分: %(base)s.") % {"base": amount(deal["base"])},
    ]


def hand_html(region: str, seed: int, deal: Mapping[str, Any], links: Links) -> str:
    """The round's hand: its concealed tiles, melds, winning tile and wild, and how it
    was won."""
    wild = deal.get("wild") or wild_code(ENGINE_REGIONS[region]) or ""

    def tile(code: str, is_wild: bool = False) -> str:
        return tile_html(code, links.tiles.get(code, ""), wild=is_wild, region=region)

    concealed = "".join(tile(code, code == wild) for code in hand_codes(deal["hand"]))
    lines = "".join(f"<li>{esc(line)}</li>" for line in circumstances(deal))
    return (f'<section class="card mb-3 practice-hand" aria-labelledby="practice-hand-title"'
            f' data-region="{esc(region)}" data-seed="{seed}">'
            f'{_round_header(gettext("The hand"), "practice-hand-title", seed)}'
            f'<div class="card-body">'
            f'<p class="small mb-1">{esc(gettext("Concealed tiles"))}</p>'
            f'<div class="tiles mb-2" data-practice="hand">{concealed}</div>'
            f'{_melds_html(deal["melds"], region, links)}'
            f'<div class="d-flex flex-wrap gap-4 mb-2"><div>'
            f'<p class="small mb-1">{esc(gettext("Winning tile"))}</p>'
            f'<div class="tiles">{tile(deal["win_tile"])}</div></div><div>'
            f'<p class="small mb-1">{esc(gettext("Wild tile 百搭 / 財神"))}</p>'
            f'<div class="tiles">{tile(wild, True)}</div></div></div>'
            f'<ul class="mb-0 practice-context">{lines}</ul></div></section>')



def _round_header(title: str, title_id: str, seed: int) -> str:
    """A round's card header: its ``title`` (the card's label, ``title_id``) and its
    number."""
    round_name = gettext("Round %(seed)s") % {"seed": seed}
    return card_header(card_heading(title, title_id=title_id),
                       f'<span class="text-body-secondary small ms-auto">{esc(round_name)}</span>')


def _melds_html(melds: list[str], region: str, links: Links) -> str:
    """A round's declared melds, each with its kind (none: nothing)."""
    if not melds:
        return ""
    groups = "".join(
        '<span class="tile-group exposed"><span class="d-inline-flex">'
        + "".join(tile_html(code, links.tiles.get(code, ""), region=region)
                  for code in hand_codes(tiles))
        + f'</span><small class="group-kind">{esc(meld_kind(kind))}</small></span>'
        for kind, tiles in (meld.split() for meld in melds))
    return (f'<p class="small mb-1">{esc(gettext("Melds"))}</p>'
            f'<div class="tiles mb-2">{groups}</div>')

# --- the answers ---

class _Unreadable(Exception):
    """An answer's text that is no number the field takes; its message."""


def _total(text: str) -> int:
    """The total as Django's IntegerField(min_value=0, max_value=TOTAL_LIMIT) reads it."""
    if not text:
        raise _Unreadable(text_message("required"))
    try:
        number = int(re.sub(r"\.0*\s*$", "", text))
    except ValueError:
        raise _Unreadable(number_message("invalid", whole=True)) from None
    if number < 0:
        raise _Unreadable(number_message("min_value", whole=False) % {"limit_value": 0})
    if number > TOTAL_LIMIT:
        raise _Unreadable(number_message("max_value", whole=False)
                          % {"limit_value": TOTAL_LIMIT})
    return number


def _net(text: str) -> Decimal:
    """A seat's net as Django's DecimalField(max_digits=20, decimal_places=4) and its
    DecimalValidator read it."""
    if not text:
        raise _Unreadable(text_message("required"))
    try:
        number = Decimal(text.strip())
    except InvalidOperation:
        raise _Unreadable(number_message("invalid", whole=False)) from None
    if not number.is_finite():
        raise _Unreadable(number_message("invalid", whole=False))
    _sign, figures, exponent = number.as_tuple()
    assert isinstance(exponent, int)
    if exponent >= 0:
        digits = len(figures) + (exponent if figures != (0,) else 0)
        places = 0
    elif -exponent > len(figures):
        digits = places = -exponent
    else:
        digits, places = len(figures), -exponent
    if digits > NET_DIGITS:
        raise _Unreadable(text_message("max_digits") % {"max": NET_DIGITS})
    if places > NET_PLACES:
        raise _Unreadable(text_message("max_decimal_places") % {"max": NET_PLACES})
    if digits - places > NET_DIGITS - NET_PLACES:
        raise _Unreadable(text_message("max_whole_digits") % {"max": NET_DIGITS - NET_PLACES})
    return number


def read_answers(fields: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The answers the practice form's ``fields`` give (``total``, ``pay_E`` …), and the
    messages of those it cannot read, as the server's form says them."""
    answers: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    readers = {"total": _total, **dict.fromkeys(SEAT_FIELDS.values(), _net)}
    for name, read in readers.items():
        try:
            answers[name] = read(fields.get(name, ""))
        except _Unreadable as unreadable:
            errors[name] = [str(unreadable)]
    return answers, errors


@dataclass(frozen=True, kw_only=True)
class Grade:
    label: str
    given: str
    right: str
    correct: bool


def grades(answers: Mapping[str, Any], response: Mapping[str, Any], region: str) -> list[Grade]:
    """Each answer beside the engine's value: the total, then E, S, W, N."""
    right = response["fan"] if ENGINE_REGIONS[region].adds_fan else response["multiplier"]
    graded = [Grade(label=total_label(region), given=amount(answers["total"]),
                    right=amount(right),
                    correct=Decimal(answers["total"]) == Decimal(str(right)))]
    for seat, name in SEAT_FIELDS.items():
        net = response["payments"][seat]
        graded.append(Grade(label=seat_name(seat), given=signed(answers[name]),
                            right=signed(net), correct=answers[name] == Decimal(str(net))))
    return graded


def answers_html(graded: list[Grade], panel: str) -> str:
    """The answers graded, then the calculator's result panel (``panel``) of the hand."""
    items = "".join(
        f'<li class="grade {"text-success-emphasis" if g.correct else "text-danger-emphasis"}"'
        f' data-correct="{"true" if g.correct else "false"}">'
        f"<strong>{esc(g.label)}</strong>: {esc(g.given)} — "
        + (f'✓ {esc(gettext("correct"))}' if g.correct else
           f'✗ {esc(gettext("wrong; the answer is %(right)s") % {"right": g.right})}')
        + "</li>"
        for g in graded)
    return (f'<section id="grades" class="mb-3" aria-labelledby="grades-title">'
            f'<h2 class="h5" id="grades-title">{esc(gettext("Your answers"))}</h2>'
            f'<ul class="list-unstyled mb-0">{items}</ul></section>'
            f'<section id="result">{panel}</section>')


# --- the 何切 drill: which tile to throw ---

def drill_deal(region: str, seed: int) -> deals.Dealt:
    """The hand of one drill round: 14 tiles (less 3 a meld) of the region one or two
    tiles off a winning hand (``rules.deals.near_winning``); the same region and seed give
    the same hand."""
    if region not in REGIONS:
        raise ValueError(f"no region {region!r}")
    return deals.near_winning(random.Random(f"discard:{region}:{seed}"), region)


def drill_request(dealt: deals.Dealt) -> dict[str, Any]:
    """The advise request of a drill round's hand (docs/API.md, "Learning"): its 14 tiles,
    melds, wild and seats."""
    dealt_request = dealt.request
    request = {"region": dealt_request["region"], "hand": format_tiles(sorted(dealt.concealed)),
               "melds": list(dealt_request["melds"]), "winner": dealt_request["winner"],
               "dealer": dealt_request["dealer"],
               "dealer_streak": dealt_request["dealer_streak"], "base": dealt_request["base"]}
    if dealt_request.get("wild"):
        request["wild"] = dealt_request["wild"]
    return request


def drill_link(drill: str, region: str, seed: int, discard: str = "") -> str:
    """A drill round's address (``drill``: the drill page's), with the player's pick."""
    query = {"region": region, "seed": seed, **({"discard": discard} if discard else {})}
    return f"{drill}?{urlencode(query)}"


def _advise_link(advise: str, request: Mapping[str, Any]) -> str:
    """The 牌理 page filled in with the drill's hand."""
    fields = {"region": request["region"], "hand": request["hand"],
              "melds": "\n".join(request["melds"]), "wild": request.get("wild", ""),
              "winner": request["winner"], "dealer": request["dealer"],
              "dealer_streak": request["dealer_streak"], "base": request["base"]}
    return f"{advise}?{urlencode({k: v for k, v in fields.items() if v not in ('', None)})}"


def drill_html(region: str, seed: int, discard: str, links: Links, pages: advice.Pages,
               drill: str) -> str:
    """A 何切 drill round: the hand, each tile a link that throws it, and once one is
    thrown (``discard``) where that throw ranks among all of them and why (``rules.advise``:
    向听, the improving tiles and their unseen copies), then every throw best first."""
    request = drill_request(drill_deal(region, seed))
    answer = advise(request)
    discards = answer["discards"]
    wild = advice.wild_of(request)
    chosen = discard if any(entry["discard"] == discard for entry in discards) else ""

    def pick(code: str) -> str:
        return drill_link(drill, region, seed, code) + "#drill-result"

    def tile(code: str) -> str:
        mark = (" drill-tile--chosen border border-primary border-2 rounded"
                if code == chosen else "")
        label = gettext("Throw %(tile)s") % {"tile": tile_label(code)}
        face = tile_html(code, links.tiles.get(code, ""), wild=code == wild, region=region,
                         decorative=True)
        return (f'<a class="d-inline-block drill-tile{mark}" href="{esc(pick(code))}" '
                f'data-drill-discard="{esc(code)}" aria-label="{esc(label)}"'
                + (' aria-current="true"' if code == chosen else "") + f">{face}</a>")

    concealed = "".join(tile(code) for code in hand_codes(request["hand"]))
    seats = gettext("You sit %(winner)s; the dealer is %(dealer)s.") % {
        "winner": seat_name(request["winner"]), "dealer": seat_name(request["dealer"])}
    title = gettext("Which tile would you throw? (何切)")
    hand = (f'<section class="card mb-3 practice-hand drill-hand" data-region="{esc(region)}"'
            f' data-seed="{seed}" aria-labelledby="drill-hand-title">'
            f'{_round_header(title, "drill-hand-title", seed)}'
            f'<div class="card-body">'
            f'<p class="small mb-1">{esc(gettext("Tap the tile you would throw."))}</p>'
            f'<div class="d-flex flex-wrap gap-1 mb-2" data-practice="hand">{concealed}</div>'
            f'{_melds_html(request["melds"], region, links)}'
            f'<p class="small mb-1">{esc(gettext("Wild tile 百搭 / 財神"))}</p>'
            f'<div class="tiles mb-2">'
            f'{tile_html(wild, links.tiles.get(wild, ""), wild=True, region=region)}</div>'
            f'<p class="small mb-0">{esc(seats)}</p></div></section>')
    if not discard:
        return hand
    if not chosen:
        missing = gettext("%(tile)s is not in this hand: tap one of its tiles.") % {
            "tile": discard}
        return hand + (f'<section id="drill-result" class="alert alert-warning" role="alert">'
                       f"{esc(missing)}</section>")
    return hand + _drill_result(discards, chosen, region, links, pick,
                                _advise_link(pages.advise, request), wild)


def _drill_result(discards: list[dict[str, Any]], chosen: str, region: str, links: Links,
                  pick: Callable[[str], str], advise_link: str, wild: str) -> str:
    """Where the chosen throw ranks and why, then every throw best first."""
    entry = next(e for e in discards if e["discard"] == chosen)
    rank = 1 + sum(1 for e in discards if advice.best_first(e) < advice.best_first(entry))
    best = discards[0]

    def where(e: Mapping[str, Any]) -> str:
        shanten = int(e["shanten"])
        improves = ngettext("%(count)s copy improves the hand",
                            "%(count)s copies improve the hand",
                            int(e["unseen_total"])) % {"count": e["unseen_total"]}
        return gettext("%(name)s (%(words)s), %(improves)s") % {
            "name": advice.shanten_name(shanten), "words": advice.shanten_words(shanten),
            "improves": improves}

    # A sentence names the tile as players say it (六筒; the code on the English page).
    ranked = gettext("Your throw %(tile)s ranks %(rank)s of %(count)s.") % {
        "tile": tile_name(chosen), "rank": rank, "count": len(discards)}
    lines = [gettext("After it: %(where)s.") % {"where": where(entry)}]
    if rank == 1:
        verdict, tone = gettext("A best throw."), "text-success-emphasis"
    else:
        verdict, tone = gettext("Not the best throw."), "text-danger-emphasis"
        lines.append(gettext("The best, %(tile)s: %(where)s.") % {
            "tile": tile_name(best["discard"]), "where": where(best)})
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (f'<section id="drill-result" class="card mb-3" data-rank="{rank}" '
            f'data-discard="{esc(chosen)}" aria-labelledby="drill-result-title">'
            f'<div class="card-header"><h2 class="h5 mb-0 {tone}" id="drill-result-title">'
            f"{esc(ranked)} {esc(verdict)}</h2></div>"
            f'<div class="card-body"><ul class="mb-2">{items}</ul>'
            f'<p class="small text-body-secondary mb-1">'
            f'{esc(gettext("Every throw, best first:"))}</p>'
            f"{advice.discards_html(discards, region, links, pick, chosen, wild)}"
            f'<p class="mt-3 mb-0"><a href="{esc(advise_link)}" data-drill-advise>'
            f'{esc(gettext("Open this hand in 牌理"))}</a></p></div></section>')
