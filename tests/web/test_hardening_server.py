"""Hardening on a real uvicorn server (in a thread, configured as ``spider serve`` configures it),
through raw sockets: oversized and stalled requests, and a database locked by another connection."""

from __future__ import annotations

import http.client
import json
import re
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from spider.store import sqlite as sqlite_store
from spider.web.app import create_app
from spider.web.http import limits, middleware
from spider.web.http.limits import hardened_config
from spider.web.http.security import CONTENT_SECURITY_POLICY
from tests.patience import GENEROUS

pytestmark = pytest.mark.process


class Server:
    def __init__(self, database: str) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        app = create_app(database, background=False)
        self.server = uvicorn.Server(hardened_config(app, log_level="critical", access_log=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        while not self.server.started:
            self.thread.join(0.01)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=GENEROUS)

    def request(self, method: str, path: str, body: dict | None = None, cookie: str = "") -> Answer:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=GENEROUS)
        headers = {"Cookie": f"spider_player={cookie}"} if cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = conn.getresponse()
        return Answer(response.status, response.headers, response.read())


@dataclass
class Answer:
    status: int
    headers: Message
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def read_answer(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(str(tmp_path / "db.sqlite3")) as running:
        yield running


def test_a_request_head_over_the_limit_gets_431_and_the_server_goes_on(server: Server) -> None:
    with server.connect() as sock:
        # just over the limit, in one loopback segment: bytes still arriving after the server's answer would
        # make its close a reset that can discard the answer (bench/hardening.py sends 200 MiB)
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (limits.MAX_HEAD + 1024))
        answer = read_answer(sock)  # the server closes the connection after its answer
    assert answer.startswith(b"HTTP/1.1 431 ")
    assert server.request("GET", "/api/health").status == 200


def send_in_pieces(sock: socket.socket, data: bytes, size: int) -> None:
    """``data`` in writes of ``size`` bytes, each its own segment; the server may answer (and stop
    reading) before the last."""
    try:
        for start in range(0, len(data), size):
            sock.sendall(data[start : start + size])
            time.sleep(0.001)
    except OSError:
        pass


def refusal(answer: bytes) -> tuple[int, dict[str, str], dict[str, Any]]:
    """A refusal the server wrote itself: its status, headers (lower-case names) and JSON body."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split(" ")[1]), headers, json.loads(body)


def assert_like_the_apps_answers(headers: dict[str, str], body: dict[str, Any], reason: str) -> None:
    assert headers["content-type"] == "application/json" and body["reason"] == reason and body["message"]
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert headers["x-content-type-options"] == "nosniff" and re.fullmatch(r"[0-9a-f]{32}", headers["x-request-id"])
    assert "server" not in headers


BIG_HEAD = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"


@pytest.mark.parametrize("piece", [None, 4096, 100], ids=["one write", "4 KB writes", "100-byte writes"])
def test_a_whole_request_head_over_the_limit_gets_431_however_it_is_cut(server: Server, piece: int | None) -> None:
    with server.connect() as sock:
        send_in_pieces(sock, BIG_HEAD, piece or len(BIG_HEAD))
        status, headers, body = refusal(read_answer(sock))
    assert status == 431
    assert_like_the_apps_answers(headers, body, "too_large")
    assert server.request("GET", "/api/health").status == 200


def test_a_head_over_the_limit_behind_another_request_gets_431(server: Server) -> None:
    """Both requests in one write: the second head sits whole in h11's buffer until the first is answered."""
    with server.connect() as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n" + BIG_HEAD)
        first, _, second = read_answer(sock).partition(b'{"ok":true}')
    assert first.startswith(b"HTTP/1.1 200 ")
    assert refusal(second)[0] == 431


def test_a_head_just_under_the_limit_is_served(server: Server) -> None:
    start = b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Fill: "
    head = start + b"a" * (limits.MAX_HEAD - len(start) - 4) + b"\r\n\r\n"
    assert len(head) == limits.MAX_HEAD
    with server.connect() as sock:
        send_in_pieces(sock, head, 1000)
        assert read_answer(sock).startswith(b"HTTP/1.1 200 ")


