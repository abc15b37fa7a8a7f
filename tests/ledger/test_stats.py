"""The evening at a glance (issue 30, item 4): ``ledger.stats`` per person (per seat
while the four never change) — wins, self-draws, wins on a discard, dealt in (放炮),
the biggest hand, the longest dealer streak, net per hour — on small made-up evenings,
one line per hand; properties on random evenings, with random seat changes too; and the
card on the edit and the read-only page."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.people import Refused, Seating
from ledger.stats import PlayedHand, dealt_in, evening
from rules.settle import settle
from tests.helpers import SEATS
from tests.ledger.pages import edit, record, stored_table, text

pytestmark = pytest.mark.ledger

START = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)
PLAIN = {"hand": "123m456p789s234s7z", "win_tile": "7z", "wild": "6s"}  # Jinhua, no wild held


def played(number: int, line: str, minutes: int | None = None) -> PlayedHand:
    """A Jinhua hand from one line: ``"E0 draw"`` (dealer E at streak 0, drawn),
    ``"E1 S self ×2"`` (S self-draws a ×2 hand), ``"S0 N discard W ×4"`` (N wins on W's
    discard), ``"W0 E rob_kong S ×1"`` (E robs S's kong); ``paper`` in front of the
    outcome stores it as a paper result (its total, no tiles). Payments are the
    region's (``rules.settle``); recorded ``minutes`` after START (10 a hand unless
    given)."""
    position, *outcome = line.split()
    dealer, streak = position[0], int(position[1:])
    recorded = START + timedelta(minutes=10 * (number - 1) if minutes is None else minutes)
    if outcome == ["draw"]:
        return PlayedHand(number=number, kind="draw", dealer=dealer, streak=streak,
                          request={}, result=None, recorded=recorded)
    paper = outcome[0] == "paper"
    winner, how, *rest = outcome[1:] if paper else outcome
    discarder, total = (None, rest[0]) if how == "self" else rest
    request = {"region": "jinhua", "base": 1, "dealer": dealer, "dealer_streak": streak,
               "winner": winner, "win_type": "self_draw" if how == "self" else how,
               "multiplier": int(total.lstrip("×"))}
    if discarder:
        request["discarder"] = discarder
    result = settle(request)
    if not paper:  # a scored hand's request has its tiles, and no total of its own
        request = {**request, **PLAIN}
        del request["multiplier"]
    return PlayedHand(number=number, kind="win", dealer=dealer, streak=streak,
                      request=request, result=result, recorded=recorded)


def an_evening(*lines: str) -> list[PlayedHand]:
    return [played(number, line) for number, line in enumerate(lines, start=1)]


# an evening, one line per hand → per seat: wins, self-draws, wins on a discard (a
# robbed kong's included), dealt in, the biggest hand's number, the longest streak
EVENINGS = [
    (["E0 E self ×2", "E1 S discard W ×4", "S0 draw", "S1 N rob_kong S ×1"],
     {"E": (1, 1, 0, 0, 1, 1), "S": (1, 0, 1, 1, 2, 1),
      "W": (0, 0, 0, 1, None, None), "N": (1, 0, 1, 0, 4, None)}),
    # a robbed kong: the robbed player (E) dealt in, not the dealer or the others
    (["S0 W rob_kong E ×8"],
     {"E": (0, 0, 0, 1, None, None), "S": (0, 0, 0, 0, None, 0),
      "W": (1, 0, 1, 0, 1, None), "N": (0, 0, 0, 0, None, None)}),
    # draws only: nobody won or dealt in; the dealer kept the seat twice
    (["E0 draw", "E1 draw", "E2 draw"],
     {"E": (0, 0, 0, 0, None, 2), "S": (0, 0, 0, 0, None, None),
      "W": (0, 0, 0, 0, None, None), "N": (0, 0, 0, 0, None, None)}),
    # paper results: a self-draw has no discarder; a discard one names it in its request
    (["N0 paper W self ×4", "N1 paper W discard S ×2", "W0 paper N discard S ×16"],
     {"E": (0, 0, 0, 0, None, None), "S": (0, 0, 0, 2, None, None),
      "W": (2, 1, 1, 0, 1, 0), "N": (1, 0, 1, 0, 3, 1)}),
    # the biggest hand: the largest total; of equal totals, the one that won more (a
    # self-draw: everyone pays double), then the earlier
    (["E0 S discard W ×4", "S0 S self ×4", "S1 S self ×4", "S2 S self ×2"],
     {"E": (0, 0, 0, 0, None, 0), "S": (4, 3, 1, 0, 2, 2),
      "W": (0, 0, 0, 1, None, None), "N": (0, 0, 0, 0, None, None)}),
]


@pytest.mark.parametrize(("lines", "expected"), EVENINGS)
def test_an_evening_at_a_glance(lines, expected):
    stats = evening(an_evening(*lines), "multiplier")
    assert {seat: (s.wins, s.self_draws, s.discard_wins, s.dealt_in,
                   s.biggest.number if s.biggest else None, s.longest_streak)
            for seat, s in stats.items()} == expected


def test_the_biggest_hand_says_its_total_and_what_it_won():
    stats = evening(an_evening("E0 S discard W ×4", "E0 S self ×2"), "multiplier")
    biggest = stats["S"].biggest
    # Jinhua: on W's discard, W pays 2 × 4 and the others 4 each
    assert biggest is not None and (biggest.number, biggest.total, biggest.won) == (1, 4, 16)


def test_net_per_hour_runs_from_the_first_hand_recorded_to_the_last():
    hands = [played(1, "E0 E self ×2", minutes=0), played(2, "E1 draw", minutes=30)]
    stats = evening(hands, "multiplier")
    # E took 12 in half an hour: 24 an hour; each other paid 4
    assert stats["E"].net == 12 and stats["E"].per_hour == 24
    assert stats["S"].per_hour == -8


@pytest.mark.parametrize("minutes", [0, 4])
def test_net_per_hour_is_not_said_for_a_few_minutes(minutes):
    hands = [played(1, "E0 E self ×2", minutes=0), played(2, "E1 draw", minutes=minutes)]
    assert {s.per_hour for s in evening(hands, "multiplier").values()} == {None}


def test_an_evening_of_one_hand_has_no_rate():
    assert evening(an_evening("E0 E self ×2"), "multiplier")["E"].per_hour is None


# --- a property on random evenings ---

OUTCOMES = st.one_of(
    st.just("draw"),
    st.tuples(st.sampled_from(SEATS), st.just("self"), st.sampled_from(["×1", "×2", "×8"])
              ).map(" ".join),
    st.tuples(st.permutations(SEATS), st.sampled_from(["discard", "rob_kong"]),
              st.sampled_from(["×1", "×4"])).map(
        lambda drawn: f"{drawn[0][0]} {drawn[1]} {drawn[0][1]} {drawn[2]}"),
)


@st.composite
def evenings(draw) -> list[PlayedHand]:
    outcomes = draw(st.lists(OUTCOMES, max_size=24))
    minutes = sorted(draw(st.lists(st.integers(0, 400), min_size=len(outcomes),
                                   max_size=len(outcomes))))
    paper = draw(st.lists(st.booleans(), min_size=len(outcomes), max_size=len(outcomes)))
    return [played(number, f"{draw(st.sampled_from(SEATS))}{draw(st.integers(0, 3))} "
                           f"{'paper ' if on_paper and outcome != 'draw' else ''}{outcome}",
                   minutes=at)
            for number, (outcome, at, on_paper) in enumerate(
                zip(outcomes, minutes, paper, strict=True), start=1)]


@given(evenings())
def test_the_counts_add_up_on_random_evenings(hands):
    stats = evening(hands, "multiplier").values()
    won = [hand for hand in hands if hand.kind == "win"]
    by_another = [hand for hand in won if hand.request["win_type"] in ("discard", "rob_kong")]
    assert sum(s.wins for s in stats) == len(won)
    assert all(s.self_draws + s.discard_wins == s.wins for s in stats)
    # dealt in only on a discard or a robbed kong, never by the winner, once a hand
    assert sum(s.dealt_in for s in stats) == sum(s.discard_wins for s in stats) == len(
        by_another)
    assert all(dealt_in(hand) is None for hand in hands if hand not in by_another)
    assert all(dealt_in(hand) not in (None, hand.request["winner"]) for hand in by_another)
    assert sum(s.net for s in stats) == 0
    rates = [s.per_hour for s in stats]
    assert rates == [None] * 4 or sum(rate or 0 for rate in rates) == 0
    for s in stats:
        assert s.biggest is None or hands[s.biggest.number - 1].request["winner"] == s.person


# --- the card on the pages ---

def stat_cells(response, stat: str) -> dict[str, str]:
    """The card's cells of one statistic, by seat, as text."""
    cells = re.findall(rf'data-stat="{stat}" data-seat="(\w)">(.*?)</td>',
                       response.content.decode(), flags=re.S)
    return {seat: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell)).strip()
            for seat, cell in cells}


