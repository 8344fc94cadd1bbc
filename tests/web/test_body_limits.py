"""The 64 KiB body limit holds by the bytes that arrive, however the body is framed: through raw
sockets to a real `spider serve`, a chunked body beside a Content-Length (refused outright: two
framings are a smuggling vector), a chunked body alone and a body over its declared length are each
refused in JSON, the server reads no more of them than the limit and its lingering allow, keeps
serving, and nothing is saved. And the app's own count, for a server that lets both headers through."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spider.web.app import create_app
from spider.web.http.limits import LINGER_BYTES, MAX_BODY
from tests.patience import GENEROUS
from tests.test_workers import Served, start, stop
from tests.web.loops import run_apart
from tests.web.test_proxy_nginx import ask

pytestmark = pytest.mark.process

SETTINGS = "/api/player/settings"
# A body a server that read it whole would take as valid JSON (whitespace after the object), so a
# 200 and a saved setting would show the limit skipped.
OPENING = b'{"sound": false}'
PIECE = 64 * 1024
ATTEMPTED = 64 * 1024 * 1024  # what the client tries to send: far past what the server may read


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("body")
    running = start(str(folder / "db.sqlite3"), folder / "server.log", workers=1)  # the app in this one process
    yield running
    stop(running)


@pytest.fixture
def player(served: Served) -> str:
    """A player's cookie, with the sound on."""
    made = ask(served.port, "PUT", SETTINGS, body=b'{"sound": true}')
    assert made.status == 200
    return made.headers["Set-Cookie"].split(";")[0]


def sound_of(served: Served, cookie: str) -> bool:
    answer = ask(served.port, "GET", "/api/player", [("Cookie", cookie)])
    assert answer.status == 200
    return bool(json.loads(answer.body)["settings"]["sound"])


