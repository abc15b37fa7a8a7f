"""The ledger's win page with no network: the hand is previewed on this phone by the
offline engine (presentation.ledger, the server's own preview), with its payments by the
players' names, badged 离线计算, and kept to send later; the server scores it again then."""

import re

import pytest
from django.template.loader import render_to_string
from playwright.sync_api import Page, expect

from presentation.ledger import position_html
from tests.browser import pages

pytestmark = [pytest.mark.ledger, pages.needs_engine]

# Hangzhou (a new table's region): South self-draws 暴頭, 白 as the wild.
HAND, WIN_TILE, WINNER = "123m456m789p345s5z", "5z", "S"


def preview_hand(page: Page, edit: str) -> None:
    """From the ledger's edit page: a win's page, the hand entered and scored."""
    page.goto(edit)
    page.locator("[data-record-win]").click()
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    pages.typed(page, "hand").fill(HAND)
    pages.typed(page, "win_tile").fill(WIN_TILE)
    pages.pick_seat(page, "winner", WINNER)
    page.locator("#score-form button[type=submit]").click()


def preview_text(page: Page) -> str:
    """The preview card's text as the player reads it, but for its footer (the record
    button online, the keep-for-later one offline) and the offline notice."""
    return page.evaluate("""() => {
      const card = document.querySelector("#preview .result").cloneNode(true);
      card.querySelectorAll("[data-offline-notice], .card-footer").forEach((n) => n.remove());
      document.body.append(card);  // laid out, for innerText
      const text = card.innerText;
      card.remove();
      return text;
    }""")


def test_with_no_network_the_win_page_previews_the_payments_as_online_and_keeps_the_hand(
        page: Page, artifacts):
    pages.keep_the_engine(page)
    edit = pages.a_table_kept_for_offline(page)

    preview_hand(page, edit)
    expect(page.locator("#preview [data-record]")).to_be_visible()
    online = preview_text(page)
    online_nets = page.locator("#preview table.payments td.net").all_inner_texts()

    page.context.set_offline(True)
    preview_hand(page, edit)
    card = page.locator("#preview [data-offline-answer]")
    expect(card).to_be_visible(timeout=60_000)
    expect(card.locator(".offline-badge")).to_have_text("离线计算")
    expect(card.locator(".patterns strong")).to_have_text(["暴头"])
    # each line names the player, then the seat
    expect(card.locator("table.payments tbody th").first).to_contain_text("东家 · 东 E")
    assert preview_text(page) == online
    page.screenshot(path=str(artifacts / "ledger-offline-preview-360.png"), full_page=True)

    # kept to send later, as before: the server records and scores it when it can
    card.locator("[data-record-offline]").click()
    waiting = page.locator("[data-pending-entry=waiting]")
    expect(waiting).to_contain_text("第 1 局：和牌")
    page.context.set_offline(False)
    expect(page.locator("tbody[data-hand]")).to_have_count(1, timeout=40_000)
    totals = [page.locator(f"[data-total={seat}]").inner_text() for seat in "ESWN"]
    assert totals == online_nets


def test_the_preview_draws_the_next_dealer_as_the_ledger_page_does():
    """presentation.ledger.position_html, which the preview (online and offline) draws the
    next hand with, is ledger/_position.html's markup."""
    for history in (False, True):
        position = {"number": 2, "dealer": "S", "dealer_name": "阿<b>", "seat": "南 S",
                    "streak": 1, "streak_name": "二连庄", "draws": 1,
                    "previous_wild": "5s" if history else None, "history": history}
        template = render_to_string("ledger/_position.html", {"position": position})
        template = re.sub(r">\s+<", "><", re.sub(r"\{#.*?#\}", "", template)).strip()
        assert position_html(position) == template
