# Zhejiang Mahjong Scorer. Needs only python3 (3.10+) and make:
#   make run    serve the app on http://127.0.0.1:8000
#   make serve  production: gunicorn, config.settings.production (README, "Production")
#   make test   lint (ruff, mypy, eslint), then run the test suite (browser tests included: it installs
#               Debian's chromium first when /usr/bin/chromium is missing)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
# xstatic-bootstrap is source-only and its setup.py imports pkg_resources, which
# setuptools 81 removed: build it first with the venv's own setuptools<81.
XSTATIC_BOOTSTRAP := $(shell grep -i '^xstatic-bootstrap==' requirements.txt)
# The browser tests drive the system's Chromium: no `playwright install`, no download.
CHROMIUM ?= /usr/bin/chromium
export CHROMIUM

.PHONY: venv run test test-postgres test-redis lint node-packages bench clean chromium serve loadtest offline

venv: $(VENV)/.runtime.stamp

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The stamps make installs run again only when a requirements file changes.
define pip_install
	$(PIP) install "setuptools<81" wheel
	$(PIP) install --no-build-isolation "$(XSTATIC_BOOTSTRAP)"
	$(PIP) install -r $(1)
endef

$(VENV)/.runtime.stamp: requirements.txt | $(BIN)/python
	$(call pip_install,requirements.txt)
	touch $@

$(VENV)/.dev.stamp: requirements.txt requirements-dev.txt | $(BIN)/python
	$(call pip_install,requirements-dev.txt)
	touch $(VENV)/.runtime.stamp $@

# The development flag: manage.py and config.wsgi run the production settings without it.
# HOST=0.0.0.0 serves the phones on the same wifi too: the machine's IPv4 addresses (the
# server listens on IPv4 alone, so only those can be opened) become allowed hosts, and
# DEBUG pages are off (runserver --insecure still serves /static/).
HOST ?= 127.0.0.1
PORT ?= 8000
run: export DJANGO_SETTINGS_MODULE = config.settings.development
run: venv offline
	$(BIN)/python manage.py migrate --no-input
	@if [ "$(HOST)" = 127.0.0.1 ] || [ "$(HOST)" = localhost ]; then \
	  API_RATE_LIMIT=off exec $(BIN)/python manage.py runserver $(HOST):$(PORT); \
	else \
	  ips=$$(for ip in $$(hostname -I 2>/dev/null); do case $$ip in *:*) ;; *) echo $$ip;; esac; done); \
	  for ip in $$ips; do echo "Open http://$$ip:$(PORT)/ on a phone on the same wifi"; done; \
	  DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost$$(for ip in $$ips; do printf ',%s' $$ip; done)}" \
	  DJANGO_DEBUG=0 API_RATE_LIMIT=off exec $(BIN)/python manage.py runserver --insecure $(HOST):$(PORT); \
	fi

# Production: needs DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS, and a TLS proxy in front.
serve: export DJANGO_SETTINGS_MODULE = config.settings.production
serve: venv offline
	@if [ -z "$$DJANGO_SECRET_KEY" ] || [ -z "$$DJANGO_ALLOWED_HOSTS" ]; then \
	  echo "make serve needs DJANGO_SECRET_KEY (a long random string, e.g. from" >&2; \
	  echo "  python3 -c 'import secrets; print(secrets.token_urlsafe(50))')" >&2; \
	  echo "and DJANGO_ALLOWED_HOSTS (the site's host names, comma-separated)." >&2; \
	  echo "See README, \"Production\"." >&2; exit 2; \
	fi
	$(BIN)/python manage.py check --deploy --fail-level WARNING
	$(BIN)/python manage.py collectstatic --no-input -v0
	$(BIN)/python manage.py migrate --no-input -v0
	exec $(BIN)/gunicorn -c config/gunicorn.conf.py

test: lint chromium offline
	$(BIN)/pytest

# The offline engine (README, "Offline"): the browser Python runtime, Pyodide, pinned in
# package.json and package-lock.json, from the npm registry (npm ci; Debian's npm is
# installed first where npm is missing, as root or through passwordless sudo), and the
# rules package zipped for it by scripts/build_offline.py, into build/offline/: the
# standard library trimmed and both compiled by that Pyodide run in node, and every file
# Brotli-compressed. It says what it does and how long each step takes, and skips the
# steps whose inputs did not change. Without npm or node: a warning, and the app scores
# online only (the offline tests skip, or fail under CI=true).
offline: $(VENV)/.runtime.stamp node-packages
	$(BIN)/python scripts/build_offline.py

