"""Build the offline engine's static files into build/offline/ (Makefile: make offline).

- engine/rules.zip: what the browser's Python imports (static/js/engine-worker.js), laid
  out as in this repository: the rules/ and presentation/ packages (every .py file, and
  beside each its bytecode, compiled by the pinned Pyodide when it is installed), the
  compiled catalogues the server reads (locale/<language>/LC_MESSAGES/django.mo), and
  t2s.json, how presentation.offline writes Traditional Chinese in Simplified characters
  as the server's OpenCC does. The same bytes for the same sources (fixed dates, sorted
  names, bytecode that does not record the sources' dates).
- pyodide/: the browser Python runtime, the files of the pinned npm package (package.json,
  package-lock.json; `npm ci` puts it in node_modules/) that a page loads, with its
  standard library cut down to what Pyodide and the engine import (see trimmed_stdlib)
  and compiled, and each file beside a Brotli (.br) and a gzip (.gz) copy, which
  whitenoise sends to the browsers that take them. Left out when node_modules/pyodide or
  node is missing: the app then scores online only.

The bytecode is compiled by the pinned Pyodide itself, run in node (RUNNER): CPython's
bytecode changes with every minor version, and the browser's is 3.14. It does not record
the sources' dates (PycInvalidationMode.UNCHECKED_HASH): the engine's .py files sit
beside their bytecode, so a traceback in the browser still shows its lines, but they
are unpacked with new dates on the phone and must not make Python compile them again.

Each step is done again only when what it is made from changed (INPUTS, written last):
a second run with nothing changed takes a few seconds.

Served as /static/offline/… (config.settings.base, STATICFILES_DIRS).
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "offline"
RUNTIME = ROOT / "node_modules" / "pyodide"
# What the page loads: the module, and what loadPyodide fetches from beside it.
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
STDLIB = "python_stdlib.zip"
LOCKFILE = "pyodide-lock.json"
PACKAGES = ("rules", "presentation")
CATALOGUES = "locale/*/LC_MESSAGES/django.mo"
T2S = "t2s.json"  # read by presentation/offline.py, beside the packages
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# What each step was made from, by digest: a step whose inputs match is skipped.
INPUTS = ".inputs.json"
# Brotli at its best: 367 KB less than quality 9 for the WebAssembly alone (about 7 s at
# 400 kbps), for half a minute once per runtime.
BROTLI_QUALITY = 11
# Whole packages of the standard library kept even if the trace does not import them:
# the codecs Python finds by name at run time.
ALWAYS_KEPT = {"encodings"}
PRACTICE_SEEDS = 12  # practice rounds per region the trace answers

# Runs the pinned Pyodide in node, as static/js/engine-worker.js starts it in the
# browser: node RUNNER <runtime folder> <standard library zip> <engine zip or ""> <work
# folder>, the work folder mounted at /work, where job.py is run.
RUNNER = """\
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, stdLibURL, engine, work] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const python = await loadPyodide({ indexURL: runtime + "/", stdLibURL, packages: [] });
if (engine) {
  python.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: "/engine" });
  python.runPython("import sys; sys.path.insert(0, '/engine')");
}
python.FS.mkdirTree("/work");
python.FS.mount(python.FS.filesystems.NODEFS, { root: work }, "/work");
python.runPython(readFileSync(work + "/job.py", "utf8"));
// A failure's traceback, as the worker reports one: it imports what formatting needs.
try {
  python.runPython("raise ValueError('a failure, formatted')");
} catch (error) {
  String(error);
}
python.runPython(readFileSync(work + "/after.py", "utf8"));
"""

# In Pyodide, with the engine on the path: import each module of the engine (which
# imports what they import), answer each call as the worker does, and write the answers.
ANSWER_JOB = """\
import importlib, json, sys
with open("/work/job.json", encoding="utf-8") as file:
    job = json.load(file)
for name in job["modules"]:
    importlib.import_module(name)
from presentation.offline import answer
from rules.answer import answer_json
def asked(call):
    try:
        return answer(*call[1:]) if call[0] == "form" else answer_json(*call[1:])
    except Exception as error:  # the same failure on both runtimes is no difference
        return f"failed: {error!r}"
answers = [asked(call) for call in job["calls"]]
with open("/work/answers.json", "w", encoding="utf-8") as file:
    json.dump(answers, file)
"""
# ... and then, the failure formatted: every module imported, with the file it came from.
MODULES_JOB = """\
import json, sys
with open("/work/modules.json", "w", encoding="utf-8") as file:
    json.dump({name: getattr(module, "__file__", None) for name, module in
               list(sys.modules.items())}, file)
"""
# In Pyodide: each source compiled by this Python, to the path and under the name given.
COMPILE_JOB = """\
import json, py_compile
with open("/work/job.json", encoding="utf-8") as file:
    job = json.load(file)
