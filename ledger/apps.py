from django.apps import AppConfig


class LedgerConfig(AppConfig):
    """The table ledger (台帳): tables, their hands, totals, CSV and chart."""

    name = "ledger"
    verbose_name = "Table ledger"
