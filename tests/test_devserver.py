"""tools/devserver.py's ``--cors`` (issue 43, item 6): a notebook on another port can fetch the wheel.

The server is started on a loopback port chosen by the system, in this process
(``StaticServer(cors=True)``) and as ``make serve`` runs it (``tools/devserver.py --cors``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from devserver import StaticServer  # noqa: E402

NOTEBOOK = "http://127.0.0.1:8888"   # the origin a Jupyter on another port would send


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><title>lab</title>")
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "latest.json").write_text(json.dumps({"wheel": "phutball-0.1.0-py3-none-any.whl"}))
    (tmp_path / "wheels" / "phutball-0.1.0-py3-none-any.whl").write_bytes(b"PK\x05\x06" + bytes(18))
    return tmp_path


def ask(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> tuple[int, Message, bytes]:
    """The status, the headers (their names in any case) and the body of an answer."""
    request = urllib.request.Request(url, method=method, headers={"Origin": NOTEBOOK, **(headers or {})})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, answer.headers, answer.read()


def test_with_cors_every_answer_allows_any_origin_and_a_preflight_is_answered(site):
    with StaticServer({"/": site}, cors=True) as server:
        status, headers, body = ask(f"{server.origin}/wheels/latest.json")
        assert status == 200 and json.loads(body)["wheel"] == "phutball-0.1.0-py3-none-any.whl"
        assert headers["Access-Control-Allow-Origin"] == "*"
        status, headers, body = ask(f"{server.origin}/wheels/phutball-0.1.0-py3-none-any.whl")
        assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"
        assert headers["Content-Type"] == "application/zip" and body.startswith(b"PK")
        status, headers, body = ask(f"{server.origin}/wheels/latest.json", "OPTIONS",
                                    {"Access-Control-Request-Method": "GET",
                                     "Access-Control-Request-Headers": "range"})
        assert status == 204 and body == b""
        assert headers["Access-Control-Allow-Origin"] == "*"
        assert headers["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
        assert headers["Access-Control-Allow-Headers"] == "range"
        status, headers, _ = ask(f"{server.origin}/wheels/latest.json", "HEAD")
        assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"


def test_without_cors_no_origin_is_allowed(site):
    with StaticServer({"/": site}) as server:
        status, headers, _ = ask(f"{server.origin}/wheels/latest.json")
        assert status == 200 and "Access-Control-Allow-Origin" not in headers
        status, headers, _ = ask(f"{server.origin}/wheels/latest.json", "OPTIONS")
        assert status == 204 and "Access-Control-Allow-Origin" not in headers


def test_the_cors_flag_of_the_command(site):
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "devserver.py"), "--cors", "--port", "0",
                               "--bind", "127.0.0.1", str(site)], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()          # "Serving DIR at http://127.0.0.1:PORT/, to any origin (CORS) ..."
        assert "to any origin (CORS)" in line, line
        origin = line.split(" at ", 1)[1].split("/, ", 1)[0]
        assert origin.startswith("http://127.0.0.1:")
        status, headers, _ = ask(f"{origin}/wheels/latest.json")
        assert status == 200 and headers["Access-Control-Allow-Origin"] == "*"
    finally:
        server.terminate()
        server.wait(timeout=10)
        server.stdout.close()
