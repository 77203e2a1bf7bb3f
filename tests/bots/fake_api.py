"""A small stand-in for the app's HTTP API (not for its database): canned JSON answers by method
and path, every request recorded, served on 127.0.0.1 from a thread."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeApi:
    def __init__(self):
        self.answers: dict[tuple[str, str], tuple[int, object]] = {}
        self.requests: list[tuple[str, str, object, str]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                self._answer(None)

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                self._answer(json.loads(self.rfile.read(length) or b"null"))

            def _answer(self, payload):
                fake.requests.append(
                    (self.command, self.path, payload, self.headers.get("Authorization"))
                )
                answer = fake.answers.get(
                    (self.command, self.path), (404, {"detail": "Not found."})
                )
                status, body = answer() if callable(answer) else answer
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc_info):
        self.server.shutdown()
        self.server.server_close()

    def answer(self, method, path, body, status=200):
        """The answer to `method` `path`; a callable in `answers` is called for its answer."""
        self.answers[(method, f"/api/v1{path}")] = (status, body)

    def sent(self, method):
        return [
            (path.removeprefix("/api/v1"), payload)
            for m, path, payload, _ in self.requests
            if m == method
        ]
