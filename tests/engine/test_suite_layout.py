"""The test suite's own layout: no test module imports another (what tests share lives
in modules that are not tests: tests/helpers.py, tests/words.py, tests/browser/pages.py
…), so that each test module can be read, run and changed on its own."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_test_module_imports_another():
    offenders = {
        str(path.relative_to(TESTS)): sorted(name for name in imported_modules(path)
                                             if name.rsplit(".", 1)[-1].startswith("test_"))
        for path in TESTS.rglob("test_*.py")}
    assert {path: names for path, names in offenders.items() if names} == {}
