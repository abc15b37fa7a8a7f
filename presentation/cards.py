"""The header of the cards the engine's answers are drawn in (a score's result, the
waits, the advice, a ledger hand's preview, a practice round): one line that wraps, the
card's heading first, then what stands beside it: the region, a round's number, the
hand's total at the far end."""

from __future__ import annotations

from presentation.html import classes, esc

__all__ = ["card_header", "card_heading", "card_total"]


def card_header(heading: str, *beside: str) -> str:
    """The header: ``heading`` (``card_heading``), then ``beside`` (markup, in order)."""
    return (f'<div class="card-header d-flex flex-wrap align-items-baseline gap-2">'
            f'{heading}{"".join(beside)}</div>')


def card_heading(text: str, *, tone: str = "", title_id: str = "") -> str:
    """The card's h2: ``text`` in the colour ``tone`` (text-success-emphasis for a
    win …), with the id ``title_id`` where the card is labelled by it."""
    labelled = f' id="{esc(title_id)}"' if title_id else ""
    return f'<h2 class="{classes("h5 mb-0", tone)}"{labelled}>{esc(text)}</h2>'


def card_total(total: str, combination: str | None = None) -> str:
    """The hand's total at the header's far end, with the name players give its
    combination of patterns (×8 · 槓飄)."""
    named = f" · {esc(combination)}" if combination else ""
    return f'<span class="ms-auto fw-bold fs-5">{esc(total)}{named}</span>'
