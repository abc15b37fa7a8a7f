"""Scoring engine for Hangzhou, Jinhua and Honghe mahjong. Pure Python, no Django.

``score(request)`` takes the request of docs/API.md and returns its response;
``InvalidRequest.errors`` lists what is wrong with a request; ``waits(request)``
scores every tile that completes a 13-tile hand.
"""

from .request import InvalidRequest
from .scoring import clear_caches, score
from .tiles import format_tiles, parse_tiles
from .waits import waits

__all__ = ["InvalidRequest", "clear_caches", "format_tiles", "parse_tiles", "score", "waits"]