def test_a_request_h11_cannot_read_gets_400_in_json(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        status, headers, body = refusal(read_answer(sock))
    assert status == 400
    assert_like_the_apps_answers(headers, body, "bad_request")


def test_a_request_head_never_finished_gets_408(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "HEAD_TIMEOUT", 0.5)
    with server.connect() as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Half: ")
        status, headers, body = refusal(read_answer(sock))
    assert status == 408
    assert_like_the_apps_answers(headers, body, "timeout")


def test_no_server_header_and_hsts_only_through_a_proxy_that_says_https(server: Server) -> None:
    for proto, hsts in (("http", None), ("https", "max-age=31536000")):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=GENEROUS)
        conn.request("GET", "/api/health", headers={"X-Forwarded-Proto": proto})  # 127.0.0.1: a trusted proxy
        response = conn.getresponse()
        assert response.status == 200 and response.getheader("server") is None
        assert response.getheader("strict-transport-security") == hsts


def test_a_body_never_finished_gets_408_in_json(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(middleware, "BODY_TIMEOUT", 0.5)
    with server.connect() as sock:
        sock.sendall(
            b'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"co'
        )
        head, _, body = read_answer(sock).partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ") and b"connection: close" in head.lower()
    assert json.loads(body)["reason"] == "timeout"


def test_the_secure_flag_follows_the_proxys_https_header(server: Server) -> None:
    for proto, secure in (("http", False), ("https", True)):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=GENEROUS)
        headers = {"X-Forwarded-Proto": proto, "Content-Type": "application/json"}
        conn.request("PUT", "/api/player/settings", body=b'{"sound": false}', headers=headers)
        cookie = conn.getresponse().getheader("set-cookie") or ""
        assert "spider_player=" in cookie and ("; secure" in cookie.lower()) is secure


@pytest.mark.sqlite_only  # locks the file; PostgreSQL's row lock: tests/store
def test_a_locked_database_answers_503_and_never_stalls_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT", 3.0)
    database = str(tmp_path / "db.sqlite3")
    with Server(database) as server:
        started = server.request("POST", "/api/games", {"code": "SD1-S4-AAAAABD"})
        player = started.headers["set-cookie"].split(";")[0].split("=")[1]
        actions = f"/api/games/{started.json()['id']}/actions"
        holder = sqlite3.connect(database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another connection holds the write lock
        answers: list[Answer] = []
        acting = threading.Thread(
            target=lambda: answers.append(server.request("POST", actions, {"action": "deal", "version": 0}, player))
        )
        acting.start()
        acting.join(0.5)
        health = server.request("GET", "/api/health")
        action_was_pending = acting.is_alive()
        cookieless = server.request("PUT", "/api/player/settings", {"sound": False})  # a new player: a write
        acting.join(30)
        holder.execute("ROLLBACK")
        holder.close()
        # the health check answered while the action still waited for the lock
        assert health.status == 200 and action_was_pending
        for busy in (answers[0], cookieless):
            assert busy.status == 503 and busy.headers["retry-after"] == "2"
            assert busy.json()["reason"] == "busy" and busy.json()["message"]
        # nothing was written; once the lock is gone the same action is accepted
        assert server.request("GET", f"/api/games/{started.json()['id']}", cookie=player).json()["version"] == 0
        assert server.request("POST", actions, {"action": "deal", "version": 0}, player).status == 200


def test_concurrent_actions_on_one_game_from_the_thread_pool_keep_one_story(server: Server) -> None:
    """Routes run in threads now: the same action sent at once from many tabs is taken once, and
    every answer, refusal or not, shows the game as it was written."""
    started = server.request("POST", "/api/games", {"code": "SD1-S1-AAAAABD"})
    player = started.headers["set-cookie"].split(";")[0].split("=")[1]
    game, deals = started.json()["id"], started.json()["deals_left"]

    def deal(version: int) -> Answer:
        return server.request("POST", f"/api/games/{game}/actions", {"action": "deal", "version": version}, player)

    for version in range(deals):
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(deal, [version] * 8))
        assert sorted(a.status for a in answers) == [200] + [409] * 7
        for answer in answers:
            view = answer.json() if answer.status == 200 else answer.json()["view"]
            assert (view["version"], view["deals_left"]) == (version + 1, deals - version - 1)
    final = server.request("GET", f"/api/games/{game}", cookie=player).json()
    assert (final["version"], final["deals_left"]) == (deals, 0)
