"""The 牌理 page (/advise/: 向听 and 何切) and the practice 何切 drill (/practice/discard/):
the answer drawn by presentation.advice, the form's errors as field messages, the
permalinks (a discard opens the hand after it), and the offline engine's zip giving the
same markup and the same messages."""

import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from django.conf import settings
from django.utils import translation

from calculator import offline
from calculator.forms import AdviseForm
from tests.helpers import page_html
from tests.offline_corpus import built_engine_answers

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HX-Request": "true"}
# Jinhua, 財神 5s, 14 tiles: throwing 9p leaves it ready on 1s, 4s and the wild 5s.
JINHUA = {"region": "jinhua", "hand": "123m456p789s23s77z9p", "wild": "5s", "winner": "S",
          "dealer": "E", "seen": "1s1s 4s"}
# Hangzhou, 13 tiles, one exchange from ready.
HANGZHOU_13 = {"region": "hangzhou", "hand": "123m456p78s2355z1z", "winner": "S",
               "dealer": "E"}


def page(client, params=None, **kwargs) -> str:
    return page_html(client, "/advise/", params, **kwargs)


def discards(html: str) -> list[str]:
    return re.findall(r'<li class="discard[^"]*" data-discard="(\w+)"', html)


def improving(html: str) -> list[str]:
    return re.findall(r'data-improving="([\w ]*)"', html)


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_the_page_renders_with_the_tile_widget_counting_to_14(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client)

    assert 'id="advise-form"' in html and 'data-hand-size="14"' in html
    for name in ("region", "hand", "melds", "wild", "seen", "winner", "dealer"):
        assert f'name="{name}"' in html
    assert 'name="win_tile"' not in html
    assert 'href="/advise/" aria-current="page"' in html  # the header's link


