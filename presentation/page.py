"""The result panel's markup: the one HTML of an answer, online and offline.

The server's pages include it (templates/calculator/calculator.html ``#result``,
waits.html, the ledger's win preview); the browser's offline engine runs the same code
on the answer it works out, so an answer with no network reads as one with it.

``panel`` is the entry point: the engine's answer (``rules.answer``: a status and a
body) to a score or waits request, as ``Panel.html`` for a 200 and as the messages of
the form's fields (``Panel.field_errors``) for a 400. The few URLs the markup names come
in ``Links``: nothing here knows the site's URLs or its static files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from presentation.cards import card_header, card_heading, card_total
from presentation.form import calculator_link, field_errors
from presentation.html import esc
from presentation.language import (
    Language,
    chinese_lang,
    gettext,
    gettext_noop,
    ngettext,
    speaking,
)
from presentation.results import (
    HouseRuleReading,
    PatternLine,
    Reading,
    Result,
    Wait,
    Waits,
    WinLine,
    present,
    present_waits,
)
from presentation.tiles import tile_html

__all__ = ["Links", "Panel", "panel", "permalink_html", "reading_html", "result_html",
           "share_button_html", "waits_html"]


@dataclass(frozen=True, kw_only=True)
class Links:
    """The URLs the markup names, as the caller's site spells them."""

    tiles: Mapping[str, str]  # tile code → its picture's URL
    rules: str = "/rules/{region}/"  # a region's rules page; {region}: its key
    permalink: str = ""  # this answer's address (path and query); "" for no footer
    origin: str = ""  # scheme://host, written before the permalink
    calculator: str = "/"  # the calculator's address (each wait opens it)
    # the waits form's fields as typed, in order: the calculator links of the waits
    waits_query: Sequence[tuple[str, str]] = ()

    @classmethod
    def of(cls, links: Links | Mapping[str, Any]) -> Links:
        """``links`` as Links: a mapping of the same names (JSON's) is read as one."""
        if isinstance(links, Links):
            return links
        values = dict(links)
        values["waits_query"] = tuple(tuple(pair) for pair in values.get("waits_query", ()))
        return cls(**values)


@dataclass(frozen=True, kw_only=True)
class Panel:
    html: str  # the result section's inner HTML ("" for a 400)
    field_errors: dict[str, list[str]] = field(default_factory=dict)


def panel(kind: str, request: dict[str, Any], status: int, body: dict[str, Any], language: Language,
          links: Links | Mapping[str, Any], fields: Mapping[str, str] | None = None) -> Panel:
    """The engine's answer (``status``, ``body``) to ``request`` of ``kind`` ("score" or
    "waits"), in ``language``: the result panel, or for a 400 each error's sentence on
    the form field it names (``fields``: the form's fields as sent, which say the form
    row of each 承包 claim)."""
    links = Links.of(links)
    with speaking(language):
        if status != 200:
            return Panel(html="", field_errors=field_errors(
                body.get("errors", []), request.get("region"), fields or {}))
        if kind == "waits":
            return Panel(html=waits_html(present_waits(body, request), links))
        return Panel(html=result_html(present(body, request), links))


# --- a score's result ---

def result_html(result: Result, links: Links) -> str:
    """The result panel of a score: the card whose header says winning or not."""
    controls = (f'<div class="w-100 d-flex flex-wrap align-items-center gap-2" '
                f'data-share-omit>{share_button_html("result")}<a class="small ms-auto '
                f'change-hand" href="#score-form">{esc(gettext("Change the hand ↓"))}</a>'
                f'</div>')
    return (f'<article class="card result">{_result_header(result, controls)}'
            f'<div class="card-body">{_result_body(result, links)}</div>'
            f"{permalink_html(links)}</article>")


def _result_header(result: Result, controls: str) -> str:
    region = f'<span class="text-body-secondary">{esc(result.region)}</span>'
    if not result.winning or result.best is None:
        return card_header(card_heading("✗ " + gettext("Not a winning hand"),
                                        tone="text-danger-emphasis"), region, controls)
    return card_header(card_heading("✓ " + gettext("Winning hand"),
                                    tone="text-success-emphasis"), region,
                       card_total(result.best.total, result.combination), controls)


