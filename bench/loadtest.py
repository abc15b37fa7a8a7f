"""Load test: the app under gunicorn with the production settings, driven by wrk.

Run from the repository root (``make loadtest`` does exactly this)::

    .venv/bin/python bench/loadtest.py                          # gunicorn on loopback
    .venv/bin/python bench/loadtest.py --url http://127.0.0.1:8080   # a running setup

Without ``--url`` it collects the static files into a temporary folder and starts
gunicorn (config/gunicorn.conf.py) on a free loopback port with a throwaway secret
key and a rate limit too high to be reached but still counted. With ``--url`` it loads
whatever answers there, e.g. a load balancer in front of several app servers (README,
"Production"); their rate limit must then be raised (API_RATE_LIMIT) or its 429s
count as errors.

In one run, after a warm-up of each, it loads one target after the other with
``--connections`` connections (wrk, one thread), ``--rounds`` times over, for
``--duration`` seconds per target in all, and prints one table row per target:
requests per second, p50 and p99 latency (the median of the rounds'), errors.

- ``POST /api/v1/score``: a fixed seeded mix — winning hands with 0 to 4 wilds and
  melds, hands that do not win, and invalid requests (a fifth copy, a bad tile, an
  unknown key, malformed JSON); 200 for a hand, 400 for an invalid one.
- ``GET /``: the calculator page.
- ``GET /health``: a bare Django JSON view, through the same middleware.

An error is a socket error, a timeout, or a status other than the expected ones. The
goal: the score API at 70 % of the bare view's requests per second, with no error;
``--check`` exits 1 when it is missed. wrk comes from Debian (installed when missing,
as root or with passwordless sudo).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

# This folder is first on the path when run as a script: `bench` is bench/bench.py.
from bench import build_corpus  # noqa: E402
from tests import servers  # noqa: E402

SEED = 20261130
GOAL = 0.70  # score API req/s over the bare view's
# How many requests of each kind in the score mix: plain hands are the common case.
MIX = {"no-wild": 40, "1-wild": 30, "2-wilds": 20, "3-wilds": 10, "4-wilds": 5,
       "non-winning": 20, "invalid": 15}

# wrk's Lua side: each thread walks the list of requests; every answer's status is
# checked against the ones expected; done() prints one JSON line for this script.
LUA = r"""
local requests = {%(requests)s}
local expected = {%(expected)s}
local i = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  unexpected = 0
  statuses = ""
end

function request()
  i = i %% #requests + 1
  return requests[i]
end

function response(status, headers, body)
  if not expected[status] then
    unexpected = unexpected + 1
    if #statuses < 200 then statuses = statuses .. status .. " " end
  end
end

function done(summary, latency, requests)
  local unexpected, statuses = 0, ""
  for _, thread in ipairs(threads) do
    unexpected = unexpected + thread:get("unexpected")
    statuses = statuses .. thread:get("statuses")
  end
  local e = summary.errors
  io.write(string.format(
    'LOADTEST {"requests": %%d, "seconds": %%f, "p50_us": %%d, "p99_us": %%d, ' ..
    '"socket_errors": %%d, "timeouts": %%d, "unexpected": %%d, "statuses": "%%s"}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50),
    latency:percentile(99), e.connect + e.read + e.write, e.timeout, unexpected, statuses))
