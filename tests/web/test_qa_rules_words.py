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
