"""Scoring engine for Hangzhou, Jinhua and Honghe mahjong. Pure Python, no Django.

``score(request)`` takes the request of docs/API.md and returns its response;
``InvalidRequest.errors`` lists what is wrong with a request.
"""

from .request import InvalidRequest
from .scoring import clear_caches, score
from .tiles import format_tiles, parse_tiles

__all__ = ["InvalidRequest", "clear_caches", "format_tiles", "parse_tiles", "score"]
