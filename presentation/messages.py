"""The engine's problems and reasons in the page's language.

The engine gives every problem (``rules.problems``: a request's errors, the not-a-win
reason, the near misses) a stable ``code`` and its ``params`` beside an English
``message`` written for programmers. Here each code has a sentence for players, sent
through gettext with named ``%(x)s`` placeholders, and each param is said as players
say it: tiles by their Chinese names (一万, 東風, 白板 …; tile codes on the English page),
seats as 东 南 西 北, request keys as the form's words (手牌, 和的那张, 副露, the
region's 百搭 or 财神, 连庄, 底分 …). Nothing here names an API key, a rule file or JSON.

A code without a sentence here falls back to the engine's English message
(tests/web/test_messages.py fails for any code of the engine without one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from presentation.language import (
    chinese,
    english,
    gettext,
    gettext_noop,
    pgettext_lazy,
)
from presentation.regions import region_name, streak_name
from rules.regions import REGIONS
from rules.tiles import BY_CODE, NUMERALS, format_tiles

__all__ = ["MESSAGES", "field_name", "how_won", "meld_kind", "msgids", "render",
           "render_near_miss", "render_reason", "tile_name", "wild_word", "win_type_name"]

# A message: its msgid, or (the param that picks, {the param's value: message}, with the
# message under None for any other value) where the sentence depends on a param; a
# message picked may depend on another param in turn.
Message = str | tuple[str, dict[Any, "Message"]]

MESSAGES: dict[str, Message] = {
    # --- the request's shape ---
    "request_not_object": gettext_noop("The request could not be read."),
    "unknown_key": gettext_noop("The request has an item “%(key)s” that the calculator does "
                                "not know."),
    "choice_missing": gettext_noop("Please choose the %(field)s."),
    "choice_not_allowed": gettext_noop("“%(value)s” is not a choice for the %(field)s."),
    # --- tiles ---
    "tiles_missing": gettext_noop("Please enter the %(field)s."),
    "tile_missing": gettext_noop("Please enter the %(field)s: one tile."),
    "tiles_too_long": gettext_noop("Too long for the %(field)s: %(length)s characters (at "
                                   "most %(limit)s); a hand has at most 14 tiles."),
    "tile_number_invalid": gettext_noop("“%(text)s” is not a tile: %(suit)s go from 1 to "
                                        "%(highest)s."),
    "tile_digits_without_suit": gettext_noop(
        "“%(text)s”: digits need a suit letter after them — m (characters), p (dots), "
        "s (bamboo) or z (honours), e.g. 123m."),
    "tile_unreadable": gettext_noop(
        "Cannot read “%(text)s”: write tiles as digits and a suit letter (e.g. 123m456p77z) "
        "or by name (e.g. 一萬, 三筒, 東, 白板)."),
    "not_one_tile": gettext_noop("The %(field)s must be exactly one tile, e.g. 5m or 東; "
                                 "“%(text)s” is %(count)s."),
    "hand_too_few_tiles": ("missing", {
        1: gettext_noop(
            "The concealed tiles are 1 tile short: %(count)s tiles, where %(needed)s are "
            "needed %(with_melds)s (the winning tile apart). Add the missing tile; if "
            "the hand has melds (chow, pung, kong), enter them under Melds — each takes 3 "
            "tiles off the concealed ones."),
        None: gettext_noop(
            "The concealed tiles are %(missing)s tiles short: %(count)s tiles, where "
            "%(needed)s are needed %(with_melds)s (the winning tile apart). Add the "
            "missing tiles; if the hand has melds (chow, pung, kong), enter them under Melds "
            "— each takes 3 tiles off the concealed ones."),
    }),
    "hand_too_many_tiles": ("extra", {
        1: gettext_noop(
            "The concealed tiles are 1 tile over: %(count)s tiles, where %(needed)s are "
            "needed %(with_melds)s. Leave the winning tile out of the concealed tiles "
            "(it has its own field); a kong goes under Melds, not among the concealed tiles; "
            "otherwise take out the extra tile."),
        None: gettext_noop(
            "The concealed tiles are %(extra)s tiles over: %(count)s tiles, where %(needed)s "
            "are needed %(with_melds)s. Leave the winning tile out of the concealed "
            "tiles (it has its own field); a kong goes under Melds, not among the concealed "
            "tiles; otherwise take out the extra tiles."),
    }),
    # among "seen": counted with the tiles seen on the table (何切), which are then the
    # likelier mistake
    "too_many_copies": ("among", {
        None: gettext_noop("%(count)s × %(tile)s, but there are only %(limit)s of each tile. "
                           "Check the concealed tiles, the melds and the winning tile."),
        "seen": gettext_noop("%(count)s × %(tile)s between the hand, the melds and the tiles "
                             "seen, but there are only %(limit)s of each tile. Check the "
                             "tiles seen on the table."),
    }),
    "too_many_wild_copies": ("among", {
        None: gettext_noop(
            "%(count)s × %(tile)s, but %(tile)s is the %(wild_word)s this hand and the flipped "
            "indicator is out of play: only %(limit)s are left. Check the concealed tiles, "
            "the melds and the winning tile."),
        "seen": gettext_noop(
            "%(count)s × %(tile)s between the hand, the melds and the tiles seen, but %(tile)s "
            "is the %(wild_word)s this hand and the flipped indicator is out of play: only "
            "%(limit)s are left. Check the tiles seen on the table."),
    }),
    # --- the wild ---
    "wild_missing": gettext_noop("%(region)s needs the %(wild_word)s: enter this hand's "
                                 "wild tile."),
    "wild_in_meld": gettext_noop("%(tile)s is the %(wild_word)s this hand: it cannot be "
                                 "chowed, punged or konged. Keep it among the concealed "
                                 "tiles."),
    # --- melds ---
    "melds_not_list": gettext_noop("The melds could not be read: write one per line, e.g. "
                                   "pung 555p."),
    "melds_too_many": gettext_noop("%(count)s melds: a hand has at most %(limit)s."),
    "meld_malformed": gettext_noop(
        "Write a meld as its kind and tiles — chi 123m, pung 555p, kong 7777s, ankong "
        "1111z — or as its tiles alone (555p)."),
    "meld_unknown_kind": gettext_noop("“%(kind)s” is not a kind of meld: use chi, pung, kong "
                                      "or ankong."),
    "meld_wrong_size": gettext_noop("A %(kind)s has %(size)s tiles; this one has %(count)s "
                                    "(%(tiles)s)."),
    "meld_not_chow": gettext_noop("%(tiles)s is not a chow: a chow is three tiles in a row "
                                  "of one suit, e.g. 345p."),
    "meld_not_same": gettext_noop("%(tiles)s is not a %(kind)s: its %(size)s tiles must be "
                                  "the same."),
    # --- numbers ---
    "not_whole_number": gettext_noop("The %(field)s must be a whole number from 0 to "
                                     "%(limit)s."),
    "number_out_of_range": gettext_noop("The %(field)s must be from 0 to %(limit)s, not "
                                        "%(value)s."),
    "base_not_number": gettext_noop("The base (底分) must be a positive number, such as 1 or "
                                    "0.5."),
    "base_out_of_range": gettext_noop("The base (底分) must be above 0 and at most %(limit)s, "
                                      "not %(value)s."),
    # --- the win ---
    "discarder_missing": ("win_type", {
        "rob_kong": gettext_noop("Please choose whose kong was robbed."),
        None: gettext_noop("Please choose the discarder: who threw the winning tile."),
    }),
    "discarder_not_for_self_draw": gettext_noop("A self-draw has no discarder: leave it "
                                                "blank."),
    "discarder_is_winner": gettext_noop("%(seat)s cannot win on their own discard: choose "
                                        "another discarder."),
    "win_on_discarded_wild": gettext_noop("%(tile)s is the %(wild_word)s this hand: nobody "
                                          "wins on another player's %(wild_word)s."),
    "rob_kong_tile_held": gettext_noop("Robbing a kong of %(tile)s: the robbed player held "
                                       "the other three, so the winner cannot hold one."),
    "win_type_not_in_scoring": gettext_noop(
        "%(region)s as played now (the scoring house rule) has self-draws only: no "
        "%(how)s. Choose self-draw, or the other scoring in the house rules."),
    "win_type_house_rule_never": gettext_noop(
        "The house rules chosen allow no %(how)s, only self-draws: choose self-draw, or "
        "another choice for that house rule."),
    "win_type_needs_dealer_streak": gettext_noop(
        "In %(region)s a %(how)s is allowed only from %(min_streak_name)s on, between the "
        "dealer and another player; at %(streak_name)s the hand must be self-drawn."),
    "win_between_non_dealers": gettext_noop(
        "In %(region)s two players who are not the dealer cannot win on each other's tiles: "
        "a %(how)s is only between the dealer (%(dealer)s) and another player."),
    "ready_hand_must_self_draw": ("shape", {
        "six_pairs": gettext_noop(
            "Before the win this hand stood as six pairs and a lone %(wild_word)s; such a "
            "hand cannot win on another's tile (%(how)s): it must be self-drawn."),
        None: gettext_noop(
            "Before the win this hand stood as four sets and a lone %(wild_word)s; such a "
            "hand cannot win on another's tile (%(how)s): it must be self-drawn."),
    }),
    # --- the circumstances (context) ---
    "context_not_object": gettext_noop("The circumstances of the win could not be read."),
    "unknown_context_key": gettext_noop("“%(key)s” is not a circumstance the calculator "
                                        "knows."),
    "flag_not_bool": gettext_noop("“%(field)s” is either ticked or not."),
    "dice_invalid": gettext_noop("Give the two opening dice, each from 1 to 6."),
    "after_kong_not_self_draw": gettext_noop(
        "A win on the tile drawn after a kong is a self-draw: choose self-draw, or untick "
        "“%(field)s”."),
    "after_kong_without_kong": gettext_noop(
        "The hand has no kong: enter it under Melds (kong 7777s or ankong 7777s), or untick "
        "“%(field)s”."),
    "last_tile_not_self_draw": gettext_noop(
        "A win on the last tile of the wall is a self-draw: choose self-draw, or untick "
        "“%(field)s”."),
    "first_turn_with_exposed_melds": gettext_noop(
        "A first-turn win has no chow, pung or exposed kong: untick “%(field)s”, or take "
        "those melds out."),
    "first_turn_and_last_tile": gettext_noop("A hand cannot be won on the first turn and on "
                                             "the last tile: untick one of them."),
    "first_turn_dealer_not_self_draw": gettext_noop(
        "The dealer starts with 14 tiles, so the dealer's first-turn win (天和) is a "
        "self-draw."),
    "first_turn_winner_claimed": gettext_noop(
        "Nobody claims a tile before the first discard, so a first-turn winner has no "
        "claims: untick “%(field)s”, or clear the winner's 承包 rows."),
    "first_turn_claimed_from_winner": gettext_noop(
        "A tile claimed from the winner is one the winner discarded, so it is not the "
        "winner's first turn: untick “%(field)s”, or clear that 承包 row."),
    "first_turn_dealer_claims": gettext_noop(
        "The dealer discards first, so nobody has claimed a tile before the dealer's "
        "first-turn win: untick “%(field)s”, or clear the 承包 rows."),
    "first_turn_with_cai_piao": gettext_noop(
        "財飄 means a %(wild_word)s was already thrown away, which cannot have happened "
        "before a first-turn win: untick “%(field)s”, or set 財飄 to 0."),
    "cai_piao_not_in_region": gettext_noop("財飄 is a rule of %(regions)s; %(region)s has "
                                           "none: set it to 0."),
    "cai_piao_too_many_wilds": gettext_noop(
        "%(cai_piao)s × 財飄 means %(cai_piao)s %(wild_word)s thrown, but the hand holds "
        "%(held)s and only %(in_play)s are in play."),
    "cai_piao_needs_bao_tou": gettext_noop(
        "財飄 needs a %(bao_tou)s win: a self-draw whose hand stood ready on a lone "
        "%(wild_word)s. Set 財飄 to 0, or correct the hand."),
    # --- claims (承包) ---
    "claims_not_list": gettext_noop("The 承包 claims could not be read."),
    "claims_too_many": gettext_noop("%(count)s 承包 rows: give each pair of players once (at "
                                    "most %(limit)s)."),
    "claim_malformed": gettext_noop("Each 承包 row needs who claimed, from whom and how many "
                                    "times."),
    "claim_bad_seat": gettext_noop("Who claimed and from whom must each be East, South, West "
                                   "or North."),
    "claim_from_self": gettext_noop("%(by)s cannot claim from themself: who claimed and from "
                                    "whom must differ."),
    "claim_count_invalid": gettext_noop("How many times %(by)s claimed from %(from)s: 1 to "
                                        "4."),
    "claim_duplicate": gettext_noop("%(by)s from %(from)s is given twice: give the total "
                                    "once."),
    "claims_exceed_exposed_melds": gettext_noop(
        "The winner (%(winner)s) is said to have claimed %(claimed)s times but shows "
        "%(exposed)s exposed melds: each chow or pung claimed is an exposed meld under "
        "Melds."),
    "claims_over_four": gettext_noop(
        "%(seat)s is said to have claimed %(claimed)s times, but nobody lays more than "
        "%(limit)s melds: correct %(seat)s's 承包 rows."),
    # --- paper results (只记结果) ---
    "multiplier_not_power_of_two": gettext_noop(
        "No %(region)s hand is worth ×%(value)s: every pattern doubles or more, so the "
        "total is 1, 2, 4, 8, 16 …"),
    "result_context_key_unused": gettext_noop(
        "A result without tiles does not use “%(field)s”: leave it out, or score the hand "
        "with its tiles."),
    # --- house rules ---
    "house_rules_not_object": gettext_noop("The house rules could not be read."),
    "unknown_house_rule": gettext_noop("“%(key)s” is not a house rule the calculator knows."),
    "house_rule_bad_value": gettext_noop("“%(value)s” is not a choice of this house rule."),
    # --- waits (聽牌) ---
    "waits_win_tile_given": gettext_noop("Waits take the 13 tiles before the win: leave the "
                                         "winning tile out (every tile is tried)."),
    "waits_win_type_given": gettext_noop("Waits try every way of winning the region allows: "
                                         "leave the win type out."),
    "waits_discarder_given": gettext_noop("Waits find a discarder who makes a discard win "
                                          "possible: leave the discarder out."),
    # the same codes from advice (何切, rules.advise), whose hand may be a waiting one or
    # one tile over: "for" is "advice", and the sentence names both sizes
    "waits_hand_too_few_tiles": ("for", {
        "advice": ("missing", {
            1: gettext_noop(
                "The hand is 1 tile short: %(count)s tiles, where advice needs %(ready)s "
                "%(with_melds)s (how far from ready) or %(throw)s (which tile to throw). Add "
                "the missing tile; enter chows, pungs and kongs under Melds."),
            None: gettext_noop(
                "The hand is %(missing)s tiles short: %(count)s tiles, where advice needs "
                "%(ready)s %(with_melds)s (how far from ready) or %(throw)s (which tile to "
                "throw). Add the missing tiles; enter chows, pungs and kongs under Melds."),
        }),
        None: ("missing", {
            1: gettext_noop(
                "The hand is 1 tile short: %(count)s tiles, where a waiting hand needs "
                "%(needed)s %(with_melds)s. Add the missing tile; enter chows, pungs and "
                "kongs under Melds."),
            None: gettext_noop(
                "The hand is %(missing)s tiles short: %(count)s tiles, where a waiting hand "
                "needs %(needed)s %(with_melds)s. Add the missing tiles; enter chows, pungs "
                "and kongs under Melds."),
        }),
    }),
    "waits_hand_too_many_tiles": ("for", {
        "advice": ("extra", {
            1: gettext_noop(
                "The hand is 1 tile over: %(count)s tiles, where advice needs %(ready)s "
                "%(with_melds)s (how far from ready) or %(throw)s (which tile to throw). Take "
                "out the extra tile; a kong goes under Melds."),
            None: gettext_noop(
                "The hand is %(extra)s tiles over: %(count)s tiles, where advice needs "
                "%(ready)s %(with_melds)s (how far from ready) or %(throw)s (which tile to "
                "throw). Take out the extra tiles; a kong goes under Melds."),
        }),
        None: ("extra", {
            1: gettext_noop(
                "The hand is 1 tile over: %(count)s tiles, where a waiting hand needs "
                "%(needed)s %(with_melds)s. Leave out the tile you would win on; a kong goes "
                "under Melds."),
            None: gettext_noop(
                "The hand is %(extra)s tiles over: %(count)s tiles, where a waiting hand "
                "needs %(needed)s %(with_melds)s. Leave out the tile you would win on; a kong "
                "goes under Melds."),
        }),
    }),
    "waits_too_many_copies": gettext_noop("%(count)s × %(tile)s, but there are only "
                                          "%(limit)s of each tile. Check the concealed tiles "
                                          "and the melds."),
    "waits_too_many_wild_copies": gettext_noop(
        "%(count)s × %(tile)s, but %(tile)s is the %(wild_word)s this hand and the flipped "
        "indicator is out of play: only %(limit)s are left. Check the concealed tiles and the "
        "melds."),
    "waits_cai_piao_needs_ready_hand": gettext_noop(
        "財飄 needs a hand ready for %(bao_tou)s, standing on a lone %(wild_word)s: set 財飄 "
        "to 0, or correct the hand."),
    # --- the not-a-win reason ---
    "not_winning": ("count", {
        1: gettext_noop("Not a winning hand: it needs %(shapes)s. The closest reading leaves "
                        "1 tile that fits nowhere: %(unmatched)s."),
        None: gettext_noop("Not a winning hand: it needs %(shapes)s. The closest reading "
                           "leaves %(count)s tiles that fit nowhere: %(unmatched)s."),
    }),
    # --- near misses: the reason shown after the pattern's name (%(name)s), which
    # it does not begin with again ---
    "near_one_suit": ("count", {
        1: gettext_noop("1 tile outside %(suit)s (%(tiles)s)"),
        None: gettext_noop("%(count)s tiles outside %(suit)s (%(tiles)s)"),
    }),
    "near_one_suit_and_honours": ("count", {
        1: gettext_noop("1 tile neither %(suit)s nor honours (%(tiles)s)"),
        None: gettext_noop("%(count)s tiles neither %(suit)s nor honours (%(tiles)s)"),
    }),
    "near_needs_self_draw": ("win_type", {
        "rob_kong": gettext_noop("won by robbing a kong; %(name)s needs a self-draw"),
        None: gettext_noop("won on a discard; %(name)s needs a self-draw"),
    }),
    "near_lone_wild_pair": gettext_noop("this reading's pair is not the lone %(wild_word)s "
                                        "and the drawn tile; %(name)s needs that pair"),
    "near_all_claimed_concealed_kong": gettext_noop(
        "a concealed kong (%(kong)s) among the melds; %(name)s needs all four exposed"),
    "near_all_claimed_lone_wild": gettext_noop("the lone tile in hand is a %(wild_word)s; "
                                               "%(name)s needs it not to be"),
    "near_all_claimed_self_drawn": gettext_noop(
        "self-drawn: only 平胡; %(name)s needs a win on another player's tile"),
    "near_one_chow_away": gettext_noop("one chow away (%(chow)s)"),
    "near_too_few_claimed": gettext_noop("all pungs, but only %(claimed)s claimed; it needs "
                                         "%(needed)s claimed"),
    "near_honour_triplets": gettext_noop("three honour pungs, the fourth set is %(set)s"),
    "near_pairs_with_wild": gettext_noop("the hand holds %(count)s %(wild_word)s (%(wild)s), "
                                         "so only 七對子"),
    "near_no_quads": gettext_noop("no four identical tiles among the pairs"),
    "near_fewer_quads": ("quads", {
        1: gettext_noop("only 1 set of four identical tiles"),
        None: gettext_noop("only %(quads)s sets of four identical tiles"),
    }),
    "near_two_wilds": gettext_noop("only %(count)s %(wild_word)s, %(needed)s needed"),
    "near_dealer_discard_claimed": gettext_noop(
        "someone had already claimed from the dealer (%(dealer)s), so this was not the "
        "dealer's first discard"),
    "near_after_kong": gettext_noop("the hand has a kong (%(kong)s): tick “%(field)s” if the "
                                    "winning tile was the kong's replacement"),
}



def msgids(code: str) -> list[str]:
    """Every msgid of a code's sentence (one, or one per variant)."""
    return _every_msgid(MESSAGES[code])


