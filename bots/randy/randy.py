#!/usr/bin/env python3
"""Randy the Robot, the seed's example bot, in Python 3: it ignores pretty much everything and
chooses at random what to say, whom to vote for and whom to target at night. As in the seed, it
may pick the message id 17, which does not exist, and "no one" as a subject."""

import random

with open("players") as f:
    p = f.read().split() + ["no one"]
day = True
try:
    line = input()
    if line.endswith(("?", "victim.")):
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
