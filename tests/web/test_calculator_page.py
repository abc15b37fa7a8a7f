"""The calculator page: the form, the result panel, htmx partials, permalinks, languages."""

import json
import re
from html import unescape as html_unescape
from urllib.parse import urlencode

import pytest
from django.utils import translation

from calculator.forms import HOUSE_RULE_CHOICES, REGION_CHOICES, WIN_TYPE_CHOICES
from calculator.regions import to_simplified
from common.web import SEAT_CHOICES
from presentation.regions import source_label
from rules.regions import REGIONS
from rules.request import SEATS, WIN_TYPES, house_rule_values
from tests.helpers import page_html

# RULEBOOK §5 example 3: the dealer (streak 1, ×4) self-draws 暴頭 in Hangzhou.
EXAMPLE_3 = {
    "region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "9s",
    "win_type": "self_draw", "winner": "E", "dealer": "E", "dealer_streak": "1",
}
HTMX = {"HX-Request": "true"}
MINUS = "\u2212"


def page(client, params=None, **kwargs) -> str:
    return page_html(client, "/", params, **kwargs)


def net_amounts(html: str) -> list[str]:
    return re.findall(r'class="text-end fw-bold net[^"]*">([^<]+)<', html)


def test_the_calculator_is_the_home_page(client):
    html = page(client)

    assert 'id="score-form"' in html
    for name in ("region", "hand", "melds", "win_tile", "wild"):
        assert f'id="id_{name}"' in html
    assert '<textarea name="melds"' in html
    assert '<select name="region"' in html
    assert "东 E" in html  # 简体中文 is the default


def test_the_api_documentation_moved_to_its_own_page(client):
    response = client.get("/api/")

    assert response.status_code == 200
    assert "/api/v1/score" in response.content.decode()


def test_rulebook_example_3_shows_bao_tou_and_the_payments(client):
    html = page(client, EXAMPLE_3)

    assert "暴头" in html and "暴頭" not in html  # 简体 on the zh-hans page
    assert "lone-wild self-draw" not in html  # the English gloss: English pages only
    assert "依据：杭州麻将原文第 136 行" in html and "hangzhou.txt" not in html
    assert 'href="/rules/hangzhou/#bao_tou"' in html  # the pattern's entry, one tap away
    assert net_amounts(html) == ["+24", f"{MINUS}8", f"{MINUS}8", f"{MINUS}8"]


def test_the_result_explains_the_arithmetic_with_the_engines_numbers(client):
    html = page(client, EXAMPLE_3)

    assert "底分 1 × 暴头 2 = 2；庄家 ×4（二连庄）" in html
    pair = html[html.index('title="将"'):]
    assert "tile-face--wild" in pair and "→9s" in pair  # the lone 白 standing for 9s


def test_an_htmx_request_gets_only_the_result(client):
    html = page(client, EXAMPLE_3, headers=HTMX)

    assert "暴头" in html
    assert "<html" not in html
    assert 'id="score-form"' not in html


def test_an_htmx_result_pushes_its_permalink(client):
    response = client.get("/?" + urlencode(EXAMPLE_3), headers=HTMX)

    assert response.headers["HX-Push-Url"] == "/?" + urlencode(EXAMPLE_3)
    assert "HX-Request" in response.headers["Vary"]


def test_an_htmx_history_restore_gets_the_whole_page(client):
    html = page(client, EXAMPLE_3, headers={**HTMX, "HX-History-Restore-Request": "true"})

    assert "<html" in html


def test_an_invalid_hand_shows_the_error_next_to_the_hand_field(client):
    html = page(client, {**EXAMPLE_3, "hand": "12345m"})

    hand_field = html[html.index('id="div_id_hand"'):html.index('id="div_id_melds"')]
    assert "is-invalid" in hand_field
    assert "手牌少了 8 张" in hand_field  # the engine's problem, in the page's language
    assert net_amounts(html) == []