def _every_msgid(message: Message) -> list[str]:
    if isinstance(message, str):
        return [message]
    return [msgid for variant in message[1].values() for msgid in _every_msgid(variant)]


def _msgid(message: Message, params: Mapping[str, Any]) -> str:
    if isinstance(message, str):
        return message
    key, variants = message
    value = params.get(key)
    if isinstance(value, bool) or value not in variants:
        return _msgid(variants[None], params)
    return _msgid(variants[value], params)


# --- the words a sentence fills in ---

_SUITS = {"m": pgettext_lazy("tile suit", "萬"), "p": pgettext_lazy("tile suit", "筒"),
          "s": pgettext_lazy("tile suit", "條")}
_HONOURS = (pgettext_lazy("tile", "東風"), pgettext_lazy("tile", "南風"),
            pgettext_lazy("tile", "西風"), pgettext_lazy("tile", "北風"),
            pgettext_lazy("tile", "白板"), pgettext_lazy("tile", "發財"),
            pgettext_lazy("tile", "紅中"))
# a suit as a sentence names it: 万 (万子), 字牌 …; "characters" in English
_SUIT_WORDS = {"m": pgettext_lazy("suit", "characters"), "p": pgettext_lazy("suit", "dots"),
               "s": pgettext_lazy("suit", "bamboo"), "z": pgettext_lazy("suit", "honours")}
