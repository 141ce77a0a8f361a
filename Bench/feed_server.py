#!/usr/bin/env python3
"""Loopback HTTP server for the feed stages of Bench/run.sh.

    python3 Bench/feed_server.py DIR   # prints the port on its first line, then serves

GET /etag/NAME serves DIR/NAME with a strong ETag (a hash of its bytes, computed when the
file's size or mtime changes, not per request) and answers If-None-Match with 304.
GET /plain/NAME serves DIR/NAME with neither ETag nor Last-Modified: every refresh of it
is a full 200. HTTP/1.1, keep-alive, no logging.
"""
import hashlib
import http.server
import os
import sys

ROOT = sys.argv[1]
_tags = {}


def etag_of(path):
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    if key not in _tags:
        with open(path, "rb") as f:
            _tags[key] = '"%s"' % hashlib.sha256(f.read()).hexdigest()[:32]
    return _tags[key]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = self.path.split("/")
        if len(parts) != 3 or parts[1] not in ("etag", "plain") or not parts[2] or ".." in parts[2]:
            return self.reply(404, b"not found")
        path = os.path.join(ROOT, parts[2])
        if not os.path.isfile(path):
            return self.reply(404, b"not found")
        headers = {"Content-Type": "text/calendar; charset=utf-8"}
        if parts[1] == "etag":
            tag = etag_of(path)
            headers["ETag"] = tag
            if self.headers.get("If-None-Match") == tag:
                return self.reply(304, b"", headers)
        with open(path, "rb") as f:
            body = f.read()
        self.reply(200, body, headers)

    def reply(self, status, body, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
