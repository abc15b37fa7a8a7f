from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    """The product's pages: the calculator, waits, practice and the rules reference."""

    name = "calculator"
    verbose_name = "Zhejiang Mahjong Scorer"

    def ready(self) -> None:
        # presentation/ speaks the page's language: the active request's, on the server
        from calculator.regions import page_language
        from presentation import language

        language.provide(page_language)
