"""The server's configuration, from environment variables (``SPIDER_…``) with command-line options on top.

Every app worker reads the same variables, so ``spider serve --workers N`` hands its options to its
workers through the environment, and a container or a process manager configures the app the same way."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from platformdirs import user_data_dir
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_PREFIX = "SPIDER_"


def default_database() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    return str(Path(user_data_dir("spider", appauthor=False)) / "spider.sqlite3")


class Settings(BaseSettings):
    """``SPIDER_DATABASE``, ``SPIDER_WORKERS``, … (case does not matter); unknown ``SPIDER_`` variables
    are ignored, a malformed value is refused with the variable's name."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", frozen=True, populate_by_name=True)

    database: str | None = Field(default=None, description="SQLite file or postgresql:// URL")
    redis_url: str | None = Field(default=None, description="redis:// URL of the solver job queue")
    redis_prefix: str = Field(default="spider", min_length=1, description="names the queues: sites may share a Redis")
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    workers: int = Field(default=1, ge=1, le=64, description="app processes sharing the port")
    log_level: Literal["debug", "info", "warning", "error", "critical"] = "warning"  # quiet on a desktop
    log_format: Literal["json", "text"] = "json"
    background: bool = Field(default=True, description="top up the winnable-deal pool")
    daily_ahead: bool = Field(default=True, description="with background: make the daily deals a day ahead")
    frontend: Literal["auto", "bundled", "development"] = Field(
        default="auto", description="the page's code: the built bundle when it matches the sources, or the modules"
    )
    shutdown_seconds: float = Field(default=6.0, gt=0, le=60, description="in-flight requests' grace at a stop")
    player_expiry_days: float = Field(
        default=30.0, gt=0, le=36500, description="forget players with no game and no settings after this long"
    )
    solve_workers: int | None = Field(
        default=None, ge=1, le=64, description="solver processes for players' solves (default: cores - 1, 1 to 4)"
    )
    # Fairness per client address (docs/HOSTING.md, "Abuse"); 0 switches a bound off.
    solves_per_client: int = Field(default=1, ge=0, description="solver jobs one address may have running or waiting")
    solves_per_minute: float = Field(default=6, ge=0, description="solves one address may start")
    deep_hints_per_minute: float = Field(default=30, ge=0, description="deeper hints one address may ask for")
    new_players_per_minute: float = Field(default=60, ge=0, description="new players one address may make")
    links_per_minute: float = Field(default=10, ge=0, description="transfer codes one address may try")
    winnable_deals_per_minute: float = Field(
        default=20, ge=0, description="winnable deals one address may take for its pages to keep"
    )
    invites_per_minute: float = Field(
        default=10, ge=0, description="club invites one address may try, make or replace, together"
    )
    daily_secret: str | None = Field(
        default=None, min_length=16, description="keys the daily shuffles (default: kept in the store)", repr=False
    )
    # uvicorn's variable, under its own name: the proxies whose X-Forwarded-For and X-Forwarded-Proto are
    # believed. None by default: a client that reaches the app directly must not name its own address.
    forwarded_allow_ips: str = Field(
        default="",
        validation_alias="FORWARDED_ALLOW_IPS",
        description="trusted proxies: addresses and networks, comma-separated, or * for any peer",
    )
    # set by `spider serve --workers N` (without Redis) for its workers: where its job host listens
    jobs_address: str | None = Field(default=None, description="the job host's Unix socket")
    jobs_key: str | None = Field(default=None, description="the job host's key", repr=False)

    @field_validator("forwarded_allow_ips")
    @classmethod
    def _addresses_or_networks(cls, value: str) -> str:
        """uvicorn would take a typo for a name that no peer ever has: refused here instead."""
        entries = [entry.strip() for entry in value.split(",") if entry.strip()]
        if entries == ["*"]:
            return "*"
        for entry in entries:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"{entry!r} is not an IP address or network (or * alone)") from None
        return ",".join(entries)

    @property
    def database_or_default(self) -> str:
        return self.database or default_database()


class SettingsError(ValueError):
    """A malformed variable or option, in one line that names it."""


def load_settings(options: Mapping[str, object], flags: Mapping[str, str] | None = None) -> Settings:
    """The environment's settings with the options given (not None) on top. ``flags``: an option's
    command-line name where it is not ``--{name}``."""
    try:
        return Settings(**{k: v for k, v in options.items() if v is not None})  # type: ignore[arg-type]
    except ValidationError as e:
        first = e.errors()[0]
        name = str(first["loc"][0]) if first["loc"] else "?"
        message = first["msg"].removeprefix("Value error, ")
        if name not in Settings.model_fields:  # a setting with a variable of its own name and no option
            raise SettingsError(f"bad setting {name}: {message}") from None
        flag = (flags or {}).get(name, f"--{name}")
        raise SettingsError(f"bad setting {name} ({ENV_PREFIX}{name.upper()} or {flag}): {message}") from None


def environment_of(settings: Settings) -> dict[str, str]:
    """The variables that give a worker process these settings."""
    return {_variable(name): str(value) for name, value in settings.model_dump().items() if value is not None}


def _variable(name: str) -> str:
    """The environment variable of setting ``name``: ``SPIDER_NAME``, or its own name if it has one."""
    alias = Settings.model_fields[name].validation_alias
    return alias if isinstance(alias, str) else f"{ENV_PREFIX}{name.upper()}"
