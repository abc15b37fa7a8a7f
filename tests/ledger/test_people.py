"""People, not seats (issue 30, item 3): ``ledger.people`` says who sat in each seat at
each line — one line per case; properties on random evenings with random seat changes
and adjustments (each person's net is the sum of their lines' payments, the nets sum to
zero, the settle-up keeps every person's net in at most people − 1 transfers); and the
people page, the sheet, the settle-up, the stats and the CSV per person."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from ledger.models import Table
from ledger.people import Refused, Seating, lines_read, nets
from ledger.rotation import replay
from ledger.settle import settle
from tests.helpers import SEATS
from tests.ledger.pages import PLAIN, edit, new_table, phone, record, stored_table, text

START = {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}


def seating(*changes: str) -> Seating:
    """The start's four 甲乙丙丁 and ``changes`` written "21 N 戊" (from line 21, 北 is 戊)."""
    entries = []
    for change in changes:
        first, seat, name = change.split()
        entries.append({"from": int(first), "seat": seat, "name": name})
    return Seating.of(START, entries)


def four(at: dict[str, str]) -> str:
    return "".join(at[seat] for seat in SEATS)


def changes_written(seated: Seating) -> list[str]:
    """The seating's changes as ``seating()`` writes them."""
    return [f"{c.first} {c.seat} {c.name}" for c in seated.changes]


def outcome(change: Callable[[], Seating], read: Callable[[Seating], object]) -> object:
    """What ``read`` finds in the seating ``change()`` makes, or the code of its refusal."""
    try:
        after = change()
    except Refused as refused:
        return refused.code
    return read(after)


# --- who sits where: one line per case ---

# changes → line → the four at that line (E S W N)
AT = [
    ((), 1, "甲乙丙丁"),
    ((), 500, "甲乙丙丁"),
    (("21 N 戊",), 20, "甲乙丙丁"),
    (("21 N 戊",), 21, "甲乙丙戊"),
    (("21 N 戊", "31 N 丁"), 31, "甲乙丙丁"),  # 丁 back
    (("21 N 戊", "21 N 己"), 25, "甲乙丙己"),  # the later entry for the same line wins
    (("11 E 乙", "11 S 甲"), 11, "乙甲丙丁"),  # a swap
]


@pytest.mark.parametrize(("changes", "line", "expected"), AT)
def test_who_sits_where_at_a_line(changes, line, expected):
    assert four(seating(*changes).at(line)) == expected


# changes, lines played → each stint "person seat first-last"
STINTS = [
    ((), 0, ["甲 E 1-0", "乙 S 1-0", "丙 W 1-0", "丁 N 1-0"]),
    ((), 4, ["甲 E 1-4", "乙 S 1-4", "丙 W 1-4", "丁 N 1-4"]),
    (("3 N 戊",), 4, ["甲 E 1-4", "乙 S 1-4", "丙 W 1-4", "丁 N 1-2", "戊 N 3-4"]),
    # seated for the next line: there, with no line yet
    (("5 N 戊",), 4, ["甲 E 1-4", "乙 S 1-4", "丙 W 1-4", "丁 N 1-4", "戊 N 5-4"]),
    # a change after the next line (the table was undone back past it): not yet
    (("9 N 戊",), 4, ["甲 E 1-4", "乙 S 1-4", "丙 W 1-4", "丁 N 1-4"]),
    (("2 N 戊", "4 N 丁"), 5,
     ["甲 E 1-5", "乙 S 1-5", "丙 W 1-5", "丁 N 1-1", "戊 N 2-3", "丁 N 4-5"]),
    (("3 E 乙", "3 S 甲"), 4, ["甲 E 1-2", "乙 E 3-4", "乙 S 1-2", "甲 S 3-4",
                               "丙 W 1-4", "丁 N 1-4"]),
]


@pytest.mark.parametrize(("changes", "count", "expected"), STINTS)
def test_stints(changes, count, expected):
    assert [f"{s.person} {s.seat} {s.first}-{s.last}"
            for s in seating(*changes).stints(count)] == expected


