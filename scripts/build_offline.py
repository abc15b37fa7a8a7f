"""Build the offline engine's static files into build/offline/ (Makefile: make offline).

- engine/rules.zip: the project's own rules/ package, every .py file, as the browser's
  Python imports it (static/js/engine-worker.js). Built from rules/ on every run, never
  kept by hand; the same bytes for the same sources (fixed dates, sorted names).
- pyodide/: the browser Python runtime, the files of the pinned npm package (package.json,
  package-lock.json; `npm ci` puts it in node_modules/) that a page loads. Left out when
  node_modules/pyodide is missing: the app then scores online only.

Served as /static/offline/… (config.settings.base, STATICFILES_DIRS).
"""

import gzip
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "offline"
RUNTIME = ROOT / "node_modules" / "pyodide"
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]


def build_engine() -> Path:
    target = OUT / "engine" / "rules.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    sources = sorted(p for p in (ROOT / "rules").rglob("*.py") if "__pycache__" not in p.parts)
    partial = target.with_suffix(".tmp")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    if not target.exists() or target.read_bytes() != partial.read_bytes():
        partial.replace(target)
    else:
        partial.unlink()
    return target


def copy_runtime() -> bool:
    if not all((RUNTIME / name).is_file() for name in RUNTIME_FILES):
        return False
    target = OUT / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        source, copy = RUNTIME / name, target / name
        if not copy.exists() or copy.stat().st_size != source.stat().st_size \
                or copy.read_bytes() != source.read_bytes():
            shutil.copyfile(source, copy)
    return True


def compress_wasm() -> None:
    """pyodide.asm.wasm.br and .gz beside it, made once per runtime: whitenoise serves
    them to browsers that take them (config.storage), and does not compress .wasm itself."""
    wasm = OUT / "pyodide" / "pyodide.asm.wasm"
    data = None
    for suffix, compress in ((".gz", _gzip), (".br", _brotli)):
        packed = wasm.with_name(wasm.name + suffix)
        if packed.exists() and packed.stat().st_mtime >= wasm.stat().st_mtime:
            continue
        data = data if data is not None else wasm.read_bytes()
        result = compress(data)
        if result is not None:
            packed.write_bytes(result)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli(data: bytes) -> bytes | None:
    try:
        import brotli  # whitenoise's, in requirements.txt
    except ImportError:
        return None
    return brotli.compress(data)


def main() -> int:
    engine = build_engine()
    print(f"offline engine: {engine.relative_to(ROOT)} ({engine.stat().st_size:,} bytes)")
    if copy_runtime():
        compress_wasm()
        size = sum((OUT / "pyodide" / name).stat().st_size for name in RUNTIME_FILES)
        print(f"offline runtime: build/offline/pyodide ({size:,} bytes)")
    else:
        print("warning: no node_modules/pyodide (npm ci): the app scores online only",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
