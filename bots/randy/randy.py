#!/usr/bin/env python3
"""Randy the Robot, the seed's example bot, in Python 3: it ignores pretty much everything and
chooses at random what to say, whom to vote for and whom to target at night. As in the seed, it
may pick the message id 17, which does not exist, and "no one" as a subject.

The seed's Randy reads the first line of its message. This one reads the last, so that it
answers an HP game's prompt too ("Choose a target:", "Select a person to vote out:", after the
round's lines: bots/hp_protocol.py) with a player at random; in classic games the first and
the last line of a message ask the same (a night's prompt is its only line; a lone mafioso's
day 0 ends with "Your allies are:", which asks nothing)."""

import os
import random
import sys

random.seed(os.environ.get("BOT_SEED"))  # the runner's seed, if it gives one

with open("players") as f:
    p = f.read().split() + ["no one"]
day = True
try:
    line = sys.stdin.read().splitlines()[-1]
    if line.endswith(("?", "victim.", "target:", "to test:", "to heal:", "vote out:")):
        day = False
    if not day:
        print(random.choice(p))
    elif random.random() > 0.5:
        if random.random() > 0.5:
            print(f"vote {random.choice(p)}")
        else:
            id = random.randint(0, 17)
            print("say {}{}".format(id, (" " + random.choice(p)) if id > 4 else ""))
except Exception:  # noqa: S110 (Randy ignores its own failures, as in the seed)
    pass
