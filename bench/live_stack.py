"""The production shape for `make bench-live` (bench/live_scale.py), on this machine's loopback
only: a private redis-server for the channel (so that it can be restarted), gunicorn (the web),
the live service (gunicorn with uvicorn workers) and nginx with the shipped configuration
(deploy/), TLS with a self-signed certificate. Ports from BENCH_PORT + 10 on."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
BASE_PORT = int(os.environ.get("BENCH_PORT", "8765")) + 10
HTTPS_PORT, HTTP_PORT, APP_PORT, LIVE_PORT, REDIS_PORT = (BASE_PORT + i for i in range(5))
TEMPLATE = BASE_DIR / "deploy" / "nginx" / "nginx.conf.template"


class Stack:
    def __init__(self, database_url: str, cache_url: str) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="bench-live-"))
        (self.work / "nginx-temp").mkdir()
        self.cert = self.work / "cert.pem"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "mafia_mod.settings.production",
            "PYTHONPATH": str(BASE_DIR),
            "SECRET_KEY": "bench-live-" + os.urandom(16).hex(),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "TRUSTED_PROXIES": "127.0.0.1",
            "DATABASE_URL": database_url,
            "REDIS_URL": cache_url,
            "CELERY_BROKER_URL": cache_url,
            "LIVE_REDIS_URL": f"redis://127.0.0.1:{REDIS_PORT}/0",
            "MEDIA_ROOT": str(self.work / "media"),
            "EMAIL_URL": "consolemail://",
            "GUNICORN_LOG_LEVEL": "warning",
        }
        self.redis: subprocess.Popen | None = None
        self.processes: dict[str, subprocess.Popen] = {}

    def start(self) -> None:
        if self.redis is None or self.redis.poll() is not None:
            self.start_redis()
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
             "-keyout", str(self.work / "key.pem"), "-out", str(self.cert)],
            check=True, capture_output=True,
        )  # fmt: skip
        gunicorn = [sys.executable, "-m", "gunicorn"]
        self._spawn(
            "web",
            [*gunicorn, "mafia_mod.wsgi", "-c", "deploy/gunicorn.conf.py"],
            GUNICORN_BIND=f"127.0.0.1:{APP_PORT}",
            WEB_WORKERS="2",
            WEB_THREADS="4",
        )
        self._spawn(
            "live",
            [*gunicorn, "mafia_mod.asgi:application", "-c", "deploy/gunicorn_live.conf.py"],
            LIVE_BIND=f"127.0.0.1:{LIVE_PORT}",
            LIVE_WORKERS="2",
        )
        conf = self.work / "nginx.conf"
        conf.write_text(self._nginx_conf())
        self._spawn("nginx", ["nginx", "-c", str(conf), "-e", "stderr",
                              "-g", f"pid {self.work}/nginx.pid; daemon off;"])  # fmt: skip
        self._wait_until_up()

    def _nginx_conf(self) -> str:
        values = {
            "MAFIA_HTTP_PORT": str(HTTP_PORT),
            "MAFIA_HTTPS_PORT": str(HTTPS_PORT),
            "MAFIA_UPSTREAM": f"127.0.0.1:{APP_PORT}",
            "MAFIA_LIVE_UPSTREAM": f"127.0.0.1:{LIVE_PORT}",
            "MAFIA_STATIC_ROOT": str(BASE_DIR / "staticfiles"),
            "MAFIA_MEDIA_ROOT": str(self.work / "media"),
            "MAFIA_NGINX_TEMP": str(self.work / "nginx-temp"),
            "MAFIA_TLS_CERT": str(self.cert),
            "MAFIA_TLS_KEY": str(self.work / "key.pem"),
        }
        text = TEMPLATE.read_text()
        text = re.sub(r"\$\{(MAFIA_[A-Z_]+)\}", lambda m: values[m.group(1)], text)
        # Only the access log differs: 30,000 reconnects are not worth writing down here.
        return text.replace("access_log /dev/stdout mafia;", "access_log off;")

    def _spawn(self, name: str, command: list[str], **env) -> None:
        log = open(self.work / f"{name}.log", "w")  # noqa: SIM115 (closed with the stack)
        self.processes[name] = subprocess.Popen(  # noqa: S603
            command, cwd=BASE_DIR, env={**self.env, **env}, stdout=log, stderr=subprocess.STDOUT
        )

    def start_redis(self) -> None:
        self.redis = subprocess.Popen(  # noqa: S603
            ["redis-server", "--port", str(REDIS_PORT), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--maxclients", "10000"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(100):
            if subprocess.run(["redis-cli", "-p", str(REDIS_PORT), "ping"],
                              capture_output=True).returncode == 0:  # fmt: skip
                return
            time.sleep(0.05)
        raise SystemExit("the channel's redis-server did not start")

    def stop_redis(self) -> None:
        self.redis.terminate()
        self.redis.wait(timeout=10)

    def redis_clients(self) -> int:
        out = subprocess.run(["redis-cli", "-p", str(REDIS_PORT), "info", "clients"],
                             capture_output=True, text=True).stdout  # fmt: skip
        return int(re.search(r"connected_clients:(\d+)", out).group(1))

    def _wait_until_up(self) -> None:
        for port in (APP_PORT, LIVE_PORT):
            for _ in range(600):
                try:
                    request = urllib.request.Request(
                        f"http://127.0.0.1:{port}/healthz", headers={"Host": "127.0.0.1"}
                    )
                    urllib.request.urlopen(request, timeout=5)  # noqa: S310 (loopback)
                    break
                except OSError as error:
                    if getattr(error, "code", None) in (200, 503):
                        break
                    time.sleep(0.1)
            else:
                raise SystemExit(f"nothing answered on port {port}: {self.work}")

    def stop(self) -> None:
        for process in self.processes.values():
            process.terminate()
        for process in self.processes.values():
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        if self.redis and self.redis.poll() is None:
            self.stop_redis()
        if os.environ.get("BENCH_KEEP_LOGS"):
            print(f"  the servers' logs: {self.work}")
        else:
            shutil.rmtree(self.work, ignore_errors=True)
