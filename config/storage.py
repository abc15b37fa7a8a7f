"""The production static files storage: whitenoise's (hashed names, compressed copies),
except for the browser Python runtime (offline/pyodide/), which loads its files by their
own names from beside its module, and so keeps them. scripts/build_offline.py compresses
its WebAssembly once (.br, .gz), which whitenoise serves as it would its own copies; the
service worker's cache version changes with the runtime's content (calculator.views)."""

from whitenoise.storage import CompressedManifestStaticFilesStorage

RUNTIME = "offline/pyodide/"


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def hashed_name(self, name, content=None, filename=None):
        if self.clean_name(name).startswith(RUNTIME):
            return name
        return super().hashed_name(name, content, filename)