_SEATS = {"E": pgettext_lazy("seat in a sentence", "East"),
          "S": pgettext_lazy("seat in a sentence", "South"),
          "W": pgettext_lazy("seat in a sentence", "West"),
          "N": pgettext_lazy("seat in a sentence", "North")}
_WIN_TYPES = {"self_draw": pgettext_lazy("way of winning", "self-draw"),
              "discard": pgettext_lazy("way of winning", "discard win"),
              "rob_kong": pgettext_lazy("way of winning", "robbing a kong")}
_MELD_KINDS = {"chi": pgettext_lazy("meld kind", "chow"),
               "pung": pgettext_lazy("meld kind", "pung"),
               "kong": pgettext_lazy("meld kind", "kong"),
               "ankong": pgettext_lazy("meld kind", "concealed kong")}


def win_type_name(win_type: str) -> str:
    """A way of winning as a sentence says it: 自摸, 点炮, 抢杠 (self-draw … in English)."""
    return str(_WIN_TYPES.get(win_type, win_type))


# A way of winning as the ledger writes it after the winner's name (乙 点炮 ×2).
_HOW_WON = {"self_draw": gettext_noop("self-draw 自摸"),
            "discard": gettext_noop("on a discard 點炮"),
            "rob_kong": gettext_noop("robbing a kong 搶槓")}