def test_a_person_s_net_reads_two_totals_a_stint():
    stints = seating("3 N 戊").stints(4)
    assert lines_read(stints) == {0, 2, 4}
    totals = {2: {"E": 4, "S": 0, "W": 0, "N": -4}, 4: {"E": 10, "S": 0, "W": -4, "N": -6}}
    assert nets(stints, totals) == {"甲": 10, "乙": 0, "丙": -4, "丁": -4, "戊": -2}


# changes, the seat change asked (from, "E S W N" names), lines played → the changes
# after it (as seating() writes them), or the refusal's (code, name, seat, line)
SEATED = [
    ((), (21, "甲 乙 丙 戊"), 20, ["21 N 戊"]),
    ((), (1, "甲 乙 丙 戊"), 20, []),  # line 1: the start's four change (below)
    ((), (11, "乙 甲 丙 丁"), 20, ["11 E 乙", "11 S 甲"]),  # a swap, in one step
    (("21 N 戊",), (21, "甲 乙 丙 己"), 20, ["21 N 己"]),  # the same line: replaced
    (("21 N 戊",), (21, "甲 乙 丙 丁"), 20, []),  # back as it was: the change is gone
    (("21 N 戊",), (25, "甲 乙 丙 丁"), 30, ["21 N 戊", "25 N 丁"]),  # 丁 back
    # a change that changes nothing later is dropped: 戊 sits at 北 from 21 already
    (("25 N 戊",), (21, "甲 乙 丙 戊"), 30, ["21 N 戊"]),
    ((), (21, "甲 乙 丙 乙"), 20, ("clash", "乙", "N", 21)),
    ((), (21, "甲 乙 丙 丁"), 20, ("same", "", "", 21)),
    ((), (22, "甲 乙 丙 戊"), 20, ("no_line", "", "", 22)),
    ((), (0, "甲 乙 丙 戊"), 20, ("no_line", "", "", 0)),
    ((), (21, "甲 乙 丙  "), 20, ("empty", "", "", 0)),
    ((), (21, "甲 乙 丙 " + "长" * 31), 20, ("too_long", "长" * 31, "", 0)),
    # 戊 comes at 北 from 21, then at 东 from 25 — while still at 北
    (("25 E 戊",), (21, "甲 乙 丙 戊"), 30, ("clash", "戊", "E", 25)),
]


@pytest.mark.parametrize(("changes", "asked", "count", "expected"), SEATED)
def test_seating_someone_from_a_line_on(changes, asked, count, expected):
    first, names = asked
    given_names = dict(zip(SEATS, names.split(" ") if "  " not in names
                           else [*names.split(" ")[:3], " "], strict=True))
    try:
        after = seating(*changes).seated(first, given_names, count)
    except Refused as refused:
        assert (refused.code, refused.name, refused.seat, refused.line) == expected
    else:
        assert changes_written(after) == expected
        assert four(after.at(first)) == names.replace(" ", "")


def test_seating_from_line_one_changes_the_start():
    after = seating().seated(1, {"E": "甲", "S": "乙", "W": "丙", "N": "戊"}, 0)
    assert four(after.start) == "甲乙丙戊" and after.changes == ()


# changes, (old, new) → the people after, or the refusal's code
RENAMED = [
    ((), ("丁", "小丁"), ["甲", "乙", "丙", "小丁"]),
    (("21 N 戊",), ("戊", "小戊"), ["甲", "乙", "丙", "丁", "小戊"]),
    (("21 N 戊", "31 E 丁"), ("丁", "老丁"), ["甲", "乙", "丙", "老丁", "戊"]),
    ((), ("丁", "  小  丁 "), ["甲", "乙", "丙", "小 丁"]),  # spaces as one
    ((), ("丁", "丁"), ["甲", "乙", "丙", "丁"]),  # the same name: nothing changes
    ((), ("丁", "甲"), "taken"),
    (("21 N 戊",), ("丁", "戊"), "taken"),  # 戊 left no trace of 丁: still another person
    ((), ("戊", "己"), "unknown"),
    ((), ("丁", ""), "empty"),
]


@pytest.mark.parametrize(("changes", "names", "expected"), RENAMED)
def test_renaming_a_person(changes, names, expected):
    assert outcome(lambda: seating(*changes).renamed(*names), Seating.people) == expected


