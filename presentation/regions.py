"""The regions as the pages show them, read from the engine's registry
(``rules.regions.REGIONS``): names, sources, house rules, dealer streaks, wild facts and
the payment sentence, in the page's language.

Nothing in the web layer names a region: every region fact comes from its ``Region``
through here or straight from the registry.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from presentation.language import (
    chinese,
    current,
    english,
    gettext,
    ngettext,
    pgettext,
)
from rules.region import Choice, HouseRule, Region, Wording
from rules.regions import REGIONS
from rules.request import parse_request
from rules.tiles import CODES

__all__ = ["DEFAULT_REGION", "HOUSE_RULE_KEYS", "LISTED", "STREAKS_LISTED", "choice_label",
           "facts", "house_rule", "house_rule_choices", "in_language", "payment_sentence",
           "region_choices", "region_label", "region_name", "rule_label", "source_label",
           "streak_choices", "streak_factors", "streak_name", "streak_names",
           "streak_or_more", "wild_badge", "wild_code"]

# The regions in the order the pages list them; the first is the calculator's default.
LISTED: tuple[Region, ...] = tuple(sorted(REGIONS.values(), key=lambda r: r.listed))
DEFAULT_REGION = LISTED[0].key
HOUSE_RULE_KEYS = tuple(rule.key for region in LISTED for rule in region.house_rules)

_TEXT_LINES = re.compile(r"(?P<region>[a-z]+)\.txt:(?P<lines>[\d,\-]+)")
_RULING = re.compile(r"RULEBOOK")
_CITATION = re.compile(r"[a-z]+\.txt:[\d,\-]+(?:; RULEBOOK §[\d.]+)?|RULEBOOK §[\d.]+")


def in_language(zh: str, en: str) -> str:
    """Of a region fact written in both languages, the page's: the Chinese on zh-hans
    (in Simplified characters) and zh-hant pages, the English on en ones; a source
    cited inside it (hangzhou.txt:146) in words (``source_label``)."""
    text = en if english() else chinese(zh)
    return _CITATION.sub(lambda cited: source_label(cited[0]), text)


def region_name(region: Region) -> str:
    """杭州麻将 on a zh-hans page, 杭州麻將 on a zh-hant one, Hangzhou in English."""
    if english():
        return region.english
    return chinese(region.name)


def region_label(key: str) -> str:
    """A region as a choice: its Chinese name (杭州麻将), and in English its English
    name with the Chinese one (Hangzhou 杭州麻將)."""
    region = REGIONS[key]
    if english():
        return f"{region.english} {region.name}"
    return chinese(region.name)


def region_choices() -> list[tuple[str, str]]:
    """The regions as (key, label) choices, in page order."""
    return [(region.key, region_label(region.key)) for region in LISTED]


def source_label(source: str) -> str:
    """Where a rule comes from, as a player reads it: "hangzhou.txt:16,60" is
    杭州麻将原文第 16、60 行 (Hangzhou text, lines 16, 60), "RULEBOOK §3" the product's
    own ruling (本站裁定) where the texts are silent or unclear."""
    parts = []
    for piece in source.split(";"):
        piece = piece.strip()
        found = _TEXT_LINES.fullmatch(piece)
        if found and found["region"] in REGIONS:
            parts.append(_text_lines(REGIONS[found["region"]], found["lines"]))
        elif _RULING.match(piece):
            parts.append(gettext("our ruling"))
        elif piece:
            parts.append(piece)
    return pgettext("list separator", "; ").join(parts)


def _text_lines(region: Region, lines: str) -> str:
    spans = [span.replace("-", "–") for span in lines.split(",")]
    count = 1 if len(spans) == 1 and "–" not in spans[0] else 2
    return ngettext("%(region)s text, line %(lines)s",
                    "%(region)s text, lines %(lines)s", count) % {
        "region": region_name(region),
        "lines": pgettext("list separator", ", ").join(spans)}


# --- house rules ---

def rule_label(rule: HouseRule) -> str:
    return in_language(rule.label_zh, rule.label_en)


def choice_label(rule: HouseRule, choice: Choice) -> str:
    """A house rule's choice as a form shows it: its label, its source, and whether it is
    the default."""
    text = f"{in_language(choice.label_zh, choice.label_en)} ({source_label(choice.source)})"
    if choice.value == rule.default:
        text = gettext("%(choice)s — default") % {"choice": text}
    return text


def house_rule_choices(rule: HouseRule) -> list[tuple[str, str]]:
    return list(_house_rule_choices(rule, current().code))


@lru_cache(maxsize=64)
def _house_rule_choices(rule: HouseRule, language: str) -> tuple[tuple[str, str], ...]:
    """Worked out once per process and language: the same on every form."""
    return tuple((choice.value, choice_label(rule, choice)) for choice in rule.choices)


def house_rule(key: str) -> tuple[Region, HouseRule]:
    """The region that has house rule ``key``, and the rule."""
    return next((region, rule) for region in LISTED for rule in region.house_rules
                if rule.key == key)


# --- the wild ---

def wild_code(region: Region) -> str | None:
    """The region's wild when none is named (Hangzhou: 白 5z), as a tile code."""
    return None if region.default_wild is None else CODES[region.default_wild]


