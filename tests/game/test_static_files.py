"""Light pages on a phone: static files under hashed names, compressed, cached for a year, loaded
with `defer`; pages compressed; a player's first visit to a game page at most 25 KB."""

import gzip
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.http import HttpResponse
from django.test import override_settings
from django.urls import reverse
from whitenoise.middleware import WhiteNoiseMiddleware

from tests.conftest import client_for
from tests.factories import running_game

pytestmark = pytest.mark.django_db

FIRST_VISIT_BUDGET = 25 * 1024
ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')


@pytest.fixture
def collected(tmp_path):
    """The static files as `make run` and the Docker image serve them."""
    with override_settings(
        STATIC_ROOT=tmp_path,
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
            "staticfiles": {"BACKEND": "mafia_mod.storage.HashedStaticFilesStorage"},
        },
        WHITENOISE_USE_FINDERS=False,
        WHITENOISE_AUTOREFRESH=False,
    ):
        call_command("collectstatic", "--noinput", verbosity=0, ignore_patterns=["admin", "ninja"])
        yield WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))


def test_a_game_page_with_its_files_weighs_at_most_25_kb_and_files_are_cached_for_a_year(
    collected, rf
):
    game, players = running_game(30)
    client = client_for(players[0].user)
    total = 0
    for name in ("game_detail", "vote", "role_card", "kills", "vote_tally"):
        page = client.get(reverse(name, args=[game.pk]), HTTP_ACCEPT_ENCODING="gzip")
        assert page["Content-Encoding"] == "gzip"
        html = gzip.decompress(page.content).decode()
        assets = ASSET.findall(html)
        assert {"css", "js", "svg"} <= {a.rsplit(".", 1)[1] for a in assets}
        assert all(re.search(r"\.[0-9a-f]{12}\.", a) for a in assets), assets
        assert all(f'src="{a}" defer' in html for a in assets if a.endswith(".js")), assets
        weight = len(page.content)
        for url in assets:
            served = collected(rf.get(url, HTTP_ACCEPT_ENCODING="gzip, br"))
            assert served.status_code == 200, url
            assert "immutable" in served["Cache-Control"], url
            max_age = int(re.search(r"max-age=(\d+)", served["Cache-Control"]).group(1))
            assert max_age >= 365 * 24 * 3600, url
            assert served.get("Content-Encoding") in {"br", "gzip"} or url.endswith(".svg"), url
            weight += int(served["Content-Length"])
        assert weight <= FIRST_VISIT_BUDGET, (name, weight)
        total += weight
    assert total > 0


def test_the_app_s_own_scripts_and_stylesheet_are_served_without_their_comments(
    collected, tmp_path
):
    static = settings.BASE_DIR / "static"
    source = (static / "js" / "app.js").read_text()
    served = next((tmp_path / "js").glob("app.*.js")).read_text()
    assert "\n  // " in source
    assert served == "".join(
        line for line in source.splitlines(keepends=True) if not line.lstrip().startswith("//")
    )
    assert "/*" in (static / "css" / "app.css").read_text()
    assert "/*" not in next((tmp_path / "css").glob("app.*.css")).read_text()
    vendored = (static / "js" / "htmx.min.js").read_bytes()
    assert next((tmp_path / "js").glob("htmx.min.*.js")).read_bytes() == vendored