@pytest.mark.parametrize("params", [
    {"hand": "99999m"},
    {"hand": "xyz"},
    {"melds": "pung 555p\nchi 135m"},
    {"region": "atlantis"},
    {"win_type": "discard"},
    {"base": "-1"},
    {"dealer_streak": "many"},
    {"region": "honghe"},
    {"after_kong": "on"},
    {"claim1_by": "S"},
    {"claim1_by": "S", "claim1_from": "S", "claim1_count": "3"},
    {"region": "honghe", "wild": "1s", "dice_0": "3"},
    {"region": "honghe", "wild": "1s", "dice_0": "9", "dice_1": "1"},
])
def test_invalid_input_is_shown_on_the_form_never_a_server_error(client, params):
    html = page(client, {**EXAMPLE_3, **params})

    assert "invalid-feedback" in html or "alert-danger" in html


def test_an_htmx_request_with_errors_gets_the_form_back_and_clears_the_result(client):
    response = client.get("/?" + urlencode({**EXAMPLE_3, "hand": "12345m"}), headers=HTMX)
    html = response.content.decode()

    assert response.status_code == 200
    assert response.headers["HX-Retarget"] == "#score-form"
    assert html.lstrip().startswith("<form") or 'id="score-form"' in html
    assert "手牌少了 8 张" in html
    assert 'id="result" hx-swap-oob' in html


def test_another_regions_fields_are_ignored_not_judged(client):
    html = page(client, {**EXAMPLE_3, "dice_0": "9", "previous_draws": "x"})

    assert "invalid-feedback" not in html
    assert net_amounts(html) == ["+24", f"{MINUS}8", f"{MINUS}8", f"{MINUS}8"]


@pytest.mark.parametrize("params, field", [
    ({"hand": "12345m"}, "hand"),  # the engine's objection
    ({"base": "0"}, "base"),  # the form's own
])
def test_the_result_panel_links_to_the_field_with_an_error(client, params, field):
    html = page(client, {**EXAMPLE_3, **params})

    assert f'href="#id_{field}"' in html[html.index('id="result"'):]


def test_an_engine_error_about_a_claim_shows_under_its_row(client):
    html = page(client, {**EXAMPLE_3, "claim2_by": "S", "claim2_from": "S", "claim2_count": "1"})

    row2 = html[html.index('name="claim2_by"'):html.index('name="claim3_by"')]
    assert "南不能吃碰自己的牌" in row2


def test_a_meld_error_names_the_meld_line(client):
    html = page(client, {**EXAMPLE_3, "hand": "123m456m789p5z",
                         "melds": "chi 345s\npung 12s"})

    melds_field = html[html.index('id="div_id_melds"'):html.index('id="div_id_win_tile"')]
    assert "Meld 2" in melds_field or "第 2 副" in melds_field


def test_a_context_error_shows_next_to_its_field(client):
    html = page(client, {**EXAMPLE_3, "cai_piao": "1", "hand": "123m456m789p345s9s"})

    field = html[html.index('id="div_id_cai_piao"'):]
    assert "财飘要暴头" in field[:2000] and "is-invalid" in field[:2000]


def test_a_hand_that_does_not_win_says_why(client):
    html = page(client, {**EXAMPLE_3, "hand": "123m456m789p345s1z"})

    assert "最接近的读法还剩 2 张牌用不上：九条、东风" in html  # 9s 1z, in 简体
    assert "tiles/1z.svg" in html
    assert net_amounts(html) == []


@pytest.mark.parametrize("region, shown, hidden", [
    ("honghe", ["dice", "previous_draws", "previous_wild", "honghe_rob_kong", "last_tile"],
     ["cai_piao", "claim1_by", "hangzhou_discard"]),
    ("hangzhou", ["cai_piao", "claim1_by", "claim3_count", "hangzhou_discard", "after_kong"],
     ["dice_0", "last_tile", "honghe_rob_kong"]),
    ("jinhua", ["cai_piao", "claim1_by", "last_tile", "first_turn"],
     ["dice_0", "hangzhou_discard", "honghe_rob_kong"]),
])
def test_the_region_switch_returns_that_regions_fields(client, region, shown, hidden):
    html = page(client, {**EXAMPLE_3, "region": region},
                headers={**HTMX, "HX-Trigger-Name": "region"})

    assert html.lstrip().startswith('<fieldset id="region-fields"')
    for name in shown:
        assert f'name="{name}' in html
    for name in hidden:
        assert f'name="{name}' not in html


