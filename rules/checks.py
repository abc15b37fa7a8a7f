"""Pattern checks shared by the regions: each a small predicate over a reading and
the deal. The regions decide which apply and what they are worth."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from .deal import Deal
from .readings import Group, Reading, wild_pair_with_win
from .readings.reading import ALL_HONOURS, SEVEN_PAIRS, STANDARD, THIRTEEN_LONELY


def standard(r: Reading, d: Deal) -> bool:
    return r.shape == STANDARD


def seven_pairs(r: Reading, d: Deal) -> bool:
    return r.shape == SEVEN_PAIRS


def thirteen_lonely(r: Reading, d: Deal) -> bool:
    return r.shape == THIRTEEN_LONELY


def all_honours_shape(r: Reading, d: Deal) -> bool:
    return r.shape == ALL_HONOURS


def quads(n: int) -> Callable[[Reading, Deal], bool]:
    def check(r: Reading, d: Deal) -> bool:
        return r.shape == SEVEN_PAIRS and r.quads == n
    check.__doc__ = f"seven pairs with {n} set(s) of four identical tiles"
    return check


def has_wild(r: Reading, d: Deal) -> bool:
    """The 14 tiles physically include a wild ("contains wilds" ruling, RULEBOOK §1)."""
    return d.wild_count > 0


_HONOURS_ONLY = frozenset({"z"})


def one_suit(r: Reading, d: Deal) -> bool:
    suits = r.suits
    return len(suits) == 1 and "z" not in suits


def one_suit_and_honours(r: Reading, d: Deal) -> bool:
    suits = r.suits
    return len(suits) == 2 and "z" in suits


def every_tile_honour(r: Reading, d: Deal) -> bool:
    return r.suits == _HONOURS_ONLY


def lone_wild_self_draw(r: Reading, d: Deal) -> bool:
    """Standard reading, self-drawn, its pair the lone wild plus the drawn tile."""
    return (d.win_type == "self_draw" and r.shape == STANDARD
            and wild_pair_with_win(r.pair, d))  # type: ignore[arg-type]  # standard: a pair


def seven_pairs_lone_wild_self_draw(r: Reading, d: Deal) -> bool:
    """Six pairs and a lone wild before the win, the drawn tile pairs with it."""
    if d.win_type != "self_draw" or r.shape != SEVEN_PAIRS:
        return False
    for g in r.groups:
        if True in g.wilds and wild_pair_with_win(g, d):
            return True
    return False


def lone_wild_win(r: Reading, d: Deal) -> bool:
    """Self-drawn onto a lone wild: four sets and a lone wild, or six pairs and a lone
    wild, before the win, the drawn tile pairing with it."""
    if r.shape == STANDARD:
        return lone_wild_self_draw(r, d)
    return seven_pairs_lone_wild_self_draw(r, d)


def wilds_at_own_face(g: Group, d: Deal) -> bool:
    return all(g.wilds) and g.face == d.wild


def after_kong(r: Reading, d: Deal) -> bool:
    return d.context.after_kong


def last_tile(r: Reading, d: Deal) -> bool:
    return d.context.last_tile


def dealer_first_turn(r: Reading, d: Deal) -> bool:
    return d.context.first_turn and d.winner_is_dealer


def non_dealer_first_turn(r: Reading, d: Deal) -> bool:
    return d.context.first_turn and not d.winner_is_dealer


def cai_piao(r: Reading, d: Deal) -> bool:
    return d.context.cai_piao > 0 and lone_wild_self_draw(r, d)


def cai_piao_value(r: Reading, d: Deal) -> int:
    """×2 for each 飄 (hangzhou.txt:142,146)."""
    return cast(int, 2 ** d.context.cai_piao)


# The shapes a check can hold for (``Pattern.shapes``).
STANDARD_ONLY = frozenset({STANDARD})
SEVEN_PAIRS_ONLY = frozenset({SEVEN_PAIRS})
THIRTEEN_LONELY_ONLY = frozenset({THIRTEEN_LONELY})
ALL_HONOURS_ONLY = frozenset({ALL_HONOURS})
