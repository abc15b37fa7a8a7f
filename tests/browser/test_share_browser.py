"""分享图片 (issue 30, item 5) on a 360×740 phone in 简体: a result card and a ledger's
sheet drawn as a PNG by static/js/share.js. Headless Chromium offers no share sheet for
files, so the picture is downloaded: its bytes are read as a PNG (with zlib alone; no
Pillow here) of the element's size at twice its CSS pixels, and not blank. The share
sheet's way is checked with navigator.canShare and navigator.share stood in for, and so
are Safari's second tap, a picture that could not be made, and one made with the network
cut. The pictures are saved to test-artifacts/share-result.png and share-sheet.png, the
button on the page to share-button-360.png."""

from __future__ import annotations

import base64
import struct
import zlib
from dataclasses import dataclass
from urllib.parse import urlencode

from django.utils import translation
from playwright.sync_api import Page, expect

from tests.browser import pages

SCALE = 2  # the least pixel ratio share.js draws at; the tests' phone has 1
MARGIN = 12  # the page's background around the element, in CSS pixels (share.js)
RESULT_BUTTON = "#result [data-share-picture]"
SHEET_BUTTON = "[data-share-sheet] [data-share-picture]"


@dataclass(frozen=True)
class Png:
    width: int
    height: int
    colours: int  # distinct pixel values
    background_share: float  # the share of pixels of the top-left pixel's colour


def read_png(data: bytes) -> Png:
    """A PNG's size and colours, decoded from its bytes: the chunks' checksums, the
    image data inflated, and each row's filter undone (PNG spec §9). 8-bit RGB(A), not
    interlaced: what a canvas encodes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, header, compressed = 8, None, b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"{kind!r}: bad checksum"
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, header
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(compressed)
    stride = width * channels
    assert len(raw) == height * (stride + 1)
    previous = bytearray(stride)
    counts: dict[bytes, int] = {}
    for y in range(height):
        start = y * (stride + 1)
        row = unfiltered(raw[start], bytearray(raw[start + 1:start + 1 + stride]), previous,
                         channels)
        for x in range(0, stride, channels):
            pixel = bytes(row[x:x + channels])
            counts[pixel] = counts.get(pixel, 0) + 1
        previous = row
    corner = next(iter(counts))
    return Png(width=width, height=height, colours=len(counts),
               background_share=counts[corner] / (width * height))


def unfiltered(kind: int, row: bytearray, above: bytearray, step: int) -> bytearray:
    if kind == 0:
        return row
    if kind == 2:  # Up
        return bytearray((a + b) & 0xFF for a, b in zip(row, above, strict=True))
    for i in range(len(row)):
        left = row[i - step] if i >= step else 0
        if kind == 1:  # Sub
            row[i] = (row[i] + left) & 0xFF
        elif kind == 3:  # Average
            row[i] = (row[i] + (left + above[i]) // 2) & 0xFF
        else:  # Paeth
            up_left = above[i - step] if i >= step else 0
            estimate = left + above[i] - up_left
            nearest = min((abs(estimate - left), 0, left), (abs(estimate - above[i]), 1, above[i]),
                          (abs(estimate - up_left), 2, up_left))[2]
            row[i] = (row[i] + nearest) & 0xFF
    return row


def share_label() -> str:
    with translation.override("zh-hans"):
        return translation.gettext("Share as picture")


def downloaded(page: Page, button: str) -> tuple[str, bytes]:
    """The picture's file name and bytes, from tapping ``button`` with no share sheet."""
    with page.expect_download() as download:
        page.locator(button).tap()
    return download.value.suggested_filename, download.value.path().read_bytes()


def assert_a_picture_of(page: Page, element: str, data: bytes) -> Png:
    """``data`` is a PNG of ``element`` as the page draws it, at twice the CSS pixels,
    with the margin: as wide, as tall less the controls left out (a button's row), with
    many colours, and mostly not the background."""
    box = page.locator(element).bounding_box()
    png = read_png(data)
    # the blocks left out of the picture (the next hand's card of the sheet) do not count
    omitted = page.locator(element).evaluate(
        "(node) => Array.from(node.querySelectorAll('[data-share-omit]'))"
        ".filter((part) => getComputedStyle(part).display !== 'inline')"
        ".map((part) => part.getBoundingClientRect().height).reduce((a, b) => a + b, 0)")
    width, height = ((round(side) + 2 * MARGIN) * SCALE
                     for side in (box["width"], box["height"] - omitted))
    assert abs(png.width - width) <= SCALE, (png, box)
    # a line shown only in the picture (the sheet's: which table) adds up to two lines
    only = page.locator(f"{element} [data-share-only]").count() * 80 * SCALE
    assert 0.8 * height <= png.height <= height + only + SCALE, (png, box)
    assert png.colours > 100, png  # text, tiles, colours: not a blank sheet
    assert png.background_share < 0.95, png
    return png


