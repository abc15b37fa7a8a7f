"""Moving the ledger's models from the calculator app to the ledger app keeps every saved
hand: a database migrated as main had it before the move (calculator 0001-0002, the
models under the calculator app), with tables and hands in it, migrates to the new layout
with every hand, request, result and total intact. On SQLite here, on PostgreSQL in
`make test-postgres` (marker ``ledger``)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from ledger import store
from ledger.models import Hand, Table
from ledger.rotation import after_json
from rules import score
from tests.helpers import PLAIN, req

pytestmark = [pytest.mark.ledger, pytest.mark.django_db(transaction=True)]

BEFORE_THE_MOVE = [("calculator", "0002_region_choices_from_registry"),
                   ("contenttypes", "0002_remove_content_type_name")]


def migrate(targets):
    """The database migrated to ``targets``, forwards or backwards; back to before the
    move, the ledger's own migrations are undone first (their columns dropped)."""
    if targets == BEFORE_THE_MOVE:
        MigrationExecutor(connection).migrate([("ledger", None)])
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def win(request):
    return {"request": request, "result": score(request)}


def test_saved_hands_survive_the_move_to_the_ledger_app():
    old = migrate(BEFORE_THE_MOVE)
    OldTable, OldHand = old.get_model("calculator", "Table"), old.get_model("calculator", "Hand")
    ContentType = old.get_model("contenttypes", "ContentType")
    ContentType.objects.get_or_create(app_label="calculator", model="table")

    saved = []
    for number, (region, names) in enumerate([("hangzhou", "甲乙丙丁"), ("honghe", "ABCD")]):
        table = OldTable.objects.create(
            view_token=f"view{number}", edit_token=f"edit{number}", name=f"第{number + 1}桌",
            region=region, base=Decimal("0.5") if number else 1, first_dealer="E",
            player_e=names[0], player_s=names[1], player_w=names[2], player_n=names[3],
            house_rules={}, version=3)
        first = win(req(region, *PLAIN, dealer="E", base=float(table.base)))
        OldHand.objects.create(table=table, number=1, kind="win", written_at_version=1, **first)
        OldHand.objects.create(table=table, number=2, kind="draw", request={},
                               written_at_version=2)
        second = win(req(region, *PLAIN, winner="W", dealer="S", base=float(table.base)))
        OldHand.objects.create(table=table, number=3, kind="win", written_at_version=3,
                               **second)
        expected = {seat: Decimal(str(first["result"]["payments"][seat]))
                    + Decimal(str(second["result"]["payments"][seat])) for seat in "ESWN"}
        saved.append((table.view_token, expected, first, second))

    migrate(latest())

    assert Table.objects.count() == 2 and Hand.objects.count() == 6
    for view_token, expected, first, second in saved:
        table = Table.objects.get(view_token=view_token)
        assert table.version == 3 and table.names["E"] in "甲A"
        hands = list(table.hands.all())
        assert [(h.number, h.kind) for h in hands] == [(1, "win"), (2, "draw"), (3, "win")]
        assert hands[0].request == first["request"] and hands[0].result == first["result"]
        assert hands[2].request == second["request"] and hands[2].result == second["result"]
        assert store.load(table).totals == expected
        assert store.load_page(table, 1, 50, [0, 3]).totals == expected
    content_type = ContentType.objects.get(model="table", app_label="ledger")
    assert content_type.model == "table"


def test_the_hands_recorded_before_0003_get_their_positions_and_totals():
    old = migrate([("ledger", "0002_table_undone")])
    OldTable, OldHand = old.get_model("ledger", "Table"), old.get_model("ledger", "Hand")
    table = OldTable.objects.create(view_token="v", edit_token="e", region="hangzhou",
                                    base=1, first_dealer="E", player_e="甲", player_s="乙",
                                    player_w="丙", player_n="丁", house_rules={})
    first = win(req("hangzhou", *PLAIN, dealer="E"))
    OldHand.objects.create(table=table, number=1, kind="win", **first)
    OldHand.objects.create(table=table, number=2, kind="draw", request={"wild": "9p"})

    migrate(latest())

    table = Table.objects.get(view_token="v")
    replayed = store.load(table)
    for hand, entry in zip(table.hands.all(), replayed.entries, strict=True):
        assert hand.after == after_json(entry.after, entry.totals)
    after = table.hands.get(number=2).after
    assert (after["dealer"], after["streak"], after["previous_wild"]) == ("S", 1, "9p")


def test_jinhua_tables_recorded_before_the_rotation_ruling_keep_their_dealers():
    """0004: a Jinhua table recorded when the ledger dealt as Honghe does keeps that rule
    (jinhua_dealer = keep_on_win_or_draw), so no recorded hand's dealer changes; a new
    table deals by the ruling, 轮庄 (RULEBOOK §7)."""
    old = migrate([("ledger", "0003_hand_after")])
    OldTable, OldHand = old.get_model("ledger", "Table"), old.get_model("ledger", "Hand")
    table = OldTable.objects.create(view_token="vj", edit_token="ej", region="jinhua",
                                    base=1, first_dealer="E", player_e="甲", player_s="乙",
                                    player_w="丙", player_n="丁", house_rules={}, version=2)
    first = win(req("jinhua", *PLAIN, winner="E", dealer="E"))
    OldHand.objects.create(table=table, number=1, kind="win", written_at_version=1,
                           after={"dealer": "E", "streak": 1, "draws": 0,
                                  "previous_wild": "6s", "totals": first["result"]["payments"]},
                           **first)

    migrate(latest())

    table = Table.objects.get(view_token="vj")
    assert table.house_rules == {"jinhua_dealer": "keep_on_win_or_draw"}
    assert store.load(table).position.dealer == "E"  # the dealer kept the deal, as recorded


def test_names_are_kept_with_one_space_where_that_keeps_the_players_apart():
    """0008: "Lao  Wang" and "老　王" (a full-width space) become "Lao Wang" and "老 王",
    seat changes too; a table whose two players' names differ only in their spaces keeps
    its names as they were, so no two people become one."""
    old = migrate([("ledger", "0007_adjustments_and_seatings")])
    OldTable = old.get_model("ledger", "Table")

    def table(token, names, seatings):
        return OldTable.objects.create(
            view_token=token, edit_token=token, region="hangzhou", base=1,
            first_dealer="E", house_rules={}, version=0, seatings=seatings,
            **{f"player_{seat}": name for seat, name in zip("eswn", names, strict=True)})

    table("spaced", ["Lao  Wang", " Bo", "Cy", "Di"],
          [{"from": 3, "seat": "N", "name": "老\u3000王"}])
    table("apart", ["Lao Wang", "Lao  Wang", "Cy", "Di"], [])

    migrate(latest())

    spaced, apart = Table.objects.get(view_token="spaced"), Table.objects.get(view_token="apart")
    assert spaced.names == {"E": "Lao Wang", "S": "Bo", "W": "Cy", "N": "Di"}
    assert spaced.seatings == [{"from": 3, "seat": "N", "name": "老 王"}]
    assert apart.names == {"E": "Lao Wang", "S": "Lao  Wang", "W": "Cy", "N": "Di"}
