"""Request bodies are JSON objects: an array sent to an operation whose fields are all optional
is refused and changes nothing (found by the API fuzzer)."""

import json

import pytest

from forums.models import NotificationSetting
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("body", [[None, None], [], None, "x", 3])
def test_a_body_that_is_not_an_object_is_refused_and_changes_nothing(user, body):
    response = client_for(user).put(
        "/api/v1/forums/notifications/settings",
        json.dumps(body),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "detail" in response.json()
    assert not NotificationSetting.objects.filter(user=user, email=True).exists()


def test_an_object_body_is_still_read(user):
    response = client_for(user).put(
        "/api/v1/forums/notifications/settings",
        json.dumps({"email": True}),
        content_type="application/json",
    )
    assert response.status_code == 200
    assert response.json()["email"] is True
