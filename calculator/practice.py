"""Practice mode: random winning hands to score by hand, then checked against the engine.

``random_deal(region, rng)`` deals a valid winning score request (docs/API.md) of the
region with its circumstances; ``deal_for(region, seed)`` is the same hand for a seed
in the page's URL, so a round is reproducible and shareable. The hands come from the
engine's generator (``rules.deals``, its default mix): every deal is accepted by
``rules.score`` and wins.
"""

from __future__ import annotations

import random

from calculator.regions import LISTED
from rules import deals
from rules.deals import NoDeal
from rules.tiles import sorted_code, tile_code

REGIONS = tuple(region.key for region in LISTED)
SEED_LIMIT = 10**9

__all__ = ["REGIONS", "SEED_LIMIT", "NoDeal", "deal_for", "face_code", "new_seed", "notation",
           "random_deal"]


def face_code(face: int) -> str:
    """``31`` -> ``"5z"``."""
    return tile_code(face)


def notation(faces: list[int]) -> str:
    """``[0, 1, 2, 27, 27]`` -> ``"123m11z"`` (RULEBOOK §1)."""
    return sorted_code(faces)


def random_deal(region: str, rng: random.Random) -> dict:
    """A valid winning score request of ``region``, drawn with ``rng``: four sets and a
    pair (up to three of them as melds) or seven pairs, sometimes one or two wilds, any
    win type the region allows, a dealer streak of 0 to 3 and a base of 1 or 2."""
    if region not in REGIONS:
        raise ValueError(f"no region {region!r}")
    return deals.winning(rng, region).request


def deal_for(region: str, seed: int) -> dict:
    """The hand of one practice round: the same region and seed give the same hand."""
    return random_deal(region, random.Random(f"{region}:{seed}"))


def new_seed() -> int:
    return random.SystemRandom().randrange(1, SEED_LIMIT)