@pytest.mark.django_db
def test_the_card_shows_on_the_edit_and_the_read_only_page(client):
    table = stored_table("jinhua")
    assert 'id="stats"' not in client.get(edit(table)).content.decode()  # no hands: no card

    for kind, fields in [
            ("win", {**PLAIN, "win_type": "self_draw", "winner": "S"}),
            ("win", {"win_type": "discard", "winner": "E", "discarder": "W",
                     "multiplier": 4}),  # a paper result
            ("draw", {})]:
        record(table, kind, fields)
    table.hands.filter(number=3).update(recorded=table.hands.get(number=1).recorded
                                        + timedelta(minutes=30))

    for page in (edit(table), f"/t/{table.view_token}/"):
        response = client.get(page)
        assert response.status_code == 200
        assert "The evening at a glance" in text(response)
        assert stat_cells(response, "wins") == {"E": "1", "S": "1", "W": "0", "N": "0"}
        assert stat_cells(response, "discard_wins") == {"E": "1", "S": "0", "W": "0",
                                                        "N": "0"}
        assert stat_cells(response, "dealt_in") == {"E": "0", "S": "0", "W": "1", "N": "0"}
        assert stat_cells(response, "biggest")["W"] == "—"
        assert stat_cells(response, "biggest")["E"] == "×4 #2"
        # the paper result links to its row; the scored hand to its working
        assert 'href="?page=1#hand-2" data-biggest="2"' in response.content.decode()
        scored = re.search(r'href="([^"]*)" data-biggest="1"', response.content.decode())
        assert scored and scored.group(1).startswith("/?")
        # Jinhua 轮庄: each of the three hands another dealer, at 平莊
        assert stat_cells(response, "streak") == {"E": "平莊", "S": "平莊", "W": "平莊",
                                                  "N": "—"}
        per_hour = stat_cells(response, "per_hour")
        nets = {seat: Decimal(table.hands.get(number=1).result["payments"][seat])
                + Decimal(table.hands.get(number=2).result["payments"][seat])
                for seat in SEATS}
        assert per_hour["W"] == f"\u2212{-nets['W'] * 2}"  # over half an hour


