"""The 何切 drill's verdict names tiles as the rest of a Chinese page does (一万, 六筒, 東風),
not by their code (1m, 6p, 1z); the English page keeps the code. Found by QA on a phone:
"你打 1m，在 3 种打法中排第 2。… 最佳是打 6p" read as notation inside a Chinese sentence."""

import re

import pytest
from django.conf import settings
from django.utils import translation

from presentation.messages import tile_name
from tests.helpers import page_html

ROUND = {"region": "hangzhou", "seed": 741108985}
SAID = {
    "zh-hans": ("你打 {tile}，", "最佳是打 {tile}："),
    "zh-hant": ("你打 {tile}，", "最佳是打 {tile}："),
    "en": ("Your throw {tile} ranks", "The best, {tile}:"),
}


def drill(client, language: str, discard: str = "") -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return page_html(client, "/practice/discard/",
                     {**ROUND, **({"discard": discard} if discard else {})})


def worst_and_best(client, language: str) -> tuple[str, str, str]:
    """The round's last-ranked throw, its page, and the best throw."""
    tiles = re.findall(r'data-drill-discard="(\w+)"', drill(client, language))
    assert tiles
    page = drill(client, language, tiles[0])
    ranked = re.findall(r'<li class="discard[^"]*" data-discard="(\w+)"', page)  # best first
    return ranked[-1], drill(client, language, ranked[-1]), ranked[0]


@pytest.mark.parametrize("language", list(SAID))
def test_the_drill_verdict_names_the_thrown_and_the_best_tile_as_the_page_does(
        client, language):
    thrown, page, best = worst_and_best(client, language)
    assert thrown != best
    with translation.override(language):
        thrown_name, best_name = tile_name(thrown), tile_name(best)
    thrown_said, best_said = SAID[language]
    verdict = page.split('id="drill-result"')[1]
    assert thrown_said.format(tile=thrown_name) in verdict
    assert best_said.format(tile=best_name) in verdict
    if language != "en":
        assert thrown_said.format(tile=thrown) not in verdict
        assert best_said.format(tile=best) not in verdict
