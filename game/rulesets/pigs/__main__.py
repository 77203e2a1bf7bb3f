"""`python -m game.rulesets.pigs < deal.txt`: the original's output, with no Django started."""

import sys

from game.rulesets.pigs.cli import main

sys.exit(main())
