#!/usr/bin/env bash
# The production stack without Docker: nginx (deploy/nginx/nginx.conf.template), gunicorn
# (deploy/gunicorn.conf.py), the live streams' ASGI server (deploy/gunicorn_live.conf.py), a
# Celery worker and beat, as docker-compose.yml runs them, on PostgreSQL and Redis; then the
# smoke test, the slow-client test and 200 open streams while votes go on, through nginx.
# Needs nginx, openssl, PostgreSQL and Redis running. Every address and name can be overridden:
#   STACK_HTTP_PORT STACK_HTTPS_PORT STACK_APP_PORT STACK_LIVE_PORT STACK_DATABASE_URL
#   STACK_REDIS_URL STACK_BROKER_URL STACK_LIVE_REDIS_URL
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)

HTTP_PORT="${STACK_HTTP_PORT:-18080}"
HTTPS_PORT="${STACK_HTTPS_PORT:-18443}"
APP_PORT="${STACK_APP_PORT:-18000}"
LIVE_PORT="${STACK_LIVE_PORT:-18001}"
DATABASE_URL="${STACK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/stack_test}"
REDIS_URL="${STACK_REDIS_URL:-redis://127.0.0.1:6379/2}"
CELERY_BROKER_URL="${STACK_BROKER_URL:-redis://127.0.0.1:6379/3}"
LIVE_REDIS_URL="${STACK_LIVE_REDIS_URL:-$REDIS_URL}"
PYTHON=.venv/bin/python
step() { echo "== [$(( $(date +%s) - started )) s] $*"; }

command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx)"; exit 1; }
work="$(mktemp -d)"
chmod 755 "$work"
mkdir -p "$work/media" "$work/nginx-temp" "$work/logs"
chmod 755 "$work/media"
pids=()
stop_stack() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap stop_stack EXIT
trap 'exit 1' INT TERM
fail() {
  echo "stack test failed: $*"
  for log in "$work"/logs/*.log; do echo "--- $log"; tail -30 "$log"; done
  exit 1
}

# The same settings as docker-compose.yml's x-app, with this machine's addresses.
export DJANGO_SETTINGS_MODULE=mafia_mod.settings.production
export SECRET_KEY="stack-test-$(openssl rand -hex 24)"
export ALLOWED_HOSTS="127.0.0.1,localhost"
export CSRF_TRUSTED_ORIGINS="https://127.0.0.1:$HTTPS_PORT"
export TRUSTED_PROXIES="127.0.0.1"
export DATABASE_URL REDIS_URL CELERY_BROKER_URL LIVE_REDIS_URL
export MEDIA_ROOT="$work/media"
export EMAIL_URL="consolemail://"
export STACK_HTTP_PORT="$HTTP_PORT" STACK_HTTPS_PORT="$HTTPS_PORT" STACK_APP_PORT="$APP_PORT"
export STACK_LIVE_PORT="$LIVE_PORT"
export STACK_TLS_CERT="$work/cert.pem"

step "a fresh database, migrations and static files"
db_name="${DATABASE_URL##*/}"
admin_url="${DATABASE_URL%/*}/postgres"
psql -q "$admin_url" -c "DROP DATABASE IF EXISTS \"$db_name\" WITH (FORCE)" >/dev/null
psql -q "$admin_url" -c "CREATE DATABASE \"$db_name\"" >/dev/null
$PYTHON manage.py migrate --noinput -v 0
$PYTHON manage.py collectstatic --noinput -v 0
redis-cli -u "$REDIS_URL" flushdb >/dev/null
redis-cli -u "$CELERY_BROKER_URL" flushdb >/dev/null

step "a self-signed certificate for 127.0.0.1"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

step "gunicorn, the live server, worker and beat (the commands of docker-compose.yml)"
GUNICORN_BIND="127.0.0.1:$APP_PORT" WEB_WORKERS=2 WEB_THREADS=4 \
  .venv/bin/gunicorn mafia_mod.wsgi -c deploy/gunicorn.conf.py >"$work/logs/web.log" 2>&1 &
pids+=($!)
LIVE_BIND="127.0.0.1:$LIVE_PORT" LIVE_WORKERS=2 \
  .venv/bin/gunicorn mafia_mod.asgi:application -c deploy/gunicorn_live.conf.py \
  >"$work/logs/live.log" 2>&1 &
pids+=($!)
.venv/bin/celery -A mafia_mod worker --loglevel INFO --concurrency 2 >"$work/logs/worker.log" 2>&1 &
pids+=($!)
.venv/bin/celery -A mafia_mod beat --loglevel INFO >"$work/logs/beat.log" 2>&1 &
pids+=($!)

step "nginx on $HTTP_PORT and $HTTPS_PORT (deploy/nginx/nginx.conf.template)"
export MAFIA_HTTP_PORT="$HTTP_PORT" MAFIA_HTTPS_PORT="$HTTPS_PORT"
export MAFIA_UPSTREAM="127.0.0.1:$APP_PORT" MAFIA_LIVE_UPSTREAM="127.0.0.1:$LIVE_PORT"
export MAFIA_STATIC_ROOT="$PWD/staticfiles"
export MAFIA_MEDIA_ROOT="$work/media" MAFIA_NGINX_TEMP="$work/nginx-temp"
export MAFIA_TLS_CERT="$work/cert.pem" MAFIA_TLS_KEY="$work/key.pem"
envsubst "$(printf '${%s} ' MAFIA_HTTP_PORT MAFIA_HTTPS_PORT MAFIA_UPSTREAM MAFIA_LIVE_UPSTREAM \
  MAFIA_STATIC_ROOT MAFIA_MEDIA_ROOT MAFIA_NGINX_TEMP MAFIA_TLS_CERT MAFIA_TLS_KEY)" \
  <deploy/nginx/nginx.conf.template >"$work/nginx.conf"
nginx_run=(nginx -c "$work/nginx.conf" -e stderr -g "pid $work/nginx.pid;")
"${nginx_run[@]}" -t -q 2>"$work/logs/nginx.log" || fail "nginx refused its configuration"
"${nginx_run[@]}" -g "daemon off;" >>"$work/logs/nginx.log" 2>&1 &
pids+=($!)

healthy=""
for _ in $(seq 60); do
  if curl -fsS --cacert "$work/cert.pem" "https://127.0.0.1:$HTTPS_PORT/healthz" >/dev/null 2>&1; then
    healthy=yes; break
  fi
  sleep 1
done
[ -n "$healthy" ] || fail "/healthz never answered 200 through nginx"
live_up=""
for _ in $(seq 60); do
  if curl -fsS -H "Host: 127.0.0.1" "http://127.0.0.1:$LIVE_PORT/healthz" >/dev/null 2>&1; then
    live_up=yes; break
  fi
  sleep 1
done
[ -n "$live_up" ] || fail "the live server never answered /healthz"

step "smoke test through nginx"
$PYTHON tests/stack/smoke.py || fail "smoke test"

step "slow clients"
$PYTHON tests/stack/slow_clients.py || fail "slow-client test"

step "200 open streams through nginx while votes go on"
$PYTHON tests/stack/streams.py || fail "streams test"

step "the worker and beat ran the periodic job"
ran=""
for _ in $(seq 60); do
  if curl -fsS --cacert "$work/cert.pem" "https://127.0.0.1:$HTTPS_PORT/healthz" \
    | grep -q '"last_run_at": "'; then ran=yes; break; fi
  sleep 1
done
[ -n "$ran" ] || fail "the periodic job never ran"

echo "stack test passed in $(( $(date +%s) - started )) s"