end
"""


def score_mix() -> list[str]:
    """The score requests as JSON bodies, in a fixed shuffled order."""
    rng = random.Random(SEED)
    corpus = build_corpus(SEED, max(MIX.values()))
    bodies = []
    for category, count in MIX.items():
        if category != "invalid":
            cases = [case for case in corpus if case.category == category][:count]
            bodies += [json.dumps(case.request) for case in cases]
    valid = [json.loads(body) for body in bodies]
    for n in range(MIX["invalid"]):
        request = dict(rng.choice(valid))
        kind = n % 5
        if kind == 0:
            request["hand"] = "1111m" + request["hand"]  # a fifth copy, or a wrong count
        elif kind == 1:
            request["win_tile"] = "0z"
        elif kind == 2:
            request["colour"] = "red"
        elif kind == 3:
            request["region"] = "shanghai"
        if kind == 4:
            bodies.append(json.dumps(request)[:-7])  # malformed: cut off
        else:
            bodies.append(json.dumps(request))
    rng.shuffle(bodies)
    return bodies


def lua_script(method: str, path: str, expected: tuple[int, ...],
               bodies: list[str] | None = None) -> str:
    headers = ("{['X-Forwarded-Proto'] = 'https', "
               "['Content-Type'] = 'application/json'}" if bodies else
               "{['X-Forwarded-Proto'] = 'https'}")
    formats = [f"wrk.format({lua_string(method)}, {lua_string(path)}, {headers}, "
               f"{lua_string(body)})" for body in bodies] if bodies else [
        f"wrk.format({lua_string(method)}, {lua_string(path)}, {headers})"]
    return LUA % {"requests": ",\n".join(formats),
                  "expected": ", ".join(f"[{status}] = true" for status in expected)}


def lua_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


TARGETS = [
    ("POST /api/v1/score", "POST", "/api/v1/score", (200, 400), score_mix),
    ("GET / (calculator page)", "GET", "/", (200,), None),
    ("GET /health (bare Django JSON)", "GET", "/health", (200,), None),
]


def need_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    print("Installing Debian's wrk", file=sys.stderr)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "wrk"], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return shutil.which("wrk") or sys.exit("wrk is missing: apt-get install wrk")


def run_wrk(wrk: str, url: str, script: Path, seconds: int, connections: int) -> dict:
    done = subprocess.run(
        [wrk, "--threads", "1", "--connections", str(connections), "--duration",
         f"{seconds}s", "--timeout", "5s", "--script", str(script), url],
        capture_output=True, text=True, check=True)
    line = re.search(r"^LOADTEST (.*)$", done.stdout, re.M)
    if not line:
        sys.exit(f"wrk printed no result:\n{done.stdout}\n{done.stderr}")
    result = json.loads(line[1])
    result["errors"] = result["socket_errors"] + result["timeouts"] + result["unexpected"]
    return result


def load(url: str, args: argparse.Namespace) -> dict[str, dict]:
    """Each target in turn, ``--rounds`` times over: a shared machine's background load
    then weighs on every target alike. Per target: all its requests over all its
    seconds, and the median of the rounds' p50 and p99."""
    wrk = need_wrk()
    rounds: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory() as folder:
        scripts = []
        for name, method, path, expected, bodies in TARGETS:
            script = Path(folder) / f"{len(scripts)}.lua"
            script.write_text(lua_script(method, path, expected, bodies and bodies()))
            scripts.append((name, script))
        for _, script in scripts:  # warm-up: workers loaded, engine caches filled
            run_wrk(wrk, url, script, args.warmup, args.connections)
        seconds = max(1, round(args.duration / args.rounds))
        for _ in range(args.rounds):
            for name, script in scripts:
                rounds.setdefault(name, []).append(
                    run_wrk(wrk, url, script, seconds, args.connections))
    return {name: {
        "rps": sum(r["requests"] for r in runs) / sum(r["seconds"] for r in runs),
        "p50_us": statistics.median(r["p50_us"] for r in runs),
        "p99_us": statistics.median(r["p99_us"] for r in runs),
        "errors": sum(r["errors"] for r in runs),
        "statuses": "".join(r["statuses"] for r in runs),
    } for name, runs in rounds.items()}


def print_table(results: dict[str, dict], setup: str) -> None:
    print(f"\n{setup}\n")
    print("| target | req/s | p50 ms | p99 ms | errors |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, r in results.items():
        print(f"| {name} | {r['rps']:.0f} | {r['p50_us'] / 1000:.1f} | "
              f"{r['p99_us'] / 1000:.1f} | {r['errors']} |")
        if r["statuses"]:
            print(f"  unexpected statuses: {r['statuses']}", file=sys.stderr)


def parse_args(argv) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("LOADTEST_URL"),
                        help="load this running setup instead of starting gunicorn")
    parser.add_argument("--duration", type=int, default=30, help="seconds per target")
    parser.add_argument("--rounds", type=int, default=5,
                        help="the duration is cut into this many rounds of all targets")
    parser.add_argument("--warmup", type=int, default=3, help="seconds of warm-up per target")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int,
                        help="gunicorn workers (default: config/gunicorn.conf.py's)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless the goal is met with no error")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.url:
        results = load(args.url.rstrip("/"), args)
        setup = f"Target: {args.url}"
    else:
        with tempfile.TemporaryDirectory() as static_root:
            env = servers.production_env(DJANGO_STATIC_ROOT=static_root,
                                         API_RATE_LIMIT="1000000000/minute")
            if args.workers:
                env["WEB_CONCURRENCY"] = str(args.workers)
            servers.collectstatic(Path(static_root), env)
            workers = int(env.get("WEB_CONCURRENCY", 2 * os.cpu_count() + 1))
            with servers.gunicorn(env, workers=workers) as url:
                results = load(url, args)
        cache = "Redis" if env.get("REDIS_URL") else "local memory"
        setup = (f"gunicorn on loopback, {workers} sync workers, {os.cpu_count()} cores, "
                 f"wrk 1 thread × {args.connections} connections, {args.duration} s per "
                 f"target in {args.rounds} rounds; rate limit counted in {cache}")
    print_table(results, setup)
    score = results[TARGETS[0][0]]
    bare = results[TARGETS[2][0]]
    ratio = score["rps"] / bare["rps"]
    errors = sum(r["errors"] for r in results.values())
    met = ratio >= GOAL and errors == 0
    print(f"\nscore API / bare view: {ratio:.0%} (goal {GOAL:.0%}); errors: {errors} "
          f"-> {'met' if met else 'NOT met'}")
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
