"""The Werewolf village of the tests (tests/rulesets/werewolf_village: its package and one
registry line) is played to a win through the pages and through the API, in its own words:
werewolves devour together by night, the seer learns a side, the witch heals once and poisons
once a game, and the village eliminates by day. Its pages cite no ruling of another rule set
and never speak of the town, of executions or of votes to kill."""

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from game.models import Game, GameStatus, Player
from game.rulesets import registry
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.rulesets.werewolf_village import WEREWOLF_VILLAGE

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
# Words of the other rule sets a page of the village must not use.
FOREIGN = re.compile(
    r"\b(town|execut\w*|lynch\w*|votes? to kill|mafia(?!-mod)|mafios\w*)\b", re.IGNORECASE
)
CITATION = re.compile(r"\(([RCHMP]\d{1,2})[,)]")


@pytest.fixture
def village(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, WEREWOLF_VILLAGE.code, WEREWOLF_VILLAGE)


def created_through_the_pages(names: list[str]) -> tuple[Game, dict[str, Player], object]:
    """A moderator makes the game, the players sign up, the moderator gives each their role by
    hand (the names say which) and starts it: every step a page's form."""
    mod = client_for(moderator := UserFactory())
    made = mod.post(
        reverse("game_new"),
        {
            "name": "Full moon",
            "ruleset": WEREWOLF_VILLAGE.code,
            "time_zone": "UTC",
            "day_end_time": "23:00",
            "night_end_time": "09:00",
        },
    )
    assert made.status_code == 302, made.content.decode()[-2000:]
    game = Game.objects.get(name="Full moon")
    assert game.ruleset == WEREWOLF_VILLAGE.code
    for name in names:
        user = UserFactory()
        signed = client_for(user).post(
            reverse("signup", args=[game.pk]), {"name": name, "introduction": "Hello."}
        )
        assert signed.status_code == 302
    players = {p.name: p for p in game.players.all()}
    for name, player in players.items():
        role = name.rstrip("0123456789")
        answer = mod.post(
            reverse("mod_role_set", args=[game.pk]), {"player": player.pk, "role": role}
        )
        assert answer.status_code == 302
    dashboard = mod.get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    assert "Start the game? Night 1 begins now" in dashboard
    assert mod.post(reverse("mod_start", args=[game.pk])).status_code == 302
    game.refresh_from_db()
    assert (game.status, game.current_phase, game.current_day) == (
        GameStatus.RUNNING,
        "night",
        1,
    )
    return game, players, moderator


def choose(game: Game, player: Player, action: str, target: Player | None):
    return client_for(player.user).post(
        reverse("night_action", args=[game.pk]),
        {
            "night": game.current_day,
            "action": action,
            "target": str(target.pk) if target else "none",
        },
    )


def end_phase_on_the_page(game: Game, moderator) -> None:
    answer = client_for(moderator).post(
        reverse("mod_phase_end", args=[game.pk]),
        {"code": game.current_phase, "number": game.current_day, "reason": ""},
    )
    assert answer.status_code == 302
    game.refresh_from_db()


def page_text(user, name: str, game: Game) -> str:
    answer = client_for(user).get(reverse(name, args=[game.pk]))
    assert answer.status_code == 200, name
    return answer.content.decode()


def foreign_words(text: str) -> list[str]:
    """Each word of another rule set in `text`, with the words around it."""
    found = [text[max(0, m.start() - 60) : m.end() + 30] for m in FOREIGN.finditer(text)]
    return found + CITATION.findall(text)


def assert_the_villages_words(text: str) -> None:
    assert foreign_words(text) == []


def test_the_village_is_won_by_the_village_through_the_pages(village):
    names = ["werewolf1", "werewolf2", "seer", "witch", "villager1", "villager2", "villager3"]
    game, p, moderator = created_through_the_pages(names)
    night = page_text(p["witch"].user, "night", game)
    assert "Whom do you give your healing potion tonight?" in night
    assert "Whom do you poison tonight?" in night
    assert "Which villager do the werewolves devour tonight?" in page_text(
        p["werewolf1"].user, "night", game
    )
    for wolf in ("werewolf1", "werewolf2"):
        assert choose(game, p[wolf], "kill", p["villager1"]).status_code == 302
    assert choose(game, p["witch"], "heal", p["villager1"]).status_code == 302
    assert choose(game, p["witch"], "poison", p["werewolf2"]).status_code == 302
    refused = choose(game, p["witch"], "poison", p["witch"])
    assert refused.status_code == 422
    assert "The witch does not poison herself." in refused.content.decode()
    assert choose(game, p["seer"], "see", p["werewolf1"]).status_code == 302
    end_phase_on_the_page(game, moderator)

    assert (game.current_phase, game.current_day) == ("day", 1)
    alive = dict(game.players.values_list("name", "alive"))
    assert alive["villager1"] and not alive["werewolf2"]
    vision = page_text(p["seer"].user, "game_log", game)
    assert "Your vision: werewolf1 is a werewolf." in vision
    assert "Your vision" not in page_text(p["villager2"].user, "game_log", game)
    vote_page = page_text(p["villager1"].user, "vote", game)
    assert "Vote to eliminate" in vote_page
    for voter in ("seer", "witch", "villager1", "villager2", "villager3", "werewolf1"):
        cast = client_for(p[voter].user).post(
            reverse("vote", args=[game.pk]), {"day": 1, "target": str(p["werewolf1"].pk)}
        )
        assert cast.status_code == 302
    assert "werewolf1 votes to eliminate" not in vote_page
    assert "seer votes to eliminate werewolf1." in page_text(p["villager2"].user, "game_log", game)
    end_phase_on_the_page(game, moderator)

    assert (game.status, game.winner) == (GameStatus.FINISHED, "village")
    over = page_text(p["villager3"].user, "game_over", game)
    assert "The village wins: no werewolf is left." in over
    pages = ("game_detail", "game_log", "vote_tally", "night", "results", "role_card", "game_over")
    seen = [(p[who].user, name) for who in ("seer", "werewolf1") for name in pages]
    seen += [(moderator, name) for name in ("game_log", "vote_tally", "mod_dashboard")]
    found = {(user, name): foreign_words(page_text(user, name, game)) for user, name in seen}
    assert {page: words for page, words in found.items() if words} == {}


