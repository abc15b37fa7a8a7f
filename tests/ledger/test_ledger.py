"""The table ledger's rules and storage: rotation, history, totals, recording, changing
and undoing hands (ledger.rotation, ledger.export, ledger.store).

Hands are written one per line as ``(kind, winner, how, discarder)`` over a plain hand
that wins in every region (``PLAIN``): ×1 in Hangzhou, 平胡 in Jinhua, 0 番 in Honghe.
These tests also run against PostgreSQL in CI (``make test-postgres``).
"""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import store
from ledger.export import SEAT_SHIFT, chart, to_csv
from ledger.models import Hand, Table
from ledger.rotation import Position, advance, compose, replay, start
from rules.region import next_seat
from tests.helpers import SEATS, ledger_undo, ledger_write
from tests.ledger.pages import record, stored_table

pytestmark = pytest.mark.ledger

WILD = {"honghe": "9m", "hangzhou": None, "jinhua": "6s"}


def win(winner, how="self_draw", discarder=None, region="hangzhou", wild=None, **extra):
    """A win's hand fields: 123m 456p 789s 234s 7z + 7z (no wild in it)."""
    fields = {"hand": "123m456p789s234s7z", "win_tile": "7z", "win_type": how,
              "winner": winner, "discarder": discarder}
    wild = wild or WILD[region]
    if wild:
        fields["wild"] = wild
    fields.update(extra)
    return fields


def hands(*rows):
    """Hands for ``replay``: ``("win", fields)`` or ``("draw", {"wild": …})``."""
    return [SimpleNamespace(number=n, kind=kind, request=request,
                            result={"payments": payments} if payments else None)
            for n, (kind, request, payments) in enumerate(rows, start=1)]


# --- rotation: (region, dealer before, streak before, kind, winner) → dealer, streak ---

ROTATION = [
    # Hangzhou (hangzhou.txt:92-98): dealer wins or draw → keeps the seat, streak grows;
    # another player wins → that player deals (搶莊) at 平莊.
    ("hangzhou", "E", 0, "win", "E", "E", 1),
    ("hangzhou", "E", 2, "win", "E", "E", 3),
    ("hangzhou", "E", 0, "draw", None, "E", 1),
    ("hangzhou", "E", 3, "win", "W", "W", 0),
    ("hangzhou", "S", 1, "win", "E", "E", 0),
    ("hangzhou", "N", 0, "win", "S", "S", 0),
    # Jinhua (jinhua.txt:5 实行轮庄制; RULEBOOK §7): the deal passes every hand, won or drawn
    ("jinhua", "S", 0, "win", "S", "W", 0),
    ("jinhua", "S", 0, "win", "N", "W", 0),
    ("jinhua", "W", 0, "draw", None, "N", 0),
    ("jinhua", "N", 0, "win", "E", "E", 0),
]
# Honghe (honghe.txt:19), and Jinhua under jinhua_dealer keep_on_win_or_draw (RULEBOOK §7),
# one rule: dealer wins or draw → keeps; else the next seat deals. Each line holds for both.
KEEP_ON_WIN_OR_DRAW = [
    ("E", 0, "win", "E", "E", 1),
    ("E", 1, "draw", None, "E", 2),
    ("E", 2, "win", "W", "S", 0),
    ("N", 0, "win", "S", "E", 0),
    ("S", 0, "win", "S", "S", 1),
    ("S", 4, "win", "N", "W", 0),
    ("W", 0, "draw", None, "W", 1),
    ("N", 2, "win", "E", "E", 0),
]
# a region and, after a space, its house rules' values
TABLE_RULES = {"keep": {"jinhua_dealer": "keep_on_win_or_draw"}}


def _region_and_rules(spec: str) -> tuple[str, dict]:
    region, _, rules = spec.partition(" ")
    return region, TABLE_RULES.get(rules, {})


@pytest.mark.parametrize("region, dealer, streak, kind, winner, new_dealer, new_streak",
                         ROTATION + [(region, *line) for region in ("honghe", "jinhua keep")
                                     for line in KEEP_ON_WIN_OR_DRAW])
