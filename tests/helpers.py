"""Tiny request builder for the spec-driven scoring tests (see RULEBOOK.md, API.md)."""

# Hangzhou may omit `wild` (白 5z is the 財神); Honghe and Jinhua must name it (API.md).
WILD_REQUIRED = {"honghe": True, "hangzhou": False, "jinhua": True}


def req(region, hand, win, *, melds=(), context=None, house_rules=None, **fields):
    """A score request: S wins by self-draw, E deals, base 1, unless `fields` say otherwise.

    Giving `discarder` without `win_type` makes it a discard win.
    """
    if WILD_REQUIRED[region] and fields.get("wild") is None:
        raise TypeError(f"{region} requests need wild=…")
    request = {
        "region": region,
        "hand": hand,
        "win_tile": win,
        "win_type": "discard" if fields.get("discarder") else "self_draw",
        "winner": "S",
        "dealer": "E",
        "base": 1,
    }
    if melds:
        request["melds"] = list(melds)
    if context:
        request["context"] = dict(context)
    if house_rules:
        request["house_rules"] = dict(house_rules)
    request.update({k: v for k, v in fields.items() if v is not None})
    return request


def keys(response):
    """The set of pattern keys a winning response scored."""
    return {p["key"] for p in response["patterns"]}
