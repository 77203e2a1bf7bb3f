# Two commands do all the set-up on a fresh machine with Python 3.11:
#   make run    the app (web server, Celery worker and beat) on SQLite with a demo game
#   make test   the whole test suite (PostgreSQL when DATABASE_URL is set, SQLite otherwise)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
export PORT

.PHONY: run test chromium bench bench-pigs bench-live fuzz faults workload bots hp-games chiang-mai-games lint vendor clean backup restore

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime-installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.test-installed: requirements.txt requirements-test.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-test.txt
	touch $@ $(VENV)/.runtime-installed

run: $(VENV)/.runtime-installed
	DJANGO_SETTINGS_MODULE=mafia_mod.settings.local $(BIN)/python manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=mafia_mod.settings.local $(BIN)/python manage.py demo_load
	DJANGO_SETTINGS_MODULE=mafia_mod.settings.local $(BIN)/python manage.py collectstatic --noinput -v 0
	DJANGO_SETTINGS_MODULE=mafia_mod.settings.local $(BIN)/honcho -f Procfile.dev start

# The database (pg_dump) and the uploaded photos (MEDIA_ROOT) into BACKUP_DIR, and back; with
# the production settings and environment (docs/operations.md).
BACKUP_DIR ?= backups/$(shell date -u +%Y%m%dT%H%M%SZ)
backup: $(VENV)/.runtime-installed
	$(BIN)/python manage.py backup $(BACKUP_DIR)

restore: $(VENV)/.runtime-installed
	@test -n "$(FROM)" || (echo "make restore FROM=<a directory made by make backup>" && exit 2)
	$(BIN)/python manage.py restore $(FROM)

test: chromium $(VENV)/.test-installed
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

# The browser tests (Playwright, axe-core) drive Debian's Chromium: installed here when make runs
# as root with apt-get (waiting up to 10 min for another apt-get that holds dpkg's lock, as one does
# on a fresh machine); otherwise make stops before any test with the one command to run.
CHROMIUM := /usr/bin/chromium
chromium:
	@[ -x $(CHROMIUM) ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  echo "Installing Chromium for the browser tests (apt-get install chromium)" && \
	  apt-get -o DPkg::Lock::Timeout=600 update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null && \
	  [ -x $(CHROMIUM) ]; } || \
	  { echo "make test needs Chromium at $(CHROMIUM) for its browser tests: run 'sudo apt-get install -y chromium', then make test again."; exit 1; }

# Vote throughput (gunicorn, app vs a bare view), day-end time and queries, worker memory, the
# live channel (bench-live) and the pig game. SQLite by default; PostgreSQL when DATABASE_URL is
# set (use a scratch database). About 5 min.
bench: $(VENV)/.test-installed
	$(BIN)/python bench/run.py

# The live channel at scale through nginx as shipped (TLS, deploy/ configs, 2 uvicorn workers, a
# Redis of the channel's own, loopback only): N = 1,000, 5,000 and 10,000 open streams
# (BENCH_LIVE_SIZES), time to open, memory and threads per stream, Redis connections,
# publish-to-receipt p50/p99/max of a real post, events lost, idle CPU, a reconnect storm and a
# Redis restart. Needs PostgreSQL (BENCH_DATABASE_URL, recreated), Redis (BENCH_CACHE_URL), nginx
# and openssl; ports from BENCH_PORT + 10. About 10 min.
bench-live: $(VENV)/.test-installed
	$(BIN)/python bench/live_scale.py

# The pig game's simulator alone: deals simulated per second on 1,000 random deals. Seconds.
bench-pigs: $(VENV)/.test-installed
	$(BIN)/python bench/pigs.py

# The moderator's side of a scripted day of a 100-player game in Chromium: prints its clicks,
# keystrokes and page loads (target: at most 12 clicks and 6 page loads). About a minute.
workload: chromium $(VENV)/.test-installed
	$(BIN)/python -m pytest tests/workload/moderator_day.py -p no:xdist -q -s

# Schemathesis against the running app as the moderator, a townie, a mafia member, a dead player
# and nobody, each on a fresh seeded game (fuzz/run.py). SQLite by default; FUZZ_DATABASE_URL for
# PostgreSQL (a database of its own: it is recreated). FUZZ_MAX_TIME bounds each identity.
fuzz: $(VENV)/.test-installed
	$(BIN)/python fuzz/run.py

# The day end under injected faults on real processes (gunicorn, Celery worker, beat), PostgreSQL
# and private redis-servers: a killed worker, a terminated connection, two workers and two beats,
# a broker outage, 300 racing clients (faults/run.py). FAULTS_DATABASE_URL (recreated),
# FAULTS_BROKER_PORT, FAULTS_CACHE_PORT, FAULTS_PORT. About 6 min (the phase engine too: faults/phases.py).
faults: $(VENV)/.test-installed
	$(BIN)/python faults/run.py

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	DJANGO_SETTINGS_MODULE=mafia_mod.settings.test $(BIN)/python manage.py makemigrations --check --dry-run

vendor:
	npm install --no-save --no-audit --no-fund
	cp node_modules/htmx.org/dist/htmx.min.js static/js/htmx.min.js
	cp node_modules/htmx-ext-sse/dist/sse.min.js static/js/htmx-ext-sse.min.js
	cp node_modules/axe-core/axe.min.js tests/browser/vendor/axe.min.js

clean:
	rm -rf $(VENV) var staticfiles

# Seed 002's bots: GAMES classic games (default 100) of 8 bots through the API against make run's
# app (SQLite), started on BOTS_PORT (8950) unless BOTS_URL is given; PROGRAMS=Randy plays only
# Randy; prints the score table. RULESET=hp: GAMES HP games (seed 000) of Randy bots at each
# number of players in PLAYERS (default 10; e.g. PLAYERS=5,10,20); prints the mafias' win ratio.
# Slow (minutes); not part of make test.
bots: $(VENV)/.runtime-installed
	$(BIN)/python -m bots.$(if $(filter hp,$(RULESET)),hp_tournament,tournament)

# HP Mafia (seed 000): GAMES all-computer games (default 1000) at 5, 10 and 20 players, played by
# the rule set alone; prints the mafias' win ratio.
hp-games: $(VENV)/.runtime-installed
	$(BIN)/python manage.py hp_games --games $(or $(GAMES),1000)

# All-computer Chiang Mai games by the rules: the Killers' win ratio at 7, 10 and 12 players.
chiang-mai-games: $(VENV)/.runtime-installed
	$(BIN)/python manage.py chiang_mai_games --games $(or $(GAMES),1000)
