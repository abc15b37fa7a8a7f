"""The ledger's models, moved from the calculator app with their tables: Django's record
of them changes app, the database keeps its tables (``calculator_table``,
``calculator_hand``) and every hand in them. calculator/migrations/0003 drops the old
record once this one holds them."""

import django.db.models.deletion
from django.db import migrations, models

import calculator.regions
import ledger.models


def move_content_types(apps, schema_editor):
    """Rename the models' content types (used by permissions) to the new app, where a
    database has them from before."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in ("table", "hand"):
        if not ContentType.objects.filter(app_label="ledger", model=model).exists():
            ContentType.objects.filter(app_label="calculator", model=model).update(
                app_label="ledger")


def move_content_types_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in ("table", "hand"):
        if not ContentType.objects.filter(app_label="calculator", model=model).exists():
            ContentType.objects.filter(app_label="ledger", model=model).update(
                app_label="calculator")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("calculator", "0002_region_choices_from_registry"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Table",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("view_token", models.CharField(default=ledger.models.new_token, editable=False, max_length=32, unique=True)),
                        ("edit_token", models.CharField(default=ledger.models.new_token, editable=False, max_length=32, unique=True)),
                        ("name", models.CharField(blank=True, max_length=60, verbose_name="Table name")),
                        ("region", models.CharField(choices=calculator.regions.region_choices, max_length=10, verbose_name="Region")),
                        ("base", models.DecimalField(decimal_places=2, default=1, max_digits=12, verbose_name="Base 底分")),
                        ("player_e", models.CharField(max_length=30)),
                        ("player_s", models.CharField(max_length=30)),
                        ("player_w", models.CharField(max_length=30)),
                        ("player_n", models.CharField(max_length=30)),
                        ("first_dealer", models.CharField(choices=[("E", "E"), ("S", "S"), ("W", "W"), ("N", "N")], default="E", max_length=1)),
                        ("house_rules", models.JSONField(blank=True, default=dict)),
                        ("version", models.PositiveIntegerField(default=0)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={"db_table": "calculator_table"},
                ),
                migrations.CreateModel(
                    name="Hand",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("number", models.PositiveIntegerField()),
                        ("kind", models.CharField(choices=[("win", "win"), ("draw", "draw")], max_length=4)),
                        ("request", models.JSONField(default=dict)),
                        ("result", models.JSONField(blank=True, null=True)),
                        ("written_at_version", models.PositiveIntegerField(default=0)),
                        ("recorded", models.DateTimeField(auto_now_add=True)),
                        ("changed", models.DateTimeField(auto_now=True)),
                        ("table", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="hands", to="ledger.table")),
                    ],
                    options={
                        "db_table": "calculator_hand",
                        "ordering": ["number"],
                        "constraints": [models.UniqueConstraint(fields=("table", "number"), name="one_hand_per_number")],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
