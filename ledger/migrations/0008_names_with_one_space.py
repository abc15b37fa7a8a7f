"""Names kept with their spaces as one (``ledger.people.plain_name``, issue 30): before,
the new-table form only trimmed a name's ends, so "老　王" (a full-width space) and
"老 王" typed on two phones were two people. Each table's names are made plain where
that leaves its players apart; a table whose two players' names differ only in their
spaces keeps its names as they are."""

from django.db import migrations

SEATS = ("e", "s", "w", "n")


def plain(name):
    # ledger.people.plain_name as it is today: a migration keeps its own copy, so that
    # it does the same whatever the app's code becomes
    return " ".join(name.split())


def plain_names(apps, schema_editor):
    Table = apps.get_model("ledger", "Table")
    for table in Table.objects.iterator():
        names = {getattr(table, f"player_{seat}") for seat in SEATS}
        names |= {entry["name"] for entry in table.seatings or []}
        if all(name == plain(name) for name in names):
            continue
        if len({plain(name) for name in names}) < len(names):
            continue  # two players apart only by their spaces: kept apart
        for seat in SEATS:
            setattr(table, f"player_{seat}", plain(getattr(table, f"player_{seat}")))
        table.seatings = [{**entry, "name": plain(entry["name"])}
                          for entry in table.seatings or []]
        table.save(update_fields=[*(f"player_{seat}" for seat in SEATS), "seatings"])


class Migration(migrations.Migration):
    dependencies = [("ledger", "0007_adjustments_and_seatings")]
    operations = [migrations.RunPython(plain_names, migrations.RunPython.noop)]
