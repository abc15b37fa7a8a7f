"""What the browser tests share: the phone's size, RULEBOOK example 3, and readers of
the calculator page."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

WIDTH, HEIGHT = 360, 740  # a small phone
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"  # git-ignored
MINUS = "\u2212"
TIMEOUT_MS = 10_000

# RULEBOOK §5 example 3: the dealer (二連莊) self-draws 暴頭 in Hangzhou.
EXAMPLE_3 = {
    "region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "9s",
    "win_type": "self_draw", "winner": "E", "dealer": "E", "dealer_streak": "1",
}
EXAMPLE_3_PAYMENTS = {"E": 24, "S": -8, "W": -8, "N": -8}


def open_calculator(page: Page, query: str = "") -> Page:
    page.goto(f"/{query}")
    # tiles.js un-hides the tile widget once it has run.
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    return page


def split_tiles(text: str) -> list[str]:
    """``"123m5z"`` -> ``["1m", "2m", "3m", "5z"]``."""
    return [digit + suit for digits, suit in re.findall(r"(\d+)([mpsz])", text)
            for digit in digits]


def payments(page: Page, scope: str = "#result") -> dict[str, int]:
    """The net amount of each seat in the result's first payments table."""
    table = page.locator(f"{scope} table.payments").first
    expect(table).to_be_visible()
    nets = {}
    for row in table.locator("tbody tr").all():
        seat = re.search(r"\b([ESWN])\b", row.locator("th").inner_text())[1]
        nets[seat] = int(row.locator("td.net").inner_text().replace(MINUS, "-"))
    return nets


def pattern_names(page: Page) -> list[str]:
    return page.locator("#result .patterns li strong").all_inner_texts()


def page_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


