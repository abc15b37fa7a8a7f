"""Facts of the table that every region shares (RULEBOOK §1): the seats in playing order,
how a hand is won, the kinds of meld and how many a hand can lay."""

from __future__ import annotations

SEATS = ("E", "S", "W", "N")
WIN_TYPES = ("self_draw", "discard", "rob_kong")
MELD_KINDS = ("chi", "pung", "kong", "ankong")
# a hand of 14 tiles lays at most four sets, and each claim lays one
MAX_MELDS = 4
