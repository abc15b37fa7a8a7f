"""The tile picker (static/js/tiles.js) reads tile text as the engine (rules.tiles) does.

The picker redraws the tiles typed into the score form, so for every text the engine
accepts, its parseTiles must give the engine's tiles in the engine's order. The spellings
are drawn from the engine's own tables (each suit word with each numeral, each honour
name, each separator), so that a spelling the engine learns is tested here at once; text
the engine refuses is the server's to report, and the picker may skip it.
"""

import random
import sys
import unicodedata

from django.templatetags.static import static
from playwright.sync_api import Page

from rules import tiles as engine
from rules.melds import CHINESE_MELD_KINDS, read_meld
from rules.table import MELD_KINDS
from rules.tiles import CODES, TileSyntaxError, parse_tiles, tile_code

# The picker's own parseTiles, imported by a page of the site's origin (the script file
# itself: the module loads with no widget to draw), in Chromium.
READ_IN_PAGE = """async ([url, texts]) => {
  const { parseTiles } = await import(url);
  return texts.map((text) => parseTiles(text));
}"""


def open_script(page: Page) -> str:
    url = static("js/tiles.js")
    page.goto(url)
    return url


def engine_reading(text: str) -> list[str] | None:
    try:
        return [tile_code(t) for t in parse_tiles(text)]
    except TileSyntaxError:
        return None


def separators() -> list[str]:
    """Every character the engine skips between tiles (after NFKC and lower case)."""
    return [c for c in map(chr, range(sys.maxunicode + 1))
            if engine._SEPARATORS.fullmatch(unicodedata.normalize("NFKC", c).lower())]


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def numeral_words() -> list[str]:
    """Each numeral with each suit word: 五萬, 5万, 三餅, 七束 …"""
    return [numeral + word for word in engine._SUIT_WORDS for numeral in engine._NUMERAL_VALUE]


def documented() -> list[str]:
    """The spellings the engine's docs and messages show, and the usual hand texts."""
    return ["123m 東東 白板 5z", "123m456p77z", "一萬, 三筒, 東, 白板", "123m456p789s234s7z",
            "1 2 3 m", "19m19p19s1234567z", "34599m999p22277z", "東東 白板 五萬",
            "三筒 发财 红中", "一二三萬 九條", "１２３ｍ４５ｐ　７７ｚ", "123M45P77Z",
            "東風南風西風北風", "东风 南风 西风 北风", "发财, 發財; 紅中；红中、白板",
            "一二三四五六七八九萬", "一二三条 四五六索 七八九束", "1萬2万3筒4餅5饼6條7条8索9束"]


def table() -> list[str]:
    texts = documented() + list(CODES) + [c.upper() for c in CODES]
    texts += [full_width(c) for c in CODES] + numeral_words() + list(engine._HONOUR_WORDS)
    texts += [f"1{sep}2m{sep}東{sep}白{sep}板" for sep in separators()]
    return texts


def mixed(count: int) -> list[str]:
    """Hands of runs in every spelling, with separators between and inside them."""
    rng = random.Random(26)
    words = list(engine._SUIT_WORDS)
    honours = list(engine._HONOUR_WORDS)
    seps = ["", "", " ", ",", "，", "、", ";", "；", "\u3000", "\t"]
    numerals = list(engine._NUMERAL_VALUE)
    texts = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 6)):
            kind = rng.choice(["mpsz", "chinese", "honour"])
            if kind == "mpsz":
                suit = rng.choice("mpsz")
                digits = "".join(rng.choice("1234567" if suit == "z" else "123456789")
                                 for _ in range(rng.randint(1, 4)))
                run = digits + rng.choice([suit, suit.upper()])
                parts.append(full_width(run) if rng.random() < 0.2 else run)
            elif kind == "chinese":
                run = "".join(rng.choice(numerals) for _ in range(rng.randint(1, 3)))
                parts.append(run + rng.choice(words))
            else:
                parts.append(rng.choice(honours))
        texts.append("".join(part + rng.choice(seps) for part in parts))
    return texts


def test_the_picker_reads_every_spelling_the_engine_accepts_as_the_engine_does(page: Page):
    texts = table() + mixed(400)
    accepted = {text: engine_reading(text) for text in texts}
    accepted = {text: codes for text, codes in accepted.items() if codes is not None}
    # the table is the engine's: each numeral with each Chinese suit word, each honour
    # name and each separator reads as tiles
    chinese_suited = [n + w for w in engine._SUIT_WORDS if not w.isascii()
                      for n in engine._NUMERAL_VALUE]
    assert all(text in accepted for text in
               chinese_suited + list(engine._HONOUR_WORDS) + list(CODES) + documented())

    url = open_script(page)
    picked = dict(zip(accepted, page.evaluate(READ_IN_PAGE, [url, list(accepted)]), strict=True))

    differ = [f"{text!r}: picker {' '.join(picked[text])}, engine {' '.join(codes)}"
              for text, codes in accepted.items() if picked[text] != codes]
    assert not differ, f"{len(differ)} of {len(accepted)} read otherwise:\n" + "\n".join(differ)


# --- melds: "pung 555p", "碰555p", "555p" ---

READ_MELDS_IN_PAGE = """async ([url, lines]) => {
  const { readMeld } = await import(url);
  return lines.map((line) => readMeld({ wild: null, sub: null }, line));
}"""

MELD_TILES = ["345p", "三筒四筒五筒", "3 4 5p", "七八九束", "555p", "五筒五筒五筒", "東東東",
              "白板白板白板", "7777s", "七條七條七條七條", "中中中中", "1m2m", "東南西"]


def engine_meld(line: str):
    problems: list = []
    return read_meld(line, 0, None, problems)


def meld_lines() -> list[str]:
    english = [*MELD_KINDS, *(k.upper() for k in MELD_KINDS), "Pung", "peng"]
    lines = [f"{word} {tiles}" for word in english for tiles in MELD_TILES]
    lines += [f"{word}{sep}{tiles}" for word in CHINESE_MELD_KINDS for sep in ("", " ")
              for tiles in MELD_TILES]
    lines += [f"  {tiles} " for tiles in MELD_TILES]
    return lines


def test_the_picker_reads_each_meld_as_the_engine_does(page: Page):
    lines = meld_lines()
    melds = {line: engine_meld(line) for line in lines}
    assert all(engine_meld(f"{word}{tiles}") for word, tiles in
               [("碰", "五筒五筒五筒"), ("暗杠", "東東東東"), ("吃", "一萬二萬三萬")])

    url = open_script(page)
    picked = dict(zip(lines, page.evaluate(READ_MELDS_IN_PAGE, [url, lines]), strict=True))

    differ = []
    for line, meld in melds.items():
        read = picked[line]
        if meld is None:  # the engine refuses it: the picker marks it, if it reads tiles
            if read["tiles"] and not read["bad"]:
                differ.append(f"{line!r}: picker {read}, engine refuses it")
        elif read != {"kind": meld.kind, "tiles": [tile_code(t) for t in meld.tiles],
                      "bad": False}:
            differ.append(f"{line!r}: picker {read}, engine {meld.kind} "
                          f"{' '.join(tile_code(t) for t in meld.tiles)}")
    assert not differ, f"{len(differ)} of {len(lines)} read otherwise:\n" + "\n".join(differ)
