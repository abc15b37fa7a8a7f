"""The 牌理 page's answer, the one markup online and offline: how far a hand is from ready
(向听) and, for 14 tiles, which tile to throw (何切), best first (``rules.advise``, docs/
API.md "Learning: 向听 and 何切").

The server's page (calculator.views.advise_page) and the browser's offline engine
(presentation.offline, kind "advise") both read the form's fields with
``request_from_fields``, ask the engine, and draw its answer with ``panel``; the practice
drill (presentation.practice, 何切 drill) draws its ranked discards with
``discards_html``.

The advise form is the waits form (presentation.form, kind "waits") and one more field,
``seen``: the tiles visible on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from presentation.cards import card_header, card_heading
from presentation.form import field_errors, query_pairs, text_message
from presentation.form import request_from_fields as waits_request_from_fields
from presentation.html import esc
from presentation.language import Language, chinese, gettext, gettext_noop, ngettext, speaking
from presentation.page import Links, Panel, permalink_html
from presentation.regions import region_label, wild_code
from presentation.seats import signed
from presentation.tiles import tile_html, tile_label
from rules.advise import MAX_SEEN_TEXT
from rules.regions import REGIONS as ENGINE_REGIONS
from rules.tiles import TileSyntaxError, format_tiles, parse_tiles

__all__ = ["MAX_SEEN_TEXT", "SEEN_FIELD", "Pages", "best_first", "discards_html", "hand_after",
           "panel", "query_pairs_of", "request_from_fields", "shanten_name", "shanten_words",
           "wild_of"]

SEEN_FIELD = "seen"
# 向听 by name, as players say it (Traditional: the page's Chinese converts it).
SHANTEN_NAMES = {-1: "和了", 0: "聽牌", 1: "一向聽", 2: "兩向聽", 3: "三向聽", 4: "四向聽",
                 5: "五向聽", 6: "六向聽", 7: "七向聽", 8: "八向聽"}


@dataclass(frozen=True, kw_only=True)
class Pages:
    """The addresses the answer links to, as the caller's site spells them."""

    advise: str = "/advise/"  # the 牌理 page: each discard opens the hand after it
    waits: str = "/waits/"  # a ready hand's waits, each scored


# --- the form ---

def request_from_fields(fields: Mapping[str, str], language: Language | None = None
                        ) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The advise request that the form's ``fields`` make (a waits request and ``seen``),
    and the messages of the fields whose text cannot make one."""
    if language is not None:
        with speaking(language):
            return request_from_fields(fields)
    request, errors = waits_request_from_fields("waits", fields)
    seen = fields.get(SEEN_FIELD, "").strip()
    if len(seen) > MAX_SEEN_TEXT:
        errors[SEEN_FIELD] = [text_message("max_length") % {
            "limit_value": MAX_SEEN_TEXT, "show_value": len(seen)}]
    elif seen:
        request[SEEN_FIELD] = seen
    return request, errors


def query_pairs_of(fields: Mapping[str, str]) -> list[tuple[str, str]]:
    """The form's permalink query: the waits form's, then ``seen`` when given."""
    pairs = query_pairs("waits", fields)
    seen = fields.get(SEEN_FIELD, "")
    return pairs + [(SEEN_FIELD, seen)] if seen else pairs


def hand_after(hand: str, code: str) -> str:
    """``hand`` (tile text) less one ``code``, in tile order; ``hand`` itself if it does
    not read or holds no such tile."""
    try:
        tiles = parse_tiles(hand)
        thrown = parse_tiles(code)
    except TileSyntaxError:
        return hand
    if len(thrown) != 1 or thrown[0] not in tiles:
        return hand
    tiles.remove(thrown[0])
    return format_tiles(sorted(tiles))


def _with_hand(pairs: Sequence[tuple[str, str]], hand: str) -> list[tuple[str, str]]:
    return [(name, hand if name == "hand" else value) for name, value in pairs]


# --- the answer ---

def panel(request: dict[str, Any], status: int, body: dict[str, Any], language: Language,
          links: Links | Mapping[str, Any], pages: Pages,
          fields: Mapping[str, str]) -> Panel:
    """The engine's answer (``status``, ``body``) to the advise ``request`` that the form's
    ``fields`` made, in ``language``: the advice card, or for a 400 each error's sentence
    on the form field it names (``seen`` among them). ``links.permalink``: this answer's
    address ("" for none)."""
    links = Links.of(links)
    with speaking(language):
        if status != 200:
            errors = body.get("errors", [])
            placed = field_errors([e for e in errors if e.get("field") != SEEN_FIELD],
                                  request.get("region"), fields)
            seen = [e for e in errors if e.get("field") == SEEN_FIELD]
            if seen:
                placed[SEEN_FIELD] = list(field_errors(seen, request.get("region"),
                                                       fields).values())[0]
            return Panel(html="", field_errors=placed)
        pairs = query_pairs_of(fields)
        return Panel(html=advice_html(body, request, links, pages, pairs))


def shanten_name(shanten: int) -> str:
    """向听 as players name it: 和了, 听牌, 一向听, 两向听 …"""
    return chinese(SHANTEN_NAMES.get(shanten, f"{shanten}向聽"))


def shanten_words(shanten: int) -> str:
    """How far from ready, in the page's language."""
    if shanten < 0:
        return gettext("the hand already wins")
    if shanten == 0:
        return gettext("ready: one tile from winning")
    return ngettext("%(count)s exchange from ready", "%(count)s exchanges from ready",
                    shanten) % {"count": shanten}