@pytest.mark.django_db
def test_a_honghe_biggest_hand_is_said_in_fan(client):
    table = stored_table("honghe")
    for fan in (3, 5, 2):
        record(table, "win", {"win_type": "self_draw", "winner": "S", "fan": fan})
    response = client.get(f"/t/{table.view_token}/")
    assert stat_cells(response, "biggest")["S"] == "5 番 #2"
    assert stat_cells(response, "self_draws")["S"] == "3"


# --- people, not seats (issue 30, item 3): a seat may change hands ---

def seated(hands: list[PlayedHand], *changes: str) -> list[PlayedHand]:
    """``hands`` with 甲乙丙丁 at the start and ``changes`` ("3 E 戊": from line 3, 东
    is 戊's) seated."""
    seating = Seating.of(dict(zip(SEATS, "甲乙丙丁", strict=True)), [
        {"from": int(first), "seat": seat, "name": name}
        for first, seat, name in (change.split() for change in changes)])
    return [replace(hand, seated=seating.at(hand.number)) for hand in hands]


def adjustment(number: int, dealer: str, streak: int, **amounts: int) -> PlayedHand:
    """An adjustment line (not a hand): ``amounts`` per seat, the others 0."""
    return PlayedHand(number=number, kind="adj", dealer=dealer, streak=streak,
                      request={"reason": "other", "note": "x", "amounts": {
                          seat: str(amounts.get(seat, 0)) for seat in SEATS}},
                      result=None, recorded=START + timedelta(minutes=10 * (number - 1)))


