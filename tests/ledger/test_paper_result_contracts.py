"""The ledger's 只记结果 (a win scored on paper) carries the claims of its contracts
(承包, RULEBOOK §7 "Paper results carry contracts"): the calculator's claim rows where
the region has contracts, the contract paid as ``rules.score`` pays it, the claims kept
in the recorded hand (its edit page shows them again, a replay settles them again), and
an engine objection to a claim said beside its row, in the page's language."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from ledger.models import Table
from rules import score
from tests.ledger.pages import edit, new_table, text

pytestmark = [pytest.mark.ledger, pytest.mark.django_db]

PAPER = {"win_type": "self_draw", "discarder": "", "multiplier": "1"}
NO_CLAIMS = {f"claim{row}_{part}": "" for row in (1, 2, 3) for part in ("by", "from", "count")}


@pytest.fixture
def chinese() -> Client:
    """No Accept-Language: the pages' default, 简体."""
    return Client()


def claims(*rows) -> dict[str, str]:
    """The claim rows' fields: (by, from, count) per row, the rest blank."""
    fields = dict(NO_CLAIMS)
    for row, (by, from_, count) in enumerate(rows, start=1):
        fields.update({f"claim{row}_by": by, f"claim{row}_from": from_,
                       f"claim{row}_count": str(count)})
    return fields


def record(client: Client, table: Table, number: int, **fields):
    table.refresh_from_db()
    return client.post(edit(table, f"hand/{number}/result"),
                       {**PAPER, **NO_CLAIMS, "version": table.version, "intent": "new",
                        **fields})


def test_a_hangzhou_paper_result_with_three_claims_from_the_winner_pays_the_contract(client):
    """The issue's hand: Hangzhou, base 1, dealer E at 平莊 (×2), S self-draws ×1 and E
    claimed three times from S. Normally E pays 2, W and N 1 each: S takes 4; E claimed
    from the winner, so E alone pays twice that, 8 (hangzhou.txt:168,198)."""
    table = new_table(client, region="hangzhou")
    fields = {**PAPER, **claims(("E", "S", 3)), "winner": "S", "version": 0}
    preview = client.get(edit(table, "hand/1/result"), fields).content.decode()
    assert "data-record" in preview and not table.hands.exists()
    assert ("承包: 東 E claimed 3 times from 南 S, so 東 E alone pays twice the winner's "
            "whole take.") in text(preview)

    response = record(client, table, 1, winner="S", **claims(("E", "S", 3)))

    assert response.status_code == 302
    hand = table.hands.get()
    assert hand.request["context"] == {"claims": [{"by": "E", "from": "S", "count": 3}]}
    assert hand.result["payments"] == {"E": -8, "S": 8, "W": 0, "N": 0}
    assert hand.result["breakdown"]["contract"]["payer"] == "E"
    # as the same hand scored with its tiles and claims
    assert hand.result["payments"] == score({
        "region": "hangzhou", "hand": "123m456p789s234s7z", "win_tile": "7z",
        "win_type": "self_draw", "winner": "S", "dealer": "E",
        "context": {"claims": [{"by": "E", "from": "S", "count": 3}]}})["payments"]
    # the ledger's row and running totals: Ann (E) −8, Bo (S) +8
    ledger = client.get(f"/t/{table.view_token}/").content.decode()
    row = text(ledger[ledger.index('id="hand-1"'):])
    assert re.search(r"−8 .*\+8 .*0 .*0", row[:400]), row[:400]


