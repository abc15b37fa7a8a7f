"""The ledger's models now belong to the ledger app (ledger/migrations/0001_initial.py):
drop the calculator app's record of them, leaving their tables and rows as they are."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("calculator", "0002_region_choices_from_registry"),
        ("ledger", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="Hand"),
                migrations.DeleteModel(name="Table"),
            ],
        ),
    ]