# Debian's chromium and CJK fonts for the browser tests (tests/browser/; without the
# fonts Chinese text is drawn as boxes and its layout checks fail), when missing: as
# root (CI), or through passwordless sudo. Otherwise a warning, and those tests skip,
# except under CI=true, where they fail.
BROWSER_PACKAGES := chromium fonts-noto-cjk
chromium:
	@if [ -x "$(CHROMIUM)" ] && fc-list :lang=zh 2>/dev/null | grep -q .; then :; \
	elif ! command -v apt-get >/dev/null; then \
	  echo "warning: no $(CHROMIUM) or CJK fonts, and no apt-get: the browser tests may skip or fail" >&2; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's $(BROWSER_PACKAGES) for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES); \
	elif sudo -n true 2>/dev/null; then \
	  echo "Installing Debian's $(BROWSER_PACKAGES) for the browser tests (sudo)"; \
	  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES); \
	else \
	  echo "warning: no $(CHROMIUM) or CJK fonts: sudo apt-get install $(BROWSER_PACKAGES)" >&2; \
	fi

# The ledger's tests (storage, pages, concurrent writers) against a throwaway PostgreSQL
# server that scripts/with-postgres.sh starts (installing Debian's postgresql if needed).
test-postgres: $(VENV)/.dev.stamp
	REQUIRE_POSTGRES=1 scripts/with-postgres.sh $(BIN)/pytest -m ledger -p no:cacheprovider

# The rate limit and cache tests again, on a throwaway Redis server that
# scripts/with-redis.sh starts (installing Debian's redis-server if needed): there the
# Redis-only tests must run, not skip.
test-redis: $(VENV)/.dev.stamp
	REDIS_TESTS=required scripts/with-redis.sh $(BIN)/pytest -m shared_state -p no:cacheprovider

# Style (ruff) and types (mypy: strict on rules/, basic on the apps; pyproject.toml), and
# the JavaScript's one style (ESLint, pinned in package.json; eslint.config.js). Without
# npm: a warning, and the JavaScript goes unlinted, except under CI=true, where it fails.
lint: $(VENV)/.dev.stamp node-packages
	$(BIN)/ruff check .
	$(BIN)/mypy
	@if [ -x node_modules/.bin/eslint ]; then \
	  echo "node_modules/.bin/eslint --max-warnings=0"; node_modules/.bin/eslint --max-warnings=0; \
	else \
	  case "$$(echo "$${CI:-}" | tr A-Z a-z)" in \
	    ""|0|false|no) echo "warning: no npm (apt-get install npm): the JavaScript is not linted" >&2;; \
	    *) echo "error: CI must lint the JavaScript, and node_modules/.bin/eslint is missing (npm ci)" >&2; exit 1;; \
	  esac; \
	fi

# The npm packages of package-lock.json (the offline engine's runtime, the JavaScript
# linter) into node_modules/, again whenever package-lock.json changes; Debian's npm is
# installed first where npm is missing (as root or through passwordless sudo).
node-packages:
	@if [ ! -f node_modules/.package-lock.json ] || [ ! -x node_modules/.bin/eslint ] || \
	    [ package-lock.json -nt node_modules/.package-lock.json ]; then \
	  if ! command -v npm >/dev/null && command -v apt-get >/dev/null; then \
	    if [ "$$(id -u)" = 0 ]; then \
	      echo "Installing Debian's npm (the offline engine's runtime, the JavaScript linter)"; \
	      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm; \
	    elif sudo -n true 2>/dev/null; then \
	      echo "Installing Debian's npm (the offline engine's runtime, the JavaScript linter; sudo)"; \
	      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm; \
	    fi; \
	  fi; \
	  if command -v npm >/dev/null; then \
	    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error || \
	      echo "warning: npm ci failed" >&2; \
	  else \
	    echo "warning: no npm (apt-get install npm)" >&2; \
	  fi; \
	fi

bench: $(VENV)/.dev.stamp offline
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/house_rules.py
	$(BIN)/python bench/advise.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/phone.py
	$(BIN)/python bench/offline.py

# gunicorn on loopback (or LOADTEST_URL) under wrk: req/s and latency (README).
loadtest: $(VENV)/.dev.stamp
	$(BIN)/python bench/loadtest.py

clean:
	rm -rf $(VENV) node_modules build db.sqlite3 staticfiles .pytest_cache .ruff_cache .hypothesis test-artifacts test-results
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
