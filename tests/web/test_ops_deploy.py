"""The hosting files (docker cannot run here): the compose file parses and names what it needs, its
settings are ones the app reads, the proxy forwards the sub-path to the app, the image runs the app."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from spider.cli import build_parser
from spider.config import ENV_PREFIX, Settings

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def _expand(value: str) -> str:
    """A compose ``${NAME:-default}`` as the default it falls back to."""
    return re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", str(value))


def test_compose_runs_app_workers_solver_workers_postgres_redis_and_a_proxy(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"app", "worker", "postgres", "redis", "proxy"}
    assert services["app"]["command"][:2] == ["spider", "serve"]
    assert services["worker"]["command"] == ["spider", "worker"]
    assert int(_expand(services["app"]["environment"]["SPIDER_WORKERS"])) > 1
    assert int(_expand(services["worker"]["deploy"]["replicas"])) > 1
    assert services["app"]["build"] == services["worker"]["build"] == "."
    for name in ("app", "worker"):
        assert set(services[name]["depends_on"]) == {"postgres", "redis"}
    assert services["proxy"]["depends_on"] == {"app": {"condition": "service_healthy"}}
    assert all(services[s]["healthcheck"]["test"] for s in ("app", "postgres", "redis"))
    # docker stop waits longer than the app's own grace for in-flight requests
    app_env = services["app"]["environment"]
    assert float(app_env["SPIDER_SHUTDOWN_SECONDS"]) < int(services["app"]["stop_grace_period"].rstrip("s")) <= 10


def test_every_spider_variable_in_compose_is_a_setting_the_app_reads(compose: dict[str, Any]) -> None:
    for name in ("app", "worker"):
        env = {k: _expand(v) for k, v in compose["services"][name]["environment"].items()}
        ours = {k.removeprefix(ENV_PREFIX).lower(): v for k, v in env.items() if k.startswith(ENV_PREFIX)}
        assert set(ours) <= set(Settings.model_fields), set(ours) - set(Settings.model_fields)
        settings = Settings(**ours)  # every value parses
        assert settings.database and settings.database.startswith("postgresql://")
        assert settings.redis_url and settings.redis_url.startswith("redis://")
        # the URLs name services of the compose file
        services = compose["services"]
        assert re.search(r"@([a-z]+):", settings.database).group(1) in services  # type: ignore[union-attr]
        assert re.search(r"//([a-z]+):", settings.redis_url).group(1) in services  # type: ignore[union-attr]


def test_the_proxy_serves_the_app_under_a_sub_path(compose: dict[str, Any]) -> None:
    proxy = compose["services"]["proxy"]
    config_file = proxy["volumes"][0].split(":")[0]
    nginx = (ROOT / config_file).read_text(encoding="utf-8")
    app_port = compose["services"]["app"]["environment"]["SPIDER_PORT"]
    assert f"server app:{app_port};" in nginx
    assert re.search(r"location /spider/ \{\s*proxy_pass http://spider_app/;", nginx)  # strips /spider
    assert "proxy_set_header X-Request-ID $request_id;" in nginx
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in nginx
    assert proxy["ports"] and proxy["image"].startswith("nginx")


def test_the_image_installs_and_runs_the_app(compose: dict[str, Any]) -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    for source in re.findall(r"^COPY (?!--from=)(.+) \S+$", dockerfile, flags=re.M):  # not a stage's files
        for path in source.split():
            assert (ROOT / path).exists(), path
    # the front end's bundle, made in a Node stage and carried by the image (not Node itself)
    assert re.search(r"^RUN node frontend/build\.mjs$", dockerfile, flags=re.M)
    assert re.search(r"^COPY --from=frontend \S+/spider/web/static/dist ", dockerfile, flags=re.M)
    assert re.search(r'^CMD \["spider", "serve"\]$', dockerfile, flags=re.M)
    assert re.search(r"^USER (?!root)\w+", dockerfile, flags=re.M)
    port = compose["services"]["app"]["environment"]["SPIDER_PORT"]
    assert f"EXPOSE {port}" in dockerfile and f"SPIDER_PORT={port}" in dockerfile
    assert "/api/health" in dockerfile and "/api/ready" in str(compose["services"]["app"]["healthcheck"])
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert "serve" in commands
