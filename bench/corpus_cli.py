"""The command line of a benchmark timed on the bench corpus (bench/bench.py's
``build_corpus``): the corpus's seed and size, the rounds, and ``--check`` with its
verdict. Importing it (or bench/bench.py) puts the repository root on the path, so that
a script run from bench/ imports the engine after it."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

# bench/bench.py: run as a script, a benchmark's own folder is first on the path
from bench import DEFAULT_PER_CATEGORY, DEFAULT_ROUNDS, DEFAULT_SEED


def corpus_arguments(description: str, *, check: str,
                     per_category: int = DEFAULT_PER_CATEGORY) -> argparse.ArgumentParser:
    """A parser with --seed, --per-category, --rounds and --check (``check``: what it
    checks); the script adds its own arguments."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--per-category", type=int, default=per_category)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument("--check", action="store_true", help=check)
    return parser


def exit_status(check: bool, missed: Sequence[str]) -> int:
    """The script's exit status: 1 under --check when a goal is missed (and which, said
    first), else 0."""
    if check and missed:
        print(f"--check failed: {', '.join(missed)}")
        return 1
    return 0
