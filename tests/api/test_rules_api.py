"""GET /api/v1/rules: every region's patterns and house rules (docs/API.md "Rules")."""

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


def simplified_texts(region: dict) -> list[tuple[str, str]]:
    """Each 简体 text of a region's patterns and house rules: (where, the text)."""
    texts = []
    for pattern in region["patterns"]:
        texts += [(f"{pattern['key']}.{key}", pattern.get(key))
                  for key in ("name_zh_hans", "rule_zh_hans")]
    for rule in region["house_rules"]:
        texts.append((f"{rule['key']}.label_zh_hans", rule.get("label_zh_hans")))
        texts += [(f"{rule['key']}.{choice['value']}.label_zh_hans",
                   choice.get("label_zh_hans")) for choice in rule["choices"]]
    return texts


def test_every_pattern_and_house_rule_has_its_simplified_chinese(catalogue):
    """Beside each 繁體 text (name, rule_zh, label_zh) its 简体 (``*_zh_hans``): not empty,
    no Traditional character left."""
    for region in catalogue["regions"]:
        for where, text in simplified_texts(region):
            assert text and isinstance(text, str), (region["key"], where)
            assert not TRADITIONAL & set(text), (region["key"], where, text)


def test_simplified_chinese_is_the_traditional_in_other_characters(catalogue):
    """The 简体 is derived from the 繁體 (as the zh-hans pages write it), not a second
    copy: the same length, and where a pattern's name has no Traditional character, the
    same text."""
    hangzhou = next(r for r in catalogue["regions"] if r["key"] == "hangzhou")
    names = {p["key"]: p["name_zh_hans"] for p in hangzhou["patterns"]}
    assert names["bao_tou"] == "暴头"
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
