"""A score request's address in the calculator: its fields, as the form's permalink
writes them (``presentation.form.query_pairs``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from presentation.form import CLAIM_ROWS, query_pairs

__all__ = ["calculator_link", "request_fields"]


def request_fields(request: Mapping[str, Any]) -> dict[str, str]:
    """A score request as the calculator form's fields (its GET query parameters, the
    fields of its permalink; the form has CLAIM_ROWS rows of claims)."""
    names = ("region", "hand", "win_tile", "wild", "win_type", "winner", "dealer",
             "discarder", "dealer_streak", "base")
    fields = {name: str(request[name]) for name in names if request.get(name) is not None}
    if request.get("melds"):
        fields["melds"] = "\n".join(request["melds"])
    for name, value in request.get("context", {}).items():
        if name == "dice":
            fields["dice_0"], fields["dice_1"] = (str(v) for v in value)
        elif name == "claims":
            for row, claim in enumerate(value[:CLAIM_ROWS], start=1):
                fields.update({f"claim{row}_by": claim["by"], f"claim{row}_from": claim["from"],
                               f"claim{row}_count": str(claim["count"])})
        elif value is True:
            fields[name] = "on"
        else:
            fields[name] = str(value)
    fields.update(request.get("house_rules", {}))
    return fields


def calculator_link(calculator: str, request: Mapping[str, Any]) -> str:
    """The calculator at ``calculator`` filled in with a score request (its permalink)."""
    return f"{calculator}?{urlencode(query_pairs('score', request_fields(request)))}"