def test_a_renamed_person_is_renamed_in_every_seat_they_sat():
    after = seating("21 N 戊", "31 E 丁").renamed("丁", "老丁")
    assert four(after.at(1)) == "甲乙丙老丁" and four(after.at(31)) == "老丁乙丙戊"


# changes, the change taken back (from, seat) → the changes after, or the refusal's code
WITHOUT = [
    (("21 N 戊",), (21, "N"), []),
    (("21 N 戊", "31 N 丁"), (21, "N"), []),  # 丁 back at 31 is no change any more
    (("21 N 戊", "31 N 己"), (21, "N"), ["31 N 己"]),
    # 丁 moved to 东 at 21 when 戊 took 北: without 戊, 丁 would sit at both
    (("21 N 戊", "21 E 丁"), (21, "N"), "clash"),
]


@pytest.mark.parametrize(("changes", "taken_back", "expected"), WITHOUT)
def test_taking_a_seat_change_back(changes, taken_back, expected):
    assert outcome(lambda: seating(*changes).without(*taken_back), changes_written) == expected


def test_the_json_the_table_keeps_reads_back_the_same():
    kept = seating("21 N 戊", "11 E 乙", "11 S 甲")
    assert Seating.of(START, kept.to_json()) == kept
    assert kept.to_json()[0] == {"from": 11, "seat": "E", "name": "乙"}


# --- properties: random evenings, random seat changes, adjustments ---

NAMES = "甲乙丙丁戊己庚"
AMOUNTS = st.integers(-40, 40).map(lambda n: Decimal(n) / 2)


@st.composite
def lines(draw) -> dict:
    """A line: a win (made-up payments summing to zero), a draw or an adjustment."""
    kind = draw(st.sampled_from(["win", "draw", "adj"]))
    if kind == "draw":
        return {"kind": "draw", "request": {}, "result": None}
    paid = [draw(AMOUNTS) for _ in SEATS[:-1]]
    paid.append(-sum(paid))
    amounts = dict(zip(SEATS, paid, strict=True))
    if kind == "adj":
        return {"kind": "adj", "request": {"reason": "other", "note": "x", "amounts": {
            seat: str(amount) for seat, amount in amounts.items()}}, "result": None}
    return {"kind": "win", "request": {"winner": draw(st.sampled_from(SEATS))},
            "result": {"payments": {seat: float(a) for seat, a in amounts.items()}}}


@st.composite
def evenings(draw):
    """Lines and a seating made by random seat changes (those refused left out)."""
    played = draw(st.lists(lines(), max_size=30))
    count = len(played)
    seated = Seating.of(START, [])
    for _ in range(draw(st.integers(0, 6))):
        first = draw(st.integers(1, count + 1))
        names = dict(zip(SEATS, draw(st.permutations(NAMES))[:4], strict=True))
        try:
            seated = seated.seated(first, names, count)
        except Refused:
            pass
    hands = [SimpleNamespace(number=n, **line) for n, line in enumerate(played, start=1)]
    return replay("jinhua", "E", hands, {}), seated


@given(evenings())
def test_a_person_s_net_is_the_sum_of_their_lines(evening):
    ledger, seated = evening
    count = len(ledger.entries)
    by_line: dict[str, Decimal] = {}
    for entry in ledger.entries:
        for seat, person in seated.at(entry.number).items():
            by_line[person] = by_line.get(person, Decimal(0)) + entry.payments[seat]
    stints = seated.stints(count)
    totals = {entry.number: entry.totals for entry in ledger.entries}
    by_stint = nets(stints, {n: totals[n] for n in lines_read(stints) if n})
    assert sum(by_stint.values()) == 0
    assert {p: n for p, n in by_stint.items() if n} == {p: n for p, n in by_line.items() if n}
    # everyone seated for the next line is someone with a net (zero, before playing)
    assert set(seated.at(count + 1).values()) <= set(by_stint)
    # never one person in two seats at once
    assert all(len(set(seated.at(line).values())) == 4 for line in range(1, count + 2))


