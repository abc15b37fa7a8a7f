"""The server's side of the presentation layer: the page's language, as
``presentation`` speaks it, is the active Django request's (``page_language``), with its
Chinese in Simplified characters by OpenCC's t2s on a zh-hans page.

The region's words themselves live in ``presentation.regions``; the forms read them
through this module (``regions.choice_label`` …) and the ledger's table model its
choices (``region_choices``, which its migration names).
"""

from __future__ import annotations

from functools import cache, lru_cache

import opencc
from django.conf import settings
from django.utils import translation
from django.utils.functional import lazy

from presentation.language import Language, chinese, english
from presentation.regions import (
    DEFAULT_REGION,
    LISTED,
    choice_label,
    house_rule_choices,
    in_language,
    region_choices,
    region_label,
    region_name,
    rule_label,
    source_label,
    streak_choices,
    streak_names,
    streak_or_more,
    wild_badge,
    wild_code,
)

# What the forms, the ledger and the offline page read here (the forms as regions.X).
__all__ = ["DEFAULT_REGION", "LISTED", "REGION_CHOICES", "chinese", "choice_label",
           "english", "house_rule_choices", "in_language", "page_language",
           "region_choices", "region_label", "region_name", "rule_label", "source_label",
           "streak_choices", "streak_names", "streak_or_more", "to_simplified",
           "wild_badge", "wild_code"]


@cache
def _traditional_to_simplified() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


@lru_cache(maxsize=4096)
def to_simplified(text: str) -> str:
    """Traditional Chinese text in Simplified characters (OpenCC's t2s): the region
    facts are written once, in Traditional, as the rule texts are."""
    return _traditional_to_simplified().convert(text)


def page_language() -> Language:
    """The language of the request being answered (Django's active one)."""
    return _language(translation.get_language() or settings.LANGUAGE_CODE)


@lru_cache(maxsize=8)
def _language(code: str) -> Language:
    # django.utils.translation's gettext, pgettext and ngettext say the active language's
    return Language(code, translation, to_simplified)



# (key, label) in page order; the labels follow the language of the page that shows them.
REGION_CHOICES = [(region.key, lazy(region_label, str)(region.key)) for region in LISTED]
