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


QUOTED = [  # (typed, code, what the message quotes: as typed from where reading stops)
    ("hello world", "tile_unreadable", "hello world"),
    ("  Hello World  ", "tile_unreadable", "Hello World"),
    ("123m 東東 白板 wat now", "tile_unreadable", "wat now"),
    ("ＨＥＬＬＯ", "tile_unreadable", "ＨＥＬＬＯ"),
    ("123m 4 5 6", "tile_digits_without_suit", "4 5 6"),
    ("123m, hello", "tile_unreadable", "hello"),  # from the word, not the comma before it
    ("123m，hello", "tile_unreadable", "hello"),
    ("123m " + "x y " * 20, "tile_unreadable", "x y x y x y x y x y x y…"),
]


@pytest.mark.parametrize("text, code, quote", QUOTED)
def test_unreadable_text_is_quoted_as_typed_and_shortened_when_long(text, code, quote):
    with pytest.raises(TileSyntaxError) as refused:
        parse_tiles(text)

    assert (refused.value.code, refused.value.params["text"]) == (code, quote)
    assert f"'{quote}'" in str(refused.value)