def _shanten_badge(shanten: int) -> str:
    tone = "text-bg-success" if shanten <= 0 else "text-bg-secondary"
    return (f'<span class="badge {tone} shanten" data-shanten="{shanten}">'
            f"{esc(shanten_name(shanten))}</span>")


def advice_html(advice: Mapping[str, Any], request: Mapping[str, Any], links: Links,
                pages: Pages, pairs: Sequence[tuple[str, str]]) -> str:
    """The advice card: how far the hand is, then its improving tiles (13 tiles) or its
    discards best first (14 tiles)."""
    region = str(advice["region"])
    shanten = int(advice["shanten"])
    heading = f"{shanten_name(shanten)} · {shanten_words(shanten)}"
    wild = wild_of(request)
    if advice["tiles"] % 3 == 1:
        body = _improving_block(advice["improving"], region, links, wild)
        if shanten == 0:
            waits = f"{pages.waits}?{urlencode(query_pairs('waits', dict(pairs)))}"
            body += (f'<p class="mt-2 mb-0"><a href="{esc(waits)}">'
                     f'{esc(gettext("What each wait pays (聽牌) →"))}</a></p>')
    else:
        if shanten >= 0:
            heading = gettext("After the best throw: %(where)s") % {"where": heading}
        hand = str(request.get("hand", ""))

        def after(code: str) -> str:
            return f"{pages.advise}?{urlencode(_with_hand(pairs, hand_after(hand, code)))}"

        body = (f'<p class="small text-body-secondary">{esc(gettext(_DISCARDS_NOTE))}</p>'
                + discards_html(advice["discards"], region, links, after, wild=wild))
    header = card_header(card_heading(heading, tone="advice-heading"),
                         f'<span class="text-body-secondary">{esc(region_label(region))}</span>',
                         f'<a class="small w-100 text-end change-hand" href="#advise-form">'
                         f'{esc(gettext("Change the hand ↓"))}</a>')
    return (f'<article class="card result advice" data-shanten="{shanten}">{header}'
            f'<div class="card-body">{body}</div>{permalink_html(links)}</article>')


_DISCARDS_NOTE = gettext_noop(
    "Each tile you could throw, best first: what the hand is then, the tiles that improve "
    "it with the copies still unseen, and once ready the most its best win pays. Tap a "
    "tile to see the hand after throwing it.")


