"""A form that only the server can carry out, posted on a phone whose connection is gone
(a dead wifi the phone still believes in, or none): the service worker answers with the
offline page, which says first, in Chinese, that nothing was saved — not the browser's
own English error page (static/js/sw.js sendOrSayNotSent)."""

import re

from playwright.sync_api import Page, expect

from tests.browser.pages import a_table_kept_for_offline


def test_a_rename_posted_with_no_connection_says_nothing_was_saved(page: Page, artifacts):
    edit = a_table_kept_for_offline(page)
    page.goto(edit + "people")
    page.locator("[data-rename-form] select").select_option(index=1)
    page.locator("[data-rename-form] input[name=new_name]").fill("老王")

    page.context.set_offline(True)
    page.locator("[data-rename-form] button[type=submit]").click()

    expect(page).to_have_url(re.compile(r"/offline/#not-sent$"))
    expect(page.locator("[data-not-sent]")).to_be_visible()
    expect(page.locator("[data-not-sent]")).to_contain_text("什么都没有保存")
    page.screenshot(path=str(artifacts / "not-sent-360.png"))

    page.context.set_offline(False)
    page.go_back()
    page.goto(edit)
    expect(page.locator("body")).not_to_contain_text("老王")  # nothing was written
