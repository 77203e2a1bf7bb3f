"""The rule sets the balance estimate can play, each by its own computer players: classic (C1-C8)
by the seed's bots as `make bots` seats them (C10, `classic.bot_table`), HP (H1-H12, H10's
computers) and Chiang Mai (M1-M11, its computers)."""

from __future__ import annotations

from game.rulesets.balance import Counts, Simulation
from game.rulesets.chiang_mai.cards import CARD_NAMES, NUMBER
from game.rulesets.chiang_mai.deck import FACE_CARDS, MIN_PLAYERS, deck_refusal, default_deck
from game.rulesets.chiang_mai.play import play_game
from game.rulesets.classic import bot_table
from game.rulesets.classic import setup as classic_setup
from game.rulesets.hp import play as hp_play
from game.rulesets.hp import setup as hp_setup
from game.rulesets.phases import draw_rng
from game.rulesets.setup import deal_by_counts


def _classic_refusal(counts: Counts, players: int) -> str:
    return "" if counts.get("mafioso", 0) >= 1 else "A classic game needs a mafioso (C7)."


def _hp_refusal(counts: Counts, players: int) -> str:
    return "" if counts.get("mafia", 0) >= 1 else "An HP game needs a mafia (H1)."


def _hp_winner(counts: Counts, players: int, seed: str) -> str | None:
    ids = list(range(1, players + 1))
    roles, _ = deal_by_counts(ids, counts, {}, "commoner", draw_rng(seed, "deal"))
    return hp_play.play(hp_play.seats(roles), seed).winner


def _deck_refusal(counts: Counts, players: int) -> str:
    return deck_refusal(players, counts)


CLASSIC = Simulation(
    code="classic",
    parts=(("mafioso", "Mafioso"), ("cop", "Cop"), ("doctor", "Doctor")),
    filler="villager",
    filler_name="Villager",
    min_players=classic_setup.MIN_PLAYERS,
    defaults=classic_setup.counts_for,
    refusal=_classic_refusal,
    winner_of=bot_table.winner_of,
    computer_play="The computer players are the three bots of the classic bot protocol (C10), "
    "seated in turn as in the bots' tournament: Randy votes, talks and picks at random; the Cop "
    "Follower believes whoever claims the cop (a cop who finds a mafioso claims and names them); "
    "the Cautious Mafioso never talks and votes late with the town's leading candidate, killing "
    "a claimed cop.",
)

HP = Simulation(
    code="hp",
    parts=(
        ("mafia", "Mafia"),
        ("detective", "Detective"),
        ("healer", "Healer"),
    ),
    filler="commoner",
    filler_name="Commoner",
    min_players=hp_setup.MIN_PLAYERS,
    defaults=hp_setup.counts_for,
    refusal=_hp_refusal,
    winner_of=_hp_winner,
    computer_play="Each computer player picks and votes at random among what the rules allow "
    "(H10), always picks and always votes (H12).",
)

CHIANG_MAI = Simulation(
    code="chiang_mai",
    parts=tuple((card, CARD_NAMES[card]) for card in FACE_CARDS),
    filler=NUMBER,
    filler_name="Player with number cards",
    cards_a_player=2,
    setup_from_game=False,
    min_players=MIN_PLAYERS,
    defaults=default_deck,
    refusal=_deck_refusal,
    winner_of=lambda counts, players, seed: (
        play_game(players=players, seed=seed, deck=counts).winner
    ),
    computer_play="Each computer seat points, shoots and votes at random among what the rules "
    "allow, always points and places every vote; the host calls every card in the script's "
    "order. The deck is counted in cards: two a player, number cards for the rest (M1).",
)

SIMULATIONS: dict[str, Simulation] = {s.code: s for s in (CLASSIC, HP, CHIANG_MAI)}
