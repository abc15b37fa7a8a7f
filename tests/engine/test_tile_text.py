"""Tile text as players type it: mpsz notation, Chinese names and numerals, and the
full-width digits and letters of a Chinese keyboard. One line per text."""

import pytest

from rules.tiles import TileSyntaxError, format_tiles, parse_tiles

READ = [
    ("123m45p 77z", "123m45p77z"),
    ("一二三萬 九條", "123m9s"),
    ("東東 白板 五萬", "115z5m"),  # in the order given
    ("１２３ｍ４５ｐ　７７ｚ", "123m45p77z"),  # full-width, with an ideographic space
    ("１２３Ｍ", "123m"),  # upper case too, as the tile widget reads it
    ("１２３m", "123m"),  # mixed widths
]


@pytest.mark.parametrize("text, tiles", READ)
def test_tile_text_reads(text, tiles):
    assert format_tiles(parse_tiles(text)) == tiles


@pytest.mark.parametrize("text, code", [("１２３", "tile_digits_without_suit"),
                                        ("８ｚ", "tile_number_invalid")])
def test_full_width_text_that_is_no_tiles_says_what_is_wrong(text, code):
    with pytest.raises(TileSyntaxError) as refused:
        parse_tiles(text)
    assert refused.value.code == code
