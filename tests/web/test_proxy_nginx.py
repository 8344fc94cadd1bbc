"""The shipped deploy/nginx.conf, run by Debian's nginx in front of a real `spider serve`: a client's
own X-Forwarded-For and X-Forwarded-Proto change nothing. Many new players, each from another forged
address, still meet the one address's limit (the app counts them all as 127.0.0.1, nginx's peer),
and a forged https brings no HSTS. Without a proxy, `spider serve` trusts no one's headers by
default, and compose.yaml names the proxy's network only. The config is the shipped file with only
its upstream and listen address replaced."""

from __future__ import annotations

import http.client
import ipaddress
import json
import os
import random
import shutil
import socket
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from spider.config import Settings
from tests.patience import GENEROUS
from tests.test_workers import Served, start, stop
from tests.web.procwatch import wait_for

pytestmark = pytest.mark.process

ROOT = Path(__file__).resolve().parent.parent.parent
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
needs_nginx = pytest.mark.skipif(
    NGINX is None, reason="nginx not found (scripts/test installs Debian's): deploy/nginx.conf was not run"
)
# One new player a minute per address: a bucket of one, refilled after 60 s, so a second new player
# from the same address within the test is refused however slow the machine is.
ONE_A_MINUTE = {"SPIDER_NEW_PLAYERS_PER_MINUTE": "1"}
SETTINGS = "/api/player/settings"


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def reason(self) -> str:
        return str(json.loads(self.body)["reason"])


def ask(
    port: int, method: str, path: str, headers: list[tuple[str, str]] = (), body: bytes = b"", source: str = ""
) -> Answer:
    """One request, headers in order (a name may repeat), from ``source`` (a loopback address)."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=GENEROUS, source_address=(source, 0) if source else None
    )
    try:
        conn.putrequest(method, path)
        for name, value in headers:
            conn.putheader(name, value)
        if body:
            conn.putheader("Content-Type", "application/json")
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body or None)
        response = conn.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        conn.close()


def new_player(port: int, path: str = SETTINGS, headers: list[tuple[str, str]] = (), source: str = "") -> Answer:
    """A write without a cookie: a new player, counted against the client's address."""
    return ask(port, "PUT", path, headers, b'{"sound": false}', source)


def forged(rng: random.Random) -> list[tuple[str, str]]:
    """X-Forwarded-For as a client may write it: one address, a list, the header twice, IPv6."""
    a, b = (f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}" for _ in range(2))
    return rng.choice(
        [
            [("X-Forwarded-For", a)],
            [("X-Forwarded-For", f"{a}, {b}")],
            [("X-Forwarded-For", a), ("X-Forwarded-For", b)],
            [("X-Forwarded-For", f"2001:db8:{rng.randrange(65536):x}::1")],
        ]
    )


