"""A whole Chiang Mai game played by computer players alone (as HP's `play.py`): the deal of a
deck, then the host's script with every seat played by the computer, until the win (M1-M11).
Pure Python: the rules' balance estimate and `manage.py chiang_mai_games` run it.

    play_game(players=10, seed="abc") -> PlayedGame
    play_game(players=10, seed="abc", deck={"black_king": 1, ...}, hands={...})

The host's side is what a host with no one to wait for does: Next once the called have pointed
(their pointing kept, M12), Next after the dawn and the Hunters' shots, the count once every
ballot is in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rulesets.chiang_mai.cards import KILLERS
from game.rulesets.chiang_mai.computer import computer_entries, computer_orders
from game.rulesets.chiang_mai.deck import deal as deal_deck
from game.rulesets.chiang_mai.deck import default_deck
from game.rulesets.chiang_mai.story import apply
from game.rulesets.chiang_mai.story_state import DAY, NIGHT, RUNOFF, Story
from game.rulesets.chiang_mai.table import Hand
from game.rulesets.phases import draw_rng

MAX_ENTRIES = 10_000
"""A guard, never reached: every day's vote takes a card, so a game of n players ends within
2n days."""


@dataclass
class PlayedGame:
    """The dealt hands (seat order, top card first), every entry made, the story at the end
    and its winner ("village" or "killers")."""

    hands: dict[int, tuple[str, ...]]
    entries: list[dict[str, Any]] = field(default_factory=list)
    story: Story | None = None

    @property
    def winner(self) -> str | None:
        return self.story.winner if self.story else None

    @property
    def nights(self) -> int:
        return self.story.night if self.story else 0


def _host_entry(story: Story) -> dict[str, Any]:
    """The host's tap once the computers have made theirs."""
    if story.stage == NIGHT:
        return {"kind": "call"}
    if story.stage in (DAY, RUNOFF):
        return {"kind": "tally"}
    return {"kind": "next"}


def dealt_hands(players: int, seed: str, deck: Mapping[str, int] | None = None) -> dict:
    """M1, C8: the deck (the default for the group size unless given) dealt to seats 1..n."""
    faces = default_deck(players) if deck is None else deck
    dealt = deal_deck(list(range(1, players + 1)), faces, draw_rng(seed, "deal"))
    return dict(dealt.hands)


def play_game(
    *,
    players: int,
    seed: str,
    deck: Mapping[str, int] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
) -> PlayedGame:
    """Deals (or takes `hands`, seat order, dealt order) and plays to the win, every seat the
    computer's, every draw from `seed` (C8)."""
    dealt = dict(hands) if hands is not None else dealt_hands(players, seed, deck)
    game = PlayedGame({p: tuple(cards) for p, cards in dealt.items()})
    story = Story({p: Hand.dealt(cards) for p, cards in game.hands.items()})
    everyone = set(story.table)

    def rng(purpose: str):
        return draw_rng(seed, purpose)

    def enter(entry: dict[str, Any]) -> None:
        apply(story, entry, rng, 0)
        game.entries.append(entry)

    for entry in computer_orders(story.table, everyone, seed):
        enter(entry)
    while story.winner is None and len(game.entries) < MAX_ENTRIES:
        owed = computer_entries(story, everyone, seed)
        for entry in owed or [_host_entry(story)]:
            enter(entry)
    game.story = story
    return game


def killers_win_ratio(players: int, games: int, seed: str = "killers") -> float:
    """The share of `games` all-computer games of `players` the Killers win (M9)."""
    wins = sum(
        play_game(players=players, seed=f"{seed}:{players}:{n}").winner == KILLERS
        for n in range(games)
    )
    return wins / games
