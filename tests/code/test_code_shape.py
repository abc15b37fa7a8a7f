"""The shape of the product's own Python (rules, calculator, api, ledger, common, config;
Django's migrations aside): no block harder to follow than cyclomatic complexity 20, no
module below maintainability index 10 (radon's measures, as ``radon cc`` and ``radon mi``
print them), and no import cycle between its modules (grimp's graph, imports inside
functions included, ``if TYPE_CHECKING:`` imports left out). Each failure names every
block, module or cycle at fault. The checkers are tried first on a small package built
to fail them, so that a pass over the product means something."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from pathlib import Path

import grimp
import pytest
from radon.complexity import cc_visit
from radon.metrics import mi_visit

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "presentation", "calculator", "api", "ledger", "common", "config")
MOST_COMPLEXITY = 20
LEAST_MAINTAINABILITY = 10


def is_migration(name: str) -> bool:
    """Django writes migrations; they are not held to the product's shape."""
    return "migrations" in name.split(".")


def python_files(root: Path, packages: Iterable[str]) -> list[Path]:
    return sorted(path for package in packages for path in (root / package).rglob("*.py")
                  if not is_migration(".".join(path.relative_to(root).parts)))


def complex_blocks(root: Path, files: Iterable[Path], most: int) -> list[str]:
    """Every function, method and class whose cyclomatic complexity is above ``most``,
    as ``path:line name (CC n)``."""
    found = []
    for path in files:
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > most:
                found.append(f"{path.relative_to(root)}:{block.lineno} {block.fullname} "
                             f"(CC {block.complexity})")
    return found


def hard_modules(root: Path, files: Iterable[Path], least: float) -> list[str]:
    """Every module whose maintainability index is below ``least``, as ``path (MI n)``.
    Docstrings count as comments, as in ``radon mi``."""
    found = []
    for path in files:
        index = mi_visit(path.read_text(encoding="utf-8"), multi=True)
        if index < least:
            found.append(f"{path.relative_to(root)} (MI {index:.1f})")
    return found


def import_cycles(packages: Iterable[str]) -> list[str]:
    """The import cycles between the packages' modules, each as ``a → b → … → a``: for
    every import that lies on a cycle, the shortest cycle through it, each cycle once."""
    graph = grimp.build_graph(*packages, include_external_packages=False,
                              exclude_type_checking_imports=True, cache_dir=None)
    for module in [module for module in graph.modules if is_migration(module)]:
        graph.remove_module(module)
    cycles = set()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            way_back = graph.find_shortest_chain(importer=imported, imported=importer)
            if way_back:
                cycles.add(starting_from_least((importer, *way_back[:-1])))
    return sorted(" → ".join((*cycle, cycle[0])) for cycle in cycles)


def starting_from_least(cycle: tuple[str, ...]) -> tuple[str, ...]:
    """The same cycle, turned to start at its alphabetically first module, so that each
    cycle is written one way whichever import it was found from."""
    start = cycle.index(min(cycle))
    return cycle[start:] + cycle[:start]


def fail_naming(what: str, offenders: list[str]) -> None:
    if offenders:
        pytest.fail(f"{len(offenders)} {what}:\n" + "\n".join(offenders), pytrace=False)


def test_no_block_above_complexity_20():
    fail_naming(f"blocks above cyclomatic complexity {MOST_COMPLEXITY}",
                complex_blocks(ROOT, python_files(ROOT, PACKAGES), MOST_COMPLEXITY))


def test_no_module_below_maintainability_10():
    fail_naming(f"modules below maintainability index {LEAST_MAINTAINABILITY}",
                hard_modules(ROOT, python_files(ROOT, PACKAGES), LEAST_MAINTAINABILITY))


def test_no_import_cycle():
    fail_naming("import cycles", import_cycles(PACKAGES))


# The checkers on a package built to fail them: ``knot`` has a cycle through an import
# inside a function, an import that would close a second cycle but only under
# TYPE_CHECKING, a function with 22 paths and a module too long and branching to keep up.

TANGLED = "def tangled(x):\n" + "".join(
    f"    if x == {n}:\n        return {n}\n" for n in range(21)) + "    return None\n"
# 60 functions of 15 paths each, every line its own arithmetic: MI 0 in radon's measure.
SPRAWLING = "".join(
    f"def step_{m}(x, y):\n" + "".join(
        f"    if x > {n}:\n        y = y * {n} + x - {m} / (y + {n})\n" for n in range(14))
    + "    return y\n\n\n" for m in range(60))
KNOT = {
    "__init__.py": "",
    "first.py": "from knot import second\n\n\ndef plain():\n    return second.LEVEL\n",
    "second.py": textwrap.dedent("""\
        LEVEL = 1


        def later():
            from knot.first import plain
            return plain()
        """),
    "typed.py": textwrap.dedent("""\
        from typing import TYPE_CHECKING

        from knot import first

        if TYPE_CHECKING:
            from knot.third import Shape

        LEVEL = first.plain()
        """),
    "third.py": "from knot import typed\n\nShape = typed.LEVEL\n",
    "tangled.py": TANGLED,
    "sprawling.py": SPRAWLING,
}


@pytest.fixture
def knot(tmp_path, monkeypatch) -> Path:
    package = tmp_path / "knot"
    package.mkdir()
    for name, text in KNOT.items():
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_checkers_name_what_is_wrong_in_a_knotted_package(knot):
    files = python_files(knot, ["knot"])
    assert complex_blocks(knot, files, MOST_COMPLEXITY) == [
        "knot/tangled.py:1 tangled (CC 22)"]
    assert hard_modules(knot, files, LEAST_MAINTAINABILITY) == ["knot/sprawling.py (MI 0.0)"]
    assert import_cycles(["knot"]) == ["knot.first → knot.second → knot.first"]


def test_checkers_pass_the_knot_untied(knot):
    for name in ("tangled.py", "sprawling.py"):
        (knot / "knot" / name).unlink()
    (knot / "knot" / "second.py").write_text("LEVEL = 1\n", encoding="utf-8")
    files = python_files(knot, ["knot"])
    assert complex_blocks(knot, files, MOST_COMPLEXITY) == []
    assert hard_modules(knot, files, LEAST_MAINTAINABILITY) == []
    assert import_cycles(["knot"]) == []
