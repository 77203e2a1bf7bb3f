#!/usr/bin/env python3
"""Cop Follower: believes whoever claims to be the cop. As the cop it investigates an unchecked
player each night and, once it finds a mafioso, claims the cop and names them. The others vote
for the player the claimed cop found mafia-aligned, never for one found village-aligned; the
doctor guards the claimed cop. As a mafioso it kills the claimed cop and votes with the town
unless the town turns on an ally. Everything it learns is kept in state.json, in its folder.

`respond` is the whole bot, so that the balance estimate can seat it in a game it plays in
memory (game/rulesets/classic/bot_table.py) as this program plays over its files."""

import json
import os
import random
import re
from pathlib import Path

STATE = Path("state.json")
NO_ONE = "no one"


def fresh_state(players: list[str], me: str) -> dict:
    return {
        "players": list(players),
        "alive": list(players),
        "role": "villager",
        "allies": [],
        "me": me,
        "cop": None,
        "mafia": [],
        "village": [],
        "said": [],
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
            state["said"], state["voted"] = [], None
        elif match := re.match(r"Investigations showed that (\S+) is (\w+)-aligned\.", line):
            state[match[2]].append(match[1])
        elif line.startswith("These players are still alive: "):
            state["alive"] = line.split(": ", 1)[1].split(", ")
        elif match := re.match(
            r"(?:Last night, (\S+) was killed|The town has killed (\S+)!)", line
        ):
            forget(state, match[1] or match[2])
        elif match := re.match(r'(\S+) says "(.*)"$', line):
            heard(state, match[1], match[2])
    return None


def forget(state: dict, name: str) -> None:
    state["alive"] = [player for player in state["alive"] if player != name]
    if state["cop"] == name:
        state["cop"] = None


def heard(state: dict, speaker: str, message: str) -> None:
    message = message.split(": ", 1)[1] if re.match(r"\S+: I", message) else message
    if message == "I am the cop" and state["cop"] is None:
        state["cop"] = speaker
    found = re.match(
        r"I investigated this player and found that they were (\w+)-aligned: (\S+)", message
    )
    if found and speaker == state["cop"] and state["role"] != "cop":
        state[found[1]].append(found[2])


def others(state: dict) -> list[str]:
    return [p for p in state["alive"] if p != state["me"] and p not in state["allies"]]


def night(state: dict, rng: random.Random) -> str:
    choices = others(state)
    if state["role"] == "cop":
        unchecked = [p for p in choices if p not in state["mafia"] + state["village"]]
        return rng.choice(unchecked or choices or [NO_ONE])
    if state["role"] == "doctor":
        if state["cop"] in state["alive"] and state["cop"] != state["me"]:
            return state["cop"]
        return rng.choice(choices or [NO_ONE])
    if state["cop"] in choices:
        return state["cop"]
    return rng.choice([p for p in choices if p not in state["mafia"]] or choices or [NO_ONE])


def day(state: dict, rng: random.Random) -> str:
    suspects = [p for p in state["mafia"] if p in state["alive"] and p not in state["allies"]]
    if state["role"] == "cop" and suspects and "claim" not in state["said"]:
        state["said"].append("claim")
        return "say 2"
    if state["role"] == "cop" and suspects and suspects[0] not in state["said"]:
        state["said"].append(suspects[0])
        return f"say 14 {suspects[0]}"
    target = suspects[0] if suspects else None
    if target is None and state["role"] != "mafioso":
        unknown = [p for p in others(state) if p not in state["village"]]
        target = state["voted"] or rng.choice(unknown or [NO_ONE])
    target = target or state["voted"] or rng.choice(others(state) or [NO_ONE])
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
