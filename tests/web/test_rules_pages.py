"""The rules reference pages: /rules/ side by side, /rules/<region>/ with example hands."""

from urllib.parse import parse_qsl, urlsplit

import pytest
from django.conf import settings
from django.utils import translation

from calculator import rules_pages
from calculator.forms import ScoreForm
from presentation.regions import in_language, source_label
from rules import score
from rules.regions import REGIONS
from tests.helpers import keys, req

LANGUAGES = [code for code, _name in settings.LANGUAGES]
ALL_PATTERNS = [(region, p.key) for region in REGIONS for p in REGIONS[region].patterns]
ALL_EXAMPLES = [(region, key, i, request) for region in REGIONS
                for key, requests in REGIONS[region].examples.items()
                for i, request in enumerate(requests)]


def get(client, url, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("url", ["/rules/", "/rules/honghe/", "/rules/hangzhou/",
                                 "/rules/jinhua/"])
def test_rules_pages_render_in_every_language(client, url, language):
    response = get(client, url, language)

    assert response.status_code == 200
    assert f'lang="{language}"' in response.content.decode()


def test_unknown_region_is_404(client):
    assert client.get("/rules/shanghai/").status_code == 404


def test_nav_links_to_the_rules(client):
    assert 'href="/rules/"' in client.get("/").content.decode()


def test_side_by_side_table_has_every_pattern_of_every_region_once():
    placed = [(region, key) for _title, rows in rules_pages.COMPARISON
              for row in rows for region, key in row.items()]

    assert sorted(placed) == sorted(ALL_PATTERNS)


@pytest.mark.parametrize(("region", "key"), ALL_PATTERNS)
def test_side_by_side_page_links_every_pattern_with_its_value(client, region, key):
    page = get(client, "/rules/", "en").content.decode()
    pattern = REGIONS[region].pattern(key)

    cell = page.split(f'href="/rules/{region}/#{key}"', 1)[1].split("</td>", 1)[0]
    assert pattern.name in cell
    assert rules_pages.value_label(region, pattern) in cell


def test_side_by_side_marks_missing_patterns():
    rows = [row for section in rules_pages.comparison() for row in section.rows]
    jinhua_only = next(r for r in rows if r.cells[1] and r.cells[1].key == "qing_qi_dui")

    assert jinhua_only.cells[0] is None and jinhua_only.cells[2] is None


def test_variable_values_are_labelled():
    assert rules_pages.value_label("jinhua", REGIONS["jinhua"].pattern("qing_yi_se")) == "×4 / ×2"
    assert rules_pages.value_label("hangzhou", REGIONS["hangzhou"].pattern("cai_piao")) == "×2ⁿ"


@pytest.mark.parametrize(("region", "key"), ALL_PATTERNS)
def test_every_pattern_has_an_example(region, key):
    assert REGIONS[region].examples.get(key)


@pytest.mark.parametrize(("region", "key", "index", "request_fields"), ALL_EXAMPLES,
                         ids=[f"{r}-{k}-{i}" for r, k, i, _q in ALL_EXAMPLES])
def test_every_example_scores_its_pattern(region, key, index, request_fields):
    response = score(request_fields)

    assert request_fields["region"] == region
    assert response["winning"]
    assert key in keys(response)


@pytest.mark.parametrize(("region", "key", "index", "request_fields"), ALL_EXAMPLES,
                         ids=[f"{r}-{k}-{i}" for r, k, i, _q in ALL_EXAMPLES])
def test_every_example_link_reproduces_it_in_the_calculator(region, key, index,
                                                            request_fields):
    link = rules_pages.example(request_fields).permalink
    query = dict(parse_qsl(urlsplit(link).query))
    form = ScoreForm(query)

    assert urlsplit(link).path == "/"
    assert form.score()["payments"] == score(request_fields)["payments"]
    assert keys(form.score()) == keys(score(request_fields))


@pytest.mark.parametrize("region", list(REGIONS))
def test_region_page_shows_every_pattern_with_rule_source_and_example(client, region):
    page = get(client, f"/rules/{region}/", "en").content.decode()

    for pattern in REGIONS[region].patterns:
        article = page.split(f'id="{pattern.key}"', 1)[1].split("</article>", 1)[0]
        assert pattern.name in article
        assert pattern.english in article
        assert pattern.rule_zh not in article  # the rule in the page's language only
        with translation.override("en"):
            assert in_language("", pattern.rule_en).replace("'", "&#x27;") in article
            assert f"Source: {source_label(pattern.source)}" in article
        assert f"<code>{pattern.key}</code>" not in article
        assert 'class="tile-face' in article
        assert 'href="/?region=' in article


def test_region_page_shows_the_examples_payments(client):
    page = get(client, "/rules/hangzhou/", "en").content.decode()
    article = page.split('id="bao_tou"', 1)[1].split("</article>", 1)[0]
    first, modern, six_pairs = article.split("<figure")[1:4]

    # RULEBOOK §5 example 3: the dealer E self-draws 暴頭 at 二連莊, +24, the others −8.
    assert "+24" in first
    assert first.count("\u22128") == 3
    # Example 7, the same as played now (hangzhou_scoring = modern): +6, the others −2.
    assert "+6" in modern and modern.count("\u22122") == 3
    assert "As played now" in modern and "hangzhou_scoring=modern" in modern
    # Six pairs and a lone 財神 under hangzhou_seven_pairs_bao_tou = yes: 七對 × 暴頭.
    assert "×4" in six_pairs and "hangzhou_seven_pairs_bao_tou=yes" in six_pairs


# The payment sentences of /rules/ (rules_pages.payment_rules) against the engine:
# one self-draw and one discard per region, H the hand value.
def test_honghe_payments_are_as_the_rules_page_says():
    # H = base 2 × 2^(清一色 2) = 8: self-draw, each pays H; discard, W pays H, others H/2.
    self_draw = score(req("honghe", "1234567892345m", "5m", wild="9p", base=2))
    discard = score(req("honghe", "1234567892345m", "5m", wild="9p", base=2, discarder="W"))

    assert self_draw["payments"] == {"E": -8, "S": 24, "W": -8, "N": -8}
    assert discard["payments"] == {"E": -4, "S": 16, "W": -8, "N": -4}


def test_hangzhou_payments_are_as_the_rules_page_says():
    # H = 1: the non-dealer S self-draws at 平莊, the dealer pays H × 2, the others H.
    self_draw = score(req("hangzhou", "123m456p789s234s7z", "7z"))
    # 三連莊 (factor 8): the dealer E discards to S and alone pays H × 8.
    discard = score(req("hangzhou", "123m456p789s234s7z", "7z", dealer_streak=2,
                        discarder="E"))
    # The dealer self-draws at 二連莊 (factor 4): each pays H × 4, here H = 2 (暴頭).
    dealer = score(req("hangzhou", "123m456m789p345s5z", "9s", winner="E", dealer_streak=1))

    assert self_draw["payments"] == {"E": -2, "S": 4, "W": -1, "N": -1}
    assert discard["payments"] == {"E": -8, "S": 8, "W": 0, "N": 0}
    assert dealer["payments"] == {"E": 24, "S": -8, "W": -8, "N": -8}


def test_jinhua_payments_are_as_the_rules_page_says():
    # H = 4 (清一色 without 財神): self-draw, each pays 2H. H = 1 (平胡): N discards and
    # pays 2H, the other two H each; no dealer factor.
    self_draw = score(req("jinhua", "1232347897895s", "5s", wild="6s"))
    discard = score(req("jinhua", "123m456m789p234p1z", "1z", wild="6s", winner="W",
                        discarder="N"))

    assert self_draw["payments"] == {"E": -8, "S": 24, "W": -8, "N": -8}
    assert discard["payments"] == {"E": -1, "S": -1, "W": 4, "N": -2}


def test_rules_page_states_payments_with_sources_and_house_rules(client):
    page = get(client, "/rules/", "en").content.decode()

    for text in ("Self-draw: each of the other three pays the hand value.",
                 "the discarder alone pays the hand value × the dealer factor",
                 "Honghe (Jiaxing) text, line 56", "Hangzhou text, line 184",
                 "Jinhua text, line 9", "Robbing a kong", "The robbed player alone pays"):
        assert text in page
    for key in ("honghe_rob_kong", "robbed_pays_all", "hangzhou_discard", "dealer_streak3",
                ".txt", "RULEBOOK"):  # never a key or a file name
        assert f">{key}<" not in page and f"{key}:" not in page and f"({key}" not in page


@pytest.mark.parametrize("url", ["/rules/", "/rules/honghe/", "/rules/hangzhou/",
                                 "/rules/jinhua/"])
def test_every_house_rule_is_listed_with_its_choices_sources_and_default(client, url):
    page = get(client, url, "en").content.decode()
    shown = [r for r in REGIONS.values() if url == "/rules/" or f"/{r.key}/" in url]

    for region in shown:
        for rule in region.house_rules:
            assert f"House rule: {rule.label_en}" in page
            block = page.split(f'data-house-rule="{rule.key}"', 1)[1].split("</ul>", 1)[0]
            items = block.split("<li")[1:]
            assert len(items) == len(rule.choices)
            for item, choice in zip(items, rule.choices, strict=True):
                assert f'data-choice="{choice.value}"' in item and "<code>" not in item
                assert choice.label_en.replace("'", "&#x27;") in item
                with translation.override("en"):
                    assert f"Source: {source_label(choice.source)}" in item
                assert ("data-default" in item) == (choice.value == rule.default)


def test_house_rules_are_in_the_pages_language(client):
    chinese = get(client, "/rules/jinhua/", "zh-hans").content.decode()

    assert "四组都是刻子就算，暗刻也算" in chinese
    assert "All four sets pungs or kongs, concealed ones count" not in chinese


def test_the_rules_pages_say_the_revised_rulings(client):
    hangzhou = get(client, "/rules/hangzhou/", "en").content.decode()
    jinhua = get(client, "/rules/jinhua/", "en").content.decode()

    assert "No robbing a kong" not in hangzhou
    assert "Robbing a kong: on a discard win&#x27;s terms" in hangzhou
    assert "Scoring: as played now" in hangzhou and "Hangzhou text, line 176" in hangzhou
    assert "Every contract counts and they add" in jinhua
    assert "at least three of them claimed" in jinhua  # 碰碰胡, jinhua_peng_peng_hu default


def test_every_pattern_has_a_row_of_its_kind():
    assert [title for title, _rows in rules_pages.COMPARISON] == [
        str(title) for title, _rows in rules_pages.ROWS]  # no "Other patterns" section


def test_the_comparison_lists_the_regions_in_page_order():
    from presentation.regions import LISTED

    rows = [row for section in rules_pages.comparison() for row in section.rows]
    assert all(len(row.cells) == len(LISTED) for row in rows)
    seven_pairs = rows[0]
    assert [cell.region for cell in seven_pairs.cells] == [r.key for r in LISTED]
    assert {cell.key for cell in seven_pairs.cells} == {"qi_dui", "dui_dui_he"}
