"""Scoring engine for Hangzhou, Jinhua and Honghe mahjong. Pure Python, no Django.

``score(request)`` takes the request of docs/API.md and returns its response;
``InvalidRequest.errors`` lists what is wrong with a request; ``waits(request)``
scores every tile that completes a 13-tile hand; ``advise(request)`` says how far a
hand is from ready (向听) and which tile to throw (何切).
"""

from .advise import advise
from .request import InvalidRequest
from .scoring import clear_caches, score
from .tiles import format_tiles, parse_tiles
from .waits import waits

__all__ = ["InvalidRequest", "advise", "clear_caches", "format_tiles", "parse_tiles", "score",
           "waits"]