def _result_body(result: Result, links: Links) -> str:
    if not result.winning or result.best is None:
        tiles = "".join(tile_html(code, links.tiles.get(code, "")) for code in result.unmatched)
        return (f"<p>{esc(result.reason)}</p>"
                f'<p class="mb-1">{esc(gettext("Tiles that fit nowhere:"))}</p>'
                f'<div class="tiles">{tiles}</div>' + _house_rules_html(result, links))
    return (reading_html(result.best, result.region_key, links)
            + _house_rules_html(result, links)
            + _near_misses_html(result) + _alternatives_html(result, links))


def _house_rules_html(result: Result, links: Links) -> str:
    """若按另一种读法: one compact line per other value of a house rule that changes this
    hand — its words and source, the total and each seat's payment with the change
    against the shown answer, and a link that applies it (site.js sets the form's field
    and scores again, online or offline)."""
    if not result.house_rules:
        return ""
    items, rule = [], None
    for reading in result.house_rules:
        if reading.rule != rule:  # the value this answer is scored under, first
            rule = reading.rule
            shown = gettext("This answer: %(rule)s: %(choice)s") % {
                "rule": reading.rule, "choice": reading.in_force}
            items.append(f'<li class="mb-1 house-rule-in-force" data-house-rule="'
                         f'{esc(reading.field)}">{esc(shown)} <span class="text-body-secondary">'
                         f"({esc(reading.in_force_source)})</span></li>")
        items.append(_house_rule_html(reading, links))
    return (f'<section class="mt-3 house-rule-readings" aria-labelledby="house-rules-title">'
            f'<h3 class="h6 mb-1" id="house-rules-title">'
            f'{esc(gettext("Under another reading of the rules"))}</h3>'
            f'<ul class="list-unstyled mb-0 small">{"".join(items)}</ul></section>')


def _house_rule_html(reading: HouseRuleReading, links: Links) -> str:
    total = (f' <span class="fw-bold">{esc(reading.total)}</span>' if reading.total else "")
    outcome = (f'<div class="text-danger-emphasis">{esc(reading.outcome)}</div>'
               if reading.outcome else "")
    seats = "".join(
        f'<span class="text-nowrap">{esc(line.name)} '
        f'<span class="fw-bold{_sign_class(line.sign)}">{esc(line.net)}</span>'
        + (f' <span class="change text-body-secondary">({esc(line.change)})</span>'
           if line.change else "")
        + "</span>"
        for line in reading.payments)
    payments = f'<div class="d-flex flex-wrap column-gap-3">{seats}</div>' if seats else ""
    apply = ""
    if links.permalink:
        href = _with_field(links.permalink, reading.field, reading.value)
        apply = (f'<a class="apply-reading" href="{esc(href)}" '
                 f'data-apply-house-rule="{esc(reading.field)}" data-value="{esc(reading.value)}">'
                 f'{esc(gettext("Score it this way"))}</a>')
    named = {"rule": reading.rule, "choice": reading.choice}
    return (f'<li class="mb-2 house-rule-reading" data-house-rule="{esc(reading.field)}" '
            f'data-value="{esc(reading.value)}">'
            f'<div><strong>{esc(gettext("%(rule)s: %(choice)s") % named)}</strong> '
            f'<span class="text-body-secondary">({esc(reading.source)})</span>{total}</div>'
            f"{outcome}{payments}{apply}</li>")


def _with_field(address: str, name: str, value: str) -> str:
    """``address`` (a path and query) with the query's ``name`` set to ``value``."""
    parts = urlsplit(address)
    pairs = [(key, old) for key, old in parse_qsl(parts.query, keep_blank_values=True)
             if key != name]
    return f"{parts.path}?{urlencode([*pairs, (name, value)])}"


