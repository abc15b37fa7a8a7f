"""Build the offline engine's static files into build/offline/ (Makefile: make offline).

- engine/rules.zip: what the browser's Python imports (static/js/engine-worker.js), laid
  out as in this repository: the rules/ and presentation/ packages (every .py file), the
  compiled catalogues the server reads (locale/<language>/LC_MESSAGES/django.mo), and
  t2s.json, how presentation.offline writes Traditional Chinese in Simplified characters
  as the server's OpenCC does. Built on every run, never kept by hand; the same bytes for
  the same sources (fixed dates, sorted names).
- pyodide/: the browser Python runtime, the files of the pinned npm package (package.json,
  package-lock.json; `npm ci` puts it in node_modules/) that a page loads. Left out when
  node_modules/pyodide is missing: the app then scores online only.

Served as /static/offline/… (config.settings.base, STATICFILES_DIRS).
"""

import ast
import gzip
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

import opencc

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "offline"
RUNTIME = ROOT / "node_modules" / "pyodide"
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
PACKAGES = ("rules", "presentation")
CATALOGUES = "locale/*/LC_MESSAGES/django.mo"
T2S = "t2s.json"  # read by presentation/offline.py, beside the packages
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py")
                  if "__pycache__" not in p.parts)


def build_engine() -> Path:
    target = OUT / "engine" / "rules.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    files = {path.relative_to(ROOT).as_posix(): path.read_bytes()
             for path in [*sources(), *ROOT.glob(CATALOGUES)]}
    files[T2S] = simplified_table().encode()
    partial = target.with_suffix(".tmp")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name])
    if not target.exists() or target.read_bytes() != partial.read_bytes():
        partial.replace(target)
    else:
        partial.unlink()
    return target


def chinese_texts() -> set[str]:
    """Every string written in rules/ and presentation/ that holds a Han character: all
    the Chinese the presentation can write in Simplified characters is made of them."""
    texts = set()
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and HAN.search(node.value):
                texts.add(node.value)
    return texts


def simplified_table() -> str:
    """The server's OpenCC t2s (calculator.regions) as a table, as JSON: each Han
    character of those texts that it changes, and the whole text wherever OpenCC, which
    reads phrases, writes it otherwise than character by character."""
    t2s = opencc.OpenCC("t2s")
    texts = chinese_texts()
    characters = {c: t2s.convert(c) for text in texts for c in HAN.findall(text)}
    characters = {c: s for c, s in characters.items() if c != s}
    phrases = {text: t2s.convert(text) for text in texts
               if t2s.convert(text) != "".join(characters.get(c, c) for c in text)}
    return json.dumps({"characters": characters, "phrases": phrases}, ensure_ascii=False,
                      sort_keys=True)


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
