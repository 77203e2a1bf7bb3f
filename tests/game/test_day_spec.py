"""A rule set declares its day (`Ruleset.day`, a `days.DaySpec`): the vote's checks, words and
rulings come from it, for the service, the API, the form and the pages alike. A rule set whose
day speaks its own words is heard in them, and no player reads another rule set's rulings."""

import re
from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import strip_tags

from game.errors import ConflictError, GameRuleError
from game.models import LogEntry, Vote
from game.rulesets import registry
from game.rulesets.chiang_mai.day import CHIANG_MAI_DAY
from game.rulesets.classic import CLASSIC
from game.rulesets.days import DaySpec, DayTexts, NoOne
from game.rulesets.hp.vote import HP_DAY
from game.services.days.votes import vote_cast
from game.services.lobby.setup import role_set
from tests.conftest import client_for
from tests.factories import START, make_game, moderator_of, running_game, sign_up
from tests.game.classic.helpers import ROLES, classic_game, end_phase
from tests.game.helpers import vote

pytestmark = pytest.mark.django_db

HOWLS = replace(
    CLASSIC,
    code="howls",
    name="Howls (tests)",
    day=DaySpec(
        no_one=NoOne.NEVER,
        texts=DayTexts(
            dead_voter="The dead do not howl (H8).",
            no_one_refused="Howl at somebody (H8).",
            vote_line="{voter} howls at {target}.",
            tally_help="Howls are heard by all (H8).",
            missing_help="A wolf who does not howl howls at nobody (H8).",
        ),
    ),
)


def ruled(game_id: int, ruleset) -> None:
    from game.models import Game

    Game.objects.filter(pk=game_id).update(ruleset=ruleset.code)


def day_one(ruleset=None):
    game, p = classic_game(start=timezone.now())
    if ruleset is not None:
        ruled(game.pk, ruleset)
    end_phase(game)
    end_phase(game)
    game.refresh_from_db()
    return game, p


def cited(text: str) -> set[str]:
    return set(re.findall(r"\b([RCHM]\d{1,2})\b", strip_tags(text)))


def page_text(user, name: str, game) -> str:
    response = client_for(user).get(reverse(name, args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_every_registered_rule_set_declares_its_day_in_its_own_rulings():
    families = {"live_action": "R", "classic": "C", "hp": "H", "chiang_mai": "M"}
    for code, letter in families.items():
        texts = registry.ruleset_named(code).day.texts
        words = " ".join(str(getattr(texts, name)) for name in texts.__dataclass_fields__)
        assert cited(words), code
        assert {c[0] for c in cited(words)} == {letter}, (code, cited(words))


def test_a_rule_set_with_its_own_day_is_heard_in_its_own_words(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, HOWLS.code, HOWLS)
    game, p = day_one(HOWLS)
    vote_cast(game_id=game.pk, voter_id=p["vil1"].pk, target_id=p["maf1"].pk)
    assert LogEntry.objects.filter(game=game, kind="vote_public", text="vil1 howls at maf1.")
    with pytest.raises(GameRuleError, match=r"Howl at somebody \(H8\)"):
        vote_cast(game_id=game.pk, voter_id=p["vil2"].pk, target_id=None)
    api = client_for(p["vil2"].user).post(
        f"/api/v1/games/{game.pk}/votes", {"no_one": True}, content_type="application/json"
    )
    assert api.status_code == 400 and api.json()["rulings"] == ["H8"]
    for name in ("vote", "vote_tally"):
        text = page_text(p["vil2"].user, name, game)
        assert "(H8)" in strip_tags(text) or "H8" in cited(text)
        assert not cited(text) - {"H8"}, (name, cited(text))


def test_a_classic_player_reads_no_live_action_ruling_on_the_vote_pages():
    game, p = day_one()
    vote_cast(game_id=game.pk, voter_id=p["vil1"].pk, target_id=p["maf1"].pk)
    for name in ("vote", "vote_tally"):
        text = page_text(p["vil1"].user, name, game)
        assert cited(text) and not {c for c in cited(text) if c[0] != "C"}, (name, cited(text))
        assert "No Execution" not in text and "moderators only" not in text
    assert "vil1 votes to kill maf1." in LogEntry.objects.filter(game=game).values_list(
        "text", flat=True
    )


def test_a_live_action_player_reads_no_classic_ruling_on_the_vote_pages():
    game, (a, b, *_) = running_game(5)
    vote(game, a, b)
    for name in ("vote", "vote_tally"):
        text = page_text(a.user, name, game)
        assert cited(text) and not {c for c in cited(text) if c[0] != "R"}, (name, cited(text))


def test_the_day_decides_self_votes_revotes_and_show_of_hands(monkeypatch):
    one_ballot = replace(CLASSIC, code="one_ballot", day=HP_DAY)
    by_hands = replace(CLASSIC, code="by_hands", day=CHIANG_MAI_DAY)
    for ruleset in (one_ballot, by_hands):
        monkeypatch.setitem(registry.RULESETS, ruleset.code, ruleset)
    game, p = day_one(one_ballot)
    with pytest.raises(GameRuleError, match=r"yourself \(H8\)"):
        vote_cast(game_id=game.pk, voter_id=p["vil1"].pk, target_id=p["vil1"].pk)
    vote_cast(game_id=game.pk, voter_id=p["vil1"].pk, target_id=p["maf1"].pk)
    with pytest.raises(GameRuleError, match=r"already voted .*\(H8\)"):
        vote_cast(game_id=game.pk, voter_id=p["vil1"].pk, target_id=p["maf2"].pk)
    ruled(game.pk, by_hands)
    with pytest.raises(GameRuleError, match=r"host counts .*\(M7, M12\)"):
        vote_cast(game_id=game.pk, voter_id=p["vil2"].pk, target_id=p["maf1"].pk)
    assert Vote.objects.filter(game=game).count() == 1


def test_a_vote_by_night_is_refused_in_the_days_words():
    game, p = day_one()
    end_phase(game)
    with pytest.raises(ConflictError, match=r"day 1 has ended.*\(C5\)"):
        vote_cast(game_id=game.pk, voter_id=p["vil1"].pk, target_id=p["maf1"].pk)
    assert "day 1 has ended" in page_text(p["vil1"].user, "vote", game)


@pytest.mark.parametrize("ruleset, first", [("classic", "day 0"), ("live_action", "day 1")])
def test_the_start_names_the_first_phase_of_the_rule_set(ruleset, first):
    game = make_game(ruleset=ruleset)
    mod = moderator_of(game)
    roles = ROLES if ruleset == "classic" else ("mafia",) + ("townie",) * (len(ROLES) - 1)
    for player, role in zip(sign_up(game, len(ROLES)), roles, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=START)
    response = client_for(mod).post(reverse("mod_start", args=[game.pk]), follow=True)
    assert f"The game has started: {first} has begun." in response.content.decode()