def wild_badge(key: str | None) -> str:
    """The wild's mark on a tile of region ``key``: 搭 or 財; 搭 for no region."""
    region = REGIONS.get(key) if key else None
    if region is None:
        return "搭"
    return chinese(region.wild_badge or region.wild_name[:1])


def facts() -> dict[str, dict[str, Any]]:
    """What static/js/tiles.js needs to know of each region, rendered as JSON
    (``json_script``): the wild's badge, the wild when none is named, whether 白 is a
    plain copy of a named wild's face (a flipped indicator, three copies in play), and
    the dealer factor by streak (``streak_factors``)."""
    return {region.key: {"badge": wild_badge(region.key), "defaultWild": wild_code(region),
                         "whiteSubstitutes": region.white_substitutes,
                         "streakFactors": list(streak_factors(region.key))}
            for region in LISTED}


# --- the dealer streak (連莊) ---

STREAKS_LISTED = 10  # 平莊 to 十連莊: the streaks a select offers where nothing caps them
CHINESE_NUMERALS = "〇一二三四五六七八九十"


def streak_name(streak: int) -> str:
    """平莊 for a dealer's first hand, then 二連莊, 三連莊, …"""
    if streak == 0:
        return pgettext("dealer streak", "平莊")
    kept = streak + 1
    count = CHINESE_NUMERALS[kept] if kept < len(CHINESE_NUMERALS) else str(kept)
    return count + pgettext("dealer streak", "連莊")


@cache
def streak_factors(key: str) -> tuple[int, ...]:
    """The dealer factor at streaks 0, 1, 2, … up to the first streak from which it no
    longer grows, as the engine works it out for a plain dealer's win (Hangzhou: 2, 4,
    8); () for a region whose payments have no dealer factor."""
    region = REGIONS[key]
    if region.dealer_factor is None:
        return ()
    factors: list[int] = []
    for streak in range(STREAKS_LISTED):
        request = {"region": key, "hand": "123m456p789s234s7z", "win_tile": "7z",
                   "win_type": "self_draw", "winner": "E", "dealer": "E",
                   "dealer_streak": streak}
        factor = region.dealer_factor(parse_request(request, REGIONS))
        if factors and factor == factors[-1]:
            break
        factors.append(factor)
    return tuple(factors)


def streak_names() -> list[str]:
    """平莊, 二連莊, … 十連莊 in the page's language."""
    return list(_streak_names(current().code))


@lru_cache(maxsize=8)
def _streak_names(language: str) -> tuple[str, ...]:
    return tuple(streak_name(streak) for streak in range(STREAKS_LISTED))


def streak_or_more(name: str) -> str:
    return gettext("%(streak)s or more") % {"streak": name}


def streak_choices(key: str, current_value: object = None) -> list[tuple[str, str]]:
    """The dealer streak as a select: by its name (平莊, 二連莊, …) and, where the region
    has a dealer factor, the factor, the last one "and more" (三連莊及以上 ×8); a streak
    given beyond the list (a permalink's) is kept as its own choice."""
    factors = streak_factors(key)
    count = len(factors) or STREAKS_LISTED
    choices = [(str(streak), _streak_choice(streak, factors, last=streak == count - 1))
               for streak in range(count)]
    if (isinstance(current_value, str) and current_value.isascii()
            and current_value.isdigit() and len(current_value) <= 2
            and int(current_value) >= count):  # the engine takes up to 99
        name = streak_name(int(current_value))
        choices.append((current_value, f"{name} ×{factors[-1]}" if factors else name))
    return choices


def _streak_choice(streak: int, factors: tuple[int, ...], last: bool) -> str:
    name = streak_name(streak)
    if not factors:
        return name
    if last:
        name = streak_or_more(name)
    return f"{name} ×{factors[streak]}"


# --- payments ---

def payment_sentence(region: Region, request: dict[str, Any], factor: object) -> str:
    """The result panel's sentence of how ``region`` shares out the hand ``request``
    (a score request); ``factor`` fills in the dealer factor."""
    wording = next((w for w in region.payment_sentences
                    if _holds(w, region, request)), None)
    if wording is None:
        return ""
    return in_language(wording.zh, wording.en).replace("{factor}", str(factor))


def _holds(wording: Wording, region: Region, request: dict[str, Any]) -> bool:
    """Whether a payment sentence's conditions hold for ``request``."""
    if wording.win_type not in (None, request["win_type"]):
        return False
    if wording.winner_is_dealer not in (None, request["winner"] == request["dealer"]):
        return False
    if wording.house_rule is None:
        return True
    key, value = wording.house_rule
    rule = region.house_rule(key)
    chosen = (request.get("house_rules") or {}).get(key)
    return (chosen or (rule.default if rule else None)) == value
