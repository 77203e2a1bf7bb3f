import pytest
from django.test import Client

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