def test_rotation(region, dealer, streak, kind, winner, new_dealer, new_streak):
    region, house_rules = _region_and_rules(region)
    before = Position(number=5, dealer=dealer, streak=streak, draws=0, previous_wild=None)
    request = win(winner, region=region) if kind == "win" else {}
    after = advance(region, before, kind, request, house_rules)
    assert (after.number, after.dealer, after.streak) == (6, new_dealer, new_streak)


# A Jinhua evening of five hands (E deals first): E wins, a draw, S wins, E wins, a draw.
JINHUA_EVENING = [("win", "E"), ("draw", None), ("win", "S"), ("win", "E"), ("draw", None)]


@pytest.mark.parametrize(("house_rules", "dealers"), [
    ({}, "ESWNE" + "S"),  # 轮庄: the deal passes every hand
    ({"jinhua_dealer": "rotate"}, "ESWNES"),
    # kept on E's win and the draws; after S's and E's wins the next seat deals
    ({"jinhua_dealer": "keep_on_win_or_draw"}, "EEESWW"),
])
def test_a_jinhua_evening_deals_by_the_tables_rotation(house_rules, dealers):
    ledger = replay("jinhua", "E", hands(*[
        (kind, win(winner, region="jinhua") if winner else {}, None)
        for kind, winner in JINHUA_EVENING]), house_rules)
    assert "".join(e.before.dealer for e in ledger.entries) + ledger.position.dealer == dealers


def test_next_seat_goes_round_the_table():
    assert [next_seat(s) for s in SEATS] == ["S", "W", "N", "E"]


def test_draws_count_until_a_win_and_the_wild_carries_over():
    position = start("E")
    position = advance("honghe", position, "draw", {"wild": "3p"}, {})
    position = advance("honghe", position, "draw", {}, {})
    assert (position.draws, position.previous_wild, position.streak) == (2, None, 2)
    position = advance("honghe", position, "draw", {"wild": "5s"}, {})
    assert (position.draws, position.previous_wild) == (3, "5s")
    position = advance("honghe", position, "win", win("S", region="honghe", wild="7p"), {})
    assert (position.draws, position.previous_wild, position.dealer) == (0, "7p", "S")


def test_hangzhou_without_a_named_wild_carries_bai_as_the_wild():
    assert advance("hangzhou", start("E"), "win", win("E"), {}).previous_wild == "5z"


# --- compose: the table and history fill the request, never the form ---

def test_compose_fills_dealer_streak_base_and_house_rules_over_the_form():
    position = Position(number=3, dealer="W", streak=2, draws=0, previous_wild="5z")
    sneaky = {**win("S"), "dealer": "S", "dealer_streak": 7, "base": 100, "region": "honghe",
              "house_rules": {"hangzhou_discard": "never"}}
    request = compose(sneaky, region="hangzhou", base=Decimal("2.50"),
                      house_rules={"hangzhou_discard": "dealer_streak3",
                                   "honghe_rob_kong": "robbed_pays_double"},
                      position=position)
    assert (request["region"], request["dealer"], request["dealer_streak"],
            request["base"]) == ("hangzhou", "W", 2, 2.5)
    assert request["house_rules"] == {"hangzhou_discard": "dealer_streak3"}
    assert "context" not in request  # Hangzhou's patterns read no history


def test_compose_gives_honghe_its_history():
    position = Position(number=4, dealer="E", streak=3, draws=2, previous_wild="9m")
    request = compose({**win("S", region="honghe"), "context": {"previous_draws": 9}},
                      region="honghe", base=1, house_rules={}, position=position)
    assert request["context"] == {"previous_draws": 2, "previous_wild": "9m"}
    assert "house_rules" not in request


def test_compose_caps_the_streak_at_what_the_engine_takes():
    position = Position(number=200, dealer="E", streak=150, draws=0, previous_wild=None)
    assert compose(win("E"), region="hangzhou", base=1, house_rules={},
                   position=position)["dealer_streak"] == 99


# --- replay: totals, chart, CSV ---

def test_replay_keeps_running_totals():
    ledger = replay("hangzhou", "E", hands(
        ("win", win("S"), {"E": -2, "S": 4, "W": -1, "N": -1}),
        ("draw", {}, None),
        ("win", win("S"), {"E": -4, "S": 6, "W": -1, "N": -1}),
    ), {})
    assert [e.before.dealer for e in ledger.entries] == ["E", "S", "S"]
    assert [e.before.streak for e in ledger.entries] == [0, 0, 1]
    assert ledger.totals == {"E": -6, "S": 10, "W": -2, "N": -2}
    assert [e.totals["S"] for e in ledger.entries] == [4, 4, 10]
    assert (ledger.position.number, ledger.position.dealer, ledger.position.streak) == (
        4, "S", 2)