def how_won(win_type: str) -> str:
    """A way of winning as the ledger's rows and its CSV say it: 自摸, 点炮, 抢杠
    (self-draw, on a discard, robbing a kong in English)."""
    return gettext(_HOW_WON[win_type]) if win_type in _HOW_WON else win_type


def meld_kind(kind: str) -> str:
    """A meld's kind as the page names it: 吃, 碰, 明杠, 暗杠 (chow, pung, … in English)."""
    return str(_MELD_KINDS.get(kind, kind))


_SHAPES = {"standard": pgettext_lazy("hand shape", "four sets and a pair"),
           "seven_pairs": pgettext_lazy("hand shape", "seven pairs"),
           "thirteen_lonely": pgettext_lazy("hand shape", "十三不靠"),
           "all_honours": pgettext_lazy("hand shape", "亂風")}
# The wild as players call it, by the region's ``wild_name``.
_WILDS = {"百搭": pgettext_lazy("wild", "百搭"), "財神": pgettext_lazy("wild", "財神")}
_ANY_WILD = pgettext_lazy("wild", "百搭 / 財神")
# The request's keys as the form names its fields (the wild: the region's word).
_FIELDS = {
    "hand": pgettext_lazy("field", "concealed tiles"),
    "win_tile": pgettext_lazy("field", "winning tile"),
    "melds": pgettext_lazy("field", "melds"),
    "win_type": pgettext_lazy("field", "win type"),
    "winner": pgettext_lazy("field", "winner"),
    "dealer": pgettext_lazy("field", "dealer"),
    "discarder": pgettext_lazy("field", "discarder"),
    "dealer_streak": pgettext_lazy("field", "dealer streak"),
    "base": pgettext_lazy("field", "base"),
    "region": pgettext_lazy("field", "region"),
    "body": pgettext_lazy("field", "request"),
    "context": pgettext_lazy("field", "circumstances of the win"),
    "context.after_kong": pgettext_lazy("field", "won on a kong replacement tile"),
    "context.last_tile": pgettext_lazy("field", "won on the last tile of the wall"),
    "context.first_turn": pgettext_lazy("field", "first turn (天和 / 地和)"),
    "context.dice": pgettext_lazy("field", "opening dice"),
    "context.previous_draws": pgettext_lazy("field", "drawn hands just before this one"),
    "context.previous_wild": pgettext_lazy("field", "last hand's wild tile"),
    "context.cai_piao": pgettext_lazy("field", "財飄"),
    "context.claims": pgettext_lazy("field", "承包 claims"),
    "house_rules": pgettext_lazy("field", "house rules"),
}
_COUNTS = {2: pgettext_lazy("tile count", "2"), 3: pgettext_lazy("tile count", "3"),
           4: pgettext_lazy("tile count", "4")}