def _near_misses_html(result: Result) -> str:
    if not result.near_misses:
        return ""
    items = "".join(
        f'<li><strong lang="{chinese_lang()}">{esc(miss.name)}</strong>'
        + (f' <span class="text-body-secondary">{esc(miss.english)}</span>'
           if miss.english else "")
        + f" — {esc(miss.reason)}</li>"
        for miss in result.near_misses)
    return (f'<section class="mt-3 near-misses" aria-labelledby="near-misses-title">'
            f'<h3 class="h6 mb-1" id="near-misses-title">{esc(gettext("Why not…"))}</h3>'
            f'<ul class="list-unstyled mb-0 small">{items}</ul></section>')


def _alternatives_html(result: Result, links: Links) -> str:
    count = len(result.alternatives)
    if not count:
        return ""
    summary = ngettext("%(counter)s other reading", "%(counter)s other readings",
                       count) % {"counter": count}
    readings = "".join(
        f'<div class="border-top pt-2 mt-2"><p class="fw-bold mb-1">{number}. '
        f"{esc(reading.total)}</p>{reading_html(reading, result.region_key, links)}</div>"
        for number, reading in enumerate(result.alternatives, start=2))
    return (f'<details class="mt-3 alternatives"><summary>{esc(summary)}</summary>'
            f"{readings}</details>")


def reading_html(reading: Reading, region: str, links: Links) -> str:
    """One reading: the answer first — how much, who pays — then the working: the
    groups and the patterns."""
    contract = (f'<p class="small mb-1 fw-bold">{esc(reading.contract)}</p>'
                if reading.contract else "")
    return (f'<p class="arithmetic mb-1">{esc(reading.arithmetic)}</p>'
            f'<p class="small mb-1">{esc(reading.payment_rule)}</p>{contract}'
            f"{_payments_html(reading)}"
            f'<p class="small text-body-secondary mb-1 mt-3">{esc(reading.shape)}</p>'
            f'<div class="tiles mb-3">{_groups_html(reading, region, links)}</div>'
            f"{_patterns_html(reading.patterns, region, links)}")


