# ruff: noqa: E501  (one case per line: the tables read better unwrapped)
"""The rules pages' words against their sources (RULEBOOK §7, "Rules-page texts"): each
sentence cites the line that says it, or our ruling where no line does, and says what
the engine does. Table-driven, one case per line."""

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from presentation.regions import payment_sentence
from rules.regions import REGIONS
from rules.scoring import MAX_ALTERNATIVES

DOCS = Path(__file__).resolve().parents[2] / "docs"

# (region, pattern key, what its source must cite)
PATTERN_SOURCES = [
    ("jinhua", "cai_piao", "jinhua.txt:97"),  # the Jinhua list names 財飄 …
    ("jinhua", "cai_piao", "hangzhou.txt:142-146"),  # … but stops before its value: Hangzhou's
    ("jinhua", "cai_piao", "RULEBOOK §7"),  # applying Hangzhou's value to Jinhua: our ruling
    ("hangzhou", "gang_kai", "hangzhou.txt:148,154-164"),  # 槓開, and 槓暴, 槓飄, 飄槓
]

# (region, pattern key, rule field, words it must say)
PATTERN_TEXTS = [
    ("jinhua", "qing_feng", "rule_zh", "取代亂風、碰碰胡和混一色"),
    ("jinhua", "qing_feng", "rule_en", "replaces 亂風, 碰碰胡 and 混一色"),
    ("jinhua", "luan_feng", "rule_zh", "取代混一色"),
    ("jinhua", "luan_feng", "rule_en", "Replaces 混一色"),
    ("jinhua", "cai_piao", "rule_zh", "本站裁定"),
    ("jinhua", "cai_piao", "rule_en", "our ruling"),
    ("hangzhou", "gang_kai", "rule_zh", "叫槓暴（×4）"),
    ("hangzhou", "gang_kai", "rule_zh", "叫槓飄（一飄 ×8）"),
    ("hangzhou", "gang_kai", "rule_zh", "原文的飄槓"),
    ("hangzhou", "gang_kai", "rule_en", "槓飄 (×8 for one 飄)"),
    ("hangzhou", "gang_kai", "rule_en", "the text's 飄槓"),
]

# (region, pattern key): its rule text names every pattern it replaces (ping_hu aside)
REPLACES = [
    ("jinhua", "qing_feng"),
    ("jinhua", "luan_feng"),
    ("jinhua", "qi_feng"),
]

# (region, words of a payment sentence (Chinese), the source it must have)
PAYMENT_SOURCES = [
    ("jinhua", "搶槓算點炮", "RULEBOOK §4"),  # RULEBOOK §4 ruling, not jinhua.txt:9,25
    ("jinhua", "點炮：放炮者付兩份手分", "jinhua.txt:9,25"),
    ("jinhua", "自摸：另外三家各付兩份手分", "jinhua.txt:9"),
    ("jinhua", "每個承包都算，而且相加", "jinhua.txt:71"),
    ("hangzhou", "由該家獨付全部所得的兩倍", "hangzhou.txt:168,198"),
    ("hangzhou", "次數一樣時，從和牌者的下家起按座位順序", "RULEBOOK §3"),  # RULEBOOK §3, rules/region.py _contracts
]

# (region, words no payment sentence citing the region's text may say, in zh or en)
NOT_FROM_THE_TEXT = [
    ("jinhua", "搶槓"),
    ("jinhua", "robbed"),
]

# (region, win type, page language, words of the result panel's payment sentence)
RESULT_SENTENCES = [
    ("jinhua", "rob_kong", "en", "Robbing a kong counts as a discard by the robbed player"),
    ("jinhua", "rob_kong", "zh-hant", "搶槓算點炮：被搶者照放炮者付兩份手分"),
    ("jinhua", "discard", "en", "Discard: the discarder pays 2 × the hand value"),
    ("jinhua", "self_draw", "en", "Self-draw: each of the other three pays 2 × the hand value."),
]

