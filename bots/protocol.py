"""The bot protocol of seed 002, as pure functions: the messages the server writes to a bot's
`from_server` file, worded exactly as the seed words them, and the bot's `to_server` answers
parsed into commands. Nothing here reads a file, runs a program or talks to a server."""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

NO_ONE = "no one"

# The seed's pre-defined messages, by id; from 5 on, each names a player (its subject).
MESSAGES: tuple[str, ...] = (
    "No",
    "Yes",
    "I am the cop",
    "I am the doctor",
    "I am a normal villager",
    "I trust this player:",
    "I think this player is suspicious:",
    "I think this player is the cop:",
    "I think this player is the doctor:",
    "I think this player is a normal villager:",
    "I think this player is mafia:",
    "Do you think this player is mafia?",
    "I tried to save this player:",
    "I successfully saved this player:",
    "I investigated this player and found that they were mafia-aligned:",
    "I investigated this player and found that they were village-aligned:",
    "Will you please use your power on this player tonight?",
)
FIRST_MESSAGE_WITH_SUBJECT = 5

# At most this many votes and sayings a day, for each bot (the seed's "50 actions").
DAY_ACTIONS = 50

# How the seed names each role when a death reveals it.
ROLE_WORDS = {
    "villager": "a villager",
    "mafioso": "a mafioso",
    "cop": "the cop",
    "doctor": "the doctor",
}

NIGHT_PROMPTS = {
    "mafioso": "It is night. Vote for a victim.",
    "cop": "It is night. Who would you like to investigate?",
    "doctor": "It is night. Who would you like to save?",
}

BOT_NAME = re.compile(r"^[A-Za-z0-9_-]+$")


def is_bot_name(name: str) -> bool:
    """The seed: "Bot names must be alphanumeric + dashes and underscores"."""
    return bool(BOT_NAME.match(name))


def players_file(names: Iterable[str]) -> str:
    """The `players` file: every player of the game, one a line, written once at the start."""
    return "".join(f"{name}\n" for name in names)


def day_zero_message(role: str, allies: Sequence[str] = ()) -> str:
    """The dawn of day 0, with the line the seed appends for the cop, the doctor or the mafia
    (the mafia's allies exclude the reader)."""
    lines = [
        "Rise and shine! Today is day 0.",
        "No voting will occur today.",
        "Be warned: Tonight the mafia will strike.",
    ]
    if role == "cop":
        lines.append("You are the cop")
    elif role == "doctor":
        lines.append("You are the doctor")
    elif role == "mafioso":
        lines.append("You are a member of the mafia.")
        lines.append("Your allies are:")
        lines.extend(allies)
    return _text(lines)


@dataclass(frozen=True)
class Investigation:
    target: str
    alignment: str  # "village" or "mafia"


def dawn_message(
    day: int,
    alive: Sequence[str],
    victim: str | None = None,
    victim_role: str | None = None,
    investigation: Investigation | None = None,
) -> str:
    """The dawn of day 1 and later: the kill line only when someone was killed, the
    investigation line only for the cop."""
    lines = [f"Dawn of day {day}."]
    if victim is not None:
        lines.append(f"Last night, {victim} was killed. They were {role_words(victim_role)}.")
    if investigation is not None:
        lines.append(
            f"Investigations showed that {investigation.target} is "
            f"{investigation.alignment}-aligned."
        )
    lines.append(f"These players are still alive: {', '.join(alive)}")
    return _text(lines)


def execution_message(executed: str | None, role: str | None = None) -> str:
    """The result of the day's vote, read by the living after the day ends. The seed prints
    "They were a villager" without a full stop; kept as worded."""
    if executed is None:
        return _text(["The town opted to lynch no one today."])
    return _text([f"The town has killed {executed}!", f"They were {role_words(role)}"])


def night_message(role: str) -> str:
    return _text([NIGHT_PROMPTS[role]])


def vote_line(voter: str, target: str | None) -> str:
    """What every player reads when a player votes."""
    return f"{voter} votes to kill {target or NO_ONE}"


def say_line(speaker: str, message: str) -> str:
    """What every player reads when a player says one of the pre-defined messages."""
    return f'{speaker} says "{message}"'


def role_words(role: str | None) -> str:
    if role not in ROLE_WORDS:
        raise ValueError(f"No seed wording for the role {role!r}.")
    return ROLE_WORDS[role]


