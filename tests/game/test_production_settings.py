import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Both checks in one process with the production settings (starting one costs seconds).
PRODUCTION_CHECKS = """
import django
django.setup()
from django.core.management import call_command
from django.test import Client
call_command("check", deploy=True, fail_level="WARNING")
spoofed = Client().get("/nowhere", HTTP_X_FORWARDED_PROTO="https", REMOTE_ADDR="203.0.113.9")
proxied = Client().get("/nowhere", HTTP_X_FORWARDED_PROTO="https", REMOTE_ADDR="172.31.250.2")
print(spoofed.status_code, spoofed.get("Location"), proxied.status_code,
      "Strict-Transport-Security" in proxied.headers)
"""


def test_production_settings_pass_the_deploy_check_and_redirect_to_https_unless_a_proxy_says():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "mafia_mod.settings.production",
        "SECRET_KEY": "x" * 20 + "production-like-secret-key-with-enough-entropy-0123456789",
        "ALLOWED_HOSTS": "mafia.example.com,testserver",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
        "TRUSTED_PROXIES": "172.31.250.0/24",
    }
    result = subprocess.run(
        [sys.executable, "-c", PRODUCTION_CHECKS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    checked, answers = result.stdout.strip().rsplit("\n", 1)
    assert "no issues" in checked
    assert answers.split() == ["301", "https://testserver/nowhere", "404", "True"]
