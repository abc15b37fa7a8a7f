"""gunicorn's settings for `make serve` and `make loadtest`:
`gunicorn -c config/gunicorn.conf.py`. Environment: BIND (127.0.0.1:8000),
WEB_CONCURRENCY (workers; 2 per core + 1), FORWARDED_ALLOW_IPS (gunicorn's own: the
proxies whose X-Forwarded-Proto it believes; loopback by default)."""

import multiprocessing
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

wsgi_app = "config.wsgi:application"
bind = os.environ.get("BIND", "127.0.0.1:8000")
# Sync workers: a request is a few milliseconds of CPU in the engine and never waits on
# another service, so one process per request in flight uses the cores fully. They must
# sit behind a proxy that buffers slow clients (README, "Production").
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1))
# Load Django once, before forking: a bad setting stops the start with one clear error
# instead of every worker failing to boot.
preload_app = True
# The access log is the proxy's job; gunicorn logs errors to stderr.
errorlog = "-"
# No control socket in the home directory: several servers may run on one machine.
control_socket_disable = True