def _payments_html(reading: Reading) -> str:
    rows = "".join(
        f'<tr><th scope="row">{esc(line.name)}'
        + "".join(f' <span class="badge text-bg-light border">{esc(role)}</span>'
                  for role in line.roles)
        + f'</th><td class="text-end">{esc(line.pays)}</td>'
        f'<td class="text-end">{esc(line.receives)}</td>'
        f'<td class="text-end fw-bold net{_sign_class(line.sign)}">{esc(line.net)}</td></tr>'
        for line in reading.payments)
    return (f'<div class="payments-wrap mt-2"><table class="table table-sm payments mb-0">'
            f'<caption class="visually-hidden">{esc(gettext("Payments"))}</caption>'
            f'<thead><tr><th scope="col">{esc(gettext("Seat"))}</th>'
            f'<th scope="col" class="text-end">{esc(gettext("Pays"))}</th>'
            f'<th scope="col" class="text-end">{esc(gettext("Receives"))}</th>'
            f'<th scope="col" class="text-end">{esc(gettext("Net"))}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


def _sign_class(sign: int) -> str:
    """A net amount's colour: green received, red paid."""
    return " text-success" if sign > 0 else " text-danger" if sign < 0 else ""


def _groups_html(reading: Reading, region: str, links: Links) -> str:
    groups = []
    for group in reading.groups:
        faces = "".join(tile_html(face.code, links.tiles.get(face.code, ""), wild=face.wild,
                                  as_code=face.stands_for, region=region,
                                  winning=face.winning)
                        for face in group.tiles)
        exposed = f" · {esc(gettext('exposed'))}" if group.exposed else ""
        groups.append(f'<span class="tile-group{" exposed" if group.exposed else ""}" '
                      f'title="{esc(group.kind)}"><span class="d-inline-flex">{faces}</span>'
                      f'<small class="group-kind">{esc(group.kind)}{exposed}</small></span>')
    return "".join(groups)


def _patterns_html(patterns: list[PatternLine], region: str, links: Links) -> str:
    if not patterns:
        return f'<p class="small">{esc(gettext("No scoring pattern: a plain hand."))}</p>'
    rules_page = links.rules.format(region=region)
    items = "".join(
        f'<li class="mb-2"><div class="d-flex align-items-baseline gap-2">'
        f'<strong lang="{chinese_lang()}">{esc(p.name)}</strong>'
        + (f'<span class="text-body-secondary small">{esc(p.english)}</span>'
           if p.english else "")
        + f'<span class="ms-auto badge text-bg-primary">{esc(p.value)}</span></div>'
        f'<div class="small">{esc(p.rule)} <a class="text-body-secondary pattern-source" '
        f'href="{esc(rules_page)}#{esc(p.key)}">'
        f'{esc(gettext("Source: %(source)s") % {"source": p.source})}</a></div></li>'
        for p in patterns)
    return f'<ul class="list-unstyled patterns">{items}</ul>'


def share_button_html(name: str, target: str = "") -> str:
    """分享图片: a button that draws the card it is in (or the element the CSS selector
    ``target`` picks) as a PNG, ``name``-<date>.png, for the phone's share sheet or a
    download (static/js/share.js), and its status line (drawing, tap again, failed). Shown
    only where JavaScript runs (site.css); its row is left out of the picture
    (data-share-omit).
    templates/_share_button.html writes the same markup for the server's own pages."""
    return (f'<button type="button" class="btn btn-sm btn-outline-dark share-picture" '
            f'data-share-picture data-share-target="{esc(target)}" data-share-name="{esc(name)}" '
            f'data-msg-busy="{esc(gettext("Drawing the picture…"))}" '
            f'data-msg-again="{esc(gettext("The picture is ready: tap again to share it."))}" '
            f'data-msg-failed="{esc(gettext("The picture could not be made."))}">'
            f'{esc(gettext("Share as picture"))}</button>'
            f'<span class="small share-status" role="status" data-share-status></span>')


def permalink_html(links: Links) -> str:
    """The answer's permalink and a copy button (site.js copies data-copy-link; the
    button shows only where JavaScript runs)."""
    if not links.permalink:
        return ""
    address = links.origin + links.permalink
    return (f'<div class="card-footer permalink">'
            f'<p class="form-label small mb-1" id="permalink-label">'
            f'{esc(gettext("Link to this result"))}</p>'
            f'<div class="d-flex gap-2 align-items-start">'
            f'<a id="permalink-text" aria-describedby="permalink-label" '
            f'class="small text-break flex-grow-1" href="{esc(links.permalink)}">'
            f"{esc(address)}</a>"
            f'<button type="button" class="btn btn-sm btn-outline-dark copy-link text-nowrap '
            f'flex-shrink-0" data-copy-link="{esc(address)}" '
            f'data-copied="{esc(gettext("Copied"))}">{esc(gettext("Copy link"))}</button>'
            f"</div></div>")


# --- the waits (聽牌) ---

def waits_html(waits: Waits, links: Links) -> str:
    """The waits panel: each tile that completes the hand, its wins and payments."""
    header = card_header(_waits_heading(waits),
                         f'<span class="text-body-secondary">{esc(waits.region)}</span>',
                         f'<div class="w-100" data-share-omit>{share_button_html("waits")}'
                         f'</div>')
    return (f'<article class="card result waits">{header}'
            f'<div class="card-body">{_waits_body(waits, links)}</div>'
            f"{permalink_html(links)}</article>")


def _waits_heading(waits: Waits) -> str:
    if not waits.waits:
        return card_heading(gettext("Not ready: no tile completes this hand"),
                            tone="text-danger-emphasis")
    if waits.any_tile:
        heading = gettext("Ready: any tile wins")
    else:
        heading = ngettext("Ready: %(counter)s tile wins", "Ready: %(counter)s tiles win",
                           waits.count) % {"counter": waits.count}
    return card_heading(heading, tone="text-success-emphasis")


_ANY_TILE_NOTE = gettext_noop(
    "Any tile completes this hand: it stands as four sets and a lone wild, so the drawn "
    "tile pairs with the wild (暴頭 / 任意胡 when self-drawn). One representative tile is "
    "shown; a tile that also makes a pattern of its own (清一色, a drawn wild …) may score "
    "more — score it in the calculator.")
_DISCARD_NOTE = gettext_noop(
    "Each 點炮 column assumes the discarder its heading names: the first player after the "
    "winner on whose discard the hand may win. Who throws the tile changes who pays: to "
    "try another discarder, open the wait in the calculator and change it there.")


def _waits_body(waits: Waits, links: Links) -> str:
    note = (f'<p class="any-tile-note">{esc(gettext(_ANY_TILE_NOTE))}</p>'
            if waits.any_tile else "")
    if not waits.waits:
        none = gettext("No tile makes this a winning hand. Check the tiles, or the wild.")
        return f'{note}<p class="mb-0">{esc(none)}</p>'
    items = "".join(_wait_html(wait, waits.region_key, links) for wait in waits.waits)
    discard_note = (f'<p class="small text-body-secondary mt-2 mb-0 discard-note">'
                    f"{esc(gettext(_DISCARD_NOTE))}</p>" if waits.discard_assumed else "")
    return f'{note}<ul class="list-unstyled mb-0 wait-list">{items}</ul>{discard_note}'


def _wait_html(wait: Wait, region: str, links: Links) -> str:
    lines = _win_line_html(wait.self_draw, wait.tile, gettext("Self-draw 自摸"), links)
    discard_heading = ""
    if wait.discard:
        lines += _win_line_html(wait.discard, wait.tile, gettext("On a discard 點炮"), links)
        heading = gettext("On a discard by %(seat)s 點炮") % {"seat": wait.discard.discarder}
        discard_heading = f'<th scope="col" class="text-end">{esc(heading)}</th>'
    rows = "".join(
        f'<tr><th scope="row">{esc(seat.name)}</th>'
        f'<td class="text-end fw-bold net{_sign_class(seat.self_draw_sign)}">'
        f"{esc(seat.self_draw)}</td>"
        + (f'<td class="text-end fw-bold net{_sign_class(seat.discard_sign)}">'
           f"{esc(seat.discard)}</td>" if wait.discard else "")
        + "</tr>"
        for seat in wait.seats)
    caption = gettext("Payments when %(tile)s wins") % {"tile": wait.tile}
    face = tile_html(wait.tile, links.tiles.get(wait.tile, ""), wild=wait.wild, region=region)
    return (f'<li class="wait border-top pt-2 mt-2" data-wait="{esc(wait.tile)}">'
            f'<h3 class="h6 d-flex align-items-center gap-2 mb-2">{face} '
            f"<span>{esc(wait.tile)}</span></h3>{lines}"
            f'<div class="payments-wrap mt-1">'
            f'<table class="table table-sm payments wait-payments mb-0">'
            f'<caption class="visually-hidden">{esc(caption)}</caption>'
            f'<thead><tr><th scope="col">{esc(gettext("Seat"))}</th>'
            f'<th scope="col" class="text-end">{esc(gettext("Self-draw 自摸"))}</th>'
            f"{discard_heading}</tr></thead><tbody>{rows}</tbody></table></div></li>")


def _win_line_html(line: WinLine, tile: str, how: str, links: Links) -> str:
    discarder = (f' <span class="text-body-secondary">('
                 f'{esc(gettext("from %(seat)s") % {"seat": line.discarder})})</span>'
                 if line.discarder else "")
    patterns = ", ".join(
        f'<span lang="{chinese_lang()}"'
        + (f' title="{esc(p.english)}"' if p.english else "")
        + f">{esc(p.name)}</span> {esc(p.value)}"
        for p in line.patterns) or esc(gettext("no pattern"))
    link = calculator_link(links.calculator, links.waits_query, tile, line.discarder_seat)
    return (f'<p class="mb-1 small win-line"><strong>{esc(how)}</strong>{discarder}'
            f" · {patterns} · "
            f'<span class="fw-bold">{esc(line.total)}</span> · '
            f'<a href="{esc(link)}">{esc(gettext("Open in the calculator"))}'
            f'<span class="visually-hidden"> ({esc(tile)}, {esc(how)})</span></a></p>')