def api(user, path: str, body: dict | None = None):
    client = client_for(user)
    url = f"/api/v1/games/{path}".rstrip("/")
    if body is None:
        return client.get(url)
    return client.post(url, json.dumps(body), content_type="application/json")


def texts_of(answer) -> list[str]:
    """The words of an API answer: its strings, not its field names."""
    if isinstance(answer, dict):
        return [text for value in answer.values() for text in texts_of(value)]
    if isinstance(answer, list):
        return [text for value in answer for text in texts_of(value)]
    return [answer] if isinstance(answer, str) else []


def test_the_werewolves_win_the_village_through_the_api(village):
    made = api(
        moderator := UserFactory(),
        "",
        {
            "name": "New moon",
            "ruleset": WEREWOLF_VILLAGE.code,
            "phase_minutes": 30,
            "night_ends_when_all_in": False,
        },
    )
    assert made.status_code == 201
    game = Game.objects.get(pk=made.json()["id"])
    names = ["werewolf1", "werewolf2", "seer", "witch", "villager1", "villager2"]
    users = {name: UserFactory() for name in names}
    for name, user in users.items():
        signed = api(user, f"{game.pk}/signups", {"name": name, "introduction": "Hi."})
        assert signed.status_code == 201
    p = {player.name: player for player in game.players.all()}
    for name, player in p.items():
        role = name.rstrip("0123456789")
        set_role = api(moderator, f"{game.pk}/roles", {"player_id": player.pk, "role": role})
        assert set_role.status_code == 200, set_role.content
    assert api(moderator, f"{game.pk}/start", {}).status_code == 200

    def act(name: str, action: str, target: str | None):
        body = {"action": action, **({"target_id": p[target].pk} if target else {"no_one": True})}
        return api(users[name], f"{game.pk}/night-action", body)

    def end(code: str, number: int) -> None:
        ended = api(moderator, f"{game.pk}/phase/end", {"code": code, "number": number})
        assert ended.status_code == 200

    cards = api(users["witch"], f"{game.pk}/phase").json()["night_cards"]
    assert [card["action"] for card in cards] == ["heal", "poison"]
    assert act("werewolf1", "kill", "villager1").status_code == 201
    assert act("werewolf2", "kill", "villager1").status_code == 201
    assert act("witch", "heal", "villager1").status_code == 201
    assert act("seer", "see", "werewolf2").status_code == 201
    picks = api(users["werewolf2"], f"{game.pk}/phase").json()["mafia_picks"]
    assert [(r["actor"], r["target"]) for r in picks] == [
        ("werewolf1", "villager1"),
        ("werewolf2", "villager1"),
    ]
    end("night", 1)
    assert Player.objects.get(pk=p["villager1"].pk).alive
    seer_log = [entry["text"] for entry in api(users["seer"], f"{game.pk}/log").json()]
    assert "Your vision: werewolf2 is a werewolf." in seer_log

    for voter in names:
        target = "villager2" if voter != "villager2" else "seer"
        assert api(users[voter], f"{game.pk}/votes", {"target_id": p[target].pk}).status_code == 201
    tally = api(users["seer"], f"{game.pk}/votes/1").json()
    assert_the_villages_words("\n".join(texts_of(tally)))
    end("day", 1)
    assert not Player.objects.get(pk=p["villager2"].pk).alive

    spent = act("witch", "heal", "seer")
    assert spent.status_code == 400 and "Your healing potion is spent." in spent.json()["detail"]
    assert act("werewolf1", "kill", "seer").status_code == 201
    assert act("werewolf2", "kill", "seer").status_code == 201
    end("night", 2)
    game.refresh_from_db()
    assert (game.status, game.winner) == (GameStatus.FINISHED, "mafia")
    over = client_for(users["villager1"]).get(reverse("game_over", args=[game.pk]))
    assert "The werewolves win." in over.content.decode()
    assert foreign_words(over.content.decode()) == []
    log = [entry["text"] for entry in api(users["villager1"], f"{game.pk}/log").json()]
    assert "The werewolves win: they are as many as the villagers left." in "\n".join(log)
    assert_the_villages_words("\n".join(log))


def test_the_village_is_its_package_and_one_registry_line():
    """Nothing of the app names it: it is its package and the line that registers it."""
    package = ROOT / "tests" / "rulesets" / "werewolf_village"
    files = sorted(path.relative_to(package).as_posix() for path in package.rglob("*.py"))
    assert files == [
        "__init__.py",
        "day.py",
        "pages.py",
        "roles/__init__.py",
        "roles/seer.py",
        "roles/villager.py",
        "roles/werewolf.py",
        "roles/witch.py",
    ]
    for folder in ("game", "forums", "live", "templates", "mafia_mod"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".html"}:
                assert "werewolf_village" not in path.read_text(), path