def test_14_tiles_list_every_discard_best_first_with_its_improving_tiles(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = page(client, JINHUA)

    assert discards(html)[:2] == ["9p", "2s"]
    assert improving(html)[0] == "1s 4s 5s"
    first = html[html.index('data-discard="9p"'):html.index('data-discard="2s"')]
    assert "best win pays +6" in first and "8 copies improve" in first
    assert 'data-tile="1s"' in first and "×2" in first  # two 1s seen, one held
    assert "After the best throw: 聽牌" in html


def test_a_discard_opens_the_hand_after_it(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = page(client, JINHUA)
    link = re.search(r'<a class="discard-tile" href="([^"]+)"', html)[1].replace("&amp;", "&")
    query = dict(parse_qsl(urlsplit(link).query))

    assert query == {**JINHUA, "hand": "123m456p23789s77z"}
    after = client.get(link).content.decode()
    assert 'class="card result advice" data-shanten="0"' in after
    assert improving(after) == ["1s 4s 5s"]
    assert "What each wait pays" in after


def test_13_tiles_say_how_far_and_the_permalink_keeps_the_fields(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    html = page(client, HANGZHOU_13)

    assert 'data-shanten="1"' in html and "一向听" in html
    assert f"/advise/?{urlencode(HANGZHOU_13)}".replace("&", "&amp;") in html


@pytest.mark.parametrize("fields, field", [
    ({**HANGZHOU_13, "hand": "123m456p78s"}, "hand"),  # 8 tiles
    ({**HANGZHOU_13, "seen": "xyz"}, "seen"),  # no tile text
    ({**HANGZHOU_13, "seen": "5z5z5z"}, "seen"),  # a fifth 5z
    ({**HANGZHOU_13, "seen": "1m" * 301}, "seen"),  # over 600 characters
])
def test_errors_show_on_their_fields(client, fields, field):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = page(client, fields)

    assert 'class="card result advice"' not in html
    assert re.search(rf'id="id_{field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*'
                     rf'id="id_{field}"', html), field


# A hand of the wrong size is told both sizes advice takes: 13 (less 3 a meld) to say how
# far it is from ready, 14 to say which tile to throw (QA, stop 38: it said a waiting
# hand's size only, and to leave out the winning tile).
WRONG_SIZES = [
    ({"hand": "123m456p789s11z45s", "melds": "chi 123p"}, "zh-hans",
     "手牌多了 2 张：现在是 13 张，有 1 组副露时看离听牌多远要 10 张，看打哪张要 11 张。"
     "请拿掉多的牌"),
    ({"hand": "123m456p78s"}, "zh-hans",
     "手牌少了 5 张：现在是 8 张，没有副露时看离听牌多远要 13 张，看打哪张要 14 张。"),
    ({"hand": "123m456p789s11z45s33s"}, "zh-hant",
     "手牌多了 1 張：現在是 15 張，沒有副露時看離聽牌多遠要 13 張，看打哪張要 14 張。"
     "請拿掉多的那張"),
    ({"hand": "123m456p789s1z"}, "en", "The hand is 3 tiles short: 10 tiles, where advice "
     "needs 13 with no melds (how far from ready) or 14 (which tile to throw)."),
]


@pytest.mark.parametrize(("fields", "language", "said"), WRONG_SIZES)
def test_a_hand_of_the_wrong_size_is_told_both_sizes_advice_takes(client, fields, language,
                                                                   said):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client, {**HANGZHOU_13, **fields})
    assert said in re.sub(r"\s+", " ", html)


@pytest.mark.parametrize(("language", "said"), [
    ("zh-hans", "东风在手牌、副露和已见的牌里共有 5 张，可每种牌只有 4 张。请检查场上已见的牌。"),
    ("en", "5 × 1z between the hand, the melds and the tiles seen, but there are only 4 of "
           "each tile. Check the tiles seen on the table."),
])
def test_a_fifth_copy_among_the_tiles_seen_points_at_them(client, language, said):
    """On this page there is no winning tile to check: the message names the tiles seen."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client, {**HANGZHOU_13, "seen": "1z1z1z1z"})

    assert said in html


def test_htmx_gets_the_answer_alone_and_the_address_bar_its_permalink(client):
    response = client.get("/advise/?" + urlencode(JINHUA), headers=HTMX)

    assert response.content.decode().lstrip().startswith('<article class="card result advice"')
    assert response["HX-Push-Url"].startswith("/advise/?region=jinhua")


def test_advice_imports_no_django():
    script = ("import sys, presentation.advice, presentation.practice, presentation.offline\n"
              "assert not [m for m in sys.modules if m.split('.')[0] == 'django']\n")
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)


# --- the drill ---

def test_the_drill_deals_a_seed_and_ranks_the_tapped_discard(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert client.get("/practice/discard/?region=honghe").status_code == 302
    html = page_html(client, "/practice/discard/", {"region": "jinhua", "seed": 7})
    tiles = re.findall(r'data-drill-discard="(\w+)"', html)
    assert len(tiles) == 14 - 3 * html.count('class="tile-group exposed"')
    assert 'id="drill-result"' not in html

    picked = page_html(client, "/practice/discard/",
                       {"region": "jinhua", "seed": 7, "discard": tiles[0]})
    rank = int(re.search(r'id="drill-result" class="card mb-3" data-rank="(\d+)"', picked)[1])
    assert f"Your throw {tiles[0]} ranks {rank} of " in picked
    assert discards(picked)  # every throw, best first
    assert 'aria-current="true"><div' in picked  # the chosen throw marked in the list


def test_a_tile_not_in_the_drills_hand_is_said_so(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = page_html(client, "/practice/discard/", {"region": "jinhua", "seed": 7,
                                                    "discard": "9m"})
    assert "9m is not in this hand" in html


# --- offline: the zip's answer is the server's ---

def links_of(language: str) -> str:
    with translation.override(language):
        links = json.loads(offline.engine_attrs()["links"])
    return json.dumps({**links, "origin": "http://testserver"})


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_zip_answers_the_advise_form_and_the_drill_as_the_server(
        client, engine, language):  # noqa: F811
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    served = [client.get("/advise/?" + urlencode(fields), headers=HTMX).content.decode().strip()
              for fields in (JINHUA, HANGZHOU_13)]
    drill = page_html(client, "/practice/discard/", {"region": "honghe", "seed": 11,
                                                     "discard": "1m"})
    drill = re.search(r"<div data-drill [^>]*>(.*?)</div>\n<p class=\"mt-3\">", drill, re.S)[1]
    refused = [{**HANGZHOU_13, "seen": "5z5z", "hand": "123m"},
               {**HANGZHOU_13, "seen": " 1m" * 201, "base": "x"},
               {**HANGZHOU_13, "seen": "5z5z5z"}]
    errors = []
    with translation.override(language):
        for fields in refused:
            form = AdviseForm(fields)
            assert form.advise() is None
            errors.append({name: [str(m) for m in messages]
                           for name, messages in form.errors.items()})
    links = links_of(language)
    calls = [["form", "advise", json.dumps(fields), language, links]
             for fields in (JINHUA, HANGZHOU_13, *refused)]
    calls.append(["form", "drill", json.dumps({"region": "honghe", "seed": "11",
                                               "discard": "1m",
                                               "drill": "/practice/discard/"}),
                  language, links])

    answers = [json.loads(answer) for answer in built_engine_answers(calls, engine)]

    assert [a["html"] for a in answers[:2]] == served
    assert [a["field_errors"] for a in answers[2:5]] == errors
    assert {a["status"] for a in answers[2:5]} == {400}
    assert answers[5]["html"] == drill
