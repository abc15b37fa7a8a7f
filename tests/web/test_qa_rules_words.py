"""The rules pages head each house rule with the translated "House rule: %(rule)s", its
colon a Chinese one on a Chinese page. Found by QA on a phone: "地方规则: 计分方式", an
English colon glued to the translated word by the template."""

import pytest
from django.conf import settings

from tests.helpers import page_html

HEADS = {"zh-hans": "地方规则", "zh-hant": "地方規則", "en": "House rule"}
PAGES = ["/rules/", "/rules/hangzhou/", "/rules/jinhua/", "/rules/honghe/"]


@pytest.mark.parametrize("language", list(HEADS))
@pytest.mark.parametrize("path", PAGES)
def test_a_house_rules_head_is_one_translated_sentence(client, language, path):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page_html(client, path)
    head = HEADS[language]
    if language == "en":
        assert f"{head}: " in html
    else:
        assert f"{head}：" in html
        assert f"{head}: " not in html


# An example's caption: the colons the page's, the wild as the region calls it, and the
# tile as players name it (Honghe's first example: 南 wins on 西's discard, wild 9p).
CAPTIONS = {
    "zh-hans": "例子：南 S：点炮 · 放炮者 西 W · 庄家 东 E · 百搭 九筒",
    "zh-hant": "例子：南 S：點炮 · 放炮者 西 W · 莊家 東 E · 百搭 九筒",
    "en": "Example: 南 S: On a discard 點炮 · Discarder 西 W · Dealer 莊家 東 E · 百搭 9p",
}


@pytest.mark.parametrize("language", list(CAPTIONS))
def test_an_examples_caption_reads_in_the_pages_language(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page_html(client, "/rules/honghe/")

    assert f'<figcaption class="small mb-1">{CAPTIONS[language]}</figcaption>' in html