def test_chart_draws_one_line_per_player_from_zero():
    ledger = replay("hangzhou", "E", hands(
        ("win", win("S"), {"E": -2, "S": 4, "W": -1, "N": -1}),
        ("win", win("E"), {"E": 6, "S": -2, "W": -2, "N": -2}),
    ), {})
    drawn = chart(ledger, {"E": "a", "S": "b", "W": "c", "N": "d"})
    assert [line["seat"] for line in drawn.lines] == list(SEATS)
    assert all(len(line["points"].split()) == 3 for line in drawn.lines)
    # every line starts on the zero line (each seat its few pixels apart), at the left
    for line in drawn.lines:
        x, y = map(float, line["points"].split()[0].split(","))
        assert x == 40.0 and abs(y - drawn.zero_y - SEAT_SHIFT[line["seat"]]) < 0.11
    assert (drawn.top_label, drawn.bottom_label) == ("4", "-3")  # S after 1; W after 2
    assert chart(replay("hangzhou", "E", [], {}), {}) is None


def test_equal_totals_stay_two_lines_and_labels_do_not_overlap():
    ledger = replay("hangzhou", "E", hands(
        *[("win", win("E"), {"E": 3, "S": -1, "W": -1, "N": -1})] * 30), {})
    drawn = chart(ledger, {"E": "a", "S": "b", "W": "c", "N": "d"})
    s, w = (next(line for line in drawn.lines if line["seat"] == seat) for seat in "SW")
    assert s["points"] != w["points"]  # S and W are level all along, drawn apart
    xs = [tick["x"] for tick in drawn.ticks]
    assert len(xs) <= 9 and min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 30
    assert drawn.top_label == "90" and drawn.bottom_label == "-30"
    level = chart(replay("hangzhou", "E", hands(("draw", {}, None)), {}),
                  {s: s for s in "ESWN"})
    assert (level.top_label, level.bottom_label) == ("", "")  # both would sit on the 0


def test_csv_has_a_row_per_hand_with_nets_and_totals():
    ledger = replay("hangzhou", "E", hands(
        ("win", win("S"), {"E": -2, "S": 4, "W": -1, "N": -1}),
        ("draw", {}, None),
    ), {})
    with translation.override("en"):
        rows = to_csv(ledger, {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}).splitlines()
    assert rows[0].endswith('"Ann (東 E), total","Bo (南 S), total","Cy (西 W), total",'
                            '"Di (北 N), total"')
    assert rows[1].startswith('"1","win","東 E","平莊","南 S","self-draw","",'
                              '"123m456p789s234s7z","","7z",')
    assert rows[1].endswith('"-2","4","-1","-1","-2","4","-1","-1"')
    assert rows[2].startswith('"2","draw","南 S","平莊",')
    assert rows[2].endswith('"0","0","0","0","-2","4","-1","-1"')


# --- the store: recording against the database ---

@pytest.mark.django_db
def test_recording_stores_the_full_request_and_result():
    table = stored_table(base=2)
    record(table, "win", win("E"))
    hand = table.hands.get()
    assert (hand.number, hand.kind) == (1, "win")
    assert hand.request["dealer"] == "E" and hand.request["base"] == 2
    # Hangzhou, dealer self-draws at 平莊: each other pays base × ×1 × 2.
    assert hand.result["payments"] == {"E": 12, "S": -4, "W": -4, "N": -4}
    table.refresh_from_db()
    assert table.version == 1


@pytest.mark.django_db
def test_dealer_streak_comes_from_the_recorded_hands():
    table = stored_table()
    record(table, "win", win("E"))      # E deals 平莊, wins: ×2 each
    record(table, "draw")               # E keeps the seat: 三連莊 next
    record(table, "win", win("E"))      # streak 2: ×8 each
    third = table.hands.get(number=3)
    assert third.request["dealer_streak"] == 2
    assert third.result["payments"] == {"E": 24, "S": -8, "W": -8, "N": -8}
    ledger = store.load(table)
    assert ledger.totals == {"E": 30, "S": -10, "W": -10, "N": -10}


