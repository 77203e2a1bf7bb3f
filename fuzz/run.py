"""`make fuzz`: Schemathesis against the running app, once for each identity a client can have
(the moderator, a living townie, a mafia member, a dead player, and nobody), on freshly seeded
games, with every check and the stateful phase, then a table of the totals.

The app runs under gunicorn on 127.0.0.1:FUZZ_PORT (8780) with the embedded defaults (SQLite in
var/fuzz/, an in-memory broker), or on PostgreSQL when FUZZ_DATABASE_URL is set (the database is
dropped and created anew: give it one of its own). FUZZ_EXAMPLES (per operation and phase) and
FUZZ_SEED fix the size and the randomness; FUZZ_MAX_TIME bounds each identity's run in seconds;
FUZZ_IDENTITIES (comma-separated) runs only some identities. Exit status 1 when any check failed.

The stateful phase follows the schema's OpenAPI links (mafia_mod/api_links.py); the table at the
end says, per identity and for all together, how many operations answered a 2xx in it."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from fuzz.generation import BODY_VALUES, CHECKS, STATEFUL_LEFT_OUT, config  # noqa: E402
from fuzz.tally import report_print, summary  # noqa: E402

VAR = BASE_DIR / "var" / "fuzz"
PORT = int(os.environ.get("FUZZ_PORT", "8780"))
SEED = os.environ.get("FUZZ_SEED", "20261126")
EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "15")
MAX_TIME = os.environ.get("FUZZ_MAX_TIME", "")
DATABASE_URL = os.environ.get("FUZZ_DATABASE_URL", f"sqlite:///{VAR / 'fuzz.sqlite3'}")
# Each Schemathesis run of an identity: its phases and its share of FUZZ_MAX_TIME.
RUNS = (("examples,coverage,fuzzing", 0.55), ("stateful", 0.45))
IDENTITIES = tuple(
    os.environ.get("FUZZ_IDENTITIES", "anonymous,dead,townie,mafia,moderator").split(",")
)
SCHEMATHESIS = BASE_DIR / ".venv" / "bin" / "schemathesis"
ENVIRONMENT = os.environ | {
    "DJANGO_SETTINGS_MODULE": "mafia_mod.settings.local",
    "DEBUG": "false",
    "DATABASE_URL": DATABASE_URL,
    "CELERY_BROKER_URL": "memory://",
    "REDIS_URL": "",
}


def database_reset() -> None:
    if DATABASE_URL.startswith("sqlite"):
        shutil.rmtree(VAR, ignore_errors=True)
        VAR.mkdir(parents=True)
        return
    import psycopg

    VAR.mkdir(parents=True, exist_ok=True)
    base, _, name = DATABASE_URL.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def manage(*arguments: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *arguments], cwd=BASE_DIR, env=ENVIRONMENT, check=True
    )


def serve() -> subprocess.Popen:
    sqlite = DATABASE_URL.startswith("sqlite")
    command = [
        str(BASE_DIR / ".venv" / "bin" / "gunicorn"),
        "mafia_mod.wsgi",
        "--bind",
        f"127.0.0.1:{PORT}",
        # SQLite takes one writer at a time: one thread, so that no request waits on a lock.
        "--workers",
        "1" if sqlite else "2",
        "--threads",
        "1" if sqlite else "4",
        # A pig game's replay link carries its whole deal in the query: no request-line cap, so
        # that an over-long one reaches the app and is refused there with a 422.
        "--limit-request-line",
        "0",
        "--log-level",
        "warning",
    ]
    log = (VAR / "app.log").open("w")
    return subprocess.Popen(
        command, cwd=BASE_DIR, env=ENVIRONMENT, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip


def wait_ready(server: subprocess.Popen) -> None:
    for _ in range(120):
        if server.poll() is not None:
            sys.exit(f"the app stopped; see {VAR / 'app.log'}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/v1/openapi.json", timeout=2)
            return
        except OSError:
            time.sleep(0.5)
    sys.exit("the app did not answer within a minute")


def fuzz(identity: str, seeded_game, known: dict[str, re.Pattern]) -> dict:
    """Two Schemathesis runs for the identity, each on a world seeded for it: the phases that
    take one operation at a time, then the stateful phase on its own share of FUZZ_MAX_TIME (run
    together, the earlier phases leave it a few scenarios; on the same world, they would have
    used up what can be done once, a kill's confirmation or a notice's acknowledgement)."""
    from django.db import connection

    folder = VAR / identity
    folder.mkdir(parents=True, exist_ok=True)
    results = []
    started = time.monotonic()
    with (folder / "output.txt").open("w") as output:
        for phases, share in RUNS:
            run_name = phases.rpartition(",")[2]
            seeded = seeded_game(identity, f"{identity}-{run_name}")
            connection.close()
            token = seeded.tokens.get(identity)
            config_file = folder / f"{run_name}.toml"
            game_ids = [seeded.game_id] * 2 + seeded.other_game_ids
            config_file.write_text(config(seeded.ids, game_ids, BODY_VALUES | seeded.body_values))
            report = folder / f"{run_name}.ndjson"
            report.unlink(missing_ok=True)
            command = [
                str(SCHEMATHESIS),
                "--config-file",
                str(config_file),
                "run",
                f"http://127.0.0.1:{PORT}/api/v1/openapi.json",
                "--checks",
                ",".join(CHECKS),
                "--phases",
                phases,
                "--seed",
                SEED,
                "--max-examples",
                EXAMPLES,
                "--workers",
                "1",
                "--continue-on-failure",
                "--suppress-health-check",
                "all",
                "--request-timeout",
                "30",
                "--report",
                "ndjson",
                "--report-ndjson-path",
                str(report),
            ]
            left_out = STATEFUL_LEFT_OUT.get(identity)
            if phases == "stateful" and left_out:
                command += ["--exclude-operation-id-regex", f"^({'|'.join(sorted(left_out))})$"]
            if MAX_TIME:
                command += ["--max-time", str(max(1, round(int(MAX_TIME) * share)))]
            if token:
                command += ["--header", f"Authorization: Bearer {token}"]
            output.flush()
            run = subprocess.run(command, cwd=BASE_DIR, stdout=output, stderr=subprocess.STDOUT)
            results.append((summary(report, known), run.returncode))
    (first, first_exit), (second, second_exit) = results
    return {
        "checks": {
            check: first["checks"].get(check, Counter()) + second["checks"].get(check, Counter())
            for check in CHECKS
        },
        "cases": first["cases"] + second["cases"],
        "stateful": first["stateful"] | second["stateful"],
        "reached": first["reached"] | second["reached"],
        "exit": first_exit or second_exit,
        "seconds": time.monotonic() - started,
    }


def operations() -> dict[str, re.Pattern]:
    """Each operation ("METHOD /path/{id}") and the pattern its requests' paths match."""
    with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/v1/openapi.json") as response:
        paths = json.load(response)["paths"]
    return {
        f"{method.upper()} {path}": re.compile(
            "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"
        )
        for path, methods in paths.items()
        for method in methods
    }


def main() -> int:
    database_reset()
    manage("migrate", "--noinput", "-v", "0")
    os.environ.update(ENVIRONMENT)
    import django

    django.setup()
    from fuzz.seed import seeded_game

    server = serve()
    try:
        wait_ready(server)
        results = {}
        known = operations()
        for identity in IDENTITIES:
            results[identity] = fuzz(identity, seeded_game, known)
            print(f"{identity}: {results[identity]['cases']} cases", flush=True)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return report_print(results, known, VAR)


if __name__ == "__main__":
    sys.exit(main())
