"""The pages' side of the offline engine (static/js/offline.js): whether it is built,
and the URLs of its files.

With no network the calculator and the waits page ask the browser's own copy of the
engine (presentation.offline.answer on Pyodide, static/js/engine-worker.js), which
answers a form's fields with the server's own result panel in the page's language.
"""

from __future__ import annotations

import json
import os
from functools import cache

from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language

from calculator.forms import ScoreForm, WaitsForm
from calculator.results import panel_links
from presentation.regions import LISTED

RUNTIME = "offline/pyodide/"
# What loadPyodide fetches besides pyodide.mjs (scripts/build_offline.py copies them).
RUNTIME_FILES = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
ENGINE = "offline/engine/rules.zip"


@cache
def available() -> bool:
    """Whether the Makefile built the runtime and the engine (else: online only)."""
    return all(finders.find(name) for name in kept_files())


def kept_files() -> tuple[str, ...]:
    """The offline engine's static files, by their names under /static/."""
    return (RUNTIME + "pyodide.mjs", *(RUNTIME + f for f in RUNTIME_FILES), ENGINE)


def engine_attrs() -> dict[str, str]:
    """The data attributes that tell offline.js where the engine's files are: the worker,
    the runtime's module (the rest of it beside it, under the same names), the engine's
    zip; and the page's language and the panel's links, which the worker answers with.
    What the service worker keeps is ``pack``'s."""
    runtime = static(RUNTIME + "pyodide.mjs")
    # the panel's links (the worker adds each answer's permalink, the page its origin)
    links = {**panel_links(), "waits": reverse("waits"), "advise": reverse("advise")}
    return {"worker": reverse("engine-worker"), "runtime": runtime, "engine": static(ENGINE),
            "language": get_language() or "", "links": json.dumps(links)}


# The pages that open with no network, kept on a first visit (static/js/sw.js, "the
# offline pack"): the calculator, the waits page, 牌理, practice and its 何切 drill, the
# rules and the page that says what works offline. A ledger's pages are kept as they are
# opened.
OFFLINE_PAGES = ("home", "waits", "advise", "practice", "practice-discard", "rules", "offline")
LISTED_KEYS = tuple(region.key for region in LISTED)

# The forms whose region fields /fields/<form>/<region>/ gives, by that address's name.
FIELD_FORMS = {"score": ScoreForm, "waits": WaitsForm}


def fields_kind(form) -> str | None:
    """The /fields/ name of ``form``'s region fields: its class's, or the nearest it
    derives from (牌理's form takes the waits page's, the ledger's win form the
    calculator's); None for a form without them (practice's)."""
    kinds = {form_class: kind for kind, form_class in FIELD_FORMS.items()}
    return next((kinds[c] for c in type(form).__mro__ if c in kinds), None)


def pack() -> dict[str, list]:
    """What a first visit keeps for offline use (site.js hands it to the service worker):
    the pages, and the engine's files with their sizes (the progress the footer shows);
    no files when the engine is not built."""
    pages = [reverse(name) for name in OFFLINE_PAGES]
    pages += [reverse("rules-region", args=[key]) for key in LISTED_KEYS]
    # each region's fields for the calculator's and the waits page's forms (offline.js)
    pages += [reverse("region-fieldset", args=[form, key])
              for form in FIELD_FORMS for key in LISTED_KEYS]
    return {"pages": pages, "files": _engine_files() if available() else []}


@cache
def _engine_files() -> list[tuple[str, int]]:
    runtime = static(RUNTIME + "pyodide.mjs")
    # loadPyodide reads its other files from the module's folder, by their own names.
    folder = runtime.rsplit("/", 1)[0] + "/"
    urls = [reverse("engine-worker"), runtime, *(folder + f for f in RUNTIME_FILES),
            static(ENGINE)]
    names = ["js/engine-worker.js", *kept_files()]
    return [(url, _sent_size(finders.find(name))) for url, name in zip(urls, names,
                                                                         strict=True)]


def _sent_size(path: str) -> int:
    """A file's size as a phone downloads it: its Brotli copy's where the build made one
    (scripts/build_offline.py; whitenoise sends it), else its own."""
    return min(os.path.getsize(p) for p in (path, path + ".br") if os.path.exists(p))