@pytest.mark.django_db
def test_honghe_history_scores_huang_fan_and_bai_da_lian_zhuang():
    table = stored_table(region="honghe")
    record(table, "draw", {"wild": "9m"})
    record(table, "win", win("S", region="honghe", wild="9m"))
    keys = [p["key"] for p in table.hands.get(number=2).result["patterns"]]
    assert "huang_fan" in keys and "bai_da_lian_zhuang" in keys


@pytest.mark.django_db
def test_a_stale_version_is_refused_and_says_what_changed():
    table = stored_table()
    record(table, "win", win("S"))
    with pytest.raises(store.StaleLedger) as stale:
        ledger_write(table.pk, 0, 2, "win", win("S"), intent="new")
    assert [h.number for h in stale.value.changed] == [1]
    assert table.hands.count() == 1


@pytest.mark.django_db
def test_changing_a_past_hand_recomputes_every_later_one():
    table = stored_table()
    record(table, "win", win("E"))   # E keeps the deal…
    record(table, "win", win("E"))   # …so this is 二連莊: ×4
    assert table.hands.get(number=2).result["payments"]["E"] == 12
    record(table, "win", win("S"), number=1)  # hand 1 was S's: S deals hand 2
    second = table.hands.get(number=2)
    assert (second.request["dealer"], second.request["dealer_streak"]) == ("S", 0)
    # E self-draws as a non-dealer; the dealer S pays ×2, the others ×1.
    assert second.result["payments"] == {"E": 4, "S": -2, "W": -1, "N": -1}
    assert store.load(table).totals == {"E": 2, "S": 2, "W": -2, "N": -2}


@pytest.mark.django_db
def test_a_change_that_breaks_a_later_hand_is_refused_whole():
    table = stored_table()
    record(table, "win", win("E"))
    record(table, "win", win("E"))
    record(table, "win", win("E", how="discard", discarder="S"))  # 三連莊: a discard win
    with pytest.raises(store.Refused) as refused:
        record(table, "win", win("W"), number=1)
    assert refused.value.number == 3
    table.refresh_from_db()
    assert table.version == 3  # nothing written, not even the version
    assert table.hands.get(number=1).request["winner"] == "E"


@pytest.mark.django_db
def test_a_hand_that_does_not_win_is_not_recorded():
    table = stored_table()
    with pytest.raises(store.Refused):
        record(table, "win", {**win("S"), "win_tile": "1z"})
    assert not table.hands.exists()


@pytest.mark.django_db
def test_a_draw_can_become_a_win_and_back():
    table = stored_table()
    record(table, "draw")
    record(table, "win", win("W"), number=1)
    assert table.hands.get(number=1).kind == "win"
    record(table, "draw", number=1)
    hand = table.hands.get(number=1)
    assert (hand.kind, hand.result, hand.request) == ("draw", None, {})


@pytest.mark.django_db
def test_undo_removes_the_last_hand_only_at_the_version_seen():
    table = stored_table()
    record(table, "win", win("S"))
    record(table, "draw")
    with pytest.raises(store.StaleLedger):
        ledger_undo(table.pk, 1, 2)
    done = ledger_undo(table.pk, 2, 2)
    assert done.number == 2 and list(done.table.hands.values_list("number", flat=True)) == [1]


@pytest.mark.django_db
def test_hand_numbers_are_unique_per_table_in_the_schema():
    from django.db import IntegrityError, transaction

    table = stored_table()
    record(table, "draw")
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(table=table, number=1, kind="draw")


# A write names what it does (issue 24): (intent, number) on a table of two hands, at the
# version the writer saw. The server writes only the hand its intent names.
NOT_NAMED = [
    ("new", 1),  # "add the next hand" on hand 1's number: never an overwrite of hand 1
    ("new", 2),
    ("new", 4),
    ("edit", 3),  # "change hand 3": there is no hand 3 yet
    ("edit", 5),
    ("undo", 1),  # "undo hand 1": it is not the last
    ("restore", 3),  # nothing was undone
]