class Taps:
    """Enters a hand the way a phone user does, counting the taps: one per tile, one to
    focus a field plus one per key typed, two per select actually changed (open, pick)."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0

    def tap(self, locator) -> None:
        locator.tap()
        self.count += 1

    def tiles(self, text: str) -> None:
        for code in split_tiles(text):
            self.tap(self.page.locator(f'.tile-palette button.tile-btn[data-tile="{code}"]'))

    def choose(self, select: str, value: str) -> None:
        if self.page.locator(select).input_value() != value:
            self.page.locator(select).select_option(value)
            self.count += 2

    def seat(self, name: str, seat: str) -> None:
        """A seat picked with one tap (calculator/_seat_choice.html), when it changes."""
        if not self.page.locator(f'input[name="{name}"][value="{seat}"]').is_checked():
            self.tap(seat_button(self.page, name, seat))

    def key_in(self, field: str, text: str) -> None:
        """Tap the field, delete what it holds key by key, type the text."""
        self.tap(self.page.locator(field))
        self.page.keyboard.press("End")  # the caret, where a tap on the end puts it
        for _ in self.page.locator(field).input_value():
            self.page.keyboard.press("Backspace")
            self.count += 1
        self.page.keyboard.type(text)
        self.count += len(text)


def serious(violations: list[dict]) -> list[str]:
    """The serious and critical ones, one line each."""
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + ", ".join(str(node["target"]) for node in v["nodes"])
            for v in violations if v["impact"] in ("serious", "critical")]


def seat_button(page: Page, name: str, seat: str):
    """The button of ``seat`` in a one-tap seat choice (the winner's)."""
    return page.locator(f'input[name="{name}"][value="{seat}"] + label')


def pick_seat(page: Page, name: str, seat: str) -> None:
    seat_button(page, name, seat).tap()


def unfold(page: Page) -> None:
    """Open the folded circumstances and house rules (calculator.html #region-fields)."""
    details = page.locator("#region-fields details.more-fields")
    if not details.evaluate("node => node.open"):
        details.locator("summary").click()


def typed(page: Page, name: str):
    """The text box of a tile field (hand, melds, win_tile, wild), unfolded: it sits
    behind the palette in "type the tiles instead" until tapped open."""
    text = page.locator("[data-tile-text]")
    if text.count() and not text.first.evaluate("node => node.open"):
        text.first.locator("summary").click()
    return page.locator(f"#id_{name}")


# --- the ledger with no network (static/js/pending.js, static/js/ledger-offline.js) ---

def visit_with_the_service_worker(page: Page, path: str) -> None:
    page.goto(path)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(path)  # now through the service worker, which keeps it


def new_table(page: Page) -> str:
    page.goto("/t/new/")
    page.fill("#id_name", "周六")
    page.locator("main form button[type=submit]").tap()
    page.wait_for_url("**/e/**")
    return page.url


def numbers(line: str) -> list[str]:
    """The amounts a line of the settle-up says (money, then points), in any language."""
    return re.findall(r"\d+(?:\.\d+)?", line)


def a_named_table(page: Page, names: list[str], region: str = "hangzhou") -> None:
    """A new table 周五 of ``region`` with ``names`` seated E, S, W, N: its edit page open."""
    page.goto("/t/new/")
    page.fill("#id_name", "周五")
    page.select_option("#id_region", region)
    for seat, name in zip("eswn", names, strict=True):
        page.fill(f"#id_player_{seat}", name)
    page.locator("main form button[type=submit]").tap()
    expect(page.locator("[data-edit-link]")).to_be_visible()


def other_phone(page: Page) -> Page:
    """A second phone at the same table: its own browser context (cookies, storage)."""
    context = page.context.browser.new_context(base_url=page.url.split("/t/")[0],
                                               locale="zh-CN", has_touch=True,
                                               viewport={"width": 360, "height": 740})
    return context.new_page()


def forms_kept(page: Page) -> None:
    """Wait until the service worker keeps the edit page's next forms and their scripts."""
    page.wait_for_function(
        """async () => {
          const section = document.querySelector("[data-pending]").dataset;
          const forms = JSON.parse(section.pendingForms).concat(JSON.parse(section.pendingFiles));
          const kept = await Promise.all(
            forms.map((url) => caches.match(url, { ignoreVary: true })));
          return kept.every(Boolean);
        }""", polling=250, timeout=30_000)


PLAIN = "123m456p789s234s7z"  # + 7z: a plain hand, no wild in it


def type_plain_win(page: Page, winner: str) -> None:
    """On a win's form, once open: the plain hand typed, won by ``winner``."""
    expect(page.locator("[data-tile-entry]")).to_be_visible()
    typed(page, "hand").fill(PLAIN)
    typed(page, "win_tile").fill("7z")
    pick_seat(page, "winner", winner)


def record_win(page: Page, winner: str) -> None:
    """From a ledger's edit page: a win of ``winner`` with the plain hand, scored, then
    recorded from its preview."""
    page.locator("[data-record-win]").tap()
    type_plain_win(page, winner)
    page.locator("#score-form button[type=submit]").tap()
    record = page.locator("#preview [data-record]")
    expect(record).to_be_visible()
    record.tap()
    expect(page.locator("[data-next]")).to_be_visible()


def a_table_kept_for_offline(page: Page) -> str:
    """A new table whose edit page and next forms the service worker keeps: its edit
    page's address."""
    edit = new_table(page)
    visit_with_the_service_worker(page, edit)
    forms_kept(page)
    return edit


def record_a_draw(page: Page) -> None:
    """From a ledger's edit page: its draw form opened (and loaded: its scripts give the
    form a fresh key), sent, and its answer back: the edit page, the draw recorded (or,
    with no network, kept to be sent). The edit page has forms of its own (money per
    point)."""
    page.locator("[data-record-draw]").click()
    page.wait_for_url(re.compile(r"/hand/\d+/draw$"))
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/e/[^/]+/(#[\w-]+)?$"))


def a_draw_recorded_offline(page: Page) -> str:
    """A table kept for offline, opened with no network, and a draw recorded there: one
    hand waiting to be sent. Its edit page's address."""
    edit = a_table_kept_for_offline(page)
    page.context.set_offline(True)
    page.goto(edit)
    record_a_draw(page)
    expect(page.locator("[data-pending-entry=waiting]")).to_have_count(1)
    return edit


# --- the offline engine (make offline) ---

def offline_engine_built() -> bool:
    from calculator import offline

    return offline.available()


needs_engine = pytest.mark.skipif(
    not offline_engine_built() and not os.environ.get("CI"),
    reason="the offline engine is not built (make offline: npm ci, scripts/build_offline.py)")


def keep_the_engine(page: Page) -> None:
    """One online visit of the calculator, as a player's first; then wait until the
    footer says the app is ready for use with no network (site.js, from the service
    worker's progress: the offline pack is kept)."""
    page.goto("/")
    expect(page.locator("[data-offline-status]")).to_have_attribute(
        "data-state", "ready", timeout=120_000)


def result_text(page: Page) -> str:
    """The whole answer's text as the player reads it (innerText: what is shown, as laid
    out), the offline notice (badge and note) taken out first."""
    return page.evaluate("""() => {
      const result = document.querySelector("#result");
      result.querySelectorAll("[data-offline-notice]").forEach((node) => node.remove());
      return result.innerText;
    }""")
