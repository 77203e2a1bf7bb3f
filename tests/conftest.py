import pytest
from django.conf import settings
from django.test import Client
from hypothesis import settings as hypothesis_settings

from tests.factories import UserFactory


@pytest.fixture(scope="session")
def django_db_keepdb(request) -> bool:
    """`--reuse-db` keeps PostgreSQL's test database between runs; SQLite's is a file of this
    process's own (mafia_mod/settings/test.py), removed at the end of the run."""
    sqlite = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    return request.config.getvalue("reuse_db") and not sqlite


@pytest.fixture
def user(db):
    return UserFactory()


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def login():
    return client_for


# Timing varies on a loaded CI machine: Hypothesis must judge results, never speed.
hypothesis_settings.register_profile("mafia", deadline=None)
hypothesis_settings.load_profile("mafia")
