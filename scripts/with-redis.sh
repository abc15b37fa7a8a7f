#!/usr/bin/env bash
# Run a command with a throwaway Redis server: start it on a free loopback port with no
# persistence, export REDIS_URL, run the command, then stop the server.
#
#   scripts/with-redis.sh .venv/bin/pytest -m shared_state
#
# Redis comes from Debian's packages: installed here when missing, as root (CI) or
# through passwordless sudo; otherwise the script says what to install.
set -euo pipefail

if ! command -v redis-server >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's redis-server for the Redis tests" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  elif sudo -n true 2>/dev/null; then
    echo "Installing Debian's redis-server for the Redis tests (sudo)" >&2
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "error: Redis is not installed: sudo apt-get install redis-server" >&2
    exit 1
  fi
fi

dir=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" --appendonly no \
  --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
stop() {
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
for _ in $(seq 50); do
  redis-cli -p "$port" ping >/dev/null 2>&1 && break
  sleep 0.1
done
redis-cli -p "$port" ping >/dev/null || { cat "$dir/redis.log"; exit 1; }

export REDIS_URL="redis://127.0.0.1:$port/0"
echo "Redis $(redis-server --version | grep -o 'v=[0-9.]*') on 127.0.0.1:$port" >&2
"$@"
