"""The HTML pages and their static files."""
import re

import pytest
from django.contrib.staticfiles import finders


def test_home_page_says_what_the_product_is(client):
    response = client.get("/")

    assert response.status_code == 200
    page = response.content.decode()
    for region in ("杭州麻将", "金华麻将", "洪合麻将"):
        assert region in page
    assert 'href="/api/"' in page  # the developers' page, in the footer


def test_bootstrap_is_served_locally_not_from_a_cdn(client):
    page = client.get("/").content.decode()

    assert 'href="/static/bootstrap/css/bootstrap.min.css"' in page
    # Every stylesheet and script is ours: no absolute URL points anywhere else. (A bare
    # "cdn" search would trip over random CSRF tokens.)
    external = re.findall(r'(?:src|href)="(?:https?:)?//', page)
    assert external == []
    assert finders.find("bootstrap/css/bootstrap.min.css")


def test_an_unknown_page_says_so_in_chinese_with_a_way_back(client):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 404
    text = response.content.decode()
    assert "没有这个页面" in text and "回到计算器" in text and 'href="/"' in text
    assert "Not Found" not in text


def test_a_server_error_page_says_so_in_chinese_with_a_way_back(rf):
    from django.views.defaults import server_error

    response = server_error(rf.get("/"))
    assert response.status_code == 500
    text = response.content.decode()
    assert "服务器这边出错了" in text and "回到计算器" in text


def test_every_page_names_its_icon(client):
    assert 'rel="icon"' in client.get("/").content.decode()


def test_the_app_can_be_added_to_a_home_screen(client):
    """A web app manifest in the page's language, with the icons it names (drawn by the
    project, at hashed static URLs)."""
    from django.contrib.staticfiles import finders

    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert 'rel="apple-touch-icon"' in page
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == "浙江麻将算分" and manifest["short_name"] == "麻将算分"
    assert manifest["start_url"] == "/"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]
    png = open(finders.find("icons/app-512.png"), "rb").read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 512


def test_the_service_worker_is_served_from_the_root_with_its_version(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert script.startswith('const VERSION = "') and 'const CACHE = "mahjong-" + VERSION' \
        in script


def test_the_offline_page_says_why_in_the_users_language(client):
    page = client.get("/offline/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "没有网络" in page and "同一个引擎" in page and "记分表" in page
    assert "算分和记分要有网络" not in page  # both work offline (issue 27)


@pytest.mark.django_db
def test_a_form_without_its_csrf_token_gets_a_page_in_the_users_language():
    from django.test import Client

    from tests.words import english_words

    client = Client(enforce_csrf_checks=True)
    response = client.post("/t/new/", {"region": "hangzhou"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 403
    page = response.content.decode()
    assert "表单已过期" in page and "已经保存的内容不会丢失" in page
    assert english_words(page) == {}


@pytest.mark.parametrize(("language", "words"), [("zh-hans", "这个地址不能离线使用"),
                                                 ("zh-hant", "這個地址不能離線使用"),
                                                 ("en", "cannot work with no network")])
def test_every_page_can_say_when_its_address_cannot_work_offline(client, language, words):
    """site.js shows it where the browser allows no service worker (plain HTTP)."""
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    notice = page.split("data-not-offline hidden>", 1)[1].split("</p>", 1)[0]
    assert words in notice and ("https://" in notice or "HTTPS" in notice)
