"""The offline runtime as scripts/build_offline.py builds it (make offline): the standard
library cut down to what Pyodide and the engine import and compiled by the pinned
Pyodide, the engine compiled beside its sources, every runtime file beside its Brotli
and gzip copies, and a step skipped when what it is made from has not changed. The
build itself holds the trimmed runtime to the full one over the whole offline corpus;
here a sample of the corpus, run on the built files in Pyodide under node, is held to
CPython's answers."""

import gzip
import json
import os
import zipfile
from pathlib import Path

import brotli
import pytest

from tests.offline_corpus import build_script, corpus

ROOT = Path(__file__).resolve().parents[2]
BUILT = ROOT / "build" / "offline"
STDLIB = BUILT / "pyodide" / "python_stdlib.zip"
ENGINE = BUILT / "engine" / "rules.zip"


@pytest.fixture(scope="module")
def script():
    module = build_script()
    if not module.can_run_pyodide() or not STDLIB.is_file():
        if os.environ.get("CI"):
            pytest.fail("CI must build the offline runtime (make offline)")
        pytest.skip("the offline runtime is not built (make offline: npm ci, node)")
    return module


def header(pyc: bytes) -> tuple[bytes, int]:
    """A bytecode file's magic number and flags (PEP 552: 0b01 is a hash-based file
    whose source is never checked)."""
    return pyc[:4], int.from_bytes(pyc[4:8], "little")


def test_the_standard_library_is_compiled_bytecode_with_whole_packages(script):
    names = zipfile.ZipFile(STDLIB).namelist()
    compiled = [n for n in names if n.endswith(".pyc")]
    for needed in ("encodings/__init__.pyc", "encodings/utf_8.pyc", "json/decoder.pyc",
                   "gettext.pyc", "dataclasses.pyc", "_pyodide/_base.pyc",
                   "pyodide/ffi/__init__.pyc"):
        assert needed in names, needed
    # a package one of whose modules is imported is kept whole (the rest as sources)
    assert {"encodings/cp1252.py", "json/tool.py"} <= set(names)
    # and what neither Pyodide nor the engine imports is left out
    assert not {n for n in names if n.split("/")[0] in {"tkinter", "unittest", "xml",
                                                       "sqlite3", "email", "idlelib"}}
    assert len(names) < 500  # of 614 in the full one
    archive = zipfile.ZipFile(STDLIB)
    headers = {header(archive.read(n)) for n in compiled}
    assert len(headers) == 1
    magic, flags = headers.pop()
    assert flags == 0b01
    engine = zipfile.ZipFile(ENGINE)
    tag = script.cache_tag()
    engine_compiled = [n for n in engine.namelist() if n.endswith(".pyc")]
    assert {header(engine.read(n)) for n in engine_compiled} == {(magic, 0b01)}
    # each engine module beside its bytecode, where Python looks for it
    sources = [n for n in engine.namelist() if n.endswith(".py")]
    assert len(engine_compiled) == len(sources)
    for name in sources:
        folder, module = name.rsplit("/", 1)
        assert f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc" in engine_compiled, name


def test_every_runtime_file_is_beside_its_brotli_and_gzip_copies(script):
    for name in script.RUNTIME_FILES:
        path = BUILT / "pyodide" / name
        data = path.read_bytes()
        assert brotli.decompress(path.with_name(name + ".br").read_bytes()) == data, name
        assert gzip.decompress(path.with_name(name + ".gz").read_bytes()) == data, name
    # the standard library was the one runtime file sent as it is: compressed now, to
    # under a third
    assert (STDLIB.with_name(STDLIB.name + ".br").stat().st_size
            < STDLIB.stat().st_size / 3)


def test_a_step_whose_inputs_did_not_change_is_skipped(script, tmp_path, monkeypatch,
                                                       capsys):
    monkeypatch.setattr(script, "OUT", tmp_path)
    file = tmp_path / "pyodide" / "runtime.js"
    file.parent.mkdir()
    file.write_text("const runtime = 1;\n" * 1000)
    done, inputs = {}, {}
    script.compressed(file, done, inputs)
    assert "compressing runtime.js" in capsys.readouterr().out
    made = file.with_name("runtime.js.br").stat().st_mtime_ns
    script.compressed(file, inputs, {})
    assert capsys.readouterr().out == ""
    assert file.with_name("runtime.js.br").stat().st_mtime_ns == made
    file.write_text("const runtime = 2;\n" * 1000)
    script.compressed(file, inputs, {})
    assert "compressing runtime.js" in capsys.readouterr().out


def test_the_built_runtime_answers_as_cpython(script, tmp_path):
    """The built runtime and engine, started as the worker starts them, in Pyodide under
    node: every 20th request of the corpus answered as CPython answers it."""
    sample = corpus()[::20]
    calls = [["api", kind, text] for kind, text, _answer in sample]
    script.in_pyodide(script.ANSWER_JOB, {"modules": [], "calls": calls},
                      runtime=BUILT / "pyodide", engine=ENGINE, work=tmp_path)
    answers = json.loads((tmp_path / "answers.json").read_text(encoding="utf-8"))
    assert answers == [answer for _kind, _text, answer in sample]