def test_the_edit_page_shows_the_claims_again_and_a_replay_keeps_the_contract(client):
    """Hand 2 (W wins ×1, W claimed 3 times from N) is settled again when hand 1 changes:
    its claims are in its request, so the replay pays its contract at the new position."""
    table = new_table(client, region="hangzhou")
    record(client, table, 1, winner="E")
    record(client, table, 2, winner="W", **claims(("W", "N", 3)))
    second = table.hands.get(number=2)
    # E kept the deal (二連莊, ×4): E would pay 4, S and N 1 each, W takes 6, all from N
    assert (second.request["dealer"], second.request["dealer_streak"]) == ("E", 1)
    assert second.result["payments"] == {"E": 0, "S": 0, "W": 6, "N": -6}

    page = client.get(edit(table, "hand/2/result")).content.decode()
    for name, value in (("claim1_by", "W"), ("claim1_from", "N"), ("claim1_count", "3")):
        select = re.search(rf'<select name="{name}".*?</select>', page, flags=re.S)[0]
        assert f'<option value="{value}" selected>' in select, name

    # hand 1 becomes S's win: S deals hand 2 at 平莊 (hangzhou.txt:190-194), and hand 2 is
    # settled again with its claims: S would pay 2, E and N 1 each, W takes 4, all from N
    assert record(client, table, 1, winner="S", intent="edit").status_code == 302
    second.refresh_from_db()
    assert (second.request["dealer"], second.request["dealer_streak"]) == ("S", 0)
    assert second.request["context"] == {"claims": [{"by": "W", "from": "N", "count": 3}]}
    assert second.result["payments"] == {"E": 0, "S": 0, "W": 4, "N": -4}


def test_a_jinhua_paper_result_adds_every_contract(client):
    """Jinhua: S self-draws ×1 (each pays 2: S takes 6); S claimed 3 times from W and N 3
    times from S: W pays 6, N twice that, 12 (jinhua.txt:71, every contract counts)."""
    table = new_table(client, region="jinhua")
    response = record(client, table, 1, winner="S",
                      **claims(("S", "W", 3), ("N", "S", 3)))
    assert response.status_code == 302
    assert table.hands.get().result["payments"] == {"E": 0, "S": 18, "W": -6, "N": -12}


def test_a_region_without_contracts_has_no_claim_rows(client):
    table = new_table(client, region="honghe")
    page = client.get(edit(table, "hand/1/result")).content.decode()
    assert 'name="claim1_by"' not in page and "承包" not in page
    hangzhou = new_table(client, region="hangzhou")
    page = client.get(edit(hangzhou, "hand/1/result")).content.decode()
    assert 'name="claim1_by"' in page and 'name="claim3_count"' in page
    assert "承包 claims: who took chows/pungs from whom, how many times" in text(page)


def _claim_row(page: str, row: int) -> str:
    """The HTML from a claim row's first select to the next row (or the fieldset's end)."""
    start = page.index(f'name="claim{row}_by"')
    end = page.find(f'name="claim{row + 1}_by"', start)
    return page[start:end if end != -1 else page.index("</fieldset>", start)]


def test_a_bad_claim_is_said_next_to_its_row_in_chinese(chinese):
    table = new_table(chinese, region="hangzhou")
    response = record(chinese, table, 1, winner="S", **claims(("S", "W", 1), ("E", "E", 3)))

    assert response.status_code == 400 and not table.hands.exists()
    page = response.content.decode()
    said = "东不能吃碰自己的牌：吃碰的人和被吃碰的人要不同。"
    assert said in _claim_row(page, 2)  # the engine's context.claims[1]: the form's row 2
    assert said not in _claim_row(page, 1)
    assert "context.claims" not in page and "themself" not in page


def test_more_than_four_claims_by_the_winner_are_refused_beside_the_claims(chinese):
    table = new_table(chinese, region="jinhua")
    response = record(chinese, table, 1, winner="S", **claims(("S", "W", 4), ("S", "N", 1)))
    assert response.status_code == 400 and not table.hands.exists()
    assert ("南记了吃碰 5 次，但谁也最多只能亮出 4 组牌：请改正南的承包行。"
            in _claim_row(response.content.decode(), 1))


def test_an_incomplete_claim_row_is_said_next_to_it(chinese):
    table = new_table(chinese, region="hangzhou")
    response = record(chinese, table, 1, winner="S",
                      **{**NO_CLAIMS, "claim1_by": "E", "claim1_from": "S"})
    assert response.status_code == 400 and not table.hands.exists()
    assert "请填谁吃碰了谁的牌、几次，或整行留空。" in _claim_row(response.content.decode(), 1)


def test_a_multiplier_no_hand_can_have_is_said_next_to_it(client):
    table = new_table(client, region="hangzhou")
    response = record(client, table, 1, winner="S", multiplier="3")
    assert response.status_code == 400 and not table.hands.exists()
    page = response.content.decode()
    field = page[page.index('name="multiplier"'):]
    assert "No Hangzhou hand is worth ×3" in field[:2000]
