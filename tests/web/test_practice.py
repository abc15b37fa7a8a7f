"""Practice mode: random winning hands (calculator/practice.py) and the /practice/ page
that grades the player's multiplier and payments against the engine."""

import random
import re
from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from calculator.practice import REGIONS, deal_for, random_deal
from rules import score

MINUS = "\u2212"


@pytest.mark.parametrize("region", REGIONS)
def test_random_deal_always_gives_a_valid_winning_request(region):
    shapes, win_types, with_melds = set(), set(), 0
    for seed in range(50):
        request = random_deal(region, random.Random(seed))
        response = score(request)  # raises InvalidRequest on an invalid request
        assert response["winning"], request
        assert request["region"] == region
        assert 0 <= request["dealer_streak"] <= 3 and request["base"] in (1, 2)
        assert ("wild" in request) == (region != "hangzhou")
        if region == "hangzhou" and request["win_type"] != "self_draw":
            assert request["dealer_streak"] >= 2
            assert request["dealer"] in (request["winner"], request["discarder"])
        shapes.add(response["shape"])
        win_types.add(request["win_type"])
        with_melds += bool(request["melds"])
    assert shapes == {"standard", "seven_pairs"}
    assert "self_draw" in win_types and "discard" in win_types
    assert 0 < with_melds < 50


def test_some_deals_hold_a_wild_in_the_concealed_hand():
    requests = [random_deal("honghe", random.Random(seed)) for seed in range(50)]
    assert any(r["wild"] in r["hand"] or r["wild"] == r["win_tile"] for r in requests)


@pytest.mark.parametrize("region", REGIONS)
def test_the_same_seed_deals_the_same_hand(region):
    assert deal_for(region, 1234) == deal_for(region, 1234)
    assert len({str(deal_for(region, seed)) for seed in range(10)}) > 5


def practice(client, **params):
    response = client.get("/practice/?" + urlencode(params))
    assert response.status_code == 200
    return response.content.decode()


def answers(region: str, seed: int, **changes) -> dict:
    """The right answers of a round, as the page's query parameters, changed by ``changes``."""
    response = score(deal_for(region, seed))
    params = {"region": region, "seed": seed,
              "total": response["fan"] if region == "honghe" else response["multiplier"]}
    params.update({f"pay_{seat}": net for seat, net in response["payments"].items()})
    params.update(changes)
    return params


def test_without_a_seed_the_page_redirects_to_a_new_round(client):
    response = client.get("/practice/?region=jinhua")
    assert response.status_code == 302
    query = parse_qs(urlparse(response["Location"]).query)
    assert query["region"] == ["jinhua"] and query["seed"][0].isdigit()
    assert client.get("/practice/?region=nowhere&seed=x")["Location"].startswith(
        "/practice/?region=hangzhou&seed=")


@pytest.mark.parametrize("region", REGIONS)
def test_a_round_shows_the_hand_and_the_answer_form(client, region):
    html = practice(client, region=region, seed=7)
    deal = deal_for(region, 7)

    assert 'id="practice-form"' in html
    for name in ("total", "pay_E", "pay_S", "pay_W", "pay_N"):
        assert f'name="{name}"' in html
    assert html.count('class="tile-face') >= 14
    assert "底分：" in html and "庄家：" in html
    assert 'href="/practice/"' in html  # the nav link
    assert "/?" + urlencode({"region": region}) in html  # open in the calculator
    assert "data-correct" not in html  # nothing graded before an answer
    assert deal["win_tile"] in html


def test_correct_answers_are_graded_correct_with_the_working(client):
    html = practice(client, **answers("hangzhou", 3))

    assert re.findall(r'data-correct="(\w+)"', html) == ["true"] * 5
    assert "table table-sm payments" in html  # the calculator's result panel
    assert 'class="arithmetic' in html


@pytest.mark.parametrize("region", REGIONS)
def test_a_wrong_payment_is_graded_wrong_and_shows_the_right_value(client, region):
    right = score(deal_for(region, 11))["payments"]["S"]
    html = practice(client, **answers(region, 11, pay_S=right + 1))

    assert re.findall(r'data-correct="(\w+)"', html) == ["true", "true", "false", "true", "true"]
    shown = f"+{right}" if right > 0 else f"{MINUS}{abs(right)}" if right < 0 else "0"
    assert f"答案是 {shown}" in html


def test_junk_answers_are_form_errors_not_server_errors(client):
    html = practice(client, region="honghe", seed=5, total="lots", pay_E="x", pay_S="1e999x")

    assert html.count("invalid-feedback") >= 3
    assert "data-correct" not in html
    assert 'aria-invalid="true"' in html


def test_the_answers_are_understood_in_english(client):
    client.cookies["django_language"] = "en"
    html = practice(client, **answers("jinhua", 2, total=999))

    assert "wrong; the answer is" in html and "correct" in html
    assert "Practice" in html


def test_odd_seeds_start_a_new_round(client):
    for seed in ("²", "-3", "9" * 40, ""):
        response = client.get("/practice/?" + urlencode({"region": "honghe", "seed": seed}))
        assert response.status_code == 302, seed


def test_the_readme_example_is_a_round_graded_all_correct(client):
    html = practice(client, region="honghe", seed=5, total=0, pay_E=6, pay_S=-2, pay_W=-2,
                    pay_N=-2)
    assert re.findall(r'data-correct="(\w+)"', html) == ["true"] * 5
