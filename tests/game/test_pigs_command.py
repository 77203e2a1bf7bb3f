"""`manage.py pigs`: the original's input in, its output out (seed 003, §1, §2, §9)."""

import io

import pytest
from django.core.management import CommandError, call_command

SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"


def run(monkeypatch, text: str, *args: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out = io.StringIO()
    call_command("pigs", *args, stdout=out)
    return out.getvalue()


def test_the_sample_prints_the_originals_output_byte_for_byte(monkeypatch):
    """§9: the official sample's output exactly."""
    assert run(monkeypatch, SAMPLE) == "FP\nDEAD\nDEAD\nJ J J J J J D\n"


def test_events_tell_the_sample_turn_by_turn(monkeypatch):
    lines = run(monkeypatch, SAMPLE, "--events").splitlines()
    assert lines[1:3] == ["Turn 1", "Pig 1's turn: it draws Duel and Duel."]
    assert "The Master now suspects Pig 2 of being a Rebel." in lines
    assert "Pig 1, the Master, killed a Loyal Pig: it loses its hand and crossbow." in lines
    assert lines[-3:] == [
        "Pig 1 takes 1 damage from Pig 3: 0 hit points left.",
        "Pig 1 dies, killed by Pig 3. It was a Master Pig.",
        "The Rebels win.",
    ]


def test_a_bad_deal_is_refused_with_its_reason(monkeypatch):
    with pytest.raises(CommandError, match="'Q' \\(deck card 10\\) is not a card"):
        run(monkeypatch, SAMPLE.replace("K D\n", "K Q\n"))
