"""Runs one bot program the way the seed does: in its own folder, as `./run` with no arguments,
reading `from_server` and writing `to_server`. The bot runs here, on the player's machine; the
server only ever sees the commands its answers become. A folder given a seed tells each run its
own (`BOT_SEED`, the folder's seed and the run's number), which our bots draw from, so that a
game with seeded bots repeats its draws (C8)."""

import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bots.protocol import players_file

log = logging.getLogger(__name__)

# The seed's limit on time is soft ("excessive amounts of time"); a run that takes longer than
# this is stopped and answers nothing.
RUN_SECONDS = 10.0

BOT_PROGRAMS = Path(__file__).resolve().parent


@dataclass(frozen=True)
class BotAnswer:
    to_server: str
    problem: str | None = None


class BotFolder:
    """The folder a bot lives in, as in the seed's `players/some_bot/`."""

    def __init__(self, path: Path, run_seconds: float = RUN_SECONDS, seed: str = "") -> None:
        self.path = path
        self.run_seconds = run_seconds
        self.seed = seed
        self.runs = 0

    @classmethod
    def install(
        cls, program: Path, into: Path, run_seconds: float = RUN_SECONDS, seed: str = ""
    ) -> "BotFolder":
        """A fresh folder for one bot in one game: a copy of the program's files, so that what the
        bot saves between runs is its own."""
        if into.exists():
            shutil.rmtree(into)
        shutil.copytree(program, into, ignore=shutil.ignore_patterns("__pycache__"))
        return cls(into, run_seconds, seed)

    def write_players(self, names: Sequence[str]) -> None:
        (self.path / "players").write_text(players_file(names))

    def log_problem(self, turn: str, to_server: str, problem: str, *, warn: bool = True) -> None:
        """Notes an answer that became no action, by its first line, in the bot's log beside its
        folder (`<folder>.log`), for the bot's author to read, and in the client's log, as a
        warning unless told otherwise."""
        log.log(logging.WARNING if warn else logging.INFO, "%s: %s", self.path.name, problem)
        answer = to_server.strip().splitlines()[0] if to_server.strip() else ""
        with self.path.with_name(f"{self.path.name}.log").open("a") as bot_log:
            bot_log.write(f"{turn}: {answer!r}: {problem}\n")

    def ask(self, from_server: str) -> BotAnswer:
        """Writes the message, runs the bot once and returns what it wrote to `to_server`."""
        (self.path / "from_server").write_text(from_server)
        to_server = self.path / "to_server"
        to_server.write_text("")
        self.runs += 1
        env = {"PATH": _path(), "HOME": str(self.path)}
        if self.seed:
            env["BOT_SEED"] = f"{self.seed} {self.runs}"
        try:
            finished = subprocess.run(  # noqa: S603 (the bot's own program, in its own folder)
                ["./run"],
                cwd=self.path,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                timeout=self.run_seconds,
                env=env,
                check=False,
            )
        except subprocess.TimeoutExpired:
            log.warning("%s: stopped after %ss", self.path.name, self.run_seconds)
            return BotAnswer("", f"stopped after {self.run_seconds:g} s")
        except OSError as error:
            log.warning("%s: cannot run ./run: %s", self.path.name, error)
            return BotAnswer("", f"cannot run ./run: {error}")
        problem = None
        if finished.returncode != 0:
            problem = f"exit status {finished.returncode}: {finished.stderr[-300:]!r}"
        return BotAnswer(to_server.read_text(errors="replace"), problem)


def _path() -> str:
    """The bot's PATH: this client's Python first, so that a bot's `python3` is a real
    interpreter (a version manager's shim costs about 0.4 s a run), then the user's."""
    return os.pathsep.join(
        [str(Path(sys.executable).parent), os.environ.get("PATH", "/usr/bin:/bin")]
    )
