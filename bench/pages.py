"""Page timings: the product's pages against the JSON API for the same hand, in one run.

Run from the repository root (``make bench`` runs it after bench/bench.py)::

    .venv/bin/python bench/pages.py [--rounds N]

In-process, under the production settings (a throwaway secret key, the static files
collected into a temporary folder, the rate limit off) through Django's test client,
so the numbers are Django's own work — middleware, views, templates — with no network:

- the engine alone: ``rules.score`` on RULEBOOK §5 example 3 (a Hangzhou 暴頭);
- ``POST /api/v1/score`` with that hand (the yardstick);
- ``GET /?<that hand>``: the calculator page with its result;
- the same with ``HX-Request``: the result partial htmx fetches;
- ``GET /rules/hangzhou/`` (every pattern with its examples scored) and
  ``GET /waits/?…`` (a 13-tile hand's waits);
- a table's read-only ledger page with 10, 100 and 1,000 hands (the cap,
  ``ledger.store.HANDS_LIMIT``), the next hand's win preview at 10 and 1,000 hands,
  and an open page's version check: their cost should not grow with the table.

Every target is warmed up, then the targets are timed round by round, interleaved, so
that drift on the machine hits them all alike; each row gives the median and the 90th
percentile in milliseconds and the median over the API's. The goals (issue 15): the
full page within 8× the API, the partial within 2×.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

EXAMPLE_3 = {"region": "hangzhou", "hand": "123m456m789p345s5z", "win_tile": "9s",
             "win_type": "self_draw", "winner": "E", "dealer": "E", "dealer_streak": 1}
GOALS = {"page": 8.0, "partial": 2.0}


def set_up(static_root: str) -> None:
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings.production",
                      DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
                      DJANGO_ALLOWED_HOSTS="testserver", DJANGO_STATIC_ROOT=static_root,
                      DATABASE_URL=f"sqlite:///{static_root}/bench.sqlite3",
                      API_RATE_LIMIT="off", PAGE_RATE_LIMIT="off")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("migrate", interactive=False, verbosity=0)


def table_with(hands: int):
    """A Hangzhou table of ``hands`` paper results (rules.settle), written in one go."""
    from decimal import Decimal

    from ledger.models import Hand, Table
    from ledger.rotation import advance, after_json, compose, start
    from rules.settle import settle

    table = Table.objects.create(region="hangzhou", player_e="甲", player_s="乙",
                                 player_w="丙", player_n="丁")
    position, rows, totals = start("E"), [], dict.fromkeys("ESWN", Decimal(0))
    for number in range(1, hands + 1):
        fields = {"winner": "ESWN"[number % 4], "win_type": "self_draw", "multiplier": 2}
        request = compose(fields, region="hangzhou", base=1, house_rules={},
                          position=position)
        result = settle(request)
        position = advance("hangzhou", position, Hand.WIN, request, {})
        totals = {seat: totals[seat] + result["payments"][seat] for seat in totals}
        rows.append(Hand(table=table, number=number, kind=Hand.WIN, request=request,
                         result=result, after=after_json(position, totals)))
    Hand.objects.bulk_create(rows)
    return table


def targets() -> dict[str, Callable[[], object]]:
    from urllib.parse import urlencode

    from django.test import Client

    from rules import score

    client = Client()
    query = "/?" + urlencode(EXAMPLE_3)
    body = json.dumps(EXAMPLE_3)

    def get(url: str, **headers):
        def call():
            response = client.get(url, secure=True, headers=headers)
            assert response.status_code == 200, (url, response.status_code)
        return call

    def api():
        response = client.post("/api/v1/score", body, content_type="application/json",
                               secure=True)
        assert response.status_code == 200, response.status_code

    return {
        "engine: rules.score": lambda: score(EXAMPLE_3),
        "api: POST /api/v1/score": api,
        "page: GET / with a result": get(query),
        "partial: the same, HX-Request": get(query, **{"HX-Request": "true"}),
        "rules: GET /rules/hangzhou/": get("/rules/hangzhou/"),
        "waits: GET /waits/?…": get("/waits/?region=hangzhou&hand=123m456m789p345s"),
        **ledger_targets(get),
    }


def ledger_targets(get) -> dict[str, Callable[[], object]]:
    """A table's pages at 10, 100 and 1,000 hands: the read-only ledger, the next hand's
    win preview (score it: who pays, who deals next) and an open page's version check
    (answered 304): none should cost more on a long table."""
    from urllib.parse import urlencode

    calls = {}
    for n in (10, 100, 1000):
        table = table_with(n)
        calls[f"ledger: {n:>5} hands, read-only"] = get(f"/t/{table.view_token}/")
    for n in (10, 1000):
        table = table_with(n)
        hand = urlencode({"hand": "123m456p789s234s7z", "win_tile": "7z",
                          "win_type": "self_draw", "winner": "S", "version": table.version})
        edit = f"/t/{table.view_token}/e/{table.edit_token}/hand/{n + 1}/win?{hand}"
        calls[f"preview: {n:>5} hands, next win"] = get(edit)
    table = table_with(1000)
    version = f"/t/{table.view_token}/version"
    calls["version check: 1000 hands, 304"] = get304(version, f'"{table.version}"')
    return calls


def get304(url: str, etag: str):
    from django.test import Client

    client = Client()

    def call():
        response = client.get(url, secure=True, headers={"If-None-Match": etag})
        assert response.status_code == 304, (url, response.status_code)
    return call


def measure(calls: dict[str, Callable[[], object]], rounds: int) -> dict[str, list[float]]:
    for call in calls.values():
        for _ in range(20):
            call()
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            start = time.perf_counter()
            call()
            times[name].append((time.perf_counter() - start) * 1000)
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as static_root:
        set_up(static_root)
        times = measure(targets(), args.rounds)
    api = statistics.median(times["api: POST /api/v1/score"])
    print(f"Pages against the JSON API, production settings, warm, {args.rounds} rounds")
    print(f"{'target':34} {'median ms':>10} {'p90 ms':>8} {'× API':>7}")
    for name, values in times.items():
        median = statistics.median(values)
        p90 = sorted(values)[int(0.9 * (len(values) - 1))]
        print(f"{name:34} {median:10.3f} {p90:8.3f} {median / api:7.1f}")
    for key, goal in GOALS.items():
        name = next(n for n in times if n.startswith(key + ":"))
        ratio = statistics.median(times[name]) / api
        print(f"goal: {key} within {goal:g}× the API: {ratio:.1f}× "
              f"{'met' if ratio <= goal else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
