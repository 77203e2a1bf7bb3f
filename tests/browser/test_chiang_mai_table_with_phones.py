"""A Chiang Mai table at 375×812 in Chromium (M1-M12): the host creates the game, adds seven
players without a phone on one page, three players with phones sign up, and the host runs the
game to the win on their phone through a split vote and a runoff. The phones' pages follow the
host's calls without a reload; a called phone points and the host sees where before Next; the
phones vote on their phones and the host counts the others' hands with the steppers. The host's
taps and keystrokes are printed; the taps are at most 60, and every button the host taps is on
screen without a scroll."""

import pytest
from playwright.sync_api import expect

from game.models import Game, GameStatus
from game.rulesets.chiang_mai.deck import deal, default_deck
from game.rulesets.chiang_mai.table import Hand
from game.rulesets.phases import draw_rng
from game.services.lobby.signups import signup_create
from tests.factories import START, UserFactory
from tests.game.chiang_mai.driver import ballots, call_target, shot_target

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORT = {"width": 375, "height": 812}
NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus"]
MOST_TAPS = 60


class Host:
    """The host's phone: every tap and keystroke counted, every target on screen unscrolled."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def on_screen(self, selector: str) -> None:
        page = self.page
        assert page.evaluate("window.scrollY") == 0, selector
        box = page.locator(selector).first.bounding_box()
        bottom = page.evaluate(
            "() => { const n = document.querySelector('.bottom-nav');"
            " return n && n.offsetParent ? n.getBoundingClientRect().top : innerHeight; }"
        )
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= bottom, (
            selector,
            box,
            bottom,
        )

    def tap(self, selector: str) -> None:
        self.on_screen(selector)
        with self.page.expect_navigation():
            self.page.click(selector)
        self.taps += 1
        assert self.page.locator("#error-summary").count() == 0, self.page.inner_text("main")

    def type(self, selector: str, text: str) -> None:
        self.on_screen(selector)
        self.page.fill(selector, text)
        self.taps += 1
        self.keys += len(text)


def seed_waking_a_phone(players, phones) -> str:
    """A seed whose deal gives a phone an active card that wakes on night 1 (M2, M4)."""
    for n in range(500):
        seed = f"table-{n}"
        dealt = deal([p.pk for p in players], default_deck(len(players)), draw_rng(seed, "deal"))
        if any(Hand.dealt(dealt.hands[p.pk]).roles - {"villager", "hunter"} for p in phones):
            return seed
    raise AssertionError("no seed wakes a phone")


def test_a_host_and_three_phones_play_a_ten_player_game_from_creation_to_the_win(
    browser_contexts, live_server, user
):
    open_page = lambda who: browser_contexts(VIEWPORT, live_server.url, who).new_page()  # noqa: E731
    host = Host(open_page(user))
    page = host.page
    page.goto("/games/new/")
    host.type("#id_name", "Friday table")
    page.select_option("#id_ruleset", "chiang_mai")
    host.taps += 2  # a select: open it, choose
    page.click("button[type=submit]:has-text('Create game')")
    host.taps += 1
    page.wait_for_selector("#seat-name")
    game = Game.objects.get(name="Friday table")
    phones = [
        signup_create(game_id=game.pk, user=UserFactory(), now=START, introduction="hi", name=n)
        for n in ("Phil", "Pam", "Pat")
    ]
    host.type("#seat-name", "\n".join(NAMES))
    host.tap("#seat-add")
    assert page.locator("#seats li").count() == 10
    players = list(game.players.order_by("joined_at", "id"))
    seed = seed_waking_a_phone(players, phones)
    host.type("#seed", seed)
    host.tap("#deal")
    phone_pages = {p.pk: open_page(p.user) for p in phones}
    for phone_page in phone_pages.values():
        phone_page.goto(f"/games/{game.pk}/chiang-mai/")
    host.tap("#next")

    def table():
        return page.request.get(f"/api/v1/games/{game.pk}/chiang-mai").json()

    pointed = []
    voted = []

    def night() -> None:
        while table()["stage"] == "night":
            state = table()
            target = call_target(state)
            awake = [s["id"] for s in state["seats"] if s["name"] in state["called_players"]]
            on_phones = [a for a in awake if a in phone_pages]
            for actor in on_phones:
                phone = phone_pages[actor]
                heading = phone.locator("#call-heading")
                expect(heading).to_contain_text("point now")  # no reload: the page follows
                label = phone.locator(f"#main form:has(input[value='{target}']) button")
                with phone.expect_navigation():
                    label.first.click() if target else phone.click("text=Refrain tonight")
                pointed.append(actor)
                name = next(s["name"] for s in state["seats"] if s["id"] == actor)
                expect(page.locator("#pointings")).to_contain_text(f"{name}, pointed at")
            if target and len(on_phones) < len(awake):
                name = next(s["name"] for s in state["seats"] if s["id"] == target)
                host.tap(f"#name-buttons form:has(input[value='{target}']) button >> text={name}")
            else:
                host.tap("#call-next")

    def hunters():
        state = table()
        while state["hunter"] and not state["winner"]:
            hunter = next(s["id"] for s in state["seats"] if s["name"] == state["hunter"])
            host.tap(f"#shot-buttons form:has(input[value='{shot_target(state, hunter)}']) button")
            state = table()
        return state

    def vote(day: int) -> None:
        state = table()
        votes = ballots(state, day)
        by_phone = [v for v in votes if v in phone_pages]
        for voter in by_phone:
            phone = phone_pages[voter]
            expect(phone.locator(f"#vote-{voter}-1")).to_be_visible()
            for n, target in enumerate(votes[voter], start=1):
                phone.select_option(f"#vote-{voter}-{n}", str(target or ""))
            with phone.expect_navigation():
                phone.click("#hands-form button[type=submit]")
            expect(phone.locator("#my-ballot")).to_contain_text("Your vote")
            voted.append(voter)
        expect(page.locator("#cast li")).to_have_count(len(by_phone))
        counted: dict[int, int] = {}
        for voter, each in votes.items():
            if voter not in phone_pages:
                for target in filter(None, each):
                    counted[target] = counted.get(target, 0) + 1
        for target, hands in counted.items():
            host.type(f"#count-{target}", str(hands))
        host.tap("#tally")

    while not table()["winner"]:
        night()
        if hunters()["winner"]:
            break
        host.tap("#next")
        day = int(table()["label"].split()[1])
        while table()["stage"] in ("day", "runoff"):
            vote(day)
        if hunters()["winner"]:
            break
        host.tap("#next")
    state = table()
    said = [a["text"] for a in state["announcements"]]
    print(
        f"\nChiang Mai, 10 players, 3 on phones, creation to the win: {host.taps} host taps, "
        f"{host.keys} keystrokes; the phones pointed {len(pointed)} times and cast "
        f"{len(voted)} ballots"
    )
    assert any(text.startswith("The vote tied") for text in said)
    assert pointed and voted
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert host.taps <= MOST_TAPS
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