def test_the_stats_are_per_person_when_a_seat_changes_hands():
    # 甲 deals and wins twice; 戊 takes 东 from hand 3, mid-streak, and deals on;
    # between hands 3 and 4 an adjustment: 戊 pays 丁 3 — in the net, nowhere else
    hands = seated([*an_evening("E0 E self ×2", "E1 S discard E ×4", "E2 E self ×2"),
                    adjustment(4, "E", 3, E=-3, N=3), played(5, "E3 draw")], "3 E 戊")
    stats = evening(hands, "multiplier", ["戊", "乙", "丙", "丁", "甲"])
    assert list(stats) == ["戊", "乙", "丙", "丁", "甲"]
    assert {p: (s.wins, s.self_draws, s.dealt_in, s.longest_streak,
                s.biggest.number if s.biggest else None) for p, s in stats.items()} == {
        "甲": (1, 1, 1, 1, 1), "戊": (1, 1, 0, 1, 3), "乙": (1, 0, 0, None, 2),
        "丙": (0, 0, 0, None, None), "丁": (0, 0, 0, None, None)}
    paid = [hand.result["payments"] if hand.result else {} for hand in hands]
    assert stats["甲"].net == sum(Decimal(str(paid[n][("E")])) for n in (0, 1))
    assert stats["戊"].net == Decimal(str(paid[2]["E"])) - 3
    assert stats["丁"].net == sum(Decimal(str(p.get("N", 0))) for p in paid) + 3
    assert sum(s.net for s in stats.values()) == 0
    # 甲 sat for hands 1-2 (10 minutes apart); 戊 for 3-5 (20 minutes)
    assert stats["甲"].per_hour == stats["甲"].net * 6
    assert stats["戊"].per_hour == stats["戊"].net * 3


def test_someone_back_in_another_seat_is_one_person():
    hands = seated(an_evening("E0 S self ×1", "S0 W self ×1", "W0 W self ×1"),
                   "2 S 戊", "3 W 乙", "3 S 丙")
    stats = evening(hands, "multiplier")
    assert stats["乙"].wins == 2 and stats["丙"].wins == 1 and stats["戊"].wins == 0
    assert list(stats) == ["甲", "乙", "丙", "丁", "戊"]


@given(evenings(), st.lists(st.tuples(st.integers(1, 25), st.permutations("甲乙丙丁戊己")),
                            max_size=4))
def test_per_person_the_counts_and_the_nets_add_up(hands, changes):
    seating = Seating.of(dict(zip(SEATS, "甲乙丙丁", strict=True)), [])
    for first, names in changes:
        try:
            seating = seating.seated(first, dict(zip(SEATS, names, strict=False)),
                                     len(hands))
        except Refused:
            pass
    hands = [replace(hand, seated=seating.at(hand.number)) for hand in hands]
    stats = evening(hands, "multiplier").values()
    assert sum(s.wins for s in stats) == sum(1 for hand in hands if hand.kind == "win")
    assert sum(s.dealt_in for s in stats) == sum(s.discard_wins for s in stats)
    assert sum(s.net for s in stats) == 0
    for s in stats:
        assert s.biggest is None or hands[s.biggest.number - 1].who(
            hands[s.biggest.number - 1].request["winner"]) == s.person
