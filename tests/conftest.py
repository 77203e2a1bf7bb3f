import pytest
from django.test import Client
from hypothesis import settings as hypothesis_settings

from tests.factories import UserFactory


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
