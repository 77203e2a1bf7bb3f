"""A Chiang Mai game on the phase engine (M10, M12): the deal, each night and each day is a
phase the engine opens and ends, ended by the host's step and never by a clock; an undo of the
step reopens the phase it ended; the win closes the last phase. The table's seats are played
by the computer's rules, the host's taps as a host with no one to wait for makes them."""

import datetime as dt

import pytest

from game.errors import GameRuleError
from game.models import DueEvent, Game, GamePhase
from game.rulesets.chiang_mai.computer import computer_entries
from game.rulesets.chiang_mai.deck import default_deck
from game.rulesets.chiang_mai.story_state import AFTER, DAY, NIGHT, RUNOFF, Story
from game.services.chiang_mai.entries import chiang_mai_enter, chiang_mai_undo
from game.services.chiang_mai.seats import chiang_mai_deal, chiang_mai_seat_add
from game.services.nights.phases import phase_end_now
from tests.factories import START, make_game, moderator_of

pytestmark = pytest.mark.django_db


def phases(game: Game) -> list[tuple[str, int, bool]]:
    """Each phase: its code, its number, and whether it is open."""
    rows = GamePhase.objects.filter(game=game).order_by("id")
    return [(p.code, p.number, p.ended_at is None) for p in rows]


SEED = "phases on the engine"
"""A deal whose game goes on past night 2 (C8)."""


class Table:
    def __init__(self, size: int = 7):
        self.game = make_game(ruleset="chiang_mai", name="Table")
        host = moderator_of(self.game)
        for n in range(size):
            chiang_mai_seat_add(game_id=self.game.pk, by=host, name=f"Seat {n + 1}", now=START)
        players = chiang_mai_deal(
            game_id=self.game.pk, by=host, deck=default_deck(size), now=START, seed=SEED
        )
        self.game.refresh_from_db()
        self.everyone = {p.pk for p in players}
        self.taps = 0

    def at(self) -> dt.datetime:
        return START + dt.timedelta(minutes=self.taps)

    def enter(self, *entries: dict) -> Story:
        self.taps += 1
        host = moderator_of(self.game)
        return chiang_mai_enter(game_id=self.game.pk, by=host, entries=entries, now=self.at())

    def undo(self) -> Story:
        self.taps += 1
        return chiang_mai_undo(game_id=self.game.pk, by=moderator_of(self.game), now=self.at())

    def step(self, story: Story) -> Story:
        """The seats' owed entries, else the host's tap."""
        owed = computer_entries(story, self.everyone, self.game.random_seed)
        if owed:
            return self.enter(*owed)
        if story.stage == NIGHT:
            return self.enter({"kind": "call"})
        return self.enter({"kind": "tally" if story.stage in (DAY, RUNOFF) else "next"})

    def play_until(self, story: Story, done) -> Story:
        for _ in range(500):
            if done(story):
                return story
            story = self.step(story)
        raise AssertionError("the game never got there")


def test_each_night_and_day_is_a_phase_the_host_ends_with_no_deadline():
    table = Table()
    game = table.game
    assert phases(game) == [("deal", 0, True)]
    story = table.enter({"kind": "next"})
    assert phases(game) == [("deal", 0, False), ("night", 1, True)]
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == ("night", 1)
    story = table.play_until(story, lambda s: s.stage == AFTER or s.winner)
    assert phases(game)[-1] == ("night", 1, True)
    story = table.play_until(story, lambda s: s.stage == DAY or s.winner)
    assert phases(game) == [("deal", 0, False), ("night", 1, False), ("day", 1, True)]
    rows = list(GamePhase.objects.filter(game=game).order_by("id"))
    assert [p.ended_at for p in rows[:-1]] == [p.started_at for p in rows[1:]]
    assert rows[-1].ends_at is None and all(p.event_id is None for p in rows)
    assert not DueEvent.objects.filter(game=game).exists()
    story = table.play_until(story, lambda s: s.night == 2 or s.winner)
    assert story.winner is None and story.night == 2
    assert phases(game)[-2:] == [("day", 1, False), ("night", 2, True)]


def test_an_undo_of_the_step_reopens_the_phase_it_ended_and_the_step_again_ends_it():
    table = Table()
    game = table.game
    story = table.enter({"kind": "next"})
    story = table.play_until(story, lambda s: s.stage == DAY)
    entries = [e for p in GamePhase.objects.filter(game=game) for e in p.state.get("entries", [])]
    story = table.undo()
    assert story.stage == AFTER and phases(game)[-1] == ("night", 1, True)
    assert [p[:2] for p in phases(game)] == [("deal", 0), ("night", 1)]
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == ("night", 1)
    story = table.enter({"kind": "next"})
    assert story.stage == DAY and phases(game)[-1] == ("day", 1, True)
    again = [e for p in GamePhase.objects.filter(game=game) for e in p.state.get("entries", [])]
    assert [e["kind"] for e in again] == [e["kind"] for e in entries]
    while story.entries:
        story = table.undo()
    assert phases(game) == [("deal", 0, True)]


def test_the_win_closes_the_last_phase_and_its_undo_reopens_it():
    table = Table()
    game = table.game
    story = table.play_until(table.enter({"kind": "next"}), lambda s: s.winner)
    assert all(not still_open for *_, still_open in phases(game))
    last = phases(game)[-1]
    story = table.undo()
    assert story.winner is None and phases(game)[-1] == (*last[:2], True)


def test_the_moderators_end_phase_leaves_a_table_phases_to_its_host():
    table = Table()
    table.enter({"kind": "next"})
    with pytest.raises(GameRuleError, match="host's taps"):
        phase_end_now(
            game_id=table.game.pk,
            by=moderator_of(table.game),
            now=table.at(),
            code="night",
            number=1,
        )
    assert phases(table.game) == [("deal", 0, False), ("night", 1, True)]
