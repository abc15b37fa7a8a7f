"""分享图片's markup (issue 30, item 5; static/js/share.js draws the picture): a score's
and a waits answer's card carry the button, in the row left out of the picture, online
and from the offline engine alike (presentation.page); the ledger's template writes the
same markup (templates/_share_button.html); each in the page's language."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from presentation.page import share_button_html
from tests.helpers import page_html

LANGUAGES = ("zh-hans", "zh-hant", "en")
# RULEBOOK §5 example 3, and a Honghe hand with waits (tests/web/test_waits_page.py).
EXAMPLE_3 = {"region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "9s",
             "win_type": "self_draw", "winner": "E", "dealer": "E", "dealer_streak": "1"}
HONGHE = {"region": "honghe", "hand": "123m456p789s11z45s", "wild": "9p",
          "winner": "S", "dealer": "E"}
SENTENCES = ("Share as picture", "Drawing the picture…",
             "The picture is ready: tap again to share it.", "The picture could not be made.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_template_writes_the_cards_markup(language):
    with translation.override(language):
        html = render_to_string("_share_button.html",
                                {"target": "[data-share-sheet]", "name": "周五"})
        button = share_button_html("周五", "[data-share-sheet]")
        said = [translation.gettext(sentence) for sentence in SENTENCES]
    assert button in html
    assert html.strip().startswith("<p") and "data-share-omit" in html.split(button)[0]
    assert all(sentence in button for sentence in said)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path, params, name", [("/", EXAMPLE_3, "result"),
                                                ("/waits/", HONGHE, "waits")])
def test_an_answers_card_has_the_button_in_a_row_left_out_of_the_picture(client, language,
                                                                         path, params, name):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page_html(client, path, params)
    with translation.override(language):
        button = share_button_html(name)
        label = translation.gettext("Share as picture")
    assert html.count(button) == 1 and f">{label}</button>" in button
    card = html[html.index('<article class="card result'):]
    header = card[:card.index('<div class="card-body">')]
    row = header[header.rindex("data-share-omit"):]
    assert button in row