class Nginx:
    """Debian's nginx on a free loopback port, with deploy/nginx.conf proxying to ``app_port``; all
    its files in ``folder``, one process (no master, no user switch), stopped at exit."""

    def __init__(self, folder: Path, app_port: int) -> None:
        assert NGINX is not None
        self.folder = folder
        shipped = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
        self.port = _free_port()
        site = _replace_once(shipped, "server app:8000;", f"server 127.0.0.1:{app_port};")
        site = _replace_once(site, "listen 80;", f"listen 127.0.0.1:{self.port};")
        (folder / "site.conf").write_text(site, encoding="utf-8")
        temp = " ".join(
            f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (folder / "nginx.conf").write_text(
            f"events {{}}\nhttp {{\n    access_log off;\n    {temp}\n    include {folder / 'site.conf'};\n}}\n",
            encoding="utf-8",
        )
        self.log = folder / "error.log"
        self.process = subprocess.Popen(
            [
                NGINX,
                *("-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(self.log)),
                *("-g", f"daemon off; master_process off; pid {folder / 'nginx.pid'}; error_log {self.log};"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_for(self._answers)
        except BaseException:
            self.stop()
            raise

    def _answers(self) -> bool:
        assert self.process.poll() is None, self.log.read_text(errors="replace")
        try:
            return ask(self.port, "GET", "/spider/api/health").status == 200
        except OSError:
            return False

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)


def _replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"deploy/nginx.conf no longer has {old!r} once"
    return text.replace(old, new)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def fresh_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's environment without a FORWARDED_ALLOW_IPS of the test run's own."""
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)


@pytest.fixture(params=["127.0.0.1", "*"], ids=["trusts the proxy", "trusts any peer"])
def behind_nginx(request: pytest.FixtureRequest, tmp_path: Path, fresh_env: None) -> Iterator[tuple[Served, Nginx]]:
    served = start(
        str(tmp_path / "db.sqlite3"),
        tmp_path / "server.log",
        workers=1,
        env=ONE_A_MINUTE | {"FORWARDED_ALLOW_IPS": request.param},
    )
    (tmp_path / "nginx").mkdir()
    try:
        proxy = Nginx(tmp_path / "nginx", served.port)
        try:
            yield served, proxy
        finally:
            proxy.stop()
    finally:
        stop(served)


@needs_nginx
def test_a_forged_x_forwarded_for_through_nginx_changes_nothing(behind_nginx: tuple[Served, Nginx]) -> None:
    served, proxy = behind_nginx
    rng = random.Random(7)
    answers = [new_player(proxy.port, "/spider" + SETTINGS, forged(rng)) for _ in range(30)]
    # one address's one new player a minute, however many addresses the client named
    assert [a.status for a in answers] == [200] + [429] * 29
    assert {a.reason() for a in answers[1:]} == {"rate_limited"}
    assert all(a.headers["Retry-After"] for a in answers[1:])
    # the bucket they emptied is 127.0.0.1's, nginx's peer: the same address asking directly is refused too
    assert new_player(served.port).status == 429
    # while another address still makes its player
    assert new_player(served.port, source="127.0.0.2").status == 200
    # the app does believe its proxy (127.0.0.1 is trusted): a header sent to it directly names the
    # client, so it is nginx's overwriting that keeps the client's own header out
    assert new_player(served.port, headers=[("X-Forwarded-For", "10.9.8.7")]).status == 200


@needs_nginx
def test_a_forged_x_forwarded_proto_through_nginx_brings_no_hsts(behind_nginx: tuple[Served, Nginx]) -> None:
    served, proxy = behind_nginx
    https = [("X-Forwarded-Proto", "https")]
    through = ask(proxy.port, "GET", "/spider/api/health", https)
    assert through.status == 200 and through.headers["Strict-Transport-Security"] is None
    made = new_player(proxy.port, "/spider" + SETTINGS, https)
    assert made.status == 200 and "secure" not in made.headers["Set-Cookie"].lower()
    # from the trusted proxy itself, the header is believed
    direct = ask(served.port, "GET", "/api/health", https)
    assert direct.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_spider_serve_trusts_no_proxy_by_default(tmp_path: Path, fresh_env: None) -> None:
    served = start(str(tmp_path / "db.sqlite3"), tmp_path / "server.log", workers=1, env=ONE_A_MINUTE)
    try:
        first = new_player(served.port, headers=[("X-Forwarded-For", "10.0.0.1")])
        second = new_player(served.port, headers=[("X-Forwarded-For", "10.0.0.2")])
        assert (first.status, second.status) == (200, 429)  # both 127.0.0.1's, whatever the header said
        https = ask(served.port, "GET", "/api/health", [("X-Forwarded-Proto", "https")])
        assert https.status == 200 and https.headers["Strict-Transport-Security"] is None
    finally:
        stop(served)


def test_compose_believes_its_proxy_from_its_network_only_and_nginx_overwrites() -> None:
    app = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))["services"]["app"]
    trusted = Settings(FORWARDED_ALLOW_IPS=app["environment"]["FORWARDED_ALLOW_IPS"]).forwarded_allow_ips
    networks = [ipaddress.ip_network(entry) for entry in trusted.split(",")]  # not "*": each one a network
    assert networks and all(network.is_private and not network.is_loopback for network in networks)
    assert "ports" not in app  # only containers of the compose network reach the app
    nginx = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx
    assert "$proxy_add_x_forwarded_for" not in nginx and "$http_x_forwarded" not in nginx
