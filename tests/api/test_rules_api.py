"""GET /api/v1/rules: every region's patterns and house rules (docs/API.md "Rules")."""

import re

import pytest
from django.core.cache import cache
from django.test import override_settings

from rules.regions import REGIONS
from rules.request import house_rule_values
from tests.words import TRADITIONAL

URL = "/api/v1/rules"


@pytest.fixture
def catalogue(client) -> dict:
    response = client.get(URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()


def test_lists_every_region_with_its_facts(catalogue):
    regions = {r["key"]: r for r in catalogue["regions"]}

    assert set(regions) == set(REGIONS)
    for key, region in REGIONS.items():
        entry = regions[key]
        assert entry["name"] == region.name and entry["name_zh_hans"] == region.name_zh_hans
        assert entry["english"] == region.english and entry["wild_name"] == region.wild_name
        assert entry["shapes"] == list(region.shapes)
        assert entry["adds_fan"] is region.adds_fan
        assert entry["win_types"] == list(region.win_types)
        assert entry["context_keys"] == list(region.context_keys)
    assert regions["hangzhou"]["default_wild"] == "5z"
    assert regions["honghe"]["default_wild"] is None


def test_lists_every_pattern_with_its_value_rule_and_source(catalogue):
    for entry in catalogue["regions"]:
        region = REGIONS[entry["key"]]
        assert [p["key"] for p in entry["patterns"]] == [p.key for p in region.patterns]
        for shown, pattern in zip(entry["patterns"], region.patterns, strict=True):
            assert shown["name"] == pattern.name and shown["english"] == pattern.english
            assert shown["source"] == pattern.source
            assert shown["rule_zh"] == pattern.rule_zh and shown["rule_en"] == pattern.rule_en
            assert shown["excludes"] == sorted(pattern.excludes)
            if isinstance(pattern.value, int):
                assert shown["value"] == pattern.value
            else:
                assert isinstance(shown["value"], str) and shown["value"]


def test_a_value_that_depends_on_the_hand_is_described(catalogue):
    jinhua = next(r for r in catalogue["regions"] if r["key"] == "jinhua")
    values = {p["key"]: p["value"] for p in jinhua["patterns"]}

    assert values["qing_yi_se"] == "×4 / ×2"
    assert values["cai_piao"] == "×2ⁿ"
    assert values["ping_hu"] == 1


def test_lists_every_house_rule_with_labels_sources_and_default(catalogue):
    rules = {rule["key"]: rule for region in catalogue["regions"]
             for rule in region["house_rules"]}

    assert {key: tuple(c["value"] for c in rule["choices"]) for key, rule in rules.items()} \
        == house_rule_values(REGIONS)
    for rule in rules.values():
        assert rule["default"] == rule["choices"][0]["value"]
        assert rule["label_zh"] and rule["label_en"]
        for choice in rule["choices"]:
            assert set(choice) == {"value", "label_zh", "label_zh_hans", "label_en", "source"}
            assert choice["source"]
    assert rules["hangzhou_scoring"]["choices"][1]["source"] == "hangzhou.txt:176"
    assert rules["honghe_rob_kong"]["default"] == "robbed_pays_all"


# A Han character: what makes a text Chinese.
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def is_english(key: str) -> bool:
    """An English text (``english``, ``rule_en``, ``label_en``): it may quote a Chinese
    term as the rule texts write it (暴頭) and has no 简体 twin."""
    return key == "english" or key.endswith("_en")


def simplified_key(key: str) -> str:
    """The key of a 繁體 text's 简体 twin: ``rule_zh`` → ``rule_zh_hans``, ``name`` →
    ``name_zh_hans``."""
    return f"{key}_hans" if key.endswith("_zh") else f"{key}_zh_hans"


def chinese_texts(entry) -> list[tuple[dict, str]]:
    """Every Chinese text anywhere in the catalogue, found by its characters rather than
    by a list of keys (so a key added later is found too): (its entry, its key), less
    the 简体 twins and the English texts."""
    if isinstance(entry, list):
        return [found for item in entry for found in chinese_texts(item)]
    if not isinstance(entry, dict):
        return []
    found = []
    for key, value in entry.items():
        if isinstance(value, str) and HAN.search(value):
            if not key.endswith("_zh_hans") and not is_english(key):
                found.append((entry, key))
        else:
            found += chinese_texts(value)
    return found


def test_finds_the_chinese_texts_by_their_characters(catalogue):
    hangzhou = next(r for r in catalogue["regions"] if r["key"] == "hangzhou")
    keys = {key for _, key in chinese_texts(hangzhou)}

    assert keys == {"name", "wild_name", "rule_zh", "label_zh"}


def test_every_chinese_text_has_its_simplified_twin(catalogue):
    """Beside each 繁體 text (``name``, ``wild_name``, ``rule_zh``, ``label_zh`` and any
    Chinese text added later) its 简体 (``*_zh_hans``): not empty, no Traditional
    character left, the same text in other characters (the same length)."""
    texts = chinese_texts(catalogue)
    assert len(texts) > 100
    for entry, key in texts:
        where = (entry.get("key") or entry.get("value"), key)
        twin = entry.get(simplified_key(key))
        assert twin and isinstance(twin, str), (where, "no 简体 twin")
        assert not TRADITIONAL & set(twin), (where, twin)
        assert len(twin) == len(entry[key]), (where, twin)


def test_simplified_chinese_is_the_traditional_in_other_characters(catalogue):
    """The 简体 is derived from the 繁體 (as the zh-hans pages write it), not a second
    copy: the same length, and where a pattern's name has no Traditional character, the
    same text."""
    hangzhou = next(r for r in catalogue["regions"] if r["key"] == "hangzhou")
    names = {p["key"]: p["name_zh_hans"] for p in hangzhou["patterns"]}
    assert names["bao_tou"] == "暴头"
    assert hangzhou["wild_name_zh_hans"] == "财神"
    for pattern in hangzhou["patterns"]:
        assert len(pattern["rule_zh_hans"]) == len(pattern["rule_zh"])


def test_keeps_chinese_as_it_is(client):
    assert "杭州麻將" in client.get(URL).content.decode()


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete", "options"])
def test_only_get_is_allowed(client, method):
    response = getattr(client, method)(URL)

    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert response.json()["errors"][0]["field"] == "method"


def test_head_answers_like_get(client):
    assert client.head(URL).status_code == 200


@override_settings(API_RATE_LIMIT="2/minute")
def test_is_rate_limited_with_the_other_apis(client):
    cache.clear()
    try:
        statuses = [client.get(URL).status_code for _ in range(3)]
        assert statuses == [200, 200, 429]
        assert client.post("/api/v1/score", {}, content_type="application/json").status_code \
            == 429
    finally:
        cache.clear()