def test_a_result_is_downloaded_as_a_picture_where_there_is_no_share_sheet(page: Page, artifacts):
    pages.open_calculator(page, "?" + urlencode(pages.EXAMPLE_3))
    button = page.locator(RESULT_BUTTON)
    expect(button).to_be_visible()
    expect(button).to_have_text(share_label())
    page.screenshot(path=str(artifacts / "share-button-360.png"))
    assert page.evaluate("""() => !navigator.canShare ||
      !navigator.canShare({ files: [new File([""], "a.png", { type: "image/png" })] })""")

    name, data = downloaded(page, RESULT_BUTTON)
    assert name.startswith("result-") and name.endswith(".png"), name
    assert_a_picture_of(page, "#result > article", data)
    (artifacts / "share-result.png").write_bytes(data)
    expect(page.locator("#result [data-share-status]")).to_have_text("")


# navigator.canShare and navigator.share as a phone's browser has them: the files shared
# kept for the test (name, type, bytes in base64); ``refusals`` NotAllowedError first.
STAND_IN_SHARE_SHEET = """(refusals) => {
  window.shared = [];
  Object.defineProperty(navigator, "canShare", { configurable: true,
    value: (data) => Boolean(data && data.files && data.files.length) });
  Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => {
    if (refusals-- > 0) throw new DOMException("no tap", "NotAllowedError");
    const file = data.files[0];
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text = "";
    bytes.forEach((b) => { text += String.fromCharCode(b); });
    window.shared.push({ name: file.name, type: file.type, data: btoa(text) });
  } });
}"""


def shared_files(page: Page, count: int) -> list[dict]:
    page.wait_for_function("(count) => window.shared.length === count", arg=count)
    return page.evaluate("window.shared")


def test_a_result_goes_to_the_share_sheet_where_the_browser_has_one(page: Page):
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    pages.open_calculator(page, "?" + urlencode(pages.EXAMPLE_3))
    page.evaluate(STAND_IN_SHARE_SHEET, 0)
    page.locator(RESULT_BUTTON).tap()
    (file,) = shared_files(page, 1)
    assert file["type"] == "image/png" and file["name"].startswith("result-")
    assert_a_picture_of(page, "#result > article", base64.b64decode(file["data"]))
    assert not downloads


def test_a_share_sheet_refused_for_want_of_a_tap_opens_on_the_next(page: Page):
    """Safari lets a page open the share sheet only right after a tap: when drawing took
    too long, the picture waits for a second tap, and is not drawn again."""
    pages.open_calculator(page, "?" + urlencode(pages.EXAMPLE_3))
    page.evaluate(STAND_IN_SHARE_SHEET, 1)
    button = page.locator(RESULT_BUTTON)
    button.tap()
    expect(page.locator("#result [data-share-status]")).to_have_text(
        button.get_attribute("data-msg-again"))
    page.evaluate("""() => {
      HTMLCanvasElement.prototype.toBlob = () => { throw new Error("drawn again"); };
    }""")
    button.tap()
    (file,) = shared_files(page, 1)
    assert read_png(base64.b64decode(file["data"])).width > 0


def test_a_picture_that_could_not_be_made_is_said(page: Page):
    pages.open_calculator(page, "?" + urlencode(pages.EXAMPLE_3))
    page.evaluate("() => { HTMLCanvasElement.prototype.toBlob = (done) => done(null); }")
    button = page.locator(RESULT_BUTTON)
    button.tap()
    expect(page.locator("#result [data-share-status]")).to_have_text(
        button.get_attribute("data-msg-failed"))
    expect(button).to_be_enabled()


def test_the_ledger_sheet_is_shared_as_a_picture(page: Page, artifacts):
    pages.a_named_table(page, ["阿安", "Bo", "Cy", "Di"])
    pages.record_win(page, "E")
    pages.record_a_draw(page)
    expect(page.locator("tbody[data-hand]")).to_have_count(2)
    expect(page.locator(SHEET_BUTTON)).to_have_text(share_label())

    name, data = downloaded(page, SHEET_BUTTON)
    assert name.startswith("周五-") and name.endswith(".png"), name
    assert_a_picture_of(page, "[data-share-sheet]", data)
    (artifacts / "share-sheet.png").write_bytes(data)


def test_a_picture_is_made_with_the_network_cut(page: Page):
    """share.js and the tile pictures come from what the service worker keeps: a ledger
    opened with no network and a result on screen when the network went both share."""
    pages.a_named_table(page, ["阿安", "Bo", "Cy", "Di"])
    pages.record_win(page, "E")
    view = page.locator("[data-view-link]").get_attribute("href")
    pages.visit_with_the_service_worker(page, view)
    page.context.set_offline(True)
    page.goto(view)
    expect(page.locator("tbody[data-hand]")).to_have_count(1)
    assert read_png(downloaded(page, SHEET_BUTTON)[1]).width > 0

    page.context.set_offline(False)
    pages.visit_with_the_service_worker(page, "/?" + urlencode(pages.EXAMPLE_3))
    page.context.set_offline(True)
    assert_a_picture_of(page, "#result > article", downloaded(page, RESULT_BUTTON)[1])