def tile_name(code: str, white_as: str | None = None) -> str:
    """A tile as the page names it: 一万, 三筒, 东风, 白板 in 简体, 一萬, 東風 in 繁體, the
    code (5m) in English. ``white_as``: the face a 白 stands for (白板（当五条）)."""
    tile = BY_CODE.get(code)
    if tile is None:
        return code
    if white_as is not None and code == white_as:
        return gettext("白板 (as %(tile)s)") % {"tile": tile_name(white_as)}
    if english():
        return code
    if tile >= 27:
        return str(_HONOURS[tile - 27])
    return NUMERALS[tile % 9] + str(_SUITS[code[1]])


def _tiles(codes: list[str], white_as: str | None = None) -> str:
    if english():
        plain = all(c in BY_CODE for c in codes) and white_as not in codes
        return format_tiles(BY_CODE[c] for c in codes) if plain else " ".join(
            tile_name(c, white_as) for c in codes)
    return "、".join(tile_name(c, white_as) for c in codes)


def _tile_list(codes: list[str]) -> str:
    """Tiles named one by one: 一万、东风 (5m 1z in English)."""
    if english():
        return " ".join(codes)
    return "、".join(tile_name(c) for c in codes)


def _group(text: str) -> str:
    """A set written as players write it (789s, 555p, 1111z): 七八九条, 三张五筒."""
    if english() or len(text) < 2 or not text[:-1].isdigit():
        return text
    suit, digits = text[-1], text[:-1]
    codes = [d + suit for d in digits]
    if any(c not in BY_CODE for c in codes):
        return text
    if len(set(codes)) == 1:
        count = _COUNTS.get(len(codes), str(len(codes)))
        return pgettext_lazy("tile group", "%(count)s × %(tile)s") % {
            "count": count, "tile": tile_name(codes[0])}
    if suit == "z":
        return _tiles(codes)
    return "".join(NUMERALS[int(d) - 1] for d in digits) + str(_SUITS[suit])


