"""The live streams' server behind nginx (deploy/nginx/ sends it /live/ only): gunicorn managing
uvicorn workers that serve `mafia_mod.asgi:application`. An open stream is a parked coroutine,
not a thread, so one worker holds thousands; events reach every worker through Redis, so the
workers and their containers hold no state and scale freely. LIVE_WORKERS overrides the count.

    gunicorn mafia_mod.asgi:application -c deploy/gunicorn_live.conf.py"""

import os

bind = os.environ.get("LIVE_BIND", "0.0.0.0:8001")
worker_class = "uvicorn_worker.UvicornWorker"
workers = int(os.environ.get("LIVE_WORKERS", "2"))
# A reconnect storm of thousands of pages arrives at once: the kernel queues them (the host's
# net.core.somaxconn caps this) while the workers admit them at their pace (live.hub).
backlog = 16384
timeout = 30
# A stream never ends by itself: on a restart the old workers drop theirs after 5 s and the
# browsers reconnect at once, with Last-Event-ID, to the new ones.
graceful_timeout = 5
keepalive = 5
# Every request is a stream's access check, made on one of a few check threads per worker that
# keep their database connection (never one per stream).
raw_env = ["CONN_MAX_AGE=300"]
# As in deploy/gunicorn.conf.py: the app decides the scheme and client address from the
# proxy's headers (mafia_mod.proxy, TRUSTED_PROXIES); uvicorn believes no header of its own.
forwarded_allow_ips = ""
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
control_socket_disable = True
