"""Five Randy bots play a whole HP game (seed 000) against the app itself (pytest-django's live
server and the test database), through the JSON API only, as `make bots RULESET=hp` plays each
of its games: the protocol's HP lines (bots/hp_protocol.py) and the moderator's step end."""

import random

import pytest

from bots.hp_tournament import HpModeratorApi, play_hp_game
from bots.http_client import JsonClient
from game.models import Game, GameStatus, LogEntry, NightAction, Vote
from game.services.lobby import games as lobby_games
from game.services.lobby.accounts import api_token_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
PLAYERS = 5


def client(live_server, user) -> JsonClient:
    return JsonClient(live_server.url, api_token_create(user=user, name="bots")[1])


def test_five_randy_bots_play_an_hp_game_to_its_end_through_the_api(
    live_server, tmp_path, monkeypatch
):
    # One deal in every run (C8); each round puts one player out (H8), so the game ends.
    monkeypatch.setattr(lobby_games.secrets, "token_hex", lambda _: "hp-bots-seed")
    moderator = HpModeratorApi(client(live_server, UserFactory()))
    accounts = [client(live_server, UserFactory()) for _ in range(PLAYERS)]

    mafias_won = play_hp_game(moderator, accounts, 0, random.Random(2), work=tmp_path)

    game = Game.objects.get()
    assert (game.ruleset, game.bots, game.status) == ("hp", True, GameStatus.FINISHED)
    assert mafias_won == (game.winner == "mafia")
    texts = list(LogEntry.objects.filter(game=game).values_list("text", flat=True))
    assert "Game Over." in texts
    # The bots' answers became picks and votes (every seat is a bot's: no computer chose).
    assert NightAction.objects.filter(game=game).exists()
    # Each round with a vote-out of the players' votes (H8), not the test's (H7), had votes.
    forced = sum(text.endswith(" is a mafia.") for text in texts)
    voted_out = sum(text.endswith(" has been voted out.") for text in texts)
    assert Vote.objects.filter(game=game).exists() or voted_out <= forced
    assert "Mafias have chosen their target." in texts or "No one died." in texts
    names = [player.name for player in game.players.order_by("seat")]
    folders = tmp_path / f"hp-game-{game.pk}" / "players"
    assert (folders / names[0] / "players").read_text().split() == names  # C9
    # Every bot that was asked read its role and the round's opening, then a prompt of seed 000.
    asked = [folders / name / "from_server" for name in names if (folders / name).exists()]
    first_reads = [path.read_text() for path in asked if path.exists()]
    assert first_reads
    assert all(
        text.rstrip("\n")
        .splitlines()[-1]
        .endswith(
            (
                "Choose a target:",
                "Choose a player to test:",
                "Choose a player to heal:",
                "vote out:",
            )
        )
        for text in first_reads
    )
