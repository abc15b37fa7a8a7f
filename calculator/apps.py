from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    """The product's pages: the calculator, waits, practice and the rules reference."""

    name = "calculator"
    verbose_name = "Zhejiang Mahjong Scorer"
