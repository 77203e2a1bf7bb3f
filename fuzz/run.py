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
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
VAR = BASE_DIR / "var" / "fuzz"
PORT = int(os.environ.get("FUZZ_PORT", "8780"))
SEED = os.environ.get("FUZZ_SEED", "20261126")
EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "15")
MAX_TIME = os.environ.get("FUZZ_MAX_TIME", "")
DATABASE_URL = os.environ.get("FUZZ_DATABASE_URL", f"sqlite:///{VAR / 'fuzz.sqlite3'}")
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "positive_data_acceptance",
)
# Operations only a game's moderators can do, and those only its players can: the stateful phase
# of each identity leaves out the other side's (the other phases still send them all, for the
# refusals), so that its steps go to what the identity may do. A player's own new game makes them
# its moderator, but the moderator's run covers those operations.
MODERATORS_ONLY = frozenset(
    {
        "game_settings_update",
        "moderator_add",
        "signups_close",
        "roles_assign",
        "role_set",
        "items_deal",
        "item_give",
        "game_start",
        "day_end_now",
        "day_end_time_change",
        "clock_pause",
        "clock_resume",
        "missed_day_ends_run",
        "missed_day_ends_skip",
        "day_extend",
        "day_end_undo",
        "inactivity_notice_send",
        "mayor_set",
        "kill_confirm",
        "kill_reject",
        "kill_edit",
        "investigation_answer",
        "shovel_result_send",
        "kills_confirm_agreed",
        "answers_send_all",
        "decision_undo",
        "mafia_power_record",
        "moderator_queue",
        "desperado_record",
        "tazing_record",
        "mafia_count_send",
        "phase_end_now",
        "night_override_set",
        "thread_pin",
        "post_delete",
    }
)
PLAYERS_ONLY = frozenset(
    {
        "signup_create", "vote_cast", "kill_report", "kill_respond", "kill_announce",
        "site_visit_report", "investigation_suspects", "investigation_request", "shovel_use",
        "watch_list_set", "priest_lists_set", "mafia_frame", "mafia_plant_evidence",
        "mafia_manipulate_press", "mafia_designate_don", "desperado_request", "desperado_cancel",
        "taser_write", "taser_use", "stalker_target_set", "innocent_child_reveal",
        "petition_create", "petition_sign", "petition_withdraw_signature", "petition_use",
        "mayor_count_mafia", "police_watch_list_set", "item_transfer_offer", "item_transfer_accept",
        "item_transfer_decline", "item_destroy", "item_claim", "night_action_submit",
        "inactivity_notice_ack",
    }
)  # fmt: skip
STATEFUL_LEFT_OUT = {
    "moderator": PLAYERS_ONLY,
    "dead": MODERATORS_ONLY,
    "townie": MODERATORS_ONLY,
    "mafia": MODERATORS_ONLY,
}
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


# Fields of request bodies that name the seeded game's objects ("[*]": each id of a list).
BODY_IDS = {
    "target_id": "player",
    "fallback_id": "player",
    "voter_id": "player",
    "player_id": "player",
    "other_player_id": "player",
    "victim_id": "player",
    "suspect_id": "player",
    "dead_player_id": "player",
    "don_id": "player",
    "holder_id": "player",
    "killer_id": "player",
    "suspect_ids[*]": "player",
    "recipient_ids[*]": "player",
    "saint_ids[*]": "player",
    "sinner_ids[*]": "player",
    "player_ids[*]": "player",
    "receiver_id": "player",
    "candidate_id": "player",
    "partner_id": "player",
    "kill_ids[*]": "kill",
    "investigation_ids[*]": "investigation",
    "shovel_ids[*]": "use",
    "last_post_id": "post",
    "kill_id": "kill",
    "conversation_id": "conversation",
}


# Path parameters that are not ids: the boards' kinds and the days of a game on day 1.
VALUES = {"board_kind": ["town_square", "mafia_den", "graveyard"], "day": [0, 1]}
# Request-body fields whose free text or number the rules read: the seeded games' day and night,
# a reason (the moderators' overrides need one), and the codes the rules know.
BODY_VALUES = {
    "day": [1],
    "night": [0],
    "reason": ["Seen by the moderators"],
    "power": ["set_trap", "slaughter_the_weak"],
    "kind": ["election", "impeachment"],
    "office": ["mayor", "police_officer"],
    "code": ["day", "night"],
}