def _improving_tiles(improving: Sequence[Mapping[str, Any]], region: str, links: Links,
                     wild: str) -> str:
    """Each improving tile drawn (``wild`` marked), with how many copies are still unseen
    under it."""
    faces = []
    for entry in improving:
        code = str(entry["tile"])
        face = tile_html(code, links.tiles.get(code, ""), region=region, wild=code == wild)
        faces.append(
            f'<span class="d-inline-flex flex-column align-items-center improving-tile" '
            f'data-tile="{esc(code)}">{face}'
            f'<small class="tabular-nums" aria-label="{esc(_left(entry["unseen"]))}">'
            f'×{int(entry["unseen"])}</small></span>')
    codes = " ".join(str(entry["tile"]) for entry in improving)
    return (f'<div class="d-flex flex-wrap gap-1 improving" data-improving="{esc(codes)}">'
            f'{"".join(faces)}</div>')


def _left(unseen: int) -> str:
    return ngettext("%(count)s copy left", "%(count)s copies left", unseen) % {
        "count": unseen}


def _improving_block(improving: Sequence[Mapping[str, Any]], region: str, links: Links,
                     wild: str) -> str:
    if not improving:
        return f'<p class="mb-0">{esc(gettext("No tile you could draw improves this hand."))}</p>'
    total = sum(int(entry["unseen"]) for entry in improving)
    line = ngettext("Tiles that improve the hand: %(count)s copy still unseen",
                    "Tiles that improve the hand: %(count)s copies still unseen",
                    total) % {"count": total}
    return f'<p class="mb-1">{esc(line)}</p>' + _improving_tiles(improving, region, links, wild)


def wild_of(request: Mapping[str, Any]) -> str:
    """The wild's face of an advise request: its own, else the region's (Hangzhou 白)."""
    region = ENGINE_REGIONS.get(str(request.get("region", "")))
    return str(request.get("wild") or (wild_code(region) if region else "") or "")


def best_first(entry: Mapping[str, Any]) -> tuple[int, int, float]:
    """A discard's place, as ``rules.advise`` orders them: lowest 向听, most unseen
    improving copies, highest payment once ready."""
    value = entry["best_value"]
    return (entry["shanten"], -entry["unseen_total"],
            -float(value) if value is not None else float("inf"))


def discards_html(discards: Sequence[Mapping[str, Any]], region: str, links: Links,
                  link: Callable[[str], str], chosen: str | None = None, wild: str = ""
                  ) -> str:
    """The discards of a 14-tile hand, best first (as the engine lists them): each one's
    tile (a link: ``link(code)``), its 向听, its improving tiles with their unseen copies
    and, once ready, what its best win pays. ``chosen``: the discard to mark (the drill's
    pick); ``wild``: the wild's face, marked."""
    best = best_first(discards[0]) if discards else None
    items = []
    for entry in discards:
        code = str(entry["discard"])
        label = gettext("Throw %(tile)s") % {"tile": tile_label(code)}
        face = tile_html(code, links.tiles.get(code, ""), region=region, decorative=True,
                         wild=code == wild)
        facts = [_shanten_badge(int(entry["shanten"])),
                 esc(ngettext("%(count)s copy improves", "%(count)s copies improve",
                              int(entry["unseen_total"])) % {"count": entry["unseen_total"]})]
        if entry["best_value"] is not None:
            facts.append(esc(gettext("best win pays %(value)s") % {
                "value": signed(entry["best_value"])}))
        marks = ""
        if best_first(entry) == best:
            marks += (f'<span class="badge text-bg-success best-discard">'
                      f'{esc(gettext("best"))}</span>')
        if code == chosen:
            marks += (f'<span class="badge text-bg-primary chosen-discard">'
                      f'{esc(gettext("your throw"))}</span>')
        improving = (_improving_tiles(entry["improving"], region, links, wild)
                     if entry["improving"]
                     else f'<p class="small mb-0">{esc(gettext("No tile improves it."))}</p>')
        current = ' aria-current="true"' if code == chosen else ""
        items.append(
            f'<li class="discard border-top pt-2 mt-2" data-discard="{esc(code)}"{current}>'
            f'<div class="d-flex flex-wrap align-items-center gap-2 mb-1">'
            f'<a class="discard-tile" href="{esc(link(code))}" aria-label="{esc(label)}">'
            f"{face}</a>"
            f'<strong>{esc(code)}</strong>{marks}'
            f'<span class="small">{" · ".join(facts)}</span></div>{improving}</li>')
    return f'<ol class="list-unstyled mb-0 discard-list">{"".join(items)}</ol>'
