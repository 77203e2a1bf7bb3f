from django.urls import path

from live.views import stream

app_name = "live"
urlpatterns = [path("stream", stream, name="stream")]
