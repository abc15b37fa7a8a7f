"""The waits (聽牌) page: the form without a winning tile, each wait scored and linked to
the calculator, errors next to their fields, htmx partials, languages."""

import re
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from django.conf import settings

from tests.helpers import page_html

HTMX = {"HX-Request": "true"}
# Honghe, wild 9p: waits on 3s and 6s (and on a drawn wild).
HONGHE = {"region": "honghe", "hand": "123m456p789s11z45s", "wild": "9p",
          "winner": "S", "dealer": "E"}
# Hangzhou 暴頭-ready: four sets and a lone 白, so any tile wins.
ANY_TILE = {"region": "hangzhou", "hand": "123m456p789s234s5z", "winner": "S", "dealer": "E"}


def page(client, params=None, **kwargs) -> str:
    return page_html(client, "/waits/", params, **kwargs)


def waits_shown(html: str) -> list[str]:
    return re.findall(r'data-wait="(\w+)"', html)


@pytest.mark.parametrize("language, heading, button", [
    ("zh-hans", "听牌：和哪些牌", "查听牌"),
    ("zh-hant", "聽牌：和哪些牌", "查聽牌"),
    ("en", "Which tiles complete a hand (聽牌)", "Find the waits"),
])
def test_the_page_renders_in_each_language(client, language, heading, button):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client)

    assert heading in html and button in html
    assert 'id="waits-form"' in html
    for name in ("region", "hand", "melds", "wild", "dealer"):
        assert f'id="id_{name}"' in html
    assert 'name="winner"' in html  # one tap a seat (calculator/_seat_choice.html)
    for name in ("win_tile", "win_type", "discarder"):
        assert f'name="{name}"' not in html
    assert 'data-target="win"' not in html  # the tile widget has no winning-tile target


def test_the_nav_and_the_calculator_link_to_the_waits_page(client):
    calculator = client.get("/").content.decode()
    assert calculator.count('href="/waits/"') == 2  # nav, and the calculator's own link
    assert 'href="/waits/" aria-current="page"' in page(client)


def test_a_honghe_hand_lists_its_waits_with_self_draw_and_discard(client):
    html = page(client, HONGHE)

    shown = waits_shown(html)
    assert "3s" in shown and "6s" in shown
    assert shown == ["9p", "3s", "6s"]  # tile order; a drawn wild is a wait of its own
    assert "听牌：3 张牌能和" in html
    three_s = html[html.index('data-wait="3s"'):html.index('data-wait="6s"')]
    assert "自摸" in three_s and "点炮" in three_s and "西 W" in three_s
    assert "+3" in three_s and "+2" in three_s  # S's take: self-draw, discard
    assert "0 番" in three_s


def test_each_wait_opens_the_calculator_filled_in_with_that_tile(client):
    html = page(client, HONGHE)
    three_s = html[html.index('data-wait="3s"'):html.index('data-wait="6s"')]
    links = [link.replace("&amp;", "&") for link in re.findall(r'href="(/\?[^"]+)"', three_s)]

    self_draw, discard = (dict(parse_qsl(urlsplit(link).query)) for link in links)
    assert self_draw == {**HONGHE, "win_tile": "3s", "win_type": "self_draw"}
    assert discard == {**HONGHE, "win_tile": "3s", "win_type": "discard", "discarder": "W"}
    scored = client.get(links[1]).content.decode()
    assert "和牌" in scored and "+2" in scored


def test_a_drawn_wild_has_no_discard_and_is_badged(client):
    html = page(client, HONGHE)
    wild = html[html.index('data-wait="9p"'):html.index('data-wait="3s"')]

    assert "tile-face--wild" in wild
    assert "点炮" not in wild


def test_the_permalink_round_trips(client):
    html = page(client, HONGHE)
    link = re.search(r'id="permalink-text"[^>]*href="([^"]+)"', html)[1].replace("&amp;", "&")

    assert link.startswith("/waits/?")
    assert dict(parse_qsl(urlsplit(link).query)) == HONGHE
    assert waits_shown(client.get(link).content.decode()) == ["9p", "3s", "6s"]


def test_an_invalid_hand_shows_its_error_next_to_the_hand_field(client):
    response = client.get("/waits/?" + urlencode({**HONGHE, "hand": "123m456p789s11z45s6s"}))

    assert response.status_code == 200
    html = response.content.decode()
    hand_field = html[html.index('id="div_id_hand"'):html.index('id="div_id_melds"')]
    assert "is-invalid" in hand_field
    assert "手牌多了 1 张" in hand_field and "听牌只要 13 张" in hand_field
    assert waits_shown(html) == []


@pytest.mark.parametrize("params", [
    {"hand": "xyz"}, {"hand": "99999m"}, {"melds": "pung 555p\nchi 135m"},
    {"region": "atlantis"}, {"wild": "0z"}, {"hand": ""},
])
def test_invalid_input_is_shown_on_the_form_never_a_server_error(client, params):
    html = page(client, {**HONGHE, **params})

    assert "is-invalid" in html or "alert-danger" in html


def test_an_any_tile_hand_is_shown_once_with_the_note(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = page(client, ANY_TILE)

    assert "Ready: any tile wins" in html
    assert html.count('class="any-tile-note"') == 1
    assert html.count("Any tile completes this hand") == 1
    assert len(waits_shown(html)) == 1


def test_a_hand_that_waits_on_nothing_says_not_ready(client):
    html = page(client, {**ANY_TILE, "hand": "13579m13579p135s"})

    assert "未听牌" in html
    assert waits_shown(html) == []


def test_an_htmx_request_gets_only_the_result_and_pushes_the_permalink(client):
    response = client.get("/waits/?" + urlencode(HONGHE), headers=HTMX)
    html = response.content.decode()

    assert waits_shown(html) == ["9p", "3s", "6s"]
    assert "<html" not in html and 'id="waits-form"' not in html
    assert response.headers["HX-Push-Url"] == "/waits/?" + urlencode(HONGHE)
    assert "HX-Request" in response.headers["Vary"]


def test_an_htmx_request_with_errors_gets_the_form_back(client):
    response = client.get("/waits/?" + urlencode({**HONGHE, "hand": "123m"}), headers=HTMX)

    assert response.headers["HX-Retarget"] == "#waits-form"
    html = response.content.decode()
    assert 'id="waits-form"' in html and "is-invalid" in html
    assert 'id="result" hx-swap-oob="innerHTML"' in html


def test_the_region_select_fetches_the_region_fields_from_the_waits_page(client):
    html = page(client)
    assert 'hx-get="/waits/"' in html[html.index('<select name="region"'):]

    fields = page(client, {"region": "jinhua"},
                  headers={**HTMX, "HX-Trigger-Name": "region"})
    assert fields.lstrip().startswith('<fieldset id="region-fields"')
    assert 'data-region="jinhua"' in fields and 'name="cai_piao"' in fields