def test_without_javascript_the_page_shows_the_chosen_regions_fields(client):
    html = page(client, {**EXAMPLE_3, "region": "honghe"})
    form = re.search(r'<form id="score-form".*?</form>', html, re.S)[0]

    assert 'name="dice_0"' in form
    assert 'name="cai_piao"' not in form


def test_each_regions_fields_have_an_address_for_a_region_picked_offline(client):
    """offline.js fetches /fields/<form>/<region>/ (kept by the service worker from the
    first visit) when a region is picked with no network; the page itself carries no
    other region's fields, and each address holds that region's fields alone."""
    html = page(client)
    assert 'data-fields="/fields/score/{region}/"' in html
    assert "data-region-fieldset" not in html
    fields = {key: client.get(f"/fields/score/{key}/").content.decode()
              for key in ("hangzhou", "jinhua", "honghe")}

    assert 'name="dice_0"' in fields["honghe"] and 'name="dice_0"' not in fields["hangzhou"]
    assert 'name="cai_piao"' in fields["hangzhou"]
    assert 'data-house-rule' in fields["jinhua"]
    assert all(f.lstrip().startswith('<fieldset id="region-fields"') for f in fields.values())
    waits = client.get("/fields/waits/jinhua/").content.decode()
    assert 'name="win_type"' not in waits and 'id="region-fields"' in waits
    assert client.get("/fields/score/mars/").status_code == 404
    assert client.get("/fields/ledger/jinhua/").status_code == 404


def test_a_first_visit_keeps_the_offline_pages_and_the_engine(client):
    """The footer hands site.js the offline pack: the pages that open with no network and
    the engine's files with their sizes (the progress it shows)."""
    html = page(client)
    pack = json.loads(html_unescape(re.search(r'data-offline-pack="([^"]*)"', html)[1]))

    assert {"/", "/waits/", "/practice/", "/rules/", "/offline/", "/rules/jinhua/",
            "/fields/score/honghe/", "/fields/waits/hangzhou/"} <= set(pack["pages"])
    urls = [url for url, size in pack["files"]]
    assert "/engine-worker.js" in urls and any(u.endswith("rules.zip") for u in urls)
    assert all(size > 0 for url, size in pack["files"])


def test_the_region_select_fetches_the_region_fields_with_htmx(client):
    html = page(client)

    select = re.search(r'<select name="region"[^>]*>', html)[0]
    assert 'hx-get="/"' in select
    assert 'hx-target="#region-fields"' in select
    assert 'hx-include="closest form"' in select


def test_the_permalink_round_trips(client):
    # 承包: W took three chows from N, then won on N's discard: N alone pays (jinhua.txt:71).
    params = {"region": "jinhua", "wild": "6s", "hand": "234p1z",
              "melds": "chi 123m\r\nchi 456m\r\nchi 789p", "win_tile": "1z",
              "win_type": "discard", "winner": "W", "dealer": "E", "discarder": "N",
              "dealer_streak": "0", "base": "1", "claim1_by": "W", "claim1_from": "N",
              "claim1_count": "3", "cai_piao": ""}
    first = page(client, params)
    link = re.search(r'id="permalink-text"[^>]*href="([^"]+)"', first)[1].replace("&amp;", "&")
    again = client.get(link).content.decode()

    assert net_amounts(first) == net_amounts(again) == ["0", "0", "+4", f"{MINUS}4"]
    assert "承包" in first
    assert link == re.search(r'id="permalink-text"[^>]*href="([^"]+)"', again)[1].replace(
        "&amp;", "&")