@given(evenings())
def test_the_settle_up_per_person_keeps_every_net_in_few_transfers(evening):
    ledger, seated = evening
    stints = seated.stints(len(ledger.entries))
    by_person = nets(stints, {e.number: e.totals for e in ledger.entries})
    transfers = settle(by_person)
    assert len(transfers) <= max(len(by_person) - 1, 0)
    held = dict.fromkeys(by_person, Fraction(0))
    for transfer in transfers:
        held[transfer.payer] -= transfer.amount
        held[transfer.payee] += transfer.amount
    assert held == {person: Fraction(net) for person, net in by_person.items()}


# --- the pages ---

@pytest.fixture
def table(db) -> Table:
    return stored_table(name="Friday")


def seat_from(client: Client, table: Table, first: int, names: str, seen=None,
              shown_from=None):
    """Post the seats form as a phone does: ``names`` from hand ``first``, drawn for hand
    ``shown_from`` (else ``first``) from the seating ``seen`` (``Seating.stamp``, else
    the table's now)."""
    table.refresh_from_db()
    seen = seen or drawn_from(table)
    return client.post(edit(table, "people"), {
        "action": "seat", "first": first, "shown_from": shown_from or first, "seen": seen,
        **{f"name_{seat}": name for seat, name in zip(SEATS, names.split(), strict=True)}})


def an_evening_with_a_newcomer(client: Client, table: Table) -> None:
    """S self-draws (Ann the dealer pays 2, Cy and Di 1); Di leaves; Eve sits 北 from
    line 2; Eve pays Bo 3 in an adjustment; Bo (the dealer now) self-draws again (2 from
    each): Ann −4, Bo +13, Cy −3, Eve −5, Di −1."""
    record(table, "win", {**PLAIN, "winner": "S"})
    assert seat_from(client, table, 2, "Ann Bo Cy Eve").status_code == 302
    record(table, "adj", {"reason": "other", "note": "side bet",
                          "amounts": {"E": "0", "S": "3", "W": "0", "N": "-3"}})
    record(table, "win", {**PLAIN, "winner": "S"})


@pytest.mark.ledger
@pytest.mark.django_db
def test_the_people_page_needs_the_edit_token(client, table):
    assert client.get(edit(table, "people")).status_code == 200
    wrong = f"/t/{table.view_token}/e/{'x' * 22}/people"
    assert client.get(wrong).status_code == 403
    assert client.post(wrong, {"action": "rename", "person": "Ann",
                               "new_name": "An"}).status_code == 403
    assert client.get(f"/t/{table.view_token}/people").status_code == 404
    table.refresh_from_db()
    assert table.player_e == "Ann"


@pytest.mark.ledger
@pytest.mark.django_db
def test_a_rename_changes_the_name_everywhere_and_moves_no_version(client, table):
    record(table, "win", {**PLAIN, "winner": "S"})
    seat_from(client, table, 2, "Ann Bo Cy Eve")
    table.refresh_from_db()
    version = table.version
    response = client.post(edit(table, "people"), {"action": "rename", "person": "Eve",
                                                    "new_name": "Evelyn"})
    assert response.status_code == 302 and response.url == edit(table, "people")
    table.refresh_from_db()
    assert table.seatings == [{"from": 2, "seat": "N", "name": "Evelyn"}]
    assert table.version == version
    assert "Eve is now called Evelyn." in text(client.get(edit(table, "people")))
    client.post(edit(table, "people"), {"action": "rename", "person": "Bo",
                                        "new_name": "Bob"})
    table.refresh_from_db()
    assert table.player_s == "Bob"
    assert "Bob self-draw" in text(client.get(f"/t/{table.view_token}/"))


# the seats form's hidden part as the page draws it for hand 2 of the table below
SHOWN_AT_2 = {"shown_from": "2", "seen": Seating(start=dict(zip(SEATS, ["Ann", "Bo", "Cy", "Di"],
                                                                strict=True))).stamp(1)}