# (url, page language, words the page says, tags stripped)
PAGE_WORDS = [
    ("/rules/jinhua/", "en", "Source: Jinhua text, line 97; Hangzhou text, lines 142–146; our ruling"),
    ("/rules/jinhua/", "zh-hant", "依據：金華麻將原文第 97 行；杭州麻將原文第 142–146 行；本站裁定"),
    ("/rules/jinhua/", "zh-hans", "依据：金华麻将原文第 97 行；杭州麻将原文第 142–146 行；本站裁定"),
    ("/rules/jinhua/", "en", "Robbing a kong counts as a discard by the robbed player: the robbed player pays 2 × the hand value, the other two 1 × each. (Source: our ruling)"),
    ("/rules/jinhua/", "en", "Discard: the discarder pays 2 × the hand value, the other two 1 × each. (Source: Jinhua text, lines 9, 25)"),
    ("/rules/jinhua/", "zh-hans", "抢杠算点炮：被抢者照放炮者付两份手分，另两家各付一份。 (依据：本站裁定"),
    ("/rules/jinhua/", "zh-hans", "取代乱风、碰碰胡和混一色"),
    ("/rules/jinhua/", "en", "Every contract counts and they add"),
    ("/rules/hangzhou/", "en", "At most one contract counts: the one with the most claims; on a tie, the first in seat order from the winner's next player"),
    ("/rules/hangzhou/", "zh-hant", "最多只算一個承包：吃碰次數最多的那個；次數一樣時，從和牌者的下家起按座位順序取先到的一家"),
    ("/rules/hangzhou/", "zh-hans", "从和牌者的下家起按座位顺序"),
    ("/rules/hangzhou/", "zh-hant", "槓飄"),
    ("/rules/hangzhou/", "zh-hant", "飄槓"),
    ("/rules/hangzhou/", "zh-hans", "杠飘"),
    ("/rules/hangzhou/", "zh-hans", "飘杠"),
    ("/rules/hangzhou/", "en", "飄槓"),
    ("/rules/hangzhou/", "en", "(槓飄) → ×8"),  # the 槓開 example scored: 槓開 × 暴頭 × 財飄
    ("/rules/hangzhou/", "en", "Source: Hangzhou text, lines 148, 154–164"),
]

# (url, page language, words the page no longer says)
PAGE_NOT_WORDS = [
    ("/rules/jinhua/", "en", "a robbed kong counts as one"),
    ("/rules/jinhua/", "en", "Only one contract counts"),
    ("/rules/jinhua/", "en", "Source: Jinhua text, line 97 "),
]

NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 8: "eight", 10: "ten"}

# (doc, words that open the paragraph on alternatives): it says at most MAX_ALTERNATIVES
ALTERNATIVES_DOCS = [
    ("RULES.md", "**Alternatives** list one reading per distinct outcome"),
    ("API.md", "alternatives are one per"),
]


def page_text(client, url, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(url).content.decode()
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def wording(region, words):
    return next(w for w in REGIONS[region].payment_rules if words in w.zh)


@pytest.mark.parametrize(("region", "key", "cited"), PATTERN_SOURCES)
def test_pattern_source_cites(region, key, cited):
    assert cited in [part.strip() for part in REGIONS[region].pattern(key).source.split(";")]


@pytest.mark.parametrize(("region", "key", "field", "words"), PATTERN_TEXTS)
def test_pattern_rule_text_says(region, key, field, words):
    assert words in getattr(REGIONS[region].pattern(key), field)


@pytest.mark.parametrize(("region", "key"), REPLACES)
def test_rule_text_names_every_pattern_it_replaces(region, key):
    pattern = REGIONS[region].pattern(key)
    replaced = [REGIONS[region].pattern(k).name for k in sorted(pattern.excludes - {"ping_hu"})]

    assert replaced
    assert all(name in pattern.rule_zh and name in pattern.rule_en for name in replaced), replaced


@pytest.mark.parametrize(("region", "words", "source"), PAYMENT_SOURCES)
def test_payment_sentence_source(region, words, source):
    assert wording(region, words).source == source


@pytest.mark.parametrize(("region", "words"), NOT_FROM_THE_TEXT)
def test_no_sentence_cited_to_the_text_says(region, words):
    sentences = REGIONS[region].payment_rules + REGIONS[region].payment_sentences
    cited = [w for w in sentences if words in w.zh or words in w.en]

    assert cited and all(".txt" not in w.source for w in cited)


@pytest.mark.parametrize(("region", "win_type", "language", "words"), RESULT_SENTENCES)
def test_result_panel_payment_sentence(region, win_type, language, words):
    request = {"region": region, "win_type": win_type, "winner": "S", "dealer": "E"}
    with translation.override(language):
        assert words in payment_sentence(REGIONS[region], request, None)


@pytest.mark.parametrize(("url", "language", "words"), PAGE_WORDS)
def test_rules_page_says(client, url, language, words):
    assert words in page_text(client, url, language)


@pytest.mark.parametrize(("url", "language", "words"), PAGE_NOT_WORDS)
def test_rules_page_no_longer_says(client, url, language, words):
    assert words not in page_text(client, url, language)


@pytest.mark.parametrize(("doc", "opening"), ALTERNATIVES_DOCS)
def test_docs_give_the_alternatives_cap(doc, opening):
    after = (DOCS / doc).read_text(encoding="utf-8").split(opening, 1)[1]
    paragraph = re.sub(r"\s+", " ", re.split(r"\n\s*\n|\n- ", after, maxsplit=1)[0])

    assert f"at most {NUMBER_WORDS[MAX_ALTERNATIVES]}" in paragraph
    assert not any(f"at most {word}" in paragraph for n, word in NUMBER_WORDS.items()
                   if n != MAX_ALTERNATIVES)
