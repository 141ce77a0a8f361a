#!/usr/bin/env python3
"""A loopback HTTP server for icalkit's feed tests.

Serves the files of --root under paths that choose a behaviour:
  /etag/NAME            200 with an ETag (hash of the bytes); 304 when If-None-Match matches
  /lastmod/NAME         200 with Last-Modified (the file's mtime); 304 when If-Modified-Since is not older
  /plain/NAME           200, no validators
  /gzip/NAME            gzip-encoded body (Content-Encoding: gzip); /deflate/NAME zlib-encoded
  /type/MIME/NAME       200 with that Content-Type (MIME with '_' for '/')
  /status/CODE          that status with a short text body; 429 and 503 send Retry-After: 120
  /redirect/CODE/REST   CODE with Location: /REST
  /redirect-abs/CODE/SCHEME/REST   CODE with Location: SCHEME:///REST (a redirect off http)
  /slow/SECONDS/REST    waits, then answers as /REST
  /short/NAME           announces the full Content-Length, sends half the body, closes
  /big/BYTES            a body of BYTES bytes of a repeated line (no file needed)
Every request is appended to --log as one JSON line: method, path, headers.
Prints "PORT <n>" on stdout once listening on 127.0.0.1 (port 0 picks a free one).
Stops by itself after --lifetime seconds.
"""
import argparse, email.utils, gzip, hashlib, json, os, sys, threading, time, zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    root = "."
    log_path = None
    log_lock = threading.Lock()

    def log_message(self, *args):
        pass

    def record(self):
        if not self.log_path:
            return
        entry = {"method": self.command, "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}}
        with self.log_lock, open(self.log_path, "a") as f:
            f.write(json.dumps(entry) + "\n")

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def read_file(self, name):
        path = os.path.join(self.root, name)
        if not os.path.isfile(path):
            return None, None
        with open(path, "rb") as f:
            return f.read(), os.path.getmtime(path)

    def do_GET(self):
        self.record()
        self.route(self.path.split("?", 1)[0].lstrip("/").split("/"))

    def route(self, parts):
        kind, rest = parts[0], parts[1:]
        if kind == "slow":
            time.sleep(float(rest[0]))
            return self.route(rest[1:])
        if kind == "status":
            code = int(rest[0])
            headers = [("Content-Type", "text/plain")]
            if code in (429, 503):
                headers.append(("Retry-After", "120"))
            return self.send(code, f"status {code}\n".encode(), headers)
        if kind == "redirect":
            return self.send(int(rest[0]), b"", [("Location", "/" + "/".join(rest[1:]))])
        if kind == "redirect-abs":
            return self.send(int(rest[0]), b"", [("Location", rest[1] + ":///" + "/".join(rest[2:]))])
        if kind == "big":
            size = int(rest[0])
            line = b"X-FILLER:" + b"x" * 70 + b"\r\n"
            body = (line * (size // len(line) + 1))[:size]
            return self.send(200, body, [("Content-Type", "text/calendar")])
        if kind == "type":
            body, _ = self.read_file("/".join(rest[1:]))
            if body is None:
                return self.send(404, b"not found\n")
            return self.send(200, body, [("Content-Type", rest[0].replace("_", "/"))])
        body, mtime = self.read_file("/".join(rest))
        if body is None:
            return self.send(404, b"not found\n", [("Content-Type", "text/plain")])
        calendar = [("Content-Type", "text/calendar; charset=utf-8")]
        if kind == "etag":
            tag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            if self.headers.get("If-None-Match") == tag:
                return self.send(304, b"", [("ETag", tag)])
            return self.send(200, body, calendar + [("ETag", tag)])
        if kind == "lastmod":
            stamp = email.utils.formatdate(int(mtime), usegmt=True)
            since = self.headers.get("If-Modified-Since")
            if since:
                try:
                    if int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                        return self.send(304, b"", [("Last-Modified", stamp)])
                except (TypeError, ValueError):
                    pass
            return self.send(200, body, calendar + [("Last-Modified", stamp)])
        if kind == "plain":
            return self.send(200, body, calendar)
        if kind == "gzip":
            return self.send(200, gzip.compress(body), calendar + [("Content-Encoding", "gzip")])
        if kind == "deflate":
            return self.send(200, zlib.compress(body), calendar + [("Content-Encoding", "deflate")])
        if kind == "short":
            self.send_response(200)
            for k, v in calendar:
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        return self.send(404, b"unknown route\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log")
    parser.add_argument("--lifetime", type=float, default=600)
    args = parser.parse_args()
    Handler.root = args.root
    Handler.log_path = args.log
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    threading.Timer(args.lifetime, server.shutdown).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