@pytest.mark.ledger
@pytest.mark.django_db
@pytest.mark.parametrize(("posted", "field", "message"), [
    ({"action": "rename", "person": "Di", "new_name": "Ann"}, "new_name",
     "Ann is another player at this table: give another name."),
    ({"action": "rename", "person": "Di", "new_name": " "}, "new_name", ""),
    ({"action": "rename", "person": "Zed", "new_name": "Z"}, "person", ""),
    ({**SHOWN_AT_2, "action": "seat", "first": "2", "name_E": "Ann", "name_S": "Bo", "name_W": "Cy",
      "name_N": "Ann"}, "name_N",
     "Ann sits at another seat at hand 2 too: a player sits in one seat at a time."),
    ({**SHOWN_AT_2, "action": "seat", "first": "9", "name_E": "Ann", "name_S": "Bo", "name_W": "Cy",
      "name_N": "Eve"}, "first", "Choose a hand from 1 to 2 (the next hand)."),
    ({**SHOWN_AT_2, "action": "seat", "first": "x", "name_E": "Ann", "name_S": "Bo", "name_W": "Cy",
      "name_N": "Eve"}, "first", ""),
])
def test_a_refused_change_says_why_beside_its_field_and_writes_nothing(
        client, table, posted, field, message):
    record(table, "win", {**PLAIN, "winner": "S"})
    response = client.post(edit(table, "people"), posted)
    assert response.status_code == 400
    page = response.content.decode()
    assert f'id="id_{field}_error"' in page or f"id_{field}_error" in page, page[-3000:]
    assert message in text(response)
    table.refresh_from_db()
    assert (table.names, table.seatings) == ({"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"},
                                             [])


@pytest.mark.ledger
@pytest.mark.django_db
def test_nothing_changed_is_said_above_the_form(client, table):
    response = seat_from(client, table, 1, "Ann Bo Cy Di")
    assert response.status_code == 400
    assert "From hand 1, these four sit there already: change a name first." in text(response)


@pytest.mark.ledger
@pytest.mark.django_db
def test_two_phones_changes_do_not_lose_each_other(client, table):
    """Each write reads the seating under the table's lock: the second phone's page was
    drawn before the first wrote, and both changes stay."""
    other = phone()
    record(table, "win", {**PLAIN, "winner": "S"})
    other.get(edit(table, "people"))
    seat_from(client, table, 2, "Ann Bo Cy Eve")
    assert other.post(edit(table, "people"), {"action": "rename", "person": "Ann",
                                              "new_name": "An"}).status_code == 302
    table.refresh_from_db()
    assert table.player_e == "An" and table.seatings == [{"from": 2, "seat": "N",
                                                          "name": "Eve"}]


