"""The bot protocol's lines for HP games (seed 000), as pure functions. Seed 002 knows classic
games only; where it is silent the protocol is extended as follows, the messages worded as seed
000's program words them (RULINGS H1-H12).

- The `players` file is seed 002's: every player's protocol name (C10), in seat order (C9).
- A bot runs when its player is asked to choose: its group's pick at night (H3) or its vote
  (H8). It reads, in order, every line of the game's log its player may read and has not read
  yet, from the sign-ups and the start on (C10; "You are a detective. Other detectives are:
  [Dale]", "Round 2", "Mafias have chosen their target.", "Dale is a mafia.", "Casey has
  died.", "The votes are tied between Ann and Bob. Vote again.", …, each player named by their
  protocol name), then one prompt, seed 000's: "Choose a target:" (mafias), "Choose a player
  to test:" (detectives), "Choose a player to heal:" (healers) or "Select a person to vote
  out:" (everyone, again for each repeated vote).
- Its answer is one line: a player's name, or a seat's number (seed 000's program answers "4"
  for Player4). To the vote prompt, seed 002's `vote NAME` counts as NAME, so that a bot of seed
  002 votes as it would by day; "no one" is no choice the HP rules allow (H3, H8).
- A refused or unreadable answer is asked again at once with the refusal before the prompt, as
  seed 000's program does ("You cannot test a detective. Choose a player to test:"), up to
  `ASKS` times a step; then it is no action (C10): a missing pick is no pick (H3), a missing vote
  counts for nobody (H8).
- There is no talk: seed 000's players vote "independently to protect their identity", and
  its program prints no votes. A `say` answer is no action.
- A bot is not run after its death or the game's end, as in seed 002; the lines it did not read
  by then (the closing list) stay unread."""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bots.protocol import NO_ONE

VOTE_PROMPT = "Select a person to vote out:"
NIGHT_PROMPTS = {
    "mafia": "Choose a target:",
    "detective": "Choose a player to test:",
    "healer": "Choose a player to heal:",
}
PROMPTS = frozenset({VOTE_PROMPT, *NIGHT_PROMPTS.values()})
# Asks of one step: the first and, after a refusal, two more.
ASKS = 3


def message(lines: Sequence[str], prompt: str, refusal: str = "") -> str:
    """What the bot reads: the lines it has not read yet, then the prompt, after the refusal of
    its last answer when there is one, on one line as seed 000 prints it."""
    asked = f"{refusal} {prompt}" if refusal else prompt
    return "".join(f"{line}\n" for line in [*lines, asked])


@dataclass(frozen=True)
class Chosen:
    target: str


@dataclass(frozen=True)
class Unreadable:
    line: str
    why: str


def parse_answer(to_server: str, prompt: str, seats: Sequence[str]) -> Chosen | Unreadable | None:
    """The bot's choice: a player of `seats` (the names in seat order) by name or seat number,
    `vote NAME` to the vote prompt; None when the bot wrote nothing."""
    line = next((" ".join(ln.split()) for ln in to_server.splitlines() if ln.strip()), None)
    if line is None:
        return None
    answer = line
    if prompt == VOTE_PROMPT and line.startswith("vote "):
        answer = line.removeprefix("vote ")
    if answer in seats:
        return Chosen(answer)
    if answer.isdigit() and 1 <= int(answer) <= len(seats):
        return Chosen(seats[int(answer) - 1])
    if answer == NO_ONE:
        return Unreadable(line, "Choose a player: no one is not a choice in HP games (H3, H8).")
    if line.startswith("say "):
        return Unreadable(line, "HP games have no talk: choose a player.")
    return Unreadable(line, f"{answer!r} is not a player of this game.")


def protocol_lines(lines: Sequence[str], protocol_names: Mapping[str, str]) -> list[str]:
    """The log's lines with each player named by their protocol name where it differs from the
    name the app shows (C10), whole names only, longest first."""
    renamed = {shown: name for shown, name in protocol_names.items() if shown != name}
    if not renamed:
        return list(lines)
    names = sorted(renamed, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])")
    return [pattern.sub(lambda found: renamed[found.group(1)], line) for line in lines]
