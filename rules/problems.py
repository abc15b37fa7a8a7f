"""What the engine reports, as data: every problem and every not-a-win reason has a
stable ``code`` (snake_case) and ``params`` (JSON values: tile codes such as ``"1m"``,
request keys, numbers, seats ``"E"``/``"S"``/…), beside the English text it always had.

``CODES`` is the registry of every code the engine can give (docs/API.md lists them);
a page renders a problem in its own language from the code and params, and a test walks
the registry to hold each code to a translation. Pure Python, no Django.

Problems are the rare path: nothing here runs for a valid request.
"""

from __future__ import annotations

import math
from typing import Any, TypedDict


class ErrorEntry(TypedDict):
    """One problem of a request as the API lists it (docs/API.md, "Errors — 400")."""

    field: str
    message: str
    code: str
    params: dict[str, Any]


# A near miss's reason: (reason_zh, reason_en, code, params), ``rules.near_misses``.
NearReason = tuple[str, str, str, dict[str, Any]]


# code → what it reports (its params in brackets). The groups follow docs/API.md.
CODES: dict[str, str] = {
    # --- the request's shape ---
    "request_not_object": "the request is not a JSON object",
    "unknown_key": "a key the request does not have (key, allowed)",
    "choice_missing": "a required choice is missing (field, allowed)",
    "choice_not_allowed": "a value that is not one of the choices (field, value, allowed)",
    # --- tiles ---
    "tiles_missing": "tile text missing or not a string (field)",
    "tile_missing": "one tile missing or not a string (field)",
    "tiles_too_long": "tile text over the length limit (field, length, limit)",
    "tile_number_invalid": "a digit that is no tile of its suit, e.g. 0m, 8z (field, text, "
                           "suit, highest)",
    "tile_digits_without_suit": "digits without a suit letter after them (field, text)",
    "tile_unreadable": "text that is no tile notation (field, text)",
    "not_one_tile": "one tile wanted, another count given (field, text, count)",
    "hand_too_few_tiles": "the concealed hand is short of tiles (count, needed, missing, "
                          "melds, kongs, total)",
    "hand_too_many_tiles": "the concealed hand has tiles over (count, needed, extra, melds, "
                           "kongs, total)",
    "too_many_copies": "a face held more than four times (tile, count, limit)",
    "too_many_wild_copies": "more copies of a flipped wild than the three in play "
                            "(tile, count, limit)",
    # --- the wild ---
    "wild_missing": "the region needs the wild named (region, wild_name)",
    "wild_in_meld": "the wild in a meld (tile, index)",
    # --- melds ---
    "melds_not_list": "melds is not a list",
    "melds_too_many": "more than four melds (count, limit)",
    "meld_malformed": "a meld not written as kind and tiles (index, text)",
    "meld_unknown_kind": "a meld kind that is not chi, pung, kong or ankong (index, kind)",
    "meld_wrong_size": "a meld with the wrong number of tiles (index, kind, size, count, "
                       "tiles)",
    "meld_not_chow": "a chi whose tiles are not a run (index, tiles)",
    "meld_not_same": "a pung or kong whose tiles differ (index, kind, size, tiles)",
    # --- numbers ---
    "not_whole_number": "a count that is not a whole number (field, limit, value)",
    "number_out_of_range": "a count out of its range (field, limit, value)",
    "base_not_number": "底分 that is not a positive number (value)",
    "base_out_of_range": "底分 not above 0 or over the limit (value, limit)",
    # --- the win ---
    "discarder_missing": "a discard or robbed kong without the discarder (win_type)",
    "discarder_not_for_self_draw": "a discarder given for a self-draw",
    "discarder_is_winner": "the winner named as discarder (seat)",
    "win_on_discarded_wild": "a discard or robbed kong won on the wild (tile)",
    "rob_kong_tile_held": "robbing a kong of a tile the winner holds (tile)",
    "win_type_not_in_scoring": "the region's scoring (a house rule) allows self-draws only "
                               "(win_type, region, house_rule, choice)",
    "win_type_house_rule_never": "a house rule forbids wins on another's tile (win_type, "
                                 "region, house_rule, choice)",
    "win_type_needs_dealer_streak": "a win on another's tile before the dealer streak "
                                    "that allows it (win_type, region, dealer_streak, "
                                    "min_streak)",
    "win_between_non_dealers": "a win on another's tile between two non-dealers "
                               "(win_type, region, winner, discarder, dealer)",
    "ready_hand_must_self_draw": "a hand ready on a lone wild won on another's tile "
                                 "(win_type, shape, wild_name)",
    # --- context ---
    "context_not_object": "context is not an object",
    "unknown_context_key": "a context key the engine does not know (key, allowed)",
    "flag_not_bool": "a flag that is not true or false (field, value)",
    "dice_invalid": "dice that are not two numbers 1-6 (value)",
    "after_kong_not_self_draw": "after_kong with a win on another's tile",
    "after_kong_without_kong": "after_kong without a kong among the melds",
    "last_tile_not_self_draw": "last_tile with a win on another's tile",
    "first_turn_with_exposed_melds": "first_turn with exposed melds",
    "first_turn_and_last_tile": "first_turn and last_tile together",
    "first_turn_dealer_not_self_draw": "the dealer's first-turn win not self-drawn",
    "first_turn_winner_claimed": "first_turn with claims by the winner",
    "first_turn_claimed_from_winner": "first_turn with a claim from the winner",
    "first_turn_dealer_claims": "the dealer's first-turn win with any claim listed "
                                "(claims: how many)",
    "first_turn_with_cai_piao": "first_turn with a 財飄 count (cai_piao, wild_name)",
    "cai_piao_not_in_region": "財飄 in a region without it (region, regions)",
    "cai_piao_too_many_wilds": "more 財飄 than wilds left in play (cai_piao, held, "
                               "in_play, wild_name)",
    "cai_piao_needs_bao_tou": "財飄 without a 暴頭 win (wild_name, bao_tou: the region's "
                              "name for that win, source)",
    # --- claims (承包) ---
    "claims_not_list": "claims is not a list",
    "claims_too_many": "more claim entries than allowed (count, limit)",
    "claim_malformed": "a claim without exactly by, from and count (index)",
    "claim_bad_seat": "a claim whose by or from is no seat (index)",
    "claim_from_self": "a claim by a seat from itself (index, by)",
    "claim_count_invalid": "a claim count that is not 1-4 (index, by, from, value)",
    "claim_duplicate": "the same pair of seats listed twice (index, by, from)",
    "claims_exceed_exposed_melds": "the winner claimed more than its exposed melds "
                                   "(winner, claimed, exposed)",
    "claims_over_four": "a player listed with more claims than the four melds anyone "
                        "shows (seat, claimed, limit)",
    # --- paper results (rules.settle) ---
    "multiplier_not_power_of_two": "a paper result's multiplier no hand of the region can "
                                   "have: they are powers of two (region, value)",
    "result_context_key_unused": "a context key a paper result does not read (key, "
                                 "allowed)",
    # --- house rules ---
    "house_rules_not_object": "house_rules is not an object (key, value)",
    "unknown_house_rule": "a house rule no region has (key, known)",
    "house_rule_bad_value": "a value that is not one of the house rule's choices (rule, "
                            "value, allowed)",
    # --- waits (聽牌) ---
    "waits_win_tile_given": "a waits request with win_tile",
    "waits_win_type_given": "a waits request with win_type",
    "waits_discarder_given": "a waits request with discarder",
    "waits_hand_too_few_tiles": "a waiting hand short of tiles (count, needed, missing, "
                                "melds)",
    "waits_hand_too_many_tiles": "a waiting hand with tiles over (count, needed, extra, "
                                 "melds)",
    "waits_too_many_copies": "a face held more than four times in a waiting hand "
                             "(tile, count, limit)",
    "waits_too_many_wild_copies": "more copies of a flipped wild than in play, in a "
                                  "waiting hand (tile, count, limit)",
    "waits_cai_piao_needs_ready_hand": "財飄 for a hand that is not 暴頭-ready (wild_name, "
                                       "bao_tou, source)",
}

