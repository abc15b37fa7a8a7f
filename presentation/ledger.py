"""A ledger hand's preview (the win page's "score it"), the one markup online and offline.

The server's win page (ledger/hand_views.py) draws its preview with ``preview_html``;
with no network the browser's offline engine (``presentation.offline``) works the same
hand out and draws it with the same function, from what the page gives it of the table
(``Spot``: made by the server, ledger/page_parts.py ``offline_spot``). The ledger's own
arithmetic — which request the table makes of a hand, who deals next — stays the
server's: the page carries its results for this hand, and the server scores the hand
again when it is recorded.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from presentation.cards import card_header, card_heading, card_total
from presentation.form import field_errors, request_from_fields
from presentation.html import esc
from presentation.language import Language, gettext, speaking
from presentation.page import Links, reading_html
from presentation.permalink import calculator_link
from presentation.results import Result, present
from rules.answer import answer as engine_answer

__all__ = ["Spot", "hand_request", "offline_preview", "position_html", "preview_html",
           "spot_json"]


@dataclass(frozen=True, kw_only=True)
class Spot:
    """What the server's page says of the table for hand ``number``: the players'
    ``names`` by seat, the request's ``table_part`` (``ledger.rotation.compose`` of no
    hand: region, base, dealer, streak, house rules and the history the region reads),
    and ``after``: by winning seat, the position that then follows (``position_view``
    of ``ledger.rotation.advance``, with the region's own wild as the hand's)."""

    number: int
    names: Mapping[str, str]
    table_part: Mapping[str, Any]
    after: Mapping[str, Mapping[str, Any]]

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Spot:
        return cls(number=int(values["number"]), names=values["names"],
                   table_part=values["table_part"], after=values["after"])

    def after_win(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The position after ``request``'s win: its winner's, with its wild (the next
        hand's history: ``ledger.rotation.advance``)."""
        after = dict(self.after[request["winner"]])
        if request.get("wild"):
            after["previous_wild"] = request["wild"]
        return after


def hand_request(hand: Mapping[str, Any], table_part: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's own request (its tiles, its win, its circumstances) completed with the
    table's part, as ``ledger.rotation.compose`` completes it: the table's keys win, and
    its history joins the hand's context."""
    request = {**hand, **table_part}
    context = {**hand.get("context", {}), **table_part.get("context", {})}
    request.pop("context", None)
    if context:
        request["context"] = context
    return request


def position_html(position: Mapping[str, Any]) -> str:
    """The state before a hand (``ledger.page_parts.position_view``): the dealer, the
    streak, and where the region reads it the history its patterns read."""
    history = ""
    if position["history"]:
        history = (_position_item(gettext("Draws before 黃莊"), str(position["draws"]))
                   + _position_item(gettext("Last wild"), position["previous_wild"] or "—"))
    dealer = (f'<dd class="mb-0" data-dealer="{esc(position["dealer"])}">'
              f'{esc(position["dealer_name"])} <span class="text-body-secondary">'
              f'({esc(position["seat"])})</span></dd>')
    streak = (f'<dd class="mb-0" data-streak="{esc(position["streak"])}">'
              f'{esc(position["streak_name"])}</dd>')
    return (f'<dl class="position row row-cols-auto g-2 mb-0 small">'
            f'<div class="col"><dt>{esc(gettext("Dealer 莊家"))}</dt>{dealer}</div>'
            f'<div class="col"><dt>{esc(gettext("Streak 連莊"))}</dt>{streak}</div>'
            f"{history}</dl>")


def _position_item(term: str, value: str) -> str:
    return f'<div class="col"><dt>{esc(term)}</dt><dd class="mb-0">{esc(value)}</dd></div>'


def preview_html(number: int, result: Result, after: Mapping[str, Any], calculator: str,
                 links: Links, footer: str = "") -> str:
    """The preview of hand ``number``: its total, the reading with the players' payments,
    who deals next (``after``), the calculator's link, and ``footer`` (the server's
    record form; offline, the page puts its own there)."""
    reading = reading_html(result.best, result.region_key, links) if result.best else ""
    heading = "✓ " + gettext("Hand %(number)s") % {"number": number}
    total = card_total(result.best.total if result.best else "", result.combination)
    return (f'<article class="card result">'
            f'{card_header(card_heading(heading, tone="text-success-emphasis"), total)}'
            f'<div class="card-body">{reading}'
            f'<section class="mt-3" data-after>'
            f'<h3 class="h6">{esc(gettext("Then the next hand"))}</h3>'
            f"{position_html(after)}</section>"
            f'<p class="small mt-2 mb-0"><a href="{esc(calculator)}">'
            f'{esc(gettext("Other readings and “why not” in the calculator"))}</a></p></div>'
            f'<div class="card-footer">{footer}</div></article>')


def offline_preview(fields: Mapping[str, str], spot: Spot, language: Language,
                    links: Links) -> tuple[int, str, dict[str, list[str]]]:
    """The win page's preview of the hand its form's ``fields`` give, worked out here:
    (200, its HTML, {}) or (400, "", the messages of the fields in error) — the server's
    words (``hand_win``'s preview: the form, then the engine, a hand that does not win
    refused on its tiles)."""
    with speaking(language):
        table_part = spot.table_part
        hand, errors = request_from_fields("score", {**fields,
                                                     "region": table_part["region"],
                                                     "dealer": table_part["dealer"]})
        if errors:
            return 400, "", errors
        request = hand_request(hand, table_part)
        region = request["region"]
        status, body = engine_answer("score", request)
        if status != 200:
            return 400, "", field_errors(body.get("errors", []), region, fields)
        if not body["winning"]:
            refused = {"field": "hand", "message": body["reason"],
                       "code": body["reason_code"], "params": body["reason_params"]}
            return 400, "", field_errors([refused], region, fields)
        result = present(body, request, dict(spot.names))
        html = preview_html(spot.number, result, spot.after_win(request),
                            calculator_link(links.calculator, request), links)
        return 200, html, {}


def spot_json(spot: Spot) -> str:
    """``spot`` for the page's data attribute (the offline engine reads it back)."""
    return json.dumps({"number": spot.number, "names": dict(spot.names),
                       "table_part": dict(spot.table_part), "after": dict(spot.after)},
                      ensure_ascii=False)
