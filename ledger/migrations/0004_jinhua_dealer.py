"""Jinhua's tables recorded before the 轮庄 ruling (RULEBOOK §7, 2026-12-02) dealt as
Honghe does: the dealer kept the deal after a dealer win or a draw. They keep that rule
(the house rule ``jinhua_dealer``), so that no recorded hand's dealer changes; new
tables deal by the ruling, 轮庄, unless the players choose otherwise."""

from django.db import migrations

KEPT = "keep_on_win_or_draw"


def keep_old_rotation(apps, schema_editor):
    Table = apps.get_model("ledger", "Table")
    for table in Table.objects.filter(region="jinhua").iterator():
        if "jinhua_dealer" not in table.house_rules:
            table.house_rules = {**table.house_rules, "jinhua_dealer": KEPT}
            table.save(update_fields=["house_rules"])


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0003_hand_after"),
    ]

    operations = [
        migrations.RunPython(keep_old_rotation, migrations.RunPython.noop),
    ]
