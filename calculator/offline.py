"""The pages' side of the offline engine (static/js/offline.js): whether it is built,
and the URLs of its files.

With no network the calculator and the waits page ask the browser's own copy of the
engine (presentation.offline.answer on Pyodide, static/js/engine-worker.js), which
answers a form's fields with the server's own result panel in the page's language.
"""

from __future__ import annotations

import json
from functools import cache

from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language

from calculator.results import panel_links

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
    zip; the page's language and the panel's links, which the worker answers with; and
    every URL to fetch once, after a first load, so that the service worker keeps them."""
    runtime = static(RUNTIME + "pyodide.mjs")
    # loadPyodide reads its other files from the module's folder, by their own names.
    folder = runtime.rsplit("/", 1)[0] + "/"
    files = [reverse("engine-worker"), runtime, *(folder + f for f in RUNTIME_FILES),
             static(ENGINE)]
    # the panel's links (the worker adds each answer's permalink, the page its origin)
    links = {**panel_links(), "waits": reverse("waits")}
    return {"worker": reverse("engine-worker"), "runtime": runtime, "engine": static(ENGINE),
            "language": get_language() or "", "links": json.dumps(links),
            "files": json.dumps(files)}