@pytest.mark.ledger
@pytest.mark.django_db
def test_a_seat_change_is_taken_back(client, table):
    record(table, "win", {**PLAIN, "winner": "S"})
    seat_from(client, table, 2, "Ann Bo Cy Eve")
    page = client.get(edit(table, "people")).content.decode()
    assert 'data-change="2-N"' in page
    response = client.post(edit(table, "people"), {"action": "remove", "first": "2",
                                                    "seat": "N", "name": "Eve"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.seatings == []
    # again (another phone's page): said, nothing changes
    client.post(edit(table, "people"), {"action": "remove", "first": "2", "seat": "N",
                                        "name": "Eve"})
    assert "That seat change is not there any more." in text(client.get(edit(table,
                                                                            "people")))


@pytest.mark.ledger
@pytest.mark.django_db
def test_the_sheet_the_settle_up_and_the_stats_are_per_person(client, table):
    an_evening_with_a_newcomer(client, table)
    for page in (edit(table), f"/t/{table.view_token}/"):
        response = client.get(page)
        html = response.content.decode()
        said = text(response)
        # each line names the people seated then
        assert "#1 dealer Ann" in said and "#3 dealer Bo" in said
        # the cards: the four seated now, each with their own net
        assert re.search(r'data-total="N">\s*−5\s*<', html), "Eve's own net"
        # everyone's own net: Di left after hand 1 with −1
        people = dict(re.findall(r'data-person="([^"]+)">.*?data-person-total>([^<]+)<',
                                 html, flags=re.S))
        assert people == {"Ann": "−4", "Bo": "+13", "Cy": "−3", "Eve": "−5", "Di": "−1"}
        assert "From hand 2: Eve sits at 北 N" in said
        # the settle-up: per person, the one who left by name
        transfers = re.findall(r"<li[^>]*data-transfer>([^<]+)</li>", html)
        assert transfers == ["北 N Eve → 南 S Bo: 5 points", "東 E Ann → 南 S Bo: 4 points",
                             "西 W Cy → 南 S Bo: 3 points", "Di → 南 S Bo: 1 point"]
        # the stats: a column per person, Di's marked as left
        wins = dict(re.findall(r'data-person="([^"]+)" data-stat="wins"[^>]*>(\d+)<', html))
        assert wins == {"Ann": "0", "Bo": "2", "Cy": "0", "Di": "0", "Eve": "0"}
        assert 'data-person="Di" data-stat="wins" data-seat=""' in html
        # the chart: a line per seat, named by who sat there in turn
        assert "Di → Eve: -6" in html  # the seat's total: −1 − 5
    read_only = client.get(f"/t/{table.view_token}/").content.decode()
    assert "data-people-link" not in read_only and table.edit_token not in read_only
    assert "data-people-link" in client.get(edit(table)).content.decode()


@pytest.mark.ledger
@pytest.mark.django_db
def test_the_csv_says_who_sat_where_the_adjustment_and_the_settle_up(client, table):
    an_evening_with_a_newcomer(client, table)
    body = client.get(f"/t/{table.view_token}/ledger.csv").content.decode()
    rows = list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))
    header, first, adjustment, third = rows[:4]
    assert header[-4:] == ["東 E, player", "南 S, player", "西 W, player", "北 N, player"]
    assert header[-12] == "東 E, this hand"
    assert first[-4:] == ["Ann", "Bo", "Cy", "Di"] and third[-4:] == ["Ann", "Bo", "Cy", "Eve"]
    assert adjustment[:3] == ["2", "Adjustment: side bet", ""]
    assert adjustment[-12:-8] == ["0", "3", "0", "-3"]
    settle_start = rows.index(["Payer", "Payee", "Points", "Money (yuan)"])
    assert rows[settle_start + 1:settle_start + 5] == [
        ["北 N Eve", "南 S Bo", "5", ""], ["東 E Ann", "南 S Bo", "4", ""],
        ["西 W Cy", "南 S Bo", "3", ""], ["Di", "南 S Bo", "1", ""]]
    people = rows[rows.index(["Who sat where"]) + 2:]
    assert people == [["Ann", "東 E #1–3", "-4"], ["Bo", "南 S #1–3", "13"],
                      ["Cy", "西 W #1–3", "-3"], ["Eve", "北 N #2–3", "-5"],
                      ["Di", "北 N #1", "-1"]]


@pytest.mark.ledger
@pytest.mark.django_db
def test_a_table_whose_four_never_changed_keeps_its_csv_columns(client, table):
    record(table, "win", {**PLAIN, "winner": "S"})
    body = client.get(f"/t/{table.view_token}/ledger.csv").content.decode()
    header = next(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))
    assert header[-1] == "Di (北 N), total"


@pytest.mark.ledger
@pytest.mark.django_db
def test_the_next_hand_s_forms_name_who_sits_now(client, table):
    record(table, "win", {**PLAIN, "winner": "S"})
    seat_from(client, table, 2, "Ann Bo Cy Eve")
    page = client.get(edit(table)).content.decode()
    assert '"N": "Eve"' in page.replace("&quot;", '"')  # the offline chain's names


def _mine(html: str) -> str:
    """The parts of a ledger page this feature draws: the by-player card, the rows'
    seat-change marks, the settle-up and the stats."""
    parts = re.findall(r'<section[^>]*data-by-person.*?</section>|<div[^>]*data-seat-change'
                       r'.*?</div>|<section[^>]*data-settle.*?</section>|<section[^>]*'
                       r'data-stats.*?</section>|<a[^>]*data-people-link.*?</a>', html,
                       flags=re.S)
    return "".join(parts)


