"""The little the markup needs: text escaped for HTML, and a class list."""

from __future__ import annotations

import html

__all__ = ["classes", "esc"]


def esc(value: object) -> str:
    """Text (or a number) as HTML text or an attribute value, quotes included."""
    return html.escape(str(value), quote=True)


def classes(*names: str | bool | None) -> str:
    """The names given, in order, the empty ones (and False) left out."""
    return " ".join(name for name in names if isinstance(name, str) and name)
