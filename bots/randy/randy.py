#!/usr/bin/env python3
"""Randy the Robot, the seed's example bot, in Python 3: it ignores pretty much everything and
chooses at random what to say, whom to vote for and whom to target at night. As in the seed, it
may pick the message id 17, which does not exist, and "no one" as a subject.

The seed's Randy reads the first line of its message. This one reads the last, so that it
answers an HP game's prompt too ("Choose a target:", "Select a person to vote out:", after the
round's lines: bots/hp_protocol.py) with a player at random; in classic games the first and
the last line of a message ask the same (a night's prompt is its only line; a lone mafioso's
day 0 ends with "Your allies are:", which asks nothing).

`respond` is the whole bot, so that the balance estimate can seat Randy in a game it plays in
memory (game/rulesets/classic/bot_table.py) as this program plays over its files."""

import os
import random
import sys

NIGHT_PROMPT_ENDINGS = ("?", "victim.", "target:", "to test:", "to heal:", "vote out:")


def respond(memory: dict, players: list[str], me: str, message: str, rng: random.Random) -> str:
    """Randy's answer to `message`; it remembers nothing between runs."""
    p = [*players, "no one"]
    try:
        line = message.splitlines()[-1]
    except IndexError:  # Randy ignores its own failures, as in the seed
        return ""
    if line.endswith(NIGHT_PROMPT_ENDINGS):
        return f"{rng.choice(p)}\n"
    if rng.random() > 0.5:
        if rng.random() > 0.5:
            return f"vote {rng.choice(p)}\n"
        id = rng.randint(0, 17)
        return "say {}{}\n".format(id, (" " + rng.choice(p)) if id > 4 else "")
    return ""


if __name__ == "__main__":
    with open("players") as f:
        players = f.read().split()
    # The runner's seed, if it gives one.
    rng = random.Random(os.environ.get("BOT_SEED"))
    sys.stdout.write(respond({}, players, os.path.basename(os.getcwd()), sys.stdin.read(), rng))