@pytest.mark.ledger
@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_the_people_page_and_the_sheet_speak_chinese(table, language):
    """No English word (the players' own names aside: they are 甲乙丙丁 here), and no
    Traditional character on a 简体 page."""
    from tests.words import TRADITIONAL, english_words, seen

    Table.objects.filter(pk=table.pk).update(name="周五", player_e="甲", player_s="乙",
                                             player_w="丙", player_n="丁")
    client = Client(headers={"Accept-Language": language})
    client.cookies["django_language"] = language
    record(table, "win", {**PLAIN, "winner": "S"})
    seat_from(client, table, 2, "甲 乙 丙 戊")
    record(table, "draw")
    pages = [client.get(edit(table, "people")).content.decode(),
             seat_from(client, table, 3, "甲 乙 丙 甲").content.decode(),  # a refusal
             _mine(client.get(edit(table)).content.decode())]
    assert "data-by-person" in pages[2] and "data-seat-change" in pages[2]
    for html in pages:
        assert not english_words(html), english_words(html)
        if language == "zh-hans":
            assert not {ch for chunk in seen(html) for ch in chunk if ch in TRADITIONAL}


@pytest.mark.ledger
@pytest.mark.django_db
def test_the_seats_form_shows_the_four_at_the_hand_asked(client, table):
    record(table, "win", {**PLAIN, "winner": "S"})
    record(table, "draw")
    seat_from(client, table, 2, "Ann Bo Cy Eve")
    form = client.get(edit(table, "people")).context["seats_form"]
    assert (form["first"].value(), form["name_N"].value()) == (3, "Eve")  # the next hand
    form = client.get(edit(table, "people") + "?from=1").context["seats_form"]
    assert (form["first"].value(), form["name_N"].value()) == (1, "Di")
    form = client.get(edit(table, "people") + "?from=99").context["seats_form"]
    assert form["first"].value() == 3


@pytest.mark.django_db
@pytest.mark.parametrize("form", ["win", "result", "adjust"])
def test_a_hands_form_names_the_people_seated_at_that_hand(client, form):
    table = new_table(client)
    table.seatings = [{"from": 1, "seat": "N", "name": "Eve"}]
    table.save()
    page = client.get(f"/t/{table.view_token}/e/{table.edit_token}/hand/1/{form}")
    text = page.content.decode()
    assert re.search(r"\bEve\b", text) and not re.search(r"\bDi\b", text)


STALE_WORDS = ("Someone changed who sits where, or recorded a hand, meanwhile. Here is the "
               "seating now: make your change again.")


def drawn_from(table: Table) -> str:
    """The stamp a people page drawn now carries (``Seating.stamp``)."""
    table.refresh_from_db()
    return table.seating.stamp(table.hands.count())


@pytest.mark.ledger
@pytest.mark.django_db
@pytest.mark.parametrize("first_phone", [
    lambda client, table: seat_from(client, table, 2, "Eve Bo Cy Di"),  # a newcomer at 2
    lambda client, table: seat_from(client, table, 1, "Ann Bo Cy Fay"),  # a change before 2
    lambda client, table: client.post(edit(table, "people"), {  # a rename
        "action": "rename", "person": "Ann", "new_name": "Anna"}),
])
def test_a_seats_form_drawn_before_another_phone_wrote_is_turned_away(
        client, table, first_phone):
    """Phone B's page showed Ann Bo Cy Di at hand 2; phone A changed the seating since:
    B's four are not written over A's change, B is told and shown the seating now."""
    record(table, "win", {**PLAIN, "winner": "S"})
    seen = drawn_from(table)
    assert first_phone(client, table).status_code == 302
    table.refresh_from_db()
    before = (table.names, table.seatings)
    other = phone()
    response = seat_from(other, table, 2, "Ann Bo Gus Di", seen=seen)
    assert response.status_code == 400
    assert STALE_WORDS in text(response)
    now = table.seating.at(2)
    assert all(f'value="{now[seat]}"' in response.content.decode() for seat in SEATS)
    table.refresh_from_db()
    assert (table.names, table.seatings) == before


@pytest.mark.ledger
@pytest.mark.django_db
def test_any_change_since_the_page_was_drawn_turns_the_seats_form_away(client, table):
    """Phone A seats Eve from hand 5, then a hand is recorded; phone B's form, drawn
    before either, is turned away both times, whichever hand it names."""
    for _ in range(6):
        record(table, "win", {**PLAIN, "winner": "S"})
    seen = drawn_from(table)
    assert seat_from(client, table, 5, "Eve Bo Cy Di").status_code == 302
    other = phone()
    assert STALE_WORDS in text(seat_from(other, table, 3, "Ann Bo Cy Fay", seen=seen))
    seen = drawn_from(table)
    record(table, "win", {**PLAIN, "winner": "S"})  # hand 7, which the page named next
    assert STALE_WORDS in text(seat_from(other, table, 7, "Eve Bo Cy Fay", seen=seen))
    table.refresh_from_db()
    assert table.seatings == [{"from": 5, "seat": "E", "name": "Eve"}]


