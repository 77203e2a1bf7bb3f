"""gunicorn behind nginx (deploy/nginx/): threaded workers sized for the cores. nginx buffers
whole requests and responses, so a worker thread is busy only while the app works, never while
a slow phone sends or reads; WEB_WORKERS and WEB_THREADS override the sizes."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
worker_class = "gthread"
workers = int(os.environ.get("WEB_WORKERS", max(2, multiprocessing.cpu_count())))
threads = int(os.environ.get("WEB_THREADS", "4"))
timeout = 30
graceful_timeout = 30
keepalive = 5
# The scheme and client address are decided by the app from the proxy's headers, and only for
# the proxy (mafia_mod.proxy, TRUSTED_PROXIES): gunicorn believes no header of its own.
secure_scheme_headers: dict[str, str] = {}
forwarded_allow_ips = ""
# nginx logs every request with the client's address; gunicorn logs errors only.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# No gunicornc control socket: nothing uses it, and one per home directory would be shared by
# every gunicorn of the user.
control_socket_disable = True
