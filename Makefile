# Two commands do all the set-up on a fresh machine with Python 3.11:
#   make run    the app (web server, Celery worker and beat) on SQLite with a demo game
#   make test   the whole test suite (PostgreSQL when DATABASE_URL is set, SQLite otherwise)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
export PORT

.PHONY: run test bench lint vendor clean

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

test: $(VENV)/.test-installed
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

# Vote throughput (gunicorn, app vs a bare view), day-end time and queries, worker memory.
# SQLite by default; PostgreSQL when DATABASE_URL is set (use a scratch database). About 2 min.
bench: $(VENV)/.test-installed
	$(BIN)/python bench/run.py

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	DJANGO_SETTINGS_MODULE=mafia_mod.settings.test $(BIN)/python manage.py makemigrations --check --dry-run

vendor:
	npm install --no-save --no-audit --no-fund
	cp node_modules/htmx.org/dist/htmx.min.js static/js/htmx.min.js
	cp node_modules/axe-core/axe.min.js tests/browser/vendor/axe.min.js

clean:
	rm -rf $(VENV) var staticfiles
