#!/usr/bin/env bash
# Starts (or reaches) the local PostgreSQL and Redis that the networked backends and their tests
# use. Idempotent: a running service is left alone. Honors TENK_PG_URL / TENK_REDIS_URL hosts.
set -u
have() { command -v "$1" >/dev/null 2>&1; }

if have pg_isready && ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  if have pg_ctlcluster && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start 2>/dev/null || true
  fi
  for _ in $(seq 1 20); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 0.5; done
fi

if have redis-cli && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if have redis-server; then
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/tenk.log >/dev/null 2>&1 || true
  fi
  for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi

ok=0
if have pg_isready; then pg_isready -h 127.0.0.1 -p 5432 -q || { echo "PostgreSQL not reachable on 127.0.0.1:5432" >&2; ok=1; }; fi
if have redis-cli; then redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || { echo "Redis not reachable on 127.0.0.1:6379" >&2; ok=1; }; fi
exit $ok
