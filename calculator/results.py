"""The result panel as the server's pages show it: ``presentation.page`` writes its
markup; here are the URLs it names (``page_links``: the tiles' static files, the rules
pages, the permalink) and the panel of a form's answer (``score_panel``, ``waits_panel``).
"""

from __future__ import annotations

from functools import cache
from urllib.parse import parse_qsl, urlsplit

from django.http import HttpRequest
from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import SafeString

from calculator.regions import page_language
from presentation.page import Links, panel
from rules.tiles import CODES

__all__ = ["page_links", "panel_links", "score_panel", "tile_sources", "waits_panel"]


@cache
def tile_sources() -> dict[str, str]:
    """Each face's picture URL (hashed in production): the same for every request."""
    return {code: static(f"tiles/{code}.svg") for code in CODES}


def panel_links() -> dict:
    """The URLs of the result panel that no answer changes (``presentation.page.Links``'
    names): the tiles' pictures, the rules pages, the calculator. The offline engine
    draws with these too (calculator/offline.py gives them to the page)."""
    return {"tiles": tile_sources(),
            # the rules page of any region: its URL with the key left as {region}
            "rules": reverse("rules-region", args=["-"]).replace("/-/", "/{region}/"),
            "calculator": reverse("home")}


def page_links(request: HttpRequest | None = None, permalink: str = "",
               waits_permalink: str = "") -> Links:
    """The URLs the result panel names: ``panel_links``, and ``permalink`` (this answer's
    path and query) shown after ``request``'s scheme and host; ``waits_permalink``, a
    waits answer's, whose fields each wait's calculator link carries."""
    return Links.of({
        **panel_links(),
        "permalink": permalink or waits_permalink,
        "origin": f"{request.scheme}://{request.get_host()}" if request is not None else "",
        "waits_query": parse_qsl(urlsplit(waits_permalink).query),
    })


def score_panel(request: HttpRequest, engine_request: dict, response: dict,
                permalink: str) -> SafeString:
    """The result panel of a score ``response`` (the engine's, to ``engine_request``)."""
    shown = panel("score", engine_request, 200, response, page_language(),
                  page_links(request, permalink=permalink))
    return SafeString(shown.html)


def waits_panel(request: HttpRequest, engine_request: dict, response: dict,
                permalink: str) -> SafeString:
    """The waits panel of a waits ``response`` (the engine's, to ``engine_request``)."""
    shown = panel("waits", engine_request, 200, response, page_language(),
                  page_links(request, waits_permalink=permalink))
    return SafeString(shown.html)
