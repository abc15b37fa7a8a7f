"""What the pages show of a region beyond its rules (presentation only; the engine never
reads it): example hands for the rules pages, written as score requests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def example(region: str, hand: str, win_tile: str, *, melds: Iterable[str] = (),
            context: Mapping[str, Any] | None = None, house_rules: Mapping[str, str] | None = None,
            **fields: Any) -> dict[str, Any]:
    """A score request (docs/API.md): S wins by self-draw, E deals, base 1, unless the
    fields say otherwise; giving ``discarder`` without ``win_type`` makes it a discard."""
    request: dict[str, Any] = {"region": region, "hand": hand, "win_tile": win_tile,
                               "win_type": "discard" if fields.get("discarder") else "self_draw",
                               "winner": "S", "dealer": "E", "base": 1}
    if melds:
        request["melds"] = list(melds)
    if context:
        request["context"] = dict(context)
    if house_rules:
        request["house_rules"] = dict(house_rules)
    request.update(fields)
    return request
