#!/usr/bin/env python3
"""Cautious Mafioso: never says a word and never leads a vote. As a mafioso it votes, late, with
the player most voted against who is not an ally, and "no one" when the town has no such
candidate; at night it kills whoever claimed a power role, else whoever accused an ally, else a
quiet player at random. As a villager, cop or doctor it votes with the town's leading candidate
too, and uses its power at random (the doctor never on itself). What it learns is kept in
state.json, in its folder.

`respond` is the whole bot, so that the balance estimate can seat it in a game it plays in
memory (game/rulesets/classic/bot_table.py) as this program plays over its files."""

import json
import os
import random
import re
from collections import Counter
from pathlib import Path

STATE = Path("state.json")
NO_ONE = "no one"
# Runs of the day it lets pass before it votes, so that others lead.
WAITS = 2


def fresh_state(players: list[str], me: str) -> dict:
    return {
        "players": list(players),
        "alive": list(players),
        "me": me,
        "role": "villager",
        "allies": [],
        "dangerous": [],
        "votes": {},
        "runs": 0,
        "voted": None,
    }


def learn(state: dict, lines: list[str]) -> str | None:
    """Reads the server's lines into the state; returns the night prompt if there is one."""
    reading_allies = False
    for line in lines:
        if line.startswith("It is night."):
            return line
        if line == "You are the cop":
            state["role"] = "cop"
        elif line == "You are the doctor":
            state["role"] = "doctor"
        elif line == "You are a member of the mafia.":
            state["role"] = "mafioso"
        elif line == "Your allies are:":
            reading_allies = True
        elif reading_allies and line in state["players"]:
            state["allies"].append(line)
        elif line.startswith("Dawn of day"):
            state["votes"], state["runs"], state["voted"] = {}, 0, None
        elif line.startswith("These players are still alive: "):
            state["alive"] = line.split(": ", 1)[1].split(", ")
        elif match := re.match(
            r"(?:Last night, (\S+) was killed|The town has killed (\S+)!)", line
        ):
            dead = match[1] or match[2]
            state["alive"] = [player for player in state["alive"] if player != dead]
        elif match := re.match(r"(\S+) votes to kill (.+)$", line):
            state["votes"][match[1]] = match[2]
        elif match := re.match(r'(\S+) says "(.*)"$', line):
            heard(state, match[1], match[2])
    return None


def heard(state: dict, speaker: str, message: str) -> None:
    claims = ("I am the cop", "I am the doctor")
    accuses_ally = any(message.endswith(f"mafia-aligned: {ally}") for ally in state["allies"])
    if (message.endswith(claims) or accuses_ally) and speaker not in state["dangerous"]:
        state["dangerous"].append(speaker)


def others(state: dict) -> list[str]:
    return [p for p in state["alive"] if p != state["me"] and p not in state["allies"]]


def night(state: dict, rng: random.Random) -> str:
    choices = others(state)
    if state["role"] == "mafioso":
        dangerous = [p for p in state["dangerous"] if p in choices]
        return (dangerous or [rng.choice(choices or [NO_ONE])])[0]
    return rng.choice(choices or [NO_ONE])


def day(state: dict, rng: random.Random) -> str:
    state["runs"] += 1
    if state["runs"] <= WAITS:
        return ""
    candidates = Counter(
        target
        for voter, target in state["votes"].items()
        if voter in state["alive"] and target in others(state)
    )
    target = candidates.most_common(1)[0][0] if candidates else NO_ONE
    if target == state["voted"]:
        return ""
    state["voted"] = target
    return f"vote {target}"


def respond(memory: dict, players: list[str], me: str, message: str, rng: random.Random) -> str:
    """The bot's answer to `message`; what it learns stays in `memory` for its next run."""
    if not memory:
        memory.update(fresh_state(players, me))
    prompt = learn(memory, message.splitlines())
    answer = night(memory, rng) if prompt else day(memory, rng)
    return f"{answer}\n" if answer else ""


def main() -> None:
    memory = json.loads(STATE.read_text()) if STATE.exists() else {}
    players = Path("players").read_text().split()
    # A bot's folder is named after it, as in the seed's players/some_bot/; the runner's seed,
    # if it gives one.
    rng = random.Random(os.environ.get("BOT_SEED"))
    answer = respond(memory, players, Path.cwd().name, Path("from_server").read_text(), rng)
    STATE.write_text(json.dumps(memory))
    Path("to_server").write_text(answer)


if __name__ == "__main__":
    main()
