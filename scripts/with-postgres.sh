#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL server: initdb in a temporary folder,
# start it on a free loopback port, create a role that may create the test database,
# export DATABASE_URL, run the command, then stop the server and delete the folder.
#
#   scripts/with-postgres.sh .venv/bin/pytest -m ledger
#
# PostgreSQL comes from Debian's packages: installed here when missing, as root (CI) or
# through passwordless sudo; otherwise the script says what to install.
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

PGBIN="$(find_bin)"
if [ -z "$PGBIN" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's postgresql for the PostgreSQL tests" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  elif sudo -n true 2>/dev/null; then
    echo "Installing Debian's postgresql for the PostgreSQL tests (sudo)" >&2
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "error: PostgreSQL is not installed: sudo apt-get install postgresql" >&2
    exit 1
  fi
  PGBIN="$(find_bin)"
fi

DIR="$(mktemp -d /tmp/mahjong-postgres.XXXXXX)"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# initdb refuses to run as root: the server then runs as Debian's postgres user.
AS=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$DIR"
  AS=(runuser -u postgres --)
fi

stop() {
  "${AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

"${AS[@]}" "$PGBIN/initdb" -D "$DIR/data" -A trust -U postgres >/dev/null
# fsync off: a test server's data is thrown away anyway.
"${AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
"${AS[@]}" "$PGBIN/psql" -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres \
  -c "CREATE ROLE mahjong LOGIN CREATEDB PASSWORD 'mahjong'" \
  -c "CREATE DATABASE mahjong OWNER mahjong" >/dev/null

export DATABASE_URL="postgres://mahjong:mahjong@127.0.0.1:$PORT/mahjong"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
"$@"
