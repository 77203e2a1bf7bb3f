from django.contrib import admin
from django.urls import include, path

from forums.views.push import manifest, service_worker
from game.views.photos import signup_photo
from mafia_mod.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("api/v1/", api.urls),
    path("forums/", include("forums.urls")),
    path("live/", include("live.urls")),
    path("media/<path:name>", signup_photo, name="signup_photo"),
    path("manifest.webmanifest", manifest, name="manifest"),
    path("sw.js", service_worker, name="service_worker"),
    path("", include("game.urls")),
]
