"""Draw the 34 tile faces as small SVG files: ``python static/tiles/make_tiles.py``.

The project's own art, written out by this script so that a change of colour or layout
is one edit here and a rerun; the SVGs beside it are its output and are committed.
Every face is a 60×80 viewBox (3:4, shown at about 36×48 px on a phone): an ivory
face over a green back edge, like a real tile. Characters use the reader's CJK fonts,
so the files carry no font data.
"""

from __future__ import annotations

from pathlib import Path

NUMERALS = "一二三四五六七八九"
HONOURS = "東南西北白發中"
HONOUR_NAMES = ("東風", "南風", "西風", "北風", "白板", "發財", "紅中")
SUIT_NAMES = {"m": "萬", "p": "筒", "s": "條"}

RED, GREEN, BLUE, INK = "#c8102e", "#137a3c", "#1d4f9c", "#1a1a1a"
FONT = ('"Noto Sans CJK TC","Noto Sans CJK SC","Source Han Sans TC","PingFang TC",'
        '"PingFang SC","Microsoft JhengHei","Microsoft YaHei","Noto Serif CJK TC",serif')

# One dot (筒), drawn once per file and placed with <use>; its colour comes from the
# `color` of each <use> (currentColor).
DOT = ('<g id="d"><circle r="1" fill="currentColor"/><circle r=".66" fill="#fff"/>'
       '<circle r=".36" fill="currentColor"/></g>')


def name(code: str) -> str:
    """Chinese name of a tile, as players say it: 五萬, 三筒, 七條, 東風, 白板 …"""
    n, suit = int(code[0]), code[1]
    if suit == "z":
        return HONOUR_NAMES[n - 1]
    return NUMERALS[n - 1] + SUIT_NAMES[suit]


def codes() -> list[str]:
    return [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def tile_svg(code: str) -> str:
    n, suit = int(code[0]), code[1]
    body = {"m": characters, "p": dots, "s": bamboo, "z": honour}[suit](n)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" role="img">'
        f"<title>{name(code)} {code}</title>"
        f"<style>text{{font-family:{FONT};font-weight:700;text-anchor:middle}}</style>\n"
        '<rect x="1" y="4" width="58" height="75" rx="7" fill="#1f6e4a"/>'
        '<rect x="1" y="1" width="58" height="74" rx="7" fill="#fbf8ee" stroke="#9d9782"'
        ' stroke-width="1.5"/>\n'
        f"{body}</svg>\n"
    )


def text(char: str, x: float, y: float, size: int, colour: str) -> str:
    # y is the baseline; a CJK glyph sits from about 0.88em above it to 0.12em below.
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{colour}">{char}</text>'


def characters(n: int) -> str:
    """萬: the numeral over a red 萬, as printed on the tiles."""
    return text(NUMERALS[n - 1], 30, 33, 28, INK) + text("萬", 30, 67, 30, RED) + "\n"


# 筒 layouts: (x, y, radius, colour) per dot, the traditional arrangements.
_B, _G, _R = BLUE, GREEN, RED
DOT_LAYOUTS = {
    2: [(30, 22, 12, _G), (30, 54, 12, _B)],
    3: [(16, 17, 10, _B), (30, 38, 10, _R), (44, 59, 10, _G)],
    4: [(18, 22, 11, _B), (42, 22, 11, _G), (18, 54, 11, _G), (42, 54, 11, _B)],
    5: [(16, 17, 10, _B), (44, 17, 10, _G), (30, 38, 10, _R), (16, 59, 10, _G),
        (44, 59, 10, _B)],
    6: [(18, 16, 9, _G), (42, 16, 9, _G)]
       + [(x, y, 9, _R) for y in (41, 61) for x in (18, 42)],
    7: [(14, 13, 7.5, _G), (30, 21, 7.5, _G), (46, 29, 7.5, _G)]
       + [(x, y, 8, _R) for y in (46, 64) for x in (19, 41)],
    8: [(x, y, 7.5, _B) for y in (14, 30, 46, 62) for x in (19, 41)],
    9: [(x, y, 8, c) for y, c in ((17, _B), (38, _R), (59, _G)) for x in (14, 30, 46)],
}


def dots(n: int) -> str:
    """筒: circles, one big decorated circle for 一筒."""
    if n == 1:
        rings = ((22, _G), (18.5, "#fff"), (16, _B), (11, "#fff"), (8, _R), (3.5, "#fff"))
        circles = "".join(f'<circle cx="30" cy="38" r="{r:g}" fill="{c}"/>' for r, c in rings)
        petals = "".join(
            f'<circle cx="30" cy="24.5" r="1.8" fill="#fff" transform="rotate({a} 30 38)"/>'
            for a in range(0, 360, 45)
        )
        return circles + petals + "\n"
    uses = "".join(
        f'<use href="#d" color="{c}" transform="translate({x:g} {y:g}) scale({r:g})"/>'
        for x, y, r, c in DOT_LAYOUTS[n]
    )
    return f"<defs>{DOT}</defs>{uses}\n"