for source, compiled, name in job["files"]:
    py_compile.compile(source, cfile=compiled, dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
"""


# --- saying what it does ---

@contextmanager
def step(what: str, expected: str = "") -> Iterator[None]:
    """Print what is being done (and how long it usually takes), then how long it took."""
    print(f"{what}{f' ({expected})' if expected else ''}…", end="", flush=True)
    t0 = time.perf_counter()
    yield
    print(f" done in {time.perf_counter() - t0:.1f} s", flush=True)


def digest(*parts: bytes | str | Path) -> str:
    hashing = hashlib.sha256()
    for part in parts:
        data = part.read_bytes() if isinstance(part, Path) else part
        hashing.update(data.encode() if isinstance(data, str) else data)
        hashing.update(b"\0")
    return hashing.hexdigest()


def recorded() -> dict[str, str]:
    try:
        return json.loads((OUT / INPUTS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def record(inputs: dict[str, str]) -> None:
    (OUT / INPUTS).write_text(json.dumps(inputs, indent=1, sort_keys=True) + "\n",
                              encoding="utf-8")


def write_if_changed(target: Path, data: bytes) -> None:
    if not target.exists() or target.read_bytes() != data:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".tmp")
        partial.write_bytes(data)
        partial.replace(target)


def zipped(files: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip of ``files`` (name → bytes), the same bytes for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            archive.writestr(info, files[name])
    return buffer.getvalue()


# --- Pyodide in node ---

def node() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


def can_run_pyodide() -> bool:
    return node() is not None and all((RUNTIME / name).is_file() for name in RUNTIME_FILES)


def in_pyodide(job: str, data: dict, *, runtime: Path = RUNTIME, stdlib: Path | None = None,
               engine: Path | None = None, work: Path) -> None:
    """Run ``job`` (Python) in the pinned Pyodide under node, ``data`` in /work/job.json,
    with the runtime files of ``runtime`` (its standard library, or ``stdlib``) and the
    ``engine`` zip unpacked on the path as the worker has it; its files are left in
    ``work``."""
    (work / "runner.mjs").write_text(RUNNER, encoding="utf-8")
    (work / "job.py").write_text(job, encoding="utf-8")
    (work / "after.py").write_text(MODULES_JOB, encoding="utf-8")
    (work / "job.json").write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [node() or "node", str(work / "runner.mjs"), str(runtime),
         str(stdlib or runtime / STDLIB), str(engine or ""), str(work)],
        capture_output=True, text=True, check=False)
    if done.returncode != 0:
        # (node prints the line that threw: the runtime's module is one line of 1.2 MB)
        said = [line for line in (done.stdout + done.stderr).splitlines() if len(line) < 1000]
        raise RuntimeError("Pyodide in node failed:\n" + "\n".join(said[-40:]))


# --- the engine ---

def sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py")
                  if "__pycache__" not in p.parts)


def engine_files() -> dict[str, bytes]:
    """The engine's zip without its bytecode: name → bytes."""
    files = {path.relative_to(ROOT).as_posix(): path.read_bytes()
             for path in [*sources(), *ROOT.glob(CATALOGUES)]}
    files[T2S] = simplified_table().encode()
    return files


def build_engine() -> Path:
    """engine/rules.zip, its modules compiled by the pinned Pyodide where there is one."""
    target = OUT / "engine" / "rules.zip"
    files = engine_files()
    if can_run_pyodide():
        files.update(compiled_engine(files))
    write_if_changed(target, zipped(files))
    return target


def compiled_engine(files: dict[str, bytes]) -> dict[str, bytes]:
    """Each module's bytecode, where Python looks for it beside the module:
    rules/__pycache__/answer.cpython-314.pyc for rules/answer.py."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        jobs, compiled = [], {}
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            source = work / "src" / name
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_bytes(files[name])
            package, module = name.rsplit("/", 1)
            pyc = f"{package}/__pycache__/{module[:-3]}.{cache_tag()}.pyc"
            jobs.append([f"/work/src/{name}", f"/work/pyc/{pyc}", f"/engine/{name}"])
            compiled[pyc] = work / "pyc" / pyc
        in_pyodide(COMPILE_JOB, {"files": jobs}, work=work)
        return {name: path.read_bytes() for name, path in compiled.items()}


def cache_tag() -> str:
    """The runtime's Python, as bytecode files name it: cpython-314 for Python 3.14."""
    lock = json.loads((RUNTIME / LOCKFILE).read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def engine_modules(names: list[str]) -> list[str]:
    """The engine's modules by name (rules.answer for rules/answer.py), packages first."""
    modules = [name[:-3].replace("/", ".").removesuffix(".__init__")
               for name in names if name.endswith(".py")]
    return sorted(modules, key=lambda m: (m.count("."), m))


def chinese_texts() -> set[str]:
    """Every string written in rules/ and presentation/ that holds a Han character: all
    the Chinese the presentation can write in Simplified characters is made of them."""
    texts = set()
    for path in sources():
        for node_ in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node_, ast.Constant) and isinstance(node_.value, str) \
                    and HAN.search(node_.value):
                texts.add(node_.value)
    return texts


def simplified_table() -> str:
    """The server's OpenCC t2s (calculator.regions) as a table, as JSON: each Han
    character of those texts that it changes, and the whole text wherever OpenCC, which
    reads phrases, writes it otherwise than character by character."""
    import opencc

    t2s = opencc.OpenCC("t2s")
    texts = chinese_texts()
    characters = {c: t2s.convert(c) for text in texts for c in HAN.findall(text)}
    characters = {c: s for c, s in characters.items() if c != s}
    phrases = {text: t2s.convert(text) for text in texts
               if t2s.convert(text) != "".join(characters.get(c, c) for c in text)}
    return json.dumps({"characters": characters, "phrases": phrases}, ensure_ascii=False,
                      sort_keys=True)


# --- the corpus the engine is traced and checked with ---

def corpus_calls() -> list[list[str]]:
    """What the worker is asked, in the offline corpus (tests/offline_corpus.py): each API
    request, and each form a page can send, in the three page languages, with the
    server's panel links."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.offline")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.utils import translation

    from calculator.results import panel_links
    from presentation.regions import LISTED
    from tests.offline_corpus import LANGUAGES, corpus, form_corpus

    calls = [["api", kind, text] for kind, text, _answer in corpus()]
    links = {}
    for language in LANGUAGES:
        with translation.override(language):
            links[language] = json.dumps({**panel_links(), "waits": "/waits/",
                                          "origin": "http://testserver"})
    for kind, fields, language in form_corpus():
        calls.append(["form", kind, fields, language, links[language]])
    # practice rounds (presentation.practice): each region's first deals, in turn
    for seed in range(PRACTICE_SEEDS):
        for region in LISTED:
            language = LANGUAGES[seed % len(LANGUAGES)]
            calls.append(["form", "practice", json.dumps({"region": region.key, "seed": str(seed)}),
                          language, links[language]])
    return calls


def cpython_answers() -> list[str]:
    from tests.offline_corpus import corpus

    return [answer for _kind, _text, answer in corpus()]


# --- the runtime ---

def trimmed_stdlib(engine: Path, calls: list[list[str]]) -> tuple[bytes, list[str]]:
    """The standard library as the browser needs it: the modules that Pyodide's start
    (loadPyodide, unpackArchive, a failure's traceback) and the engine (each of its
    modules imported, then the corpus answered, as the worker does) import, traced in
    the pinned Pyodide with its whole standard library, compiled to bytecode alone
    (.pyc, no .py: a traceback names the file and line); and, as a margin, the rest of
    each package one of whose modules is imported (json/, asyncio/) and of ALWAYS_KEPT,
    as sources, compiled only if a start ever imports them. In an uncompressed zip, which
    its .br copy compresses whole. Also the full runtime's answers to ``calls``, which the
    trimmed one must give again."""
    full = zipfile.ZipFile(RUNTIME / STDLIB)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        in_pyodide(ANSWER_JOB, {"modules": engine_modules(zipfile.ZipFile(engine).namelist()),
                                "calls": calls}, engine=engine, work=work)
        imported = json.loads((work / "modules.json").read_text(encoding="utf-8"))
        answers = json.loads((work / "answers.json").read_text(encoding="utf-8"))
    prefix = f"/lib/python{cache_tag().removeprefix('cpython-')}.zip/"
    traced = {file.removeprefix(prefix) for file in imported.values()
              if file and file.startswith(prefix)}
    packages = {name.split("/")[0] for name in traced if "/" in name} | ALWAYS_KEPT
    margin = [name for name in full.namelist() if name.endswith(".py")
              and name not in traced and name.split("/")[0] in packages]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        jobs = []
        for name in sorted(traced):
            source = work / "src" / name
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_bytes(full.read(name))
            jobs.append([f"/work/src/{name}", f"/work/pyc/{name}c", prefix + name])
        in_pyodide(COMPILE_JOB, {"files": jobs}, work=work)
        files = {f"{name}c": (work / "pyc" / f"{name}c").read_bytes() for name in traced}
    files.update({name: full.read(name) for name in margin})
    return zipped(files, zipfile.ZIP_STORED), answers


def check_runtime(engine: Path, calls: list[list[str]], expected: list[str]) -> None:
    """The built runtime (build/offline/pyodide) and engine answer ``calls`` as
    ``expected``: nothing they need was left out."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        in_pyodide(ANSWER_JOB, {"modules": [], "calls": calls}, runtime=OUT / "pyodide",
                   engine=engine, work=work)
        answers = json.loads((work / "answers.json").read_text(encoding="utf-8"))
    wrong = [call for call, got, want in zip(calls, answers, expected, strict=True)
             if got != want]
    if wrong:
        raise RuntimeError(f"the trimmed runtime answers {len(wrong)} of {len(calls)} "
                           f"corpus calls otherwise, the first: {wrong[0]}")