def config(ids: dict[str, list[int]], game_ids: list[int], values: dict[str, list]) -> str:
    """Schemathesis's configuration: path ids are mostly those of the seeded games (the running
    one twice as often as the others), so that generated requests reach the rules and not only
    the 404 of an unknown id; body fields take `values` half the time."""
    dictionaries = {"game": game_ids} | {name: found for name, found in ids.items() if found}
    lines = [(BASE_DIR / "fuzz" / "schemathesis.toml").read_text(), ""]
    body_values = {f"body_{field}": choices for field, choices in values.items()}
    for name, choices in (dictionaries | VALUES | body_values).items():
        lines += [f"[dictionaries.{name}]", f"values = {json.dumps(choices)}", ""]
    lines.append("[parameters]")
    for name in dictionaries:
        probability = 0.9 if name == "game" else 0.7
        lines.append(f'"path.{name}_id" = {{ dictionary = "{name}", probability = {probability} }}')
    lines.append('"path.victim_id" = { dictionary = "player", probability = 0.7 }')
    lines.append('"path.kind" = { dictionary = "board_kind", probability = 0.8 }')
    lines.append('"path.day" = { dictionary = "day", probability = 0.8 }')
    for field, dictionary in BODY_IDS.items():
        lines.append(f'"body.{field}" = {{ dictionary = "{dictionary}", probability = 0.7 }}')
    for field in values:
        lines.append(f'"body.{field}" = {{ dictionary = "body_{field}", probability = 0.5 }}')
    return "\n".join(lines) + "\n"


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


def operation_of(method: str, uri: str, known: dict[str, re.Pattern]) -> str | None:
    path = urllib.parse.urlsplit(uri).path
    for label, pattern in known.items():
        if label.startswith(method + " ") and pattern.match(path):
            return label
    return None


def summary(report: Path, known: dict[str, re.Pattern]) -> dict:
    """Per check its passes and failures, the cases generated, and the operations that answered
    a 2xx (reached with valid ids), in the stateful phase and in any phase."""
    checks: dict[str, Counter] = defaultdict(Counter)
    cases = 0
    stateful_reached: set[str] = set()
    reached: set[str] = set()
    lines = report.read_text().splitlines() if report.exists() else []
    for line in lines:
        event = json.loads(line)
        kind, body = next(iter(event.items()))
        if kind != "ScenarioFinished":
            continue
        recorder = body.get("recorder", {})
        cases += len(recorder.get("cases", {}))
        for case_checks in recorder.get("checks", {}).values():
            for check in case_checks:
                checks[check["name"]]["passed" if check["status"] == "success" else "failed"] += 1
        for interaction in recorder.get("interactions", {}).values():
            status = (interaction.get("response") or {}).get("status_code", 0)
            request = interaction["request"]
            label = operation_of(request["method"], request["uri"], known)
            if 200 <= status < 300 and label:
                reached.add(label)
                if body.get("phase") == "stateful":
                    stateful_reached.add(label)
    return {"checks": checks, "cases": cases, "stateful": stateful_reached, "reached": reached}


def main() -> int:
    database_reset()
    manage("migrate", "--noinput", "-v", "0")
    os.environ.update(ENVIRONMENT)
    sys.path.insert(0, str(BASE_DIR))
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
    return report_print(results, known)


def _path_order(label: str) -> tuple[str, str]:
    method, _, path = label.partition(" ")
    return path, method


def report_print(results: dict, known: dict[str, re.Pattern]) -> int:
    failed = False
    print(f"\n{'identity':<11} {'check':<30} {'passed':>8} {'failed':>7}")
    for identity, result in results.items():
        for check in CHECKS:
            counts = result["checks"].get(check, Counter())
            failed |= counts["failed"] > 0
            print(f"{identity:<11} {check:<30} {counts['passed']:>8} {counts['failed']:>7}")
    print(f"\n{'identity':<11} {'cases':>7} {'seconds':>8} {'exit':>5}")
    for identity, result in results.items():
        failed |= result["exit"] != 0
        print(f"{identity:<11} {result['cases']:>7} {result['seconds']:>8.0f} {result['exit']:>5}")
    stateful = set().union(*(result["stateful"] for result in results.values()))
    reached = set().union(*(result["reached"] for result in results.values()))
    print(f"\nOperations that answered 2xx (reached with valid ids), of {len(known)}:")
    print(f"  {'identity':<11} {'stateful':>8} {'any phase':>9}")
    for identity, result in results.items():
        print(f"  {identity:<11} {len(result['stateful']):>8} {len(result['reached']):>9}")
    print(f"  {'all':<11} {len(stateful):>8} {len(reached):>9}")
    print("Not reached in the stateful phase (* not in any phase either):")
    for label in sorted(set(known) - stateful, key=_path_order):
        print(f"  {'*' if label not in reached else ' '} {label}")
    print("Reached in the stateful phase, by whom:")
    for label in sorted(stateful, key=_path_order):
        who = ", ".join(name for name, result in results.items() if label in result["stateful"])
        print(f"    {label}  ({who})")
    print(f"\nReports and output: {VAR}/<identity>/")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
