"""Tile faces, the tile template tags and the tap-to-enter widget's markup and script."""

import importlib.util
import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template import Context, Template
from django.utils import translation

from presentation.tiles import tile_label
from rules import score
from rules.tiles import CODES, parse_tiles, sorted_code, tile_code

STATIC = Path(settings.BASE_DIR) / "static"
SVG = "{http://www.w3.org/2000/svg}"


def render(source: str, **context) -> str:
    """Render in English (the site's default language is Chinese)."""
    with translation.override("en"):
        return Template("{% load tiles %}" + source).render(Context(context))


class Elements(HTMLParser):
    """Start tags of a page as (tag, attributes) pairs."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def all(self, tag: str, **where) -> list[dict]:
        return [a for t, a in self.found
                if t == tag and all(k in a and a[k] == v for k, v in where.items())]


# --- the 34 faces ---

@pytest.mark.parametrize("code", CODES)
def test_each_face_is_a_small_well_formed_svg_named_for_its_tile(code):
    path = STATIC / "tiles" / f"{code}.svg"

    root = ET.parse(path).getroot()

    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    assert path.stat().st_size < 4096
    with translation.override("zh-hant"):  # the pictures' titles are in 繁體
        assert root.find(f"{SVG}title").text == tile_label(code)


def test_the_faces_are_what_make_tiles_py_draws():
    spec = importlib.util.spec_from_file_location("make_tiles", STATIC / "tiles" / "make_tiles.py")
    make_tiles = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_tiles)

    assert make_tiles.codes() == list(CODES)
    for code in CODES:
        drawn = (STATIC / "tiles" / f"{code}.svg").read_text(encoding="utf-8")
        assert drawn == make_tiles.tile_svg(code), f"{code}.svg: rerun make_tiles.py"


# --- {% tile %} and {% tile_group %} ---

@pytest.mark.parametrize(("code", "alt"), [
    ("5m", "五萬 5m"),
    ("3p", "三筒 3p"),
    ("7s", "七條 7s"),
    ("1z", "東風 1z"),
    ("5z", "白板 5z"),
    ("6z", "發財 6z"),
    ("7z", "紅中 7z"),
])
def test_tile_tag_draws_the_face_with_its_chinese_name(code, alt):
    (img,) = Elements(render("{% tile code %}", code=code)).all("img")

    assert img["src"] == f"/static/tiles/{code}.svg"
    assert img["alt"] == alt


def test_a_wild_gets_a_badge_and_a_caption_for_what_it_stands_for():
    html = render('{% tile "9s" wild=True as_code="4s" region="hangzhou" %}')

    assert "tile-face--wild" in html
    assert '<span class="tile-face__badge" aria-hidden="true">財</span>' in html
    assert "→4s" in html
    assert Elements(html).all("img")[0]["alt"] == "九條 9s, wild → 四條 4s"


def test_honghe_calls_its_wild_da():
    assert ">搭</span>" in render('{% tile "9p" wild=True region="honghe" %}')


def test_a_white_substitute_is_captioned_but_not_badged():
    html = render('{% tile "5z" as_code="9s" %}')

    assert "tile-face--sub" in html
    assert "→9s" in html
    assert "tile-face__badge" not in html


def test_a_tile_standing_for_itself_gets_no_caption():
    assert "tile-face__as" not in render('{% tile "5m" as_code="5m" %}')


def test_a_decorative_tile_has_an_empty_alt_for_its_labelled_button():
    assert Elements(render('{% tile "5m" decorative=True %}')).all("img")[0]["alt"] == ""


def test_an_unknown_code_shows_as_escaped_text():
    html = render("{% tile code %}", code="<x>")

    assert "<img" not in html
    assert "&lt;x&gt;" in html


def test_tile_group_draws_a_group_of_the_engines_reading():
    group = {"kind": "pung", "tiles": ["5z", "5z", "9s"], "as": ["9s", "9s", "9s"],
             "wild": [True, True, False], "exposed": False}

    html = render("{% tile_group group region='jinhua' %}", group=group)
    page = Elements(html)

    assert [img["alt"] for img in page.all("img")] == [
        "白板 5z, wild → 九條 9s", "白板 5z, wild → 九條 9s", "九條 9s"]
    assert html.count("tile-face__badge") == 2
    assert page.all("span", role="group")[0]["aria-label"] == "pung"  # the page's language


def test_tile_group_draws_every_group_of_a_scored_hand():
    result = score({"region": "hangzhou", "hand": "123m456p789s55z9s5z", "win_tile": "4s",
                    "win_type": "self_draw", "winner": "S", "dealer": "E", "wild": "9s"})

    for group in result["groups"]:
        html = render("{% tile_group group %}", group=group)
        assert len(Elements(html).all("img")) == len(group["tiles"])
        assert html.count("tile-face__badge") == sum(group["wild"])


# --- the tap-to-enter widget ---

@pytest.fixture
def widget_page() -> str:
    return render('<form>{% include "calculator/_tile_entry.html" %}</form>')


def test_the_widget_offers_34_labelled_tile_buttons(widget_page):
    buttons = Elements(widget_page).all("button", **{"class": "tile-btn"})

    assert [b["data-tile"] for b in buttons] == list(CODES)
    for button in buttons:
        assert button["type"] == "button"
        with translation.override("en"):  # as render() renders it
            assert button["aria-label"] == tile_label(button["data-tile"])


def test_the_palette_images_leave_the_label_to_their_buttons(widget_page):
    images = Elements(widget_page).all("img")

    assert len(images) == 34
    assert all(img["alt"] == "" for img in images)


def test_the_widget_stays_hidden_until_its_script_runs(widget_page):
    (root,) = Elements(widget_page).all("div", **{"data-tile-entry": None})

    assert "hidden" in root


def test_the_widget_has_no_inline_script_handler_or_style(widget_page):
    page = Elements(widget_page)

    assert not page.all("script")
    for _tag, attrs in page.found:
        assert not [name for name in attrs if name.startswith("on") or name == "style"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/waits/"])
def test_a_page_with_the_widget_loads_its_files_in_the_head(client, path):
    """The widget's script and styles are asked for with the page's head, before the tile
    pictures (the script is a module: deferred)."""
    head = client.get(path).content.decode().split("</head>", 1)[0]
    page = Elements(head)

    assert {"type": "module", "src": "/static/js/tiles.js"} in page.all("script")
    assert "/static/css/tiles.css" in [link["href"] for link in page.all("link", rel="stylesheet")]
    assert finders.find("js/tiles.js") and finders.find("css/tiles.css")


def test_the_script_stays_small():
    # 13 KiB before the wild target, the meld kinds in words and the 連莊 select; 16 KiB
    # before the one-tap meld builders and the Chinese meld words read back; 18 KiB
    # before a kept draft's melds put in the page's words
    assert (STATIC / "js" / "tiles.js").stat().st_size < 20 * 1024


NODE = shutil.which("node")
# Text the engine reads, which the widget must read the same way to redraw it.
ENGINE_TEXT = ["123m45p 77z", "123m456p789s234s7z", "1 2 3 m", "19m19p19s1234567z",
               "東東 白板 五萬", "三筒 发财 红中", "一二三萬 九條", "１２３ｍ４５ｐ　７７ｚ"]


@pytest.mark.skipif(NODE is None, reason="needs node to run the widget's script")
def test_the_script_reads_tile_text_as_the_engine_does(tmp_path):
    (tmp_path / "tiles.mjs").write_text((STATIC / "js" / "tiles.js").read_text("utf-8"), "utf-8")
    runner = tmp_path / "run.mjs"
    runner.write_text(
        # Just enough of a browser for the module to load with no widget on the page.
        "globalThis.document = {addEventListener() {}, querySelectorAll: () => []};\n"
        "globalThis.window = {addEventListener() {}};\n"
        "const {parseTiles, formatTiles} = await import('./tiles.mjs');\n"
        "const texts = JSON.parse(process.argv[2]);\n"
        "const read = (t) => [parseTiles(t), formatTiles(parseTiles(t))];\n"
        "console.log(JSON.stringify(texts.map(read)));\n",
        "utf-8")
    texts = [*ENGINE_TEXT, "12x3m", "0m8z"]

    out = subprocess.run([NODE, str(runner), json.dumps(texts)], capture_output=True,
                         text=True, check=True, timeout=30).stdout
    read = dict(zip(texts, json.loads(out), strict=True))

    for text in ENGINE_TEXT:
        tiles = parse_tiles(text)
        assert read[text] == [[tile_code(t) for t in tiles], sorted_code(tiles)], text
    # What the engine would reject is skipped, not guessed: the server reports it.
    assert read["12x3m"] == [["3m"], "3m"]
    assert read["0m8z"] == [[], ""]