def compressed(path: Path, done: dict[str, str], inputs: dict[str, str]) -> None:
    """path.br and path.gz, made again only when ``path`` changed."""
    key = f"compressed:{path.relative_to(OUT).as_posix()}"
    inputs[key] = digest(path)
    siblings = [path.with_name(path.name + suffix) for suffix in (".br", ".gz")]
    if done.get(key) == inputs[key] and all(s.exists() for s in siblings):
        return
    data = path.read_bytes()
    seconds = len(data) / 330_000  # Brotli 11 here: about 0.33 MB a second
    expected = f"≈{seconds:.0f} s" if seconds >= 1 else ""
    with step(f"compressing {path.name} ({len(data) / 1e6:.1f} MB) with Brotli quality "
              f"{BROTLI_QUALITY} and gzip 9", expected):
        import brotli  # whitenoise's, in requirements.txt

        write_if_changed(siblings[0], brotli.compress(data, quality=BROTLI_QUALITY))
        write_if_changed(siblings[1], gzip.compress(data, compresslevel=9, mtime=0))


def lockfile() -> bytes:
    """Pyodide's package list, with no package: the engine loads none, and loadPyodide
    reads the list at every start."""
    lock = json.loads((RUNTIME / LOCKFILE).read_text(encoding="utf-8"))
    return json.dumps({**lock, "packages": {}}, indent=1, sort_keys=True).encode()


