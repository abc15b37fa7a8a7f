"""The HTML pages and their static files."""

import re

from django.contrib.staticfiles import finders


def test_home_page_says_what_the_product_is(client):
    response = client.get("/")

    assert response.status_code == 200
    page = response.content.decode()
    for region in ("Hangzhou", "Jinhua", "Honghe"):
        assert region in page
    assert "/api/v1/score" in page


def test_bootstrap_is_served_locally_not_from_a_cdn(client):
    page = client.get("/").content.decode()

    assert 'href="/static/bootstrap/css/bootstrap.min.css"' in page
    # Every stylesheet and script is ours: no absolute URL points anywhere else. (A bare
    # "cdn" search would trip over random CSRF tokens.)
    external = re.findall(r'(?:src|href)="(?:https?:)?//', page)
    assert external == []
    assert finders.find("bootstrap/css/bootstrap.min.css")
