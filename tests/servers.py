"""The app as it is deployed: gunicorn with the production settings, in a child process
on a free loopback port (the production tests, the page-weight test and the scale-out
test use it). Requests must say X-Forwarded-Proto: https, as the TLS proxy in front of a
real deployment does: gunicorn believes it from loopback, and without it the production
settings redirect to https."""

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HTTPS = {"X-Forwarded-Proto": "https"}


def production_env(**overrides: str) -> dict[str, str]:
    """The environment of a production process: a throwaway secret, loopback hosts."""
    # Not the browser tests' switch (tests/browser/conftest.py): check --deploy objects.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {**inherited, "DJANGO_SETTINGS_MODULE": "config.settings.production",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost"}
    return {**env, **overrides}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def collectstatic(static_root: Path, env: dict[str, str]) -> None:
    done = manage("collectstatic", "--no-input", "-v0",
                  env={**env, "DJANGO_STATIC_ROOT": str(static_root)})
    assert done.returncode == 0, done.stderr


@contextlib.contextmanager
def deployed():
    """The app as deployed for a benchmark: the production settings (no HTTPS redirect,
    no rate limits), its static files collected and a fresh database in a temporary
    folder, under gunicorn (``gunicorn``): yields its base URL."""
    with tempfile.TemporaryDirectory() as root:
        env = production_env(DJANGO_STATIC_ROOT=root, API_RATE_LIMIT="off",
                             PAGE_RATE_LIMIT="off", DJANGO_SECURE_SSL_REDIRECT="0",
                             DATABASE_URL=f"sqlite:///{root}/bench.sqlite3")
        collectstatic(Path(root), env)
        manage("migrate", "--no-input", "-v0", env=env)
        with gunicorn(env) as url:
            yield url


# Headless Chromium for the benchmarks (Debian's, or $CHROMIUM), as quiet as it gets.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def chromium(playwright):
    """A headless Chromium from ``playwright`` (sync API) for a benchmark."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str, headers: dict[str, str] | None = None, data: bytes | None = None):
    """(status, headers, body) of one request; HTTP errors are answers too."""
    request = urllib.request.Request(url, data=data, headers={**HTTPS, **(headers or {})})
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@contextlib.contextmanager
def gunicorn(env: dict[str, str], workers: int = 2, log_path=None):
    """A production gunicorn on a free loopback port: yields its base URL. Its output
    goes to ``log_path`` where given (for a test to read), else to a temporary file."""
    port = free_port()
    env = {**env, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers)}
    # a file, not a pipe: no one must read it while it runs
    log = open(log_path, "w+") if log_path else tempfile.TemporaryFile("w+")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.conf.py"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def wait_until_up(url: str, process: subprocess.Popen, log, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"gunicorn exited with {process.returncode}: {log.read()}")
        with contextlib.suppress(OSError):
            if get(f"{url}/health")[0] == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer at {url} within {timeout} s")
