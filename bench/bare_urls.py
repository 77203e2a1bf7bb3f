from django.http import HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

urlpatterns = [path("bare", csrf_exempt(lambda request: HttpResponse(b'{"ok": true}', status=201)))]
