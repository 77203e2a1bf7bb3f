"""Play one seed-002 bot as yourself in a classic game, from your own machine:

    python -m bots.play --url https://mafia.example.com --token TOKEN --game 12 --bot ./my_bot

TOKEN is a personal API token from your profile page; the bot's folder holds its `run` and is
named as your protocol name in the game (C10; the seed's bots know their name from their
folder, `players/some_bot/`). The program looks at the game every few seconds, gives the bot
the seed's messages and sends its answers as your votes, sayings and night actions, until the
game ends or you are dead."""

import argparse
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bots.game_view import GameApi
from bots.http_api import HttpGameApi
from bots.http_client import JsonClient
from bots.player import BotPlayer
from bots.runner import BotFolder

POLL_SECONDS = 10.0


def play(
    api: GameApi,
    player: BotPlayer,
    poll_seconds: float = POLL_SECONDS,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Steps until the game is over or the player is dead. By day the bot runs again only when
    something was voted or said, so that a quiet day does not spend its 50 actions."""
    while True:
        player.step(run_idle=False)
        view = api.view()
        if not view.running or view.me not in view.alive:
            return
        sleep(poll_seconds)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--game", type=int, required=True)
    parser.add_argument("--bot", type=Path, required=True, help="the bot's folder, with its run")
    parser.add_argument("--poll", type=float, default=POLL_SECONDS)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    api = HttpGameApi(JsonClient(args.url, args.token), args.game)
    play(api, BotPlayer(api, BotFolder(args.bot.resolve())), args.poll)


if __name__ == "__main__":
    main()