def _text(lines: Iterable[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


# What a bot answers.


@dataclass(frozen=True)
class Vote:
    target: str | None  # None is "no one"


@dataclass(frozen=True)
class Say:
    message_id: int
    subject: str | None = None
    recipient: str | None = None

    @property
    def text(self) -> str:
        """The message as the seed words it: the subject after it, the recipient before it."""
        text = MESSAGES[self.message_id]
        if self.subject is not None:
            text = f"{text} {self.subject}"
        if self.recipient is not None:
            text = f"{self.recipient}: {text}"
        return text


@dataclass(frozen=True)
class Pass:
    """The bot wrote nothing: no action."""


@dataclass(frozen=True)
class Nonsense:
    """An answer the protocol does not know; it counts as the seed's default, "no one"."""

    line: str
    why: str


DayCommand = Vote | Say | Pass | Nonsense


def parse_day_answer(to_server: str, players: Sequence[str]) -> DayCommand:
    """A day answer is one line: `vote NAME`, `vote no one` or `say ID [NAME] [RECIPIENT]`
    (messages 0-4 take no subject, so their one optional name is the recipient). Names must be
    players of the game; whether they are alive is the server's to decide."""
    line = _first_line(to_server)
    if line is None:
        return Pass()
    words = line.split()
    if words[0] == "vote":
        target = " ".join(words[1:])
        if target == NO_ONE:
            return Vote(None)
        if target in players:
            return Vote(target)
        return Nonsense(line, f"{target!r} is not a player of this game.")
    if words[0] == "say":
        return _parse_say(line, words[1:], players)
    return Nonsense(line, "An answer starts with 'vote' or 'say'.")


def _parse_say(line: str, args: list[str], players: Sequence[str]) -> DayCommand:
    if not args or not args[0].isdigit() or int(args[0]) >= len(MESSAGES):
        return Nonsense(line, f"Say one of the messages 0 to {len(MESSAGES) - 1}.")
    message_id, names = int(args[0]), args[1:]
    takes_subject = message_id >= FIRST_MESSAGE_WITH_SUBJECT
    if takes_subject and not names:
        return Nonsense(line, f"Message {message_id} names a player.")
    if len(names) > (2 if takes_subject else 1):
        return Nonsense(line, "Too many names.")
    unknown = [name for name in names if name not in players]
    if unknown:
        return Nonsense(line, f"{unknown[0]!r} is not a player of this game.")
    if takes_subject:
        return Say(message_id, names[0], names[1] if len(names) > 1 else None)
    return Say(message_id, None, names[0] if names else None)


@dataclass(frozen=True)
class NightChoice:
    target: str | None  # None is "no one"


def parse_night_answer(to_server: str, players: Sequence[str]) -> NightChoice | Nonsense:
    """A night answer is the chosen player's name or "no one"; an empty answer is "no one"
    too (the seed's default for a missing action)."""
    line = _first_line(to_server)
    if line is None or line == NO_ONE:
        return NightChoice(None)
    if line in players:
        return NightChoice(line)
    return Nonsense(line, f"{line!r} is not a player of this game.")


def _first_line(to_server: str) -> str | None:
    for line in to_server.splitlines():
        if line.strip():
            return " ".join(line.split())
    return None


# Reading back what other players said, from the text of their posts.

_SAID = {text: message_id for message_id, text in enumerate(MESSAGES)}


def parse_said(text: str, players: Sequence[str]) -> Say | None:
    """The message a post carries, if it is one of the seed's messages in the seed's wording
    ("Casey: I trust this player: Dale"); None for anything else."""
    recipient = None
    head, separator, rest = text.partition(": ")
    if separator and head in players and _message_of(rest, players) is not None:
        recipient, text = head, rest
    found = _message_of(text, players)
    if found is None:
        return None
    message_id, subject = found
    return Say(message_id, subject, recipient)


def _message_of(text: str, players: Sequence[str]) -> tuple[int, str | None] | None:
    if text in _SAID and _SAID[text] < FIRST_MESSAGE_WITH_SUBJECT:
        return _SAID[text], None
    message, _, subject = text.rpartition(" ")
    if message in _SAID and _SAID[message] >= FIRST_MESSAGE_WITH_SUBJECT and subject in players:
        return _SAID[message], subject
    return None
