"""`/live/stream` under WSGI: never served there. The ASGI entry point (mafia_mod.asgi) answers
it before Django (live.server); nginx sends /live/ to the live server, and `make run` serves the
whole app under uvicorn. Django under WSGI would read an endless response whole."""

from django.http import HttpRequest, HttpResponse


def stream(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Live streams are served by the ASGI server.", status=404)
