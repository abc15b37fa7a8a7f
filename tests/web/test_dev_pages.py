"""`make run`'s pages a player can reach: an unknown address answers the players' 404 in
their language (common/devpages.py), not Django's technical page; and the addresses
`make run HOST=0.0.0.0` prints are ones a phone can open (IPv4: the server listens on
IPv4 alone)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from django.http import HttpResponseNotFound, JsonResponse
from django.test import RequestFactory
from django.utils import translation

from common.devpages import PlayersNotFound

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("language", "words"), [("zh-hans", "找不到"), ("zh-hant", "找不到"),
                                                 ("en", "not found")])
def test_an_unknown_address_answers_the_players_404(language, words):
    technical = HttpResponseNotFound("<h1>Page not found</h1><p>Using the URLconf …</p>")
    with translation.override(language):
        response = PlayersNotFound(lambda request: technical)(RequestFactory().get("/nowhere"))
    page = response.content.decode()
    assert response.status_code == 404
    assert "URLconf" not in page and words in page.lower()


def test_a_json_404_is_left_as_it_is():
    answer = JsonResponse({"errors": []}, status=404)
    assert PlayersNotFound(lambda request: answer)(RequestFactory().get("/api/x")) is answer


def test_make_run_prints_only_addresses_a_phone_can_open(tmp_path):
    """The Makefile's address filter, run on an IPv4 and an IPv6 address."""
    makefile = (ROOT / "Makefile").read_text()
    line = next(line for line in makefile.splitlines() if "hostname -I" in line)
    loop = re.search(r"\$\$\((for ip in .*?done)\)", line)[1].replace("$$", "$")
    loop = loop.replace("$(hostname -I 2>/dev/null)", "192.168.1.20 fd00::2")
    printed = subprocess.run(["sh", "-c", loop], capture_output=True, text=True).stdout
    assert printed.split() == ["192.168.1.20"]
