"""Reading the melds a request lists ("pung 555p", "碰 555p", "555p"): their kind, their
tiles as laid, and what is wrong with one that does not read."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .deal import Meld
from .problems import ErrorEntry, echoed, problem, shown
from .table import MELD_KINDS
from .tiles import WHITE, Tile, TileSyntaxError, parse_tiles, tile_code

# A meld's kind in Chinese, as players say it (the longer words first): 碰 a pung, 吃 a
# chow, 杠 / 明杠 an exposed kong (補槓 included), 暗杠 a concealed one.
CHINESE_MELD_KINDS = {
    "暗杠": "ankong", "暗槓": "ankong", "明杠": "kong", "明槓": "kong", "补杠": "kong",
    "補槓": "kong", "杠": "kong", "槓": "kong", "碰": "pung", "吃": "chi",
}
_CHINESE_WORDS = tuple(CHINESE_MELD_KINDS)  # the longer words first
FORM = ("write a meld as kind and tiles, e.g. 'chi 123m', 'pung 555p', 'kong 7777s' or "
        "'ankong 1111z'")


def split_meld(text: str) -> tuple[str | None, str]:
    """A meld's text as (its kind, its tiles' text): ``pung 555p`` and ``碰 555p`` (or
    ``碰555p``) give ("pung", "555p"); a bare tile group gives (None, the text), its kind
    read from its tiles. An English word that is not a kind is returned as the kind."""
    text = text.strip()
    if text.startswith(_CHINESE_WORDS):
        word = next(word for word in _CHINESE_WORDS if text.startswith(word))
        return CHINESE_MELD_KINDS[word], text[len(word):]
    parts = text.split(None, 1)
    if len(parts) == 2 and parts[0].isascii() and parts[0].isalpha():
        return parts[0].lower(), parts[1]
    return None, text


def read_meld(text: object, index: int, white_as: Tile | None,
              problems: list[ErrorEntry]) -> Meld | None:
    """Meld ``index`` of the request; its shape is judged by what the tiles are (a 白
    substitute is the wild's face ``white_as``, RULEBOOK §1), its tiles kept as laid on
    the table. None, and the problems added to ``problems``, when it does not read."""
    meld = _known_meld(text, white_as) if isinstance(text, str) else None
    if meld is None:
        _read(text, index, white_as, problems)
    return meld


# Melds recur from hand to hand (pung 555p, chi 123m …): each text is read once.
@lru_cache(maxsize=4096)
def _known_meld(text: str, white_as: Tile | None) -> Meld | None:
    return _read(text, 0, white_as, [])


def clear_meld_cache() -> None:
    _known_meld.cache_clear()


def _read(text: object, index: int, white_as: Tile | None,
          problems: list[ErrorEntry]) -> Meld | None:
    where = f"melds[{index}]"
    if not isinstance(text, str):
        problems.append(problem(where, "meld_malformed", FORM, index=index, text=shown(text)))
        return None
    kind, tile_text = split_meld(text)
    if kind is not None and kind not in MELD_KINDS:
        problems.append(problem(where, "meld_unknown_kind", f"unknown meld kind "
                                f"{echoed(kind)}; use chi, pung, kong or ankong",
                                index=index, kind=shown(kind)))
        return None
    try:
        tiles = sorted(parse_tiles(tile_text))
    except TileSyntaxError as error:
        if kind is None:  # neither a kind and tiles nor a tile group
            problems.append(problem(where, "meld_malformed", FORM, index=index,
                                    text=shown(text)))
        else:
            problems.append(problem(where, error.code, str(error), field=where, **error.params))
        return None

    def face(tile: Tile) -> Tile:
        return white_as if white_as is not None and tile == WHITE else tile

    faces = sorted(map(face, tiles))
    if kind is None:  # a bare group: a pung, a kong or a chow by its tiles
        kind = _bare_kind(faces)
        if kind is None:
            problems.append(problem(where, "meld_malformed", FORM, index=index,
                                    text=shown(text)))
            return None
    found = list(_shape_problems(kind, tiles, faces, text, index))
    problems.extend(found)
    return None if found else Meld(kind=kind, tiles=tuple(sorted(tiles, key=face)))


def _shape_problems(kind: str, tiles: list[Tile], faces: list[Tile], text: str,
                    index: int) -> Iterator[ErrorEntry]:
    """Whether the tiles make the meld ``kind`` says: as many as it has, a run for a chow,
    one face for a pung or kong."""
    where = f"melds[{index}]"
    size = 3 if kind in ("chi", "pung") else 4
    if len(tiles) != size:
        yield problem(where, "meld_wrong_size", f"a {kind} has {size} tiles, '{text}' has "
                      f"{len(tiles)}", index=index, kind=kind, size=size, count=len(tiles),
                      tiles=_codes(tiles))
    elif kind == "chi" and not is_run(faces):
        yield problem(where, "meld_not_chow", f"'{''.join(_codes(tiles))}' is not a chow: it "
                      "needs three consecutive tiles of one suit, e.g. 'chi 345p'", index=index,
                      tiles=_codes(tiles))
    elif kind != "chi" and len(set(faces)) != 1:
        yield problem(where, "meld_not_same", f"'{''.join(_codes(tiles))}' is not a {kind}: "
                      f"all {size} tiles must be the same", index=index, kind=kind, size=size,
                      tiles=_codes(tiles))


def _codes(tiles: list[Tile]) -> list[str]:
    return [tile_code(t) for t in tiles]


def _bare_kind(faces: list[Tile]) -> str | None:
    """The kind of a meld written as its tiles alone: three of a face a pung, four a kong
    (exposed), three in a row a chow; None for anything else."""
    if len(faces) in (3, 4) and len(set(faces)) == 1:
        return "pung" if len(faces) == 3 else "kong"
    if len(faces) == 3 and is_run(faces):
        return "chi"
    return None


def is_run(tiles: list[Tile]) -> bool:
    """Three faces in a row in one suit (honours make no runs)."""
    a, b, c = tiles
    return a < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2