@pytest.mark.django_db
@pytest.mark.parametrize(("intent", "number"), NOT_NAMED)
def test_a_write_touches_only_the_hand_its_intent_names(intent, number):
    table = stored_table()
    record(table, "win", win("S"))
    record(table, "draw")
    table.refresh_from_db()
    before = [(h.number, h.kind, h.request) for h in table.hands.all()]
    write = store.Write(intent=intent, number=number, version=table.version, key="k" * 12,
                        kind="draw", fields={})
    with pytest.raises((store.NotNamed, store.NothingToDo)):
        store.apply(table.pk, write)
    assert [(h.number, h.kind, h.request) for h in table.hands.all()] == before
    assert Table.objects.get(pk=table.pk).version == table.version  # nothing moved
    assert not table.writes.filter(key="k" * 12).exists()


@pytest.mark.django_db
def test_an_undo_with_nothing_to_undo_changes_nothing():
    table = stored_table()
    with pytest.raises(store.NothingToDo):
        ledger_undo(table.pk, 0, 0)
    assert Table.objects.get(pk=table.pk).version == 0  # the other phones' forms stay fresh


@pytest.mark.django_db
@pytest.mark.parametrize(("intent", "number", "kind"), [
    ("new", 2, "draw"), ("edit", 1, "draw"), ("undo", 1, ""), ("new", 2, "win")])
def test_the_same_key_twice_is_written_once(intent, number, kind):
    table = stored_table()
    record(table, "win", win("S"))
    table.refresh_from_db()
    fields = win("W") if kind == "win" else {}
    write = store.Write(intent=intent, number=number, version=table.version, key="replay-me",
                        kind=kind, fields=fields)
    first = store.apply(table.pk, write)
    hands = [(h.number, h.kind, h.request) for h in first.table.hands.all()]
    again = store.apply(table.pk, write)  # a replay, a second tab, a retry: the same key
    assert (again.already, again.number) == (True, first.number) and not first.already
    assert Table.objects.get(pk=table.pk).version == first.table.version
    assert [(h.number, h.kind, h.request) for h in table.hands.all()] == hands


# --- properties: any sequence of hands ---

HAND = st.one_of(
    st.tuples(st.just("draw"), st.sampled_from(SEATS)),
    st.tuples(st.sampled_from(["self_draw"]), st.sampled_from(SEATS)),
)


@settings(max_examples=40, deadline=None)
@given(region=st.sampled_from(["hangzhou", "honghe", "jinhua"]),
       first=st.sampled_from(SEATS), sequence=st.lists(HAND, max_size=12))
def test_rotation_invariants(region, first, sequence):
    """The streak is 0 exactly when the seat changed hands; draws never move the deal;
    the streak counts the hands the same dealer kept the seat."""
    position = start(first)
    for kind, winner in sequence:
        request = win(winner, region=region) if kind != "draw" else {}
        after = advance(region, position, "draw" if kind == "draw" else "win", request, {})
        assert after.number == position.number + 1
        if region == "jinhua":  # 轮庄 (RULEBOOK §7)
            assert (after.dealer, after.streak) == (next_seat(position.dealer), 0)
        elif after.dealer == position.dealer:
            assert after.streak == position.streak + 1
        else:
            assert after.streak == 0
            assert kind != "draw"
            expected = winner if region == "hangzhou" else next_seat(position.dealer)
            assert after.dealer == expected
        position = after


@pytest.mark.django_db
@settings(max_examples=15, deadline=None)
@given(region=st.sampled_from(["hangzhou", "honghe", "jinhua"]),
       winners=st.lists(st.sampled_from([*SEATS, None]), min_size=1, max_size=6))
def test_totals_always_sum_to_zero(region, winners):
    table = stored_table(region=region)
    for winner in winners:
        if winner is None:
            record(table, "draw")
        else:
            record(table, "win", win(winner, region=region))
    ledger = store.load(table)
    assert len(ledger.entries) == len(winners)
    for entry in ledger.entries:
        assert sum(entry.totals.values()) == 0
        assert sum(entry.payments.values()) == 0
    table.delete()


def test_csv_never_starts_a_name_cell_with_a_formula():
    with translation.override("en"):
        header = to_csv(replay("hangzhou", "E", [], {}),
                        {"E": "=1+1", "S": "@x", "W": "Cy", "N": "-Di"}).splitlines()[0]
    assert "\"'=1+1 (東 E), this hand\"" in header and "\"'@x (南 S), this hand\"" in header
    assert '"Cy (西 W), this hand"' in header and "\"'-Di (北 N), this hand\"" in header