def test_the_permalink_leaves_out_other_regions_fields_and_blanks(client):
    html = page(client, {**EXAMPLE_3, "dice_0": "3", "dice_1": "3", "wild": "",
                         "discarder": "S"})
    link = re.search(r'id="permalink-text"[^>]*href="([^"]+)"', html)[1]

    assert "dice" not in link
    assert "wild" not in link
    assert "discarder" not in link  # a self-draw has none
    assert net_amounts(html) == ["+24", f"{MINUS}8", f"{MINUS}8", f"{MINUS}8"]


def test_the_copy_link_button_carries_the_absolute_permalink(client):
    html = page(client, EXAMPLE_3)

    assert 'data-copy-link="http://testserver/?region=hangzhou&amp;' in html
    assert "onclick" not in html and "<script>" not in html  # no inline JavaScript (CSP)


def test_honghe_shows_fan_and_wilds(client):
    params = {"region": "honghe", "hand": "1234567892345m", "win_tile": "5m", "wild": "9p",
              "win_type": "discard", "winner": "S", "dealer": "E", "discarder": "W",
              "base": "2"}
    html = page(client, params)

    assert "清一色" in html and "2 番" in html
    assert "底分 2 × 2^(清一色 2) = 8" in html
    assert net_amounts(html) == [f"{MINUS}4", "+16", f"{MINUS}8", f"{MINUS}4"]


def test_other_readings_are_collapsed(client):
    # 11223344556677s: seven pairs, or 123s 123s 456s 456s 77s — two readings.
    params = {"region": "hangzhou", "hand": "1122334455667s", "win_tile": "7s",
              "win_type": "self_draw", "winner": "S", "dealer": "E"}
    html = page(client, params)

    result = html[html.index('id="result"'):]
    assert result.index('<details class="mt-3 alternatives"') > result.index("payments")


def test_the_language_switch_to_english_changes_the_page(client):
    assert "计算" in page(client)

    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    html = page(client)

    assert "Score a finished hand" in html
    assert "计算" not in html
    assert "暴頭" in page(client, EXAMPLE_3)  # pattern names stay Chinese


def test_traditional_chinese(client):
    client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})

    assert "計算" in page(client)
    assert "莊家 ×4（二連莊）" in page(client, EXAMPLE_3)


def test_the_language_form_works_without_javascript(client):
    html = page(client)

    form = html[html.index('action="/i18n/setlang/"'):]
    assert 'method="post"' in form[:200]
    assert 'name="csrfmiddlewaretoken"' in form[:600]
    assert 'type="submit"' in form[:2000]


def test_the_form_offers_what_the_engine_accepts():
    assert [c for c, _ in REGION_CHOICES] and {c for c, _ in REGION_CHOICES} == set(REGIONS)
    assert [c for c, _ in SEAT_CHOICES] == list(SEATS)
    assert [c for c, _ in WIN_TYPE_CHOICES] == list(WIN_TYPES)
    assert {k: tuple(c for c, _ in v)
            for k, v in HOUSE_RULE_CHOICES.items()} == house_rule_values(REGIONS)


def test_hangzhou_names_the_combination(client):
    params = {"region": "hangzhou", "hand": "456m789p345s5z", "melds": "ankong 1111m",
              "win_tile": "9s", "win_type": "self_draw", "winner": "S", "dealer": "E",
              "after_kong": "on"}
    html = page(client, params)

    assert "×4 · 杠暴" in html
    assert "底分 1 × 暴头 2 × 杠开 2 = 4；庄家 ×2（平庄）" in html