# A not-winning response's ``reason_code`` (with ``reason_params``).
REASON_CODES: dict[str, str] = {
    "not_winning": "no reading of the tiles wins (shapes, unmatched, count)",
}

# A near miss's ``code`` (with ``params``); the entry's ``name`` is the pattern's name.
NEAR_MISS_CODES: dict[str, str] = {
    "near_one_suit": "tiles outside the one suit (count, suit, tiles, white_as)",
    "near_one_suit_and_honours": "tiles neither of the main suit nor honours (count, "
                                 "suit, tiles, white_as)",
    "near_needs_self_draw": "won on another's tile; the pattern needs a self-draw "
                            "(win_type)",
    "near_lone_wild_pair": "the reading's pair is not the lone wild and the drawn tile",
    "near_all_claimed_concealed_kong": "a concealed kong among four melds (kong)",
    "near_all_claimed_lone_wild": "the lone tile in hand is a wild",
    "near_all_claimed_self_drawn": "four claimed melds, self-drawn",
    "near_one_chow_away": "all pungs but one chow (chow)",
    "near_too_few_claimed": "all pungs, too few of them claimed (claimed, needed)",
    "near_honour_triplets": "three honour pungs, the fourth set another (set)",
    "near_pairs_with_wild": "seven pairs holding wilds (count, wild)",
    "near_no_quads": "no four identical tiles among the pairs",
    "near_fewer_quads": "fewer sets of four identical tiles (quads)",
    "near_two_wilds": "two wilds where three count",
    "near_after_kong": "a kong in the hand, after_kong not set (kong)",
    "near_dealer_discard_claimed": "won on the dealer's discard on the first turn after "
                                   "someone claimed from the dealer (dealer, claimers)",
}

# Every code, in one place (for the tests and docs/API.md).
ALL_CODES: frozenset[str] = frozenset(CODES) | frozenset(REASON_CODES) | frozenset(
    NEAR_MISS_CODES)


def problem(field_name: str, code: str, message: str, **params: Any) -> ErrorEntry:
    """One problem: the request key it concerns, its code and params, its English text."""
    assert code in CODES, code
    return {"field": field_name, "message": message, "code": code, "params": params}


def shown(value: object) -> Any:
    """A value from the request as a param: JSON scalars as they are (finite numbers,
    text ``shortened``), anything else as its Python spelling, shortened."""
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, str):
        return shortened(value)
    if isinstance(value, float) and math.isfinite(value):
        return value
    return shortened(repr(value))


def echoed(value: object) -> str:
    """A value from the request as an English message writes it: its Python spelling
    (``'discard'``, ``[7, 1]``), shortened."""
    return shortened(repr(value))


QUOTE_LIMIT = 24  # the longest text a message quotes whole


def shortened(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Text from the request as a message or param echoes it, exactly as sent: when
    longer than ``limit`` characters, its start with an ellipsis (a body may be 64 KiB)."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Text the player typed, as a message quotes it: trimmed (the tile reader skips the
    spaces around it), and ``shortened`` (a tile text may be 600)."""
    return shortened(text.strip(), limit)