def peak_memory(pid: int) -> int:
    """The process's peak resident memory, in bytes (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def send_body(port: int, head: bytes, pieces: Iterator[bytes]) -> tuple[int, bytes]:
    """The head, then the body's pieces until the server stops taking them; the bytes of the body
    the server took (into its socket, at least) and its answer."""
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=GENEROUS) as sock:
        sock.sendall(head)
        try:
            for piece in pieces:
                sock.sendall(piece)
                sent += len(piece)
        except OSError:  # the server closed the connection: the rest is never sent
            pass
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:  # after the answer: the server's close with our bytes unread
            pass
    return sent, answer


def chunked(total: int) -> Iterator[bytes]:
    """``OPENING`` and spaces, ``total`` bytes in 64 KiB chunks, then the last chunk."""
    yield b"%x\r\n%s\r\n" % (len(OPENING), OPENING)
    for _ in range(total // PIECE):
        yield b"%x\r\n" % PIECE + b" " * PIECE + b"\r\n"
    yield b"0\r\n\r\n"


def head(cookie: str, *framing: str) -> bytes:
    lines = [f"PUT {SETTINGS} HTTP/1.1", "Host: x", "Content-Type: application/json", f"Cookie: {cookie}", *framing]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def answer_of(raw: bytes) -> tuple[int, dict[str, str], dict[str, Any]]:
    """The first answer on the connection: status, headers (lower-case names), JSON body."""
    top, _, rest = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    body = rest[: int(headers["content-length"])]
    return int(lines[0].split(" ")[1]), headers, json.loads(body)


# Far short of ATTEMPTED the client's send fails: the server read the limit and at most LINGER_BYTES
# more; the rest of this is what the two sockets' buffers hold on loopback (a few MiB).
TAKEN_AT_MOST = MAX_BODY + LINGER_BYTES + 24 * 1024 * 1024


@pytest.mark.parametrize(
    "framing",
    [
        ("Transfer-Encoding: chunked", "Content-Length: 2"),
        ("Content-Length: 2", "Transfer-Encoding: chunked"),
    ],
    ids=["chunked, then a length", "a length, then chunked"],
)
def test_a_chunked_body_beside_a_content_length_is_refused_and_never_read_whole(
    served: Served, player: str, framing: tuple[str, str]
) -> None:
    before = peak_memory(served.process.pid)
    sent, raw = send_body(served.port, head(player, *framing), chunked(ATTEMPTED))
    status, headers, body = answer_of(raw)
    assert status == 400 and body["reason"] == "bad_request" and body["message"]
    assert headers["content-type"] == "application/json" and headers["connection"] == "close"
    assert sent < TAKEN_AT_MOST, sent
    assert peak_memory(served.process.pid) - before < TAKEN_AT_MOST // 2
    assert ask(served.port, "GET", "/api/health").status == 200
    assert sound_of(served, player) is True  # nothing saved


def test_a_small_chunked_body_beside_a_content_length_is_refused_too(served: Served, player: str) -> None:
    sent, raw = send_body(served.port, head(player, "Transfer-Encoding: chunked", "Content-Length: 16"), chunked(0))
    assert answer_of(raw)[0] == 400
    assert sound_of(served, player) is True


def test_a_chunked_body_alone_is_refused_and_read_no_further_than_the_limit(served: Served, player: str) -> None:
    sent, raw = send_body(served.port, head(player, "Transfer-Encoding: chunked"), chunked(ATTEMPTED))
    status, headers, body = answer_of(raw)
    # the app's 411 (no length), or the server's 413 when the bytes past the limit came in before the
    # app had looked at the head: either way JSON, and the body no further read
    assert (status, body["reason"]) in ((411, "bad_request"), (413, "too_large"))
    assert headers["content-type"] == "application/json" and body["message"]
    assert sent < TAKEN_AT_MOST, sent
    assert ask(served.port, "GET", "/api/health").status == 200
    assert sound_of(served, player) is True


def test_a_body_over_its_declared_limit_is_refused_and_read_no_further(served: Served, player: str) -> None:
    def spaces() -> Iterator[bytes]:
        yield OPENING
        for _ in range(ATTEMPTED // PIECE):
            yield b" " * PIECE

    sent, raw = send_body(served.port, head(player, f"Content-Length: {ATTEMPTED + len(OPENING)}"), spaces())
    status, _, body = answer_of(raw)
    assert status == 413 and body["reason"] == "too_large" and body["params"] == {"limit": MAX_BODY}
    assert sent < TAKEN_AT_MOST, sent  # once the answer is out, the rest is dropped, then the connection closed
    assert ask(served.port, "GET", "/api/health").status == 200
    assert sound_of(served, player) is True


def test_a_small_chunked_body_alone_gets_411_on_a_connection_that_goes_on(served: Served, player: str) -> None:
    """Under the limit, the body the app would not read is passed over, and the next request served."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=GENEROUS) as sock:
        small = b"".join(chunked(MAX_BODY // 2))
        sock.sendall(
            head(player, "Transfer-Encoding: chunked") + small + b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        raw = b""
        while b'{"ok":true}' not in raw:
            chunk = sock.recv(65536)
            assert chunk, raw
            raw += chunk
    assert answer_of(raw)[0] == 411


def test_the_app_counts_the_bytes_whatever_content_length_says(tmp_path: Path) -> None:
    """For a server that hands the app a chunked body beside ``Content-Length: 2`` (uvicorn's own h11
    protocol does): 413 once past the limit, and the app stops asking for more."""
    app = create_app(str(tmp_path / "db.sqlite3"), background=False)
    pulled, sent = 0, []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += PIECE
        return {"type": "http.request", "body": b" " * PIECE, "more_body": pulled < ATTEMPTED}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"content-type", b"application/json"), (b"content-length", b"2"), (b"transfer-encoding", b"chunked")]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "PUT",
        "scheme": "http",
        "path": SETTINGS,
        "raw_path": SETTINGS.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": headers,
        "client": ("127.0.0.1", 1234),
        "server": ("127.0.0.1", 80),
    }
    run_apart(app(scope, receive, send))
    start_message, body_message = sent[0], sent[-1]
    assert start_message["status"] == 413 and (b"connection", b"close") in start_message["headers"]
    assert json.loads(body_message["body"])["reason"] == "too_large"
    assert pulled <= MAX_BODY + PIECE  # it stopped reading just past the limit