def test_result_shows_near_misses(client):
    """The engine's near misses appear on the result ("why not"): Jinhua 全求人 self-drawn
    is only 平胡 (jinhua.txt:29)."""
    query = {"region": "jinhua", "hand": "1z", "melds": "chi 123m\nchi 456m\npung 777p\npung 999s",
             "win_tile": "1z", "win_type": "self_draw", "winner": "S", "dealer": "E",
             "wild": "6s", "base": "1", "dealer_streak": "0"}
    html = client.get("/", query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Why not…" in html
    assert "self-drawn: only 平胡; 全求人 needs a win on another player&#x27;s tile" in html


# --- house rules and region facts from the registry (rules.regions) ---

# RULEBOOK §5 example 6: Hangzhou as played now, S self-draws ×1 against dealer E.
EXAMPLE_6 = {
    "region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
    "win_type": "self_draw", "winner": "S", "dealer": "E", "base": "1",
    "hangzhou_scoring": "modern",
}


def test_the_modern_hangzhou_scoring_shows_its_payments(client):
    html = page(client, EXAMPLE_6, HTTP_ACCEPT_LANGUAGE="en")

    # E, S, W, N: the dealer pays the hand value, the other two an eighth each.
    assert net_amounts(html) == [f"{MINUS}1", "+1.25", f"{MINUS}0.125", f"{MINUS}0.125"]
    assert "A non-dealer self-drew (scoring as played now)" in html
    assert "dealer ×" not in html and "庄家 ×" not in html  # no dealer factor when modern


def test_the_modern_scoring_permalink_keeps_the_house_rule(client):
    html = page(client, EXAMPLE_6)

    assert "hangzhou_scoring=modern" in html


@pytest.mark.parametrize("region", list(REGIONS))
def test_every_house_rule_of_the_region_is_a_field_with_sources(client, region):
    html = page(client, {"region": region}, HTTP_ACCEPT_LANGUAGE="en")
    fieldset = html.split('id="region-fields"', 1)[1].split('type="submit"', 1)[0]

    for rule in REGIONS[region].house_rules:
        if rule.rotation_only:  # who deals next: a ledger table's rule, no score changes
            assert f'name="{rule.key}"' not in fieldset
            continue
        select = fieldset.split(f'name="{rule.key}"', 1)[1].split("</select>", 1)[0]
        assert rule.label_en in fieldset
        for choice in rule.choices:
            assert f'value="{choice.value}"' in select
            with translation.override("en"):
                assert source_label(choice.source) in select
        first = select.split("<option", 2)[1]
        assert f'value="{rule.default}"' in first and "— default" in first
    form = re.search(r'<form id="score-form".*?</form>', html, re.S)[0]
    for other in REGIONS.values():
        if other.key != region:
            for rule in other.house_rules:
                assert f'name="{rule.key}"' not in form


def test_house_rule_labels_follow_the_page_language(client):
    chinese = page(client, {"region": "honghe"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    english = page(client, {"region": "honghe"}, HTTP_ACCEPT_LANGUAGE="en")

    assert "照点炮付" in chinese and "As a discard" not in chinese
    assert "As a discard" in english and "照点炮付" not in english


def test_the_region_fields_are_the_regions_context_keys_and_house_rules():
    from calculator.forms import CLAIM_FIELDS, REGION_FIELDS, ScoreForm

    for key, region in REGIONS.items():
        fields = set(ScoreForm({"region": key}).fields)
        for context_key in region.context_keys:
            if context_key == "claims":
                assert set(CLAIM_FIELDS) <= fields
            else:
                assert context_key in fields
        assert {rule.key for rule in region.scoring_house_rules} <= fields
        assert set(REGION_FIELDS[key]) <= fields


def test_hangzhou_robs_a_kong_on_a_discards_terms(client):
    params = {**EXAMPLE_3, "winner": "S", "win_type": "rob_kong", "discarder": "E",
              "dealer_streak": "2", "hand": "123m456p789s23s77z", "win_tile": "4s"}
    html = page(client, params, HTTP_ACCEPT_LANGUAGE="en")

    # 三連莊 (factor 8): the robbed dealer alone pays the hand value × 8.
    assert net_amounts(html) == [f"{MINUS}8", "+8", "0", "0"]
    assert "Robbing a kong, as a discard: the robbed player alone pays the hand value × 8." \
        in html


@pytest.mark.parametrize("rule, nets, sentence", [
    ("as_discard", [f"{MINUS}0.5", "+2", f"{MINUS}1", f"{MINUS}0.5"], "paid as a discard"),
    ("robbed_pays_two_alone", ["0", "+2", f"{MINUS}2", "0"], "alone pays 2 ×"),
    ("robbed_pays_all", ["0", "+3", f"{MINUS}3", "0"], "alone pays 3 ×"),
])
def test_honghe_rob_kong_house_rules_pay_as_rulebook_example_10(client, rule, nets, sentence):
    params = {"region": "honghe", "hand": "123m456p789s11z45s", "win_tile": "6s",
              "wild": "9p", "win_type": "rob_kong", "winner": "S", "dealer": "E",
              "discarder": "W", "honghe_rob_kong": rule}
    html = page(client, params, HTTP_ACCEPT_LANGUAGE="en")

    assert net_amounts(html) == nets
    assert sentence in html


def test_jinhua_contracts_add_and_the_result_says_each(client):
    params = {"region": "jinhua", "hand": "5p", "win_tile": "5p", "wild": "6s",
              "melds": "chi 123m\nchi 456m\npung 777p\nchi 789s", "win_type": "discard",
              "winner": "S", "dealer": "E", "discarder": "W",
              "claim1_by": "S", "claim1_from": "W", "claim1_count": "3",
              "claim2_by": "E", "claim2_from": "S", "claim2_count": "3"}
    html = page(client, params, HTTP_ACCEPT_LANGUAGE="en")

    assert net_amounts(html) == [f"{MINUS}16", "+24", f"{MINUS}8", "0"]
    assert "so 西 W pays the winner&#x27;s whole take" in html
    assert "so 東 E pays twice the winner&#x27;s whole take" in html
    assert "Every contract counts and they add" in html


def test_modern_hangzhou_says_why_no_contract_applies(client):
    params = {**EXAMPLE_6, "hand": "234s7z", "melds": "chi 123m\nchi 456p\nchi 789s",
              "claim1_by": "S", "claim1_from": "W", "claim1_count": "3"}
    html = page(client, params, HTTP_ACCEPT_LANGUAGE="en")

    assert "Hangzhou as played now has no contract" in html
    assert net_amounts(html) == [f"{MINUS}1", "+1.25", f"{MINUS}0.125", f"{MINUS}0.125"]


def test_the_page_carries_the_regions_wild_facts_for_the_tile_widget(client):
    import json
    from html import unescape

    html = page(client)
    facts = json.loads(unescape(html.split('data-regions="', 1)[1].split('"', 1)[0]))

    assert set(facts) == set(REGIONS)
    for key, region in REGIONS.items():
        assert facts[key]["badge"] in to_simplified(region.wild_name)
        assert facts[key]["whiteSubstitutes"] == region.white_substitutes
        assert (facts[key]["defaultWild"] is None) == (region.default_wild is None)


def test_the_wild_badge_comes_from_the_region(client):
    honghe = page(client, {"region": "honghe", "hand": "123m456m789m9p", "win_tile": "5p",
                           "wild": "9p", "win_type": "self_draw", "winner": "S",
                           "dealer": "E", "melds": "kong 1111z"})
    hangzhou = page(client, EXAMPLE_3)

    assert 'tile-face__badge" aria-hidden="true">搭<' in honghe
    assert 'tile-face__badge" aria-hidden="true">财<' in hangzhou  # 简体 page


def test_the_winning_tile_is_marked_in_the_reading(client):
    html = page(client, EXAMPLE_3)  # wins on 9s, with the lone 白 as the pair

    assert html.count("tile-face--winning") == 1
    marked = html.split("tile-face--winning", 1)[1].split("</span>", 1)[0]
    assert "tiles/9s.svg" in marked and "和的那张" in marked


def test_seven_pairs_groups_are_called_pairs_not_the_pair_of_a_standard_hand(client):
    html = page(client, {"region": "hangzhou", "hand": "1133m5577p22s44z6z", "win_tile": "6z",
                         "win_type": "self_draw", "winner": "S", "dealer": "E"})

    result = html[html.index('id="result"'):]
    assert result.count('<small class="group-kind">对子</small>') == 7
    assert '<small class="group-kind">将</small>' not in result