# --- the rotation, history and house rules follow the region's facts (rules.regions) ---

@pytest.mark.parametrize("region", ["hangzhou", "jinhua", "honghe"])
def test_rotation_follows_the_regions_rotation(region):
    from rules.regions import REGIONS

    before = Position(number=2, dealer="E", streak=1, draws=0, previous_wild=None)
    after = advance(region, before, "win", win("W", region=region), {})
    assert after.dealer == ("W" if REGIONS[region].rotation == "winner_deals" else "S")
    assert after.streak == 0


@pytest.mark.parametrize("region", ["hangzhou", "jinhua", "honghe"])
def test_history_goes_only_where_the_region_reads_it(region):
    from rules.regions import REGIONS

    position = Position(number=4, dealer="E", streak=0, draws=2, previous_wild="9m")
    request = compose(win("S", region=region), region=region, base=1, house_rules={},
                      position=position)
    assert ("context" in request) == REGIONS[region].reads_history


def test_compose_keeps_every_house_rule_of_the_region_and_no_other():
    house_rules = {"hangzhou_scoring": "modern", "hangzhou_seven_pairs_bao_tou": "yes",
                   "jinhua_peng_peng_hu": "any_pungs", "honghe_rob_kong": "as_discard"}
    request = compose(win("S"), region="hangzhou", base=1, house_rules=house_rules,
                      position=start("E"))
    assert request["house_rules"] == {"hangzhou_scoring": "modern",
                                      "hangzhou_seven_pairs_bao_tou": "yes"}


@pytest.mark.django_db
@pytest.mark.parametrize("stored", [True, False])
def test_a_page_of_the_ledger_is_the_replayed_ledger(stored):
    """store.load_page (the ledger page's: the hands shown, their stored positions and
    totals) agrees with store.load (a replay of every hand): Honghe, whose next hand
    reads the last wild, with wins, draws, a paper result and half a base; with the
    stored positions, or without (hands from before Hand.after: filled in once)."""
    table = stored_table(region="honghe", base="0.5")
    record(table, "win", {**win("S"), "wild": "5s"})
    record(table, "draw", {"wild": "9p"})
    record(table, "draw")
    record(table, "win", {**win("E"), "wild": "9p"})
    record(table, "win", {"winner": "W", "win_type": "self_draw", "fan": 3})  # on paper
    record(table, "win", {**win("N"), "wild": "5s"}, number=2)  # a change, replayed on
    if not stored:
        table.hands.update(after=None)
    full = store.load(table)

    for page, size in ((1, 2), (2, 2), (3, 2), (1, 10)):
        shown = store.load_page(table, page, size, [0, 3, 5])
        newest = len(full.entries) - (page - 1) * size
        expected = full.entries[max(0, newest - size):newest][::-1]
        assert [e.number for e in shown.entries] == [e.number for e in expected]
        for a, b in zip(shown.entries, expected, strict=True):
            assert (a.kind, a.before, a.after, a.payments, a.totals, a.request, a.result) == (
                b.kind, b.before, b.after, b.payments, b.totals, b.request, b.result)
        assert shown.position == full.position and shown.totals == full.totals
        assert shown.chart[3] == full.entries[2].totals and shown.chart[0] == dict.fromkeys(
            "ESWN", 0)


@pytest.mark.django_db
@pytest.mark.parametrize(("house_rules", "dealers"), [
    ({}, "ESWNES"),  # 轮庄 (jinhua.txt:5; RULEBOOK §7): the deal passes every hand
    ({"jinhua_dealer": "keep_on_win_or_draw"}, "EEESWW"),
])
def test_a_jinhua_ledger_of_five_hands_deals_by_its_rotation(house_rules, dealers):
    table = stored_table(region="jinhua", house_rules=house_rules)
    for kind, winner in JINHUA_EVENING:
        record(table, kind, win(winner, region="jinhua") if winner else {})
    table.refresh_from_db()
    recorded = [hand.request.get("dealer") for hand in table.hands.all() if hand.kind == "win"]
    loaded = store.load(table)
    assert "".join(e.before.dealer for e in loaded.entries) + loaded.position.dealer == dealers
    assert recorded == [dealers[0], dealers[2], dealers[3]]  # each win scored with its dealer
