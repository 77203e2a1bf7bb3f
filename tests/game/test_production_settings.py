import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_production_settings_pass_the_deploy_check():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "mafia_mod.settings.production",
        "SECRET_KEY": "x" * 20 + "production-like-secret-key-with-enough-entropy-0123456789",
        "ALLOWED_HOSTS": "mafia.example.com",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


HTTPS_CHECK = """
import django
django.setup()
from django.test import Client
spoofed = Client().get("/nowhere", HTTP_X_FORWARDED_PROTO="https", REMOTE_ADDR="203.0.113.9")
proxied = Client().get("/nowhere", HTTP_X_FORWARDED_PROTO="https", REMOTE_ADDR="172.31.250.2")
print(spoofed.status_code, spoofed.get("Location"), proxied.status_code,
      "Strict-Transport-Security" in proxied.headers)
"""


def test_production_redirects_to_https_unless_the_proxy_says_the_request_came_by_https():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "mafia_mod.settings.production",
        "SECRET_KEY": "x" * 50,
        "ALLOWED_HOSTS": "testserver",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
        "TRUSTED_PROXIES": "172.31.250.0/24",
    }
    result = subprocess.run(
        [sys.executable, "-c", HTTPS_CHECK],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["301", "https://testserver/nowhere", "404", "True"]
