"""The balance estimate of a classic setup of 7 agrees with what `make bots` gives for it: games of
the seed's bots played by `make bots`' own code through the app's JSON API (pytest-django's live
server), and the estimate's 1,000 games of the same bots in memory, the very games the worker's
test plays (test_estimate_runs.py, the same seed): the estimate's mafia rate lies within the
interval of the bots' rate."""

import random

import pytest

from bots.http_api import ModeratorApi
from bots.http_client import JsonClient
from bots.programs import DEFAULT_ROUNDS
from bots.scores import MAFIA, winning_sides
from bots.tournament import play_game
from game.rulesets.balance import play_range, variants
from game.rulesets.balance.simulations import CLASSIC
from game.rulesets.classic.setup import counts_for
from game.rulesets.wilson import wilson
from game.services.lobby.accounts import api_token_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = 7
BOT_GAMES = 12
ESTIMATE_GAMES = 1000
# The bots' games through the app are few (each takes seconds) and their threads race as
# make bots' do, so that they cannot repeat: the interval is the 99.9 % one, so that a correct
# estimate fails this test about once in a thousand runs, not once in twenty.
Z999 = 3.2905


def client(live_server) -> JsonClient:
    return JsonClient(live_server.url, api_token_create(user=UserFactory(), name="bots")[1])


def test_the_estimate_of_seven_lies_within_the_rate_make_bots_gives(live_server, tmp_path):
    moderator = ModeratorApi(client(live_server))
    accounts = [client(live_server) for _ in range(SEATS)]
    rng = random.Random(7)
    winners = []
    for index in range(BOT_GAMES):
        seats = play_game(
            moderator,
            accounts,
            index,
            DEFAULT_ROUNDS,
            rng,
            work=tmp_path,
            bots_seed=f"agree {index}",
            seat_count=SEATS,
        )
        winners += winning_sides(seats)
    bots = wilson(winners.count(MAFIA), len(winners), z=Z999)
    assert len(winners) >= BOT_GAMES - 2, "the bots' games through the app did not end"

    base = variants(CLASSIC, counts_for(SEATS), SEATS)[0]
    estimate = play_range(CLASSIC, base, "done-when", 0, ESTIMATE_GAMES)
    rate = estimate[MAFIA] / ESTIMATE_GAMES
    print(f"make bots: {bots.wins}/{bots.games} [{bots.low:.3f}, {bots.high:.3f}]; estimate {rate}")
    assert bots.low <= rate <= bots.high, (bots, rate)