def build_runtime(engine: Path, done: dict[str, str], inputs: dict[str, str]) -> None:
    target = OUT / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        source = RUNTIME / name
        if not (target / name).exists() or digest(target / name) != digest(source):
            target.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target / name)
    write_if_changed(target / LOCKFILE, lockfile())

    inputs["stdlib"] = digest(RUNTIME / STDLIB, engine, Path(__file__),
                              ROOT / "tests" / "offline_corpus.py")
    if done.get("stdlib") != inputs["stdlib"] or not (target / STDLIB).exists():
        with step("reading the offline corpus's calls and CPython's answers"):
            calls = corpus_calls()
            expected_api = cpython_answers()
        with step("tracing the standard library modules Pyodide and the engine import, "
                  "in Pyodide under node, over the corpus", "≈20 s"):
            stdlib, answers = trimmed_stdlib(engine, calls)
        api_wrong = sum(a != b for a, b in zip(answers, expected_api, strict=False))
        if api_wrong:
            raise RuntimeError(f"Pyodide answers {api_wrong} API requests of the corpus "
                               "otherwise than CPython")
        write_if_changed(target / STDLIB, stdlib)
        with step(f"checking the trimmed runtime answers the {len(calls)} corpus calls "
                  "as the full one", "≈15 s"):
            check_runtime(engine, calls, answers)
    for name in RUNTIME_FILES:
        compressed(target / name, done, inputs)


def main() -> int:
    t0 = time.perf_counter()
    OUT.mkdir(parents=True, exist_ok=True)
    done, inputs = recorded(), {}
    pyodide = can_run_pyodide()
    if not pyodide:
        print("warning: no node_modules/pyodide (npm ci) or no node: the app scores online "
              "only", file=sys.stderr)
    inputs["engine"] = digest(Path(__file__), *sources(), *sorted(ROOT.glob(CATALOGUES)),
                              str(pyodide))
    engine = OUT / "engine" / "rules.zip"
    if done.get("engine") != inputs["engine"] or not engine.exists():
        with step("zipping the engine (rules/, presentation/, catalogues)"
                  + (", compiled by the pinned Pyodide in node" if pyodide else ""),
                  "≈5 s" if pyodide else ""):
            build_engine()
    print(f"offline engine: {engine.relative_to(ROOT)} ({engine.stat().st_size:,} bytes)")
    if pyodide:
        build_runtime(engine, done, inputs)
        sent = sum(min(p.stat().st_size for p in (OUT / "pyodide" / name,
                                                   OUT / "pyodide" / f"{name}.br"))
                   for name in RUNTIME_FILES)
        print(f"offline runtime: build/offline/pyodide ({sent:,} bytes sent with Brotli)")
    record(inputs)
    print(f"make offline: done in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
