"""The page's language: whose catalogue says a sentence, and how its Chinese is written.

The sentences of ``presentation`` are written through ``gettext``, ``pgettext`` and
``ngettext`` here, which ask the language being spoken (``current``): the one a caller
is ``speaking`` in, else the one the server provides for its active request (``provide``:
the server's adapts Django's translation; the offline worker speaks one it reads from the
same compiled catalogues). ``gettext_lazy`` and ``pgettext_lazy`` keep a sentence for
later, in a table written once, and say it in the language current when it is shown.
The names are those xgettext looks for, so ``makemessages`` finds every sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Language", "chinese", "chinese_lang", "current", "english", "gettext",
           "gettext_lazy", "gettext_noop", "ngettext", "pgettext",
           "pgettext_lazy", "provide", "simplified", "speaking"]


class Translations(Protocol):
    """What answers for a catalogue: Django's ``django.utils.translation`` (the active
    language's), or a ``gettext.GNUTranslations``."""

    def gettext(self, message: str, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


@dataclass(frozen=True)
class Language:
    """A page language: ``code`` ("zh-hans", "zh-hant", "en"), its ``translations``,
    and ``simplify``, Traditional Chinese to Simplified (the region facts are written
    once, in Traditional, as the rule texts are)."""

    code: str
    translations: Any  # a Translations
    simplify: Callable[[str], str]

    @property
    def english(self) -> bool:
        return self.code.lower().startswith("en")

    @property
    def simplified(self) -> bool:
        return self.code.lower() == "zh-hans"


_speaking: ContextVar[Language | None] = ContextVar("presentation_language", default=None)
_provider: list[Callable[[], Language]] = []


def provide(provider: Callable[[], Language]) -> None:
    """The language to speak where no caller says one (the server: its active request's).
    A second call replaces the first."""
    _provider[:] = [provider]


def current() -> Language:
    language = _speaking.get()
    if language is not None:
        return language
    if not _provider:
        raise LookupError("no language: call presentation.language.provide, or speak one")
    return _provider[0]()


@contextmanager
def speaking(language: Language) -> Iterator[Language]:
    """Say everything inside the block in ``language``."""
    token = _speaking.set(language)
    try:
        yield language
    finally:
        _speaking.reset(token)


def gettext(message: str) -> str:
    return str(current().translations.gettext(message))


def pgettext(context: str, message: str) -> str:
    return str(current().translations.pgettext(context, message))


def ngettext(singular: str, plural: str, count: int) -> str:
    return str(current().translations.ngettext(singular, plural, count))


def gettext_noop(message: str) -> str:
    """A msgid marked for the catalogue, said later with ``gettext``."""
    return message


class _Lazy:
    """A sentence said in the language current when it is shown (``str()``)."""

    __slots__ = ("context", "message")

    def __init__(self, context: str | None, message: str) -> None:
        self.context = context
        self.message = message

    def __str__(self) -> str:
        if self.context is None:
            return gettext(self.message)
        return pgettext(self.context, self.message)

    def __mod__(self, values: object) -> str:
        return str(self) % values

    def __repr__(self) -> str:
        return f"<sentence {self.message!r}>"


def gettext_lazy(message: str) -> _Lazy:
    return _Lazy(None, message)


def pgettext_lazy(context: str, message: str) -> _Lazy:
    return _Lazy(context, message)


def english() -> bool:
    return current().english


def simplified() -> bool:
    return current().simplified


def chinese(text: str) -> str:
    """A region fact's Chinese (pattern names, rule texts, reasons) as the page writes
    it: in Simplified characters on a zh-hans page, as written on the others."""
    language = current()
    return language.simplify(text) if language.simplified else text


def chinese_lang() -> str:
    """The ``lang`` of Chinese words on this page (a pattern name on an English page)."""
    return "zh-Hans" if simplified() else "zh-Hant"

