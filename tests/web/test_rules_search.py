"""The rules pages' search (issue 25): a pattern by its name in either script, its pinyin
initials or its English gloss, on /rules/ (the row) and /rules/<region>/ (the entry), as
the server answers a page without JavaScript (?q=…). static/js/rules-search.js matches
the same way in the page (tests/browser/test_rules_search_browser.py)."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.utils import translation

from calculator import rules_pages
from calculator.regions import to_simplified
from rules.regions import REGIONS

# Every pattern name → its pinyin initials as players say them (和 of 天和 is hé, 胡 hú,
# 槓 gàng, 單 dān): a new name must be added here, and one pypinyin reads otherwise than
# players do goes into rules_pages.READINGS.
INITIALS = {
    "三百搭": "sbd", "槓上開花": "gskh", "單吊": "dd", "黃番": "hf", "老頭黃": "lth",
    "海底撈月": "hdly", "天和": "th", "地和": "dh", "包子": "bz", "百搭連莊": "bdlz",
    "混一色": "hys", "清一色": "qys", "對對和": "ddh", "四老頭": "slt", "全老頭": "qlt",
    "任意胡": "ryh", "七對": "qd", "豪華七對": "hhqd", "兩豪華七對": "lhhqd",
    "三豪華七對": "shhqd", "暴頭": "bt", "財飄": "cp", "槓開": "gk", "平胡": "ph",
    "碰碰胡": "pph", "全求人": "qqr", "七對子": "qdz", "清七對": "qqd", "七對子爆頭": "qdzbt",
    "十三不靠": "ssbk", "七風": "qf", "亂風": "lf", "清風": "qf", "財神頭": "cst",
    "三財一刻": "scyk", "爆頭": "bt", "天胡": "th", "地胡": "dh", "人胡": "rh",
}
# The syllables of the names where one character has readings of other initials.
SYLLABLES = {"天和": "tian he", "地和": "di he", "對對和": "dui dui he", "單吊": "dan diao",
             "槓上開花": "gang shang kai hua", "槓開": "gang kai", "百搭連莊": "bai da lian zhuang",
             "三財一刻": "san cai yi ke", "財神頭": "cai shen tou", "任意胡": "ren yi hu"}

NAMES = sorted({p.name for region in REGIONS.values() for p in region.patterns})

# page, query → the matches, best first (a row of /rules/ by the key of the part it
# plays, an entry of this region's page by its key, another region's by region/key), and
# the row or entry the page goes to at once (None: it lists the matches, or none).
CASES = [
    ("/rules/", "bt", ["bao_tou"], "row-bao_tou"),
    ("/rules/", "暴头", ["bao_tou"], "row-bao_tou"),
    ("/rules/", "暴頭", ["bao_tou"], "row-bao_tou"),
    ("/rules/", "爆头", ["bao_tou", "qi_dui_bao_tou"], "row-bao_tou"),
    ("/rules/", "BT", ["bao_tou"], "row-bao_tou"),
    ("/rules/", "ｂｔ", ["bao_tou"], "row-bao_tou"),  # full-width letters
    ("/rules/", "baotou", ["bao_tou"], "row-bao_tou"),
    ("/rules/", "one suit", ["qing_yi_se", "hun_yi_se"], "row-qing_yi_se"),
    ("/rules/", "One Suit ", ["qing_yi_se", "hun_yi_se"], "row-qing_yi_se"),
    ("/rules/", "qys", ["qing_yi_se"], "row-qing_yi_se"),
    ("/rules/", "清一色", ["qing_yi_se"], "row-qing_yi_se"),
    ("/rules/", "ssbk", ["shi_san_bu_kao"], "row-shi_san_bu_kao"),
    ("/rules/", "十三不靠", ["shi_san_bu_kao"], "row-shi_san_bu_kao"),
    ("/rules/", "th", ["tian_hu"], "row-tian_hu"),  # 天胡 and 天和: one row
    ("/rules/", "天和", ["tian_hu"], "row-tian_hu"),
    ("/rules/", "gskh", ["gang_shang_kai_hua"], "row-gang_shang_kai_hua"),
    ("/rules/", "杠开", ["gang_shang_kai_hua"], "row-gang_shang_kai_hua"),
    ("/rules/", "lone-wild", ["bao_tou"], "row-bao_tou"),
    # 七風 and 清風 are both qf: listed, not guessed
    ("/rules/", "qf", ["qing_feng", "qi_feng"], None),
    # exact initials first, then the names they begin
    ("/rules/", "qd", ["qi_dui", "qi_dui_bao_tou"], "row-qi_dui"),
    ("/rules/", "qq", ["qing_qi_dui", "quan_qiu_ren"], None),
    # the name itself, then the names it begins, then those it is in
    ("/rules/", "七对", ["qi_dui", "qi_dui_bao_tou", "qing_qi_dui", "hao_hua_qi_dui",
                       "shuang_hao_hua_qi_dui", "san_hao_hua_qi_dui"], "row-qi_dui"),
    ("/rules/", "麻婆豆腐", [], None),
    ("/rules/", "xyz", [], None),
    ("/rules/", "  ", [], None),
    # a region's page: its own entry first and gone to; the other regions' as links
    ("/rules/hangzhou/", "bt", ["bao_tou", "jinhua/bao_tou"], "bao_tou"),
    ("/rules/jinhua/", "bt", ["bao_tou", "hangzhou/bao_tou"], "bao_tou"),
    ("/rules/hangzhou/", "ssbk", ["jinhua/shi_san_bu_kao"], None),
    ("/rules/honghe/", "one suit", ["qing_yi_se", "jinhua/qing_yi_se", "hun_yi_se",
                                    "jinhua/hun_yi_se"], "qing_yi_se"),
    ("/rules/honghe/", "天和", ["tian_he"], "tian_he"),
    ("/rules/honghe/", "暴头", ["hangzhou/bao_tou"], None),
    ("/rules/honghe/", "麻婆豆腐", [], None),
]


def get(client, url, language="zh-hans", **params):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url, params)


def targets(page: str) -> list[rules_pages.Target]:
    if page == "/rules/":
        return rules_pages.overview_targets(rules_pages.comparison())
    return rules_pages.region_targets(page.split("/")[2])


def name(target: rules_pages.Target) -> str:
    """How CASES names a match."""
    if target.href.startswith("#row-"):
        return target.anchor.removeprefix("row-")
    page, _hash, key = target.href.partition("#")
    return key if not page else f"{page.split('/')[2]}/{key}"


def shown(html: str) -> list[str]:
    """The links of the result list that show, in order."""
    box = html.split("data-rules-search-results", 1)[1].split("</ul>", 1)[0]
    return re.findall(r'<li data-terms="[^"]*"><a href="([^"]*)"', box)


def start_tag(html: str, anchor: str) -> str:
    return re.search(rf'<[^<>]*\bid="{anchor}"[^<>]*>', html)[0]


def test_every_pattern_name_has_its_initials_listed():
    assert sorted(INITIALS) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_initials_as_players_say_them(name):
    spoken = rules_pages.syllables(name)

    assert "".join(s[0] for s in spoken) == INITIALS[name]
    if name in SYLLABLES:
        assert " ".join(spoken) == SYLLABLES[name]
    # the same from the Simplified name, which a zh-hans page shows
    assert rules_pages.syllables(to_simplified(name)) == spoken


@pytest.mark.parametrize(("page", "query", "matches", "goes_to"), CASES)
def test_search_finds(page, query, matches, goes_to):
    with translation.override("zh-hans"):
        found = rules_pages.find(query, targets(page))

        assert [name(target) for _tier, target in found] == matches
        jump = rules_pages.jump(found)
        assert (jump.anchor if jump else None) == goes_to


@pytest.mark.parametrize(("page", "query", "matches", "goes_to"), CASES)
def test_a_page_without_javascript_answers_the_query(client, page, query, matches, goes_to):
    response = get(client, page, q=query)

    if goes_to:  # sent to the row or entry, which the page marks
        assert response.status_code == 302
        location = urlsplit(response["Location"])
        assert (location.path, location.fragment) == (page, goes_to)
        assert parse_qs(location.query) == {"q": [query.strip()], "found": [goes_to]}
        response = client.get(response["Location"])
        assert "rules-found" in start_tag(response.content.decode(), goes_to)
    assert response.status_code == 200
    html = response.content.decode()
    with translation.override("zh-hans"):
        listed = [t.href for _tier, t in rules_pages.find(query, targets(page))]
    status = re.search(r'role="status">([^<]*)<', html)[1]
    if len(matches) > 1 or (matches and not goes_to):
        assert shown(html) == listed
        assert status
    else:  # gone to the one match, or none
        assert shown(html) == []
        assert bool(status) == (query.strip() != "" and not matches)


def test_the_page_lists_every_row_and_entry_for_the_search(client):
    overview = get(client, "/rules/").content.decode()
    rows = re.findall(r'<tr id="(row-[^"]+)"', overview)
    region = get(client, "/rules/jinhua/").content.decode()

    assert [href[1:] for href in re.findall(r'<li data-terms="[^"]*"[^>]*><a href="([^"]*)"',
                                            overview)] == rows
    assert len(rows) == len(set(rows))
    entries = re.findall(r'<li data-terms="[^"]*"[^>]*><a href="([^"]*)"', region)
    assert len(entries) == sum(len(r.patterns) for r in REGIONS.values())
    assert entries[:len(REGIONS["jinhua"].patterns)] == [
        f"#{p.key}" for p in REGIONS["jinhua"].patterns]


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_the_search_speaks_the_page_language(client, language):
    html = get(client, "/rules/", language, q="qf").content.decode()

    with translation.override(language):
        assert f'role="status">{rules_pages.SEARCH_MESSAGES["found"]}<' in html
        for message in rules_pages.SEARCH_MESSAGES.values():
            assert f'"{message}"' in html  # data-msg-* for rules-search.js
    # the names as the page writes them: 清风 on a zh-hans page, 清風 on the others
    assert ("清风" if language == "zh-hans" else "清風") in html.split('role="status"')[1]
    if language == "en":
        assert "all honours, proper shape" in html


def test_a_found_row_is_not_sent_again(client):
    response = get(client, "/rules/", q="bt", found="row-bao_tou")

    assert response.status_code == 200
    tag = start_tag(response.content.decode(), "row-bao_tou")
    assert "rules-found" in tag and 'tabindex="-1"' in tag


def test_an_unknown_found_marks_nothing(client):
    html = get(client, "/rules/", q="xyz", found="main").content.decode()

    assert "rules-found" not in html.split("</form>", 1)[1]


def test_a_long_query_is_cut(client):
    response = get(client, "/rules/", q="暴头" * 500)

    assert response.status_code == 200
    assert 'value="' + "暴头" * 25 + '"' in response.content.decode()


def test_the_search_works_the_terms_out_once_per_process():
    rules_pages._terms.cache_clear()
    with translation.override("zh-hans"):
        for _ in range(3):
            rules_pages.find("bt", targets("/rules/"))
            rules_pages.find("bt", targets("/rules/honghe/"))

    assert rules_pages._terms.cache_info().currsize == sum(
        len(r.patterns) for r in REGIONS.values())
