#!/usr/bin/env bash
# Starts (or reaches) the local PostgreSQL and Redis the scale-out backends and their tests use
# (127.0.0.1:5432, databases test/root/postgres with trust auth on loopback; 127.0.0.1:6379).
# Idempotent: a running, usable service is left alone. On a fresh Debian/Ubuntu machine, run as
# root, it installs the packages, starts the cluster, lets loopback connect without a password
# (development and CI only) and creates the databases and the root role. Exit 1 names what is missing.
set -u
have() { command -v "$1" >/dev/null 2>&1; }
as_root() { [ "$(id -u)" = 0 ]; }
pg_ok() { psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; }

missing=()
have pg_isready || missing+=(postgresql postgresql-client)
have redis-server || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  if as_root && have apt-get; then
    echo "services: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 \
      || { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null 2>&1; } \
      || echo "services: apt-get install ${missing[*]} failed" >&2
  else
    echo "services: install ${missing[*]} (as root: apt-get install ${missing[*]})" >&2
  fi
fi

# PostgreSQL: start the first local cluster when nothing answers on 5432.
if have pg_isready && ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  if have pg_ctlcluster && [ -d /etc/postgresql ]; then
    version="$(ls /etc/postgresql | sort -V | tail -n1)"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
  fi
  for _ in $(seq 1 20); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 0.5; done
fi
# Loopback without a password, the databases and the root role (a local cluster we administer).
if have pg_isready && pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && as_root && have su; then
  if ! pg_ok && [ -d /etc/postgresql ]; then
    for hba in /etc/postgresql/*/main/pg_hba.conf; do
      grep -q '# tenk: trust loopback' "$hba" 2>/dev/null && continue
      { echo '# tenk: trust loopback (scripts/services.sh, development and CI only)'
        echo 'host all all 127.0.0.1/32 trust'; echo 'host all all ::1/128 trust'; cat "$hba"; } >"$hba.tenk" && mv "$hba.tenk" "$hba"
    done
    su postgres -c "psql -Atqc 'select pg_reload_conf()'" >/dev/null 2>&1 || true
    sleep 0.5
  fi
  if pg_ok; then
    psql -h 127.0.0.1 -U postgres -d postgres -Atqc "select 1 from pg_roles where rolname = 'root'" | grep -q 1 \
      || psql -h 127.0.0.1 -U postgres -d postgres -qc 'create role root superuser login' >/dev/null
    for db in test root; do
      psql -h 127.0.0.1 -U postgres -d postgres -Atqc "select 1 from pg_database where datname = '$db'" | grep -q 1 \
        || psql -h 127.0.0.1 -U postgres -d postgres -qc "create database $db" >/dev/null
    done
  fi
fi

# Redis: a private, non-persistent server on loopback when nothing answers on 6379.
if have redis-cli && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if have redis-server; then
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/tenk.log >/dev/null 2>&1 || true
  fi
  for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi

ok=0
if have psql; then pg_ok && psql -h 127.0.0.1 -U postgres -d test -Atqc 'select 1' >/dev/null 2>&1 \
  || { echo "PostgreSQL not usable on 127.0.0.1:5432 (postgres@test without a password)" >&2; ok=1; }
else echo "PostgreSQL client (psql) not installed" >&2; ok=1; fi
if have redis-cli; then redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || { echo "Redis not reachable on 127.0.0.1:6379" >&2; ok=1; }
else echo "Redis (redis-cli) not installed" >&2; ok=1; fi
exit $ok