# 條 layouts: (x, y, length, tilt in degrees, colour) per stick.
STICK_LAYOUTS = {
    2: [(30, 22, 28, 0, _G), (30, 56, 28, 0, _B)],
    3: [(30, 22, 26, 0, _B), (18, 55, 26, 0, _G), (42, 55, 26, 0, _G)],
    4: [(18, 22, 26, 0, _B), (42, 22, 26, 0, _G), (18, 55, 26, 0, _G), (42, 55, 26, 0, _B)],
    5: [(15, 22, 24, 0, _G), (45, 22, 24, 0, _B), (30, 38, 24, 0, _R), (15, 55, 24, 0, _B),
        (45, 55, 24, 0, _G)],
    6: [(x, y, 26, 0, c) for y, c in ((22, _G), (55, _B)) for x in (15, 30, 45)],
    7: [(30, 15, 16, 0, _R)] + [(x, y, 19, 0, c) for y, c in ((39, _G), (61, _B))
                                for x in (15, 30, 45)],
    # 八條: two ∧ above two ∨, the tile's M-and-W look.
    8: [(x, y, 26, t * s, _G if y < 38 else _B) for y, s in ((23, 1), (55, -1))
        for x, t in ((13, 18), (22, -18), (38, 18), (47, -18))],
    9: [(x, y, 19, 0, _R if x == 30 else c) for y, c in ((16, _G), (38, _B), (60, _G))
        for x in (15, 30, 45)],
}


def stick(length: int) -> str:
    """One bamboo stick of ``length`` with a joint in the middle, centred on 0 0; it
    takes its colour from the ``fill`` of the <use> that places it."""
    h = length / 2
    return (f'<g id="s{length}"><rect x="-4" y="-{h:g}" width="8" height="{length}" rx="3.5"/>'
            '<rect x="-5" y="-1.4" width="10" height="2.8" rx="1.4"/>'
            f'<path d="M-1.8-{h - 3:g}V-4M-1.8 4V{h - 3:g}" stroke="#fff" stroke-width="1.3"'
            ' opacity=".55"/></g>')


def bamboo(n: int) -> str:
    """條: bamboo sticks; 一條 is the bird (幺雞)."""
    if n == 1:
        return BIRD
    layout = STICK_LAYOUTS[n]
    defs = "".join(stick(length) for length in sorted({s[2] for s in layout}))
    uses = "".join(
        f'<use href="#s{length}" fill="{colour}" transform="translate({x:g} {y:g})'
        + (f" rotate({tilt})" if tilt else "") + '"/>'
        for x, y, length, tilt, colour in layout
    )
    return f"<defs>{defs}</defs>{uses}\n"


# 幺雞: a perched bird facing right, with a fanned tail and a red crest.
BIRD = (
    f'<path d="M24 50 8 62M24 52 12 70M26 54 21 72" stroke="{BLUE}" stroke-width="5"'
    ' stroke-linecap="round"/>'
    f'<path d="M28 58 26 70M33 58 34 70" stroke="{RED}" stroke-width="2.5"'
    ' stroke-linecap="round"/>'
    f'<ellipse cx="30" cy="46" rx="13" ry="10" fill="{GREEN}" transform="rotate(-30 30 46)"/>'
    f'<path d="M22 47q8 6 16-6" stroke="#fff" stroke-width="1.6" fill="none"/>'
    f'<circle cx="40" cy="26" r="7" fill="{GREEN}"/>'
    f'<path d="M46 24 54 27 46 30z" fill="{RED}"/>'
    f'<path d="M36 20q1-7 6-8q-1 4 1 7" fill="{RED}"/>'
    '<circle cx="42" cy="25" r="1.7" fill="#fff"/><circle cx="42.4" cy="25" r=".8"/>\n'
)


def honour(n: int) -> str:
    """字: 東南西北 in ink, 白 an empty blue frame, 發 green, 中 red."""
    if n == 5:
        return (f'<rect x="11" y="12" width="38" height="52" rx="3" fill="none" stroke="{BLUE}"'
                ' stroke-width="4"/>'
                f'<rect x="17" y="18" width="26" height="40" rx="1" fill="none" stroke="{BLUE}"'
                ' stroke-width="1.5"/>\n')
    colour = {6: GREEN, 7: RED}.get(n, INK)
    return text(HONOURS[n - 1], 30, 55, 44, colour) + "\n"


def main() -> None:
    here = Path(__file__).resolve().parent
    for code in codes():
        (here / f"{code}.svg").write_text(tile_svg(code), encoding="utf-8")


if __name__ == "__main__":
    main()
