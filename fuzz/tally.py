"""The totals of `make fuzz` (fuzz/run.py), read from Schemathesis's ndjson reports: per check
its passes and failures, the cases, and the operations that answered a 2xx, per identity and for
all together."""

from __future__ import annotations

import json
import re
import urllib.parse
from collections import Counter, defaultdict
from pathlib import Path

from fuzz.generation import CHECKS


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


def _path_order(label: str) -> tuple[str, str]:
    method, _, path = label.partition(" ")
    return path, method


def report_print(results: dict, known: dict[str, re.Pattern], folder: Path) -> int:
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
    print(f"\nReports and output: {folder}/<identity>/")
    if failed:
        failures_print(results, folder)
    return 1 if failed else 0


def failures_print(results: dict, folder: Path, lines: int = 80) -> None:
    """The failing identities' own Schemathesis reports, last, where a CI log's tail shows them:
    from each failed run's first failure (or its last lines, when it stopped without one)."""
    for identity, result in results.items():
        bad = result["exit"] != 0 or any(counts["failed"] for counts in result["checks"].values())
        output = folder / identity / "output.txt"
        if not bad or not output.exists():
            continue
        text = output.read_text(errors="replace").splitlines()
        marks = (i for i, line in enumerate(text) if "FAILURES" in line or "ERRORS" in line)
        start = next(marks, None)
        shown = text[start : start + lines] if start is not None else text[-lines:]
        print(f"\n==> {identity} failed (exit {result['exit']}); from {output}:")
        print("\n".join(shown))
