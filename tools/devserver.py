#!/usr/bin/env python3
"""A small threaded static HTTP server for dist/ (stdlib only).

Used by `make serve`, the browser tests (tests/browser/conftest.py) and the
start-up benchmark (bench/bench_startup.py).

* mounts: URL prefixes mapped to directories, e.g. {"/": dist} or
  {"/sub/path/": dist}; the longest matching prefix wins.
* pages: extra in-memory files by exact URL path (test host pages, the bare
  benchmark page) -- nothing is written into dist/; a path mapped to None
  is answered 404 (a file of dist/ taken away).
* correct MIME types for .mjs / .wasm / .whl whatever the host's
  /etc/mime.types says (module scripts need a JavaScript type).
* counts requests and response body bytes, for the benchmark.
* a plain static host: no COOP/COEP headers (no SharedArrayBuffer), like
  GitHub Pages and most hosts.
* ``--cors`` (``cors=True``): every answer carries ``Access-Control-Allow-Origin: *`` and
  an OPTIONS request (a CORS preflight) is answered, so a notebook or page on another
  origin (JupyterLite or Jupyter on another port) can fetch the engine's wheel and
  ``wheels/latest.json``, as GitHub Pages allows (docs/notebooks.md).

    python3 tools/devserver.py [--port 8000] [--bind 127.0.0.1] [--prefix /] [--cors] [DIR]
"""

from __future__ import annotations

import argparse
import http.server
import os
import posixpath
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".ico": "image/x-icon",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    server: "_Server"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if self.server.verbose:
            super().log_message(format, *args)

    def guess_type(self, path: str) -> str:
        ext = os.path.splitext(path)[1].lower()
        return MIME.get(ext) or super().guess_type(path)

    def end_headers(self) -> None:
        # Revalidate every time (cheap 304s): a rebuilt dist/ is picked up on reload.
        self.send_header("Cache-Control", "no-cache")
        if self.server.cors:
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def do_OPTIONS(self) -> None:
        """A CORS preflight (or a plain OPTIONS): what may be asked of this static host."""
        self.server.count_request(self.path)
        self.send_response(204)
        self.send_header("Allow", "GET, HEAD, OPTIONS")
        if self.server.cors:
            self.send_header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
            asked = self.headers.get("Access-Control-Request-Headers")
            if asked:
                self.send_header("Access-Control-Allow-Headers", asked)
            self.send_header("Access-Control-Max-Age", "86400")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def translate_path(self, path: str) -> str:
        path = urllib.parse.unquote(path.split("?", 1)[0].split("#", 1)[0])
        for prefix, directory in self.server.mounts:
            if path.startswith(prefix) or path + "/" == prefix:
                rest = path[len(prefix):]
                parts = [p for p in posixpath.normpath("/" + rest).split("/") if p not in ("", ".", "..")]
                result = os.path.join(directory, *parts)
                if path.endswith("/") or path + "/" == prefix:
                    result += os.sep
                return result
        return os.path.join(self.server.nowhere, "missing")

    def _page(self) -> bytes | None:
        path = urllib.parse.unquote(self.path.split("?", 1)[0])
        return self.server.pages.get(path)

    def do_GET(self) -> None:
        self.server.count_request(self.path)
        if self.server.pages.get(urllib.parse.unquote(self.path.split("?", 1)[0]), b"") is None:
            self.send_error(404, "File not found")  # a file taken away (tests: `pages` maps it to None)
            return
        page = self._page()
        if page is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(self.path.split("?", 1)[0]))
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)
        self.server.count_bytes(len(page))

    def do_HEAD(self) -> None:
        self.server.count_request(self.path)
        return super().do_HEAD()

    def copyfile(self, source, outputfile) -> None:
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            self.server.count_bytes(len(chunk))


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    mounts: list[tuple[str, str]]
    pages: dict[str, bytes | None]
    verbose: bool
    cors: bool
    nowhere: str

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._lock = threading.Lock()
        self.requests: list[str] = []
        self.bytes_sent = 0

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that goes away mid-answer (a closed tab or test context) is no error of the
        server's: say nothing; anything else is printed as socketserver does."""
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)

    def count_request(self, path: str) -> None:
        with self._lock:
            self.requests.append(path)

    def count_bytes(self, n: int) -> None:
        with self._lock:
            self.bytes_sent += n


class StaticServer:
    """Serve `mounts` (URL prefix -> directory) and in-memory `pages` on a thread."""

    def __init__(self, mounts: dict[str, str | Path], pages: dict[str, bytes | str | None] | None = None,
                 host: str = "127.0.0.1", port: int = 0, verbose: bool = False, cors: bool = False) -> None:
        for prefix in mounts:
            if not (prefix.startswith("/") and prefix.endswith("/")):
                raise ValueError(f"mount prefix must start and end with '/': {prefix!r}")
        self._httpd = _Server((host, port), _Handler)
        self._httpd.mounts = sorted(((p, str(Path(d).resolve())) for p, d in mounts.items()),
                                    key=lambda m: len(m[0]), reverse=True)
        self._httpd.pages = {k: v.encode() if isinstance(v, str) else v for k, v in (pages or {}).items()}
        self._httpd.verbose = verbose
        self._httpd.cors = cors
        self._httpd.nowhere = os.devnull
        self._thread: threading.Thread | None = None

    @property
    def origin(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[str]:
        return self._httpd.requests

    @property
    def bytes_sent(self) -> int:
        return self._httpd.bytes_sent

    def reset_counters(self) -> None:
        with self._httpd._lock:
            self._httpd.requests = []
            self._httpd.bytes_sent = 0

    def add_page(self, path: str, body: bytes | str) -> None:
        self._httpd.pages[path] = body.encode() if isinstance(body, str) else body

    def start(self) -> "StaticServer":
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="static-server", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._httpd.serve_forever()

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> "StaticServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="Serve a directory (dist/ by default) on localhost.")
    ap.add_argument("directory", nargs="?", default=str(Path(__file__).resolve().parent.parent / "dist"))
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--prefix", default="/", help="URL sub-path to mount the directory at (default /)")
    ap.add_argument("--cors", action="store_true",
                    help="send Access-Control-Allow-Origin: * (and answer OPTIONS), so that a notebook or page "
                         "on another origin, e.g. Jupyter on another port, can fetch the engine's wheel")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not Path(args.directory, "index.html").is_file():
        print(f"{args.directory}/index.html not found: run `make dist` first", file=sys.stderr)
        return 1
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    try:
        server = StaticServer({prefix: args.directory}, host=args.bind, port=args.port, verbose=True,
                              cors=args.cors)
    except OSError as e:
        print(f"cannot listen on {args.bind}:{args.port}: {e} (try PORT=8080)", file=sys.stderr)
        return 1
    cors = ", to any origin (CORS)" if args.cors else ""
    print(f"Serving {args.directory} at {server.origin}{prefix}{cors}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
