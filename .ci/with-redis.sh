#!/usr/bin/env bash
# Runs a command with a throwaway Redis server: `.ci/with-redis.sh make test-redis`.
# Installs Debian's redis-server when it is missing (CI runs as root), starts it on a
# free loopback port with no persistence, exports REDIS_URL, runs the command, stops
# the server, and exits with the command's status.
set -euo pipefail

if ! command -v redis-server >/dev/null; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO="sudo -n"; fi
  echo "Installing Debian's redis-server"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
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
echo "Redis $(redis-server --version | grep -o 'v=[0-9.]*') at $REDIS_URL"
"$@"
