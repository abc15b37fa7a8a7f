"""GET /api/v1/rules: the regions' patterns and house rules as data (docs/API.md "Rules")."""

from __future__ import annotations

from django.utils import translation

from presentation.language import chinese
from presentation.regions import LISTED, wild_code
from rules.region import HouseRule, Region


def _simplified(text: str) -> str:
    """A region fact's Chinese (written once, in Traditional) in Simplified characters,
    exactly as the zh-hans pages write it (``presentation.language.chinese``)."""
    with translation.override("zh-hans"):
        return chinese(text)


def _pattern_entry(region: Region, pattern) -> dict:
    value = pattern.value if isinstance(pattern.value, int) else region.value_labels.get(
        pattern.key, "")
    return {"key": pattern.key, "name": pattern.name,
            "name_zh_hans": _simplified(pattern.name), "english": pattern.english,
            "value": value, "source": pattern.source, "rule_zh": pattern.rule_zh,
            "rule_zh_hans": _simplified(pattern.rule_zh), "rule_en": pattern.rule_en,
            "excludes": sorted(pattern.excludes)}


def _house_rule_entry(rule: HouseRule) -> dict:
    return {"key": rule.key, "label_zh": rule.label_zh,
            "label_zh_hans": _simplified(rule.label_zh), "label_en": rule.label_en,
            "default": rule.default, "rotation_only": rule.rotation_only,
            "choices": [{"value": c.value, "label_zh": c.label_zh,
                         "label_zh_hans": _simplified(c.label_zh), "label_en": c.label_en,
                         "source": c.source} for c in rule.choices]}


def catalogue() -> dict:
    """GET /api/v1/rules (docs/API.md "Rules"): every region with its patterns and house
    rules, in page order, as other programs need them to offer the same choices."""
    return {"regions": [
        {"key": region.key, "name": region.name, "name_zh_hans": region.name_zh_hans,
         "english": region.english, "wild_name": region.wild_name,
         "wild_name_zh_hans": _simplified(region.wild_name),
         "default_wild": wild_code(region), "shapes": list(region.shapes),
         "adds_fan": region.adds_fan, "win_types": list(region.win_types),
         "context_keys": list(region.context_keys),
         "patterns": [_pattern_entry(region, p) for p in region.patterns],
         "house_rules": [_house_rule_entry(rule) for rule in region.house_rules]}
        for region in LISTED]}
