"""Draw the app's PNG icons from static/icons/app.svg with the test suite's Chromium:
``.venv/bin/python scripts/icons.py`` (after editing the SVG). The PNGs are committed;
the pages and the web app manifest name them (templates/base.html,
static/manifest.webmanifest)."""

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = (180, 192, 512)  # the iPhone home screen's, and the manifest's two

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(
        executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
        args=["--no-sandbox", "--disable-background-networking"])
    svg = (ICONS / "app.svg").read_text()
    for size in SIZES:
        page = browser.new_page(viewport={"width": size, "height": size})
        sized = svg.replace("<svg ", f"<svg width={size} height={size} ", 1)
        page.set_content(f'<body style="margin:0">{sized}</body>')
        page.screenshot(path=str(ICONS / f"app-{size}.png"), omit_background=True)
        page.close()
    browser.close()