def _or_list(words: list[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return gettext("%(first)s or %(last)s") % {
        "first": str(pgettext_lazy("list separator", ", ")).join(words[:-1]),
        "last": words[-1]}


def wild_word(wild_name: str | None = None, region: str | None = None) -> str:
    """The wild as players call it: the region's 百搭 or 财神 (from ``wild_name`` or the
    region's), else both."""
    if wild_name is None and region in REGIONS:
        wild_name = REGIONS[region].wild_name
    if wild_name is None:
        return str(_ANY_WILD)
    word = _WILDS.get(wild_name)
    return str(word) if word is not None else wild_name


def field_name(field: str, region: str | None = None) -> str:
    """A request key as the form names it: 手牌, 副露, 财神 …"""
    key = field.split("[", 1)[0]
    if key == "wild":
        return wild_word(region=region)
    if key.startswith("house_rules."):
        key = "house_rules"
    name = _FIELDS.get(key)
    if name is None:
        return field
    if key == "context.previous_wild":
        return gettext("last hand's %(wild)s") % {"wild": wild_word(region=region)}
    return str(name)


def _with_melds(melds: int) -> str:
    if melds == 0:
        return gettext("with no melds")
    if melds == 1:
        return gettext("with 1 meld")
    return gettext("with %(melds)s melds") % {"melds": melds}


def _streak(streak: object) -> str:
    return streak_name(streak) if isinstance(streak, int) else str(streak)


def _named(table: Mapping[str, object]) -> Callable[[Any], str]:
    return lambda value: str(table.get(value, value))


# How a sentence says each param, by the param's key (a key not here: as given).
_SAID: dict[str, Callable[[Any], str]] = {
    **dict.fromkeys(("seat", "by", "from", "winner", "dealer", "discarder"), _named(_SEATS)),
    **dict.fromkeys(("tile", "wild", "white_as"),
                    lambda value: "" if value is None else tile_name(value)),
    **dict.fromkeys(("chow", "kong", "set"), _group),
    "unmatched": _tile_list,
    "win_type": win_type_name,
    "kind": _named(_MELD_KINDS),
    "suit": _named(_SUIT_WORDS),
    "regions": lambda keys: _or_list([region_name(REGIONS[r]) for r in keys if r in REGIONS]),
    "shapes": lambda shapes: _or_list([str(_SHAPES.get(s, s)) for s in shapes]),
}
# Words a sentence may name that another param gives: (the word, the param, how said).
_DERIVED: tuple[tuple[str, str, Callable[[Any], str]], ...] = (
    ("how", "win_type", win_type_name),
    ("with_melds", "melds", _with_melds),
    ("min_streak_name", "min_streak", _streak),
    ("streak_name", "dealer_streak", _streak),
)


def _said(key: str, value: Any) -> Any:
    if key in _SAID:
        return _SAID[key](value)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return "" if value is None else value


def _words(params: Mapping[str, Any], region: str | None) -> dict[str, Any]:
    """Each param as the sentence says it, and the words every sentence may name."""
    region = params["region"] if params.get("region") in REGIONS else region
    words: dict[str, Any] = {key: _said(key, value) for key, value in params.items()
                             if key not in ("region", "wild_name")}
    if "tiles" in params:
        words["tiles"] = _tiles(params["tiles"], params.get("white_as"))
    if "field" in params:
        words["field"] = field_name(params["field"], region)
    words.update((word, said(params[key])) for word, key, said in _DERIVED if key in params)
    words.setdefault("field", "")
    words["wild_word"] = wild_word(params.get("wild_name"), region)
    words["region"] = region_name(REGIONS[region]) if region in REGIONS else ""
    return words


def _say(code: str | None, params: Mapping[str, Any] | None, fallback: str,
         region: str | None, **extra: str) -> str:
    message = MESSAGES.get(code) if code else None
    if message is None:
        return chinese(fallback)
    params = params or {}
    try:
        words = _words(params, region)
        words.update(extra)
        # The sentence may name a pattern or a region's word as its facts write it
        # (Traditional): chinese() gives the zh-hans page all of it in Simplified.
        return chinese(gettext(_msgid(message, params)) % words)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return chinese(fallback)


# The field a code's sentence names when the error does not say it: the flag to untick.
_FLAG_OF = {
    "after_kong_not_self_draw": "context.after_kong",
    "after_kong_without_kong": "context.after_kong",
    "last_tile_not_self_draw": "context.last_tile",
    "first_turn_with_exposed_melds": "context.first_turn",
    "first_turn_winner_claimed": "context.first_turn",
    "first_turn_claimed_from_winner": "context.first_turn",
    "first_turn_dealer_claims": "context.first_turn",
    "first_turn_with_cai_piao": "context.first_turn",
    "near_after_kong": "context.after_kong",
}


def _flag(code: object, region: str | None) -> dict[str, str]:
    """The flag a code's sentence names, as the ``field`` word."""
    if code not in _FLAG_OF:
        return {}
    return {"field": field_name(_FLAG_OF[str(code)], region)}


def render(error: Mapping[str, Any], region: str | None = None) -> str:
    """An engine error (``{"field", "message", "code", "params"}``) in the page's
    language; ``region``: the region of the request, for its word for the wild."""
    return _say(error.get("code"), error.get("params"), error.get("message", ""), region,
                **_flag(error.get("code"), region))


def render_reason(response: Mapping[str, Any]) -> str:
    """A response's not-a-win reason in the page's language."""
    return _say(response.get("reason_code"), response.get("reason_params"),
                response.get("reason") or "", response.get("region"))


def render_near_miss(entry: Mapping[str, Any], region: str | None = None) -> str:
    """A near miss's reason in the page's language, naming its pattern as the region does;
    without a code, the engine's reason in Chinese or English. The page shows the
    pattern's name before it: the reason does not begin with the name again."""
    name = entry.get("name", "")
    fallback = entry.get("reason_en" if english() else "reason_zh", "")
    reason = _say(entry.get("code"), entry.get("params"), fallback, region, name=name,
                  **_flag(entry.get("code"), region))
    for prefix in {f"{name}：", f"{name}: ", f"{chinese(name)}：", f"{chinese(name)}: "}:
        if name and reason.startswith(prefix):  # the engine's own reason, as a fallback
            return reason[len(prefix):]
    return reason
