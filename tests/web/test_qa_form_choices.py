"""A link that leaves the dealer out (a hand-made or shortened /waits/, /advise/ or
calculator link): the dealer's select shows "—" beside its "not chosen yet" message.
Found by QA on a phone: the select showed 東 E, its first seat, as if chosen, under a
message saying no dealer was chosen. A form as the page first draws it, or with a
dealer sent, lists the four seats alone."""

import re

import pytest

from tests.helpers import page_html

HAND = {"region": "hangzhou", "hand": "123m456m789p345s1z"}


def dealer_options(html: str) -> list[tuple[str, bool]]:
    select = re.search(r'<select name="dealer".*?</select>', html, re.S)[0]
    return [(value, bool(chosen)) for value, chosen
            in re.findall(r'<option value="(\w*)"( selected)?', select)]


@pytest.mark.parametrize("path", ["/", "/waits/", "/advise/"])
def test_a_link_without_the_dealer_shows_no_seat_chosen(client, path):
    html = page_html(client, path, HAND)
    assert 'id="id_dealer_error"' in html
    assert dealer_options(html) == [("", True), ("E", False), ("S", False), ("W", False),
                                    ("N", False)]


@pytest.mark.parametrize("path", ["/", "/waits/", "/advise/"])
def test_the_dealer_lists_the_four_seats_when_chosen_or_not_yet_asked(client, path):
    assert dealer_options(page_html(client, path)) == [
        ("E", True), ("S", False), ("W", False), ("N", False)]
    chosen = dealer_options(page_html(client, path, {**HAND, "dealer": "S"}))
    assert chosen == [("E", False), ("S", True), ("W", False), ("N", False)]
