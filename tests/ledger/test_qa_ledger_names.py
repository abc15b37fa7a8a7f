"""Names that show nothing (QA of the new-table form and the people page): a name made
of zero-width characters is no name, and a name with one pasted in is the same person
as the name without it; an emoji family keeps its joiners."""

from __future__ import annotations

import pytest

from ledger.models import Table
from ledger.people import plain_name
from tests.ledger.pages import NEW_TABLE, edit, new_table, text

ZERO_WIDTH_SPACE, BYTE_ORDER_MARK, RIGHT_TO_LEFT = "\u200b", "\ufeff", "\u202e"
FAMILY = "👨\u200d👩\u200d👧"


@pytest.mark.parametrize(("typed", "kept"), [
    ("甲" + ZERO_WIDTH_SPACE, "甲"),
    (ZERO_WIDTH_SPACE + BYTE_ORDER_MARK, ""),
    (RIGHT_TO_LEFT + "老　王 ", "老 王"),
    (FAMILY, FAMILY),
    ("\u200d甲\u200d", "甲"),
    ("😀赵", "😀赵"),
])
def test_a_name_keeps_what_shows(typed, kept):
    assert plain_name(typed) == kept


@pytest.mark.ledger
@pytest.mark.django_db
def test_a_name_with_a_zero_width_space_is_the_same_player(client):
    response = client.post("/t/new/", {**NEW_TABLE, "player_e": "Ann",
                                       "player_s": "Ann" + ZERO_WIDTH_SPACE})
    assert response.status_code == 200
    assert "Give the four players different names." in text(response)
    assert not Table.objects.exists()


@pytest.mark.ledger
@pytest.mark.django_db
def test_an_invisible_name_is_the_seats_default_at_the_start_and_refused_later(client):
    table = new_table(client, player_n=ZERO_WIDTH_SPACE)
    assert table.player_n == "North"  # the seat's name in the page's language
    response = client.post(edit(table, "people"), {"action": "rename", "person": "Ann",
                                                   "new_name": ZERO_WIDTH_SPACE})
    assert response.status_code == 400
    assert "Give a name." in text(response)
    table.refresh_from_db()
    assert table.player_e == "Ann"
