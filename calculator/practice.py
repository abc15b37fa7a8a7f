"""Practice mode: random winning hands to score by hand, then checked against the engine.

``random_deal(region, rng)`` deals a valid winning score request (docs/API.md) of the
region with its circumstances; ``deal_for(region, seed)`` is the same hand for a seed
in the page's URL, so a round is reproducible and shareable. The hands come from the
engine's generator (``rules.deals``, its default mix): every deal is accepted by
``rules.score`` and wins. The round itself — the deal of a seed, the hand and the grades
in words — is ``presentation.practice``'s, which the offline engine runs too.
"""

from __future__ import annotations

import random

from presentation.practice import REGIONS, SEED_LIMIT, deal_for
from rules import deals
from rules.deals import NoDeal
from rules.tiles import sorted_code, tile_code

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


def new_seed() -> int:
    return random.SystemRandom().randrange(1, SEED_LIMIT)
