"""`python -m game.rulesets.pigs`: the original's input in, its output out, with no Django
started (seed 003, §1, §2, §9)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"
NO_DJANGO = (
    "import runpy, sys; sys.argv = ['pigs', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('game.rulesets.pigs', run_name='__main__')\n"
    "finally:\n    assert not any(m.startswith('django') for m in sys.modules), 'django imported'\n"
)


def pigs(text: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", NO_DJANGO, *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_the_sample_prints_the_originals_output_without_django():
    """§9 byte for byte; the module runs with no settings and imports no Django."""
    done = pigs(SAMPLE)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "FP\nDEAD\nDEAD\nJ J J J J J D\n"


def test_the_module_itself_runs_as_the_command():
    done = subprocess.run(
        [sys.executable, "-m", "game.rulesets.pigs"],
        input=SAMPLE,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.stdout == "FP\nDEAD\nDEAD\nJ J J J J J D\n"


def test_events_tell_the_story_in_words():
    lines = pigs(SAMPLE, "--events").stdout.splitlines()
    assert lines[1:3] == ["Turn 1", "Pig 1's turn: it draws Duel and Duel."]
    assert lines[-1] == "The Rebels win."


def test_a_bad_deal_exits_1_with_its_reason():
    done = pigs(SAMPLE.replace("K D\n", "K Q\n"))
    assert done.returncode == 1 and done.stdout == ""
    assert "'Q' (deck card 10) is not a card" in done.stderr
