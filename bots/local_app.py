"""The app as `make run` serves it (the same settings: SQLite in var/, the file-system broker),
started on a port of our choosing for `make bots`, and the API tokens its management command
prints. Only Procfile.dev's web process runs: the bots' games end their phases through the API,
so no deadline waits for beat, and the Celery worker of the file-system broker can stop on a
message file it reads while the web process is still writing it."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
SETTINGS = "mafia_mod.settings.local"
STARTUP_SECONDS = 120


def _environment(port: int) -> dict[str, str]:
    return {**os.environ, "DJANGO_SETTINGS_MODULE": SETTINGS, "PORT": str(port)}


def manage(*args: str, port: int) -> str:
    finished = subprocess.run(  # noqa: S603 (our own manage.py)
        [sys.executable, "manage.py", *args],
        cwd=REPOSITORY,
        env=_environment(port),
        capture_output=True,
        text=True,
        check=False,
    )
    if finished.returncode != 0:
        raise RuntimeError(f"manage.py {args[0]} failed:\n{finished.stderr[-2000:]}")
    return finished.stdout


def api_tokens(usernames: list[str], port: int) -> dict[str, str]:
    """{username: token}, creating the users that are missing."""
    return json.loads(manage("api_tokens", "--create-users", *usernames, port=port))


class LocalApp:
    """`make run`'s web process on 127.0.0.1:`port`."""

    def __init__(self, port: int, log_file: Path) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log_file = log_file
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> "LocalApp":
        manage("migrate", "--noinput", port=self.port)
        self.log_file.parent.mkdir(parents=True, exist_ok=True)
        honcho = Path(sys.executable).parent / "honcho"
        self.process = subprocess.Popen(  # noqa: S603 (the same Procfile as make run)
            [str(honcho), "-f", "Procfile.dev", "start", "web"],
            cwd=REPOSITORY,
            env=_environment(self.port),
            stdout=self.log_file.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self._wait_until_serving()
        return self

    def _wait_until_serving(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"The app stopped at startup; see {self.log_file}.")
            try:
                with urllib.request.urlopen(f"{self.url}/api/v1/openapi.json", timeout=5):  # noqa: S310
                    return
            except (urllib.error.URLError, OSError):
                time.sleep(0.5)
        raise RuntimeError(
            f"The app did not answer within {STARTUP_SECONDS} s; see {self.log_file}."
        )

    def __exit__(self, *exc_info) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