@pytest.mark.ledger
@pytest.mark.django_db
def test_names_posted_for_another_hand_than_drawn_for_are_drawn_again(client, table):
    """The page showed hand 7's four; the player typed 3 in "From hand" and saved: the
    four of hand 7 are not written from hand 3, the form shows hand 3's."""
    for _ in range(6):
        record(table, "win", {**PLAIN, "winner": "S"})
    seat_from(client, table, 3, "Ann Bo Cy Gus")
    response = seat_from(client, table, 3, "Fay Bo Cy Ann", shown_from=7)
    assert response.status_code == 400
    assert "Here is who sits at hand 3: change a name and save again." in text(response)
    assert 'value="Gus"' in response.content.decode()
    table.refresh_from_db()
    assert table.seatings == [{"from": 3, "seat": "N", "name": "Gus"}]


@pytest.mark.ledger
@pytest.mark.django_db
def test_take_back_names_the_change_it_takes_back(client, table):
    """Phone B's "Take back" for Eve at 北 from hand 2 does not take back Fay, whom phone
    A seated there since."""
    record(table, "win", {**PLAIN, "winner": "S"})
    seat_from(client, table, 2, "Ann Bo Cy Eve")
    seat_from(client, table, 2, "Ann Bo Cy Fay")
    client.post(edit(table, "people"), {"action": "remove", "first": "2", "seat": "N",
                                        "name": "Eve"})
    table.refresh_from_db()
    assert table.seatings == [{"from": 2, "seat": "N", "name": "Fay"}]
    assert "That seat change is not there any more." in text(client.get(edit(table,
                                                                            "people")))


@pytest.mark.ledger
@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["Lao  Wang", " Lao Wang ", "Lao\u3000Wang", "Lao\tWang"])
def test_a_name_typed_with_other_spaces_is_the_same_person(client, typed):
    """Two spaces, a full-width space (a Chinese keyboard's) or a tab between the words
    of a name: one person, on the new-table form and on the seats form alike."""
    table = new_table(client, player_e=typed)
    assert table.player_e == "Lao Wang"
    record(table, "win", {**PLAIN, "winner": "E"})
    response = client.post(edit(table, "people"), {
        "action": "seat", "first": "2", "shown_from": "2", "seen": drawn_from(table),
        "name_E": typed, "name_S": "Bo", "name_W": "Cy", "name_N": "Eve"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.seatings == [{"from": 2, "seat": "N", "name": "Eve"}]
    assert [person["name"] for person in client.get(edit(table)).context["people"]] == [
        "Lao Wang", "Bo", "Cy", "Eve", "Di"]


@pytest.mark.ledger
@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path", "posted"), [
    ("get", "people?from=" + "1" * 5000, None),
    ("get", "people?from=" + "9" * 20, None),
    ("post", "people", {"action": "remove", "first": "1" * 5000, "seat": "N", "name": "Eve"}),
    ("post", "people", {**SHOWN_AT_2, "action": "seat", "first": "1" * 5000, "name_E": "A",
                        "name_S": "B", "name_W": "C", "name_N": "D"}),
    ("post", "people", {"shown_from": "1" * 5000, "action": "seat", "first": "2",
                        "name_E": "A", "name_S": "B", "name_W": "C", "name_N": "D"}),
    ("post", "people", {"action": "seat", "first": "2"}),
    ("post", "people", {"action": "rename"}),
    ("post", "people", {"action": "remove", "first": "2", "seat": "Q"}),
])
def test_any_number_or_none_is_answered_not_a_500(client, table, method, path, posted):
    record(table, "win", {**PLAIN, "winner": "S"})
    seat_from(client, table, 2, "Ann Bo Cy Eve")
    response = getattr(client, method)(edit(table, path), posted)
    assert response.status_code in (200, 302, 400)
