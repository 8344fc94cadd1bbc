"""The server's configuration, from environment variables (``SPIDER_…``) with command-line options on top.

Every app worker reads the same variables, so ``spider serve --workers N`` hands its options to its
workers through the environment, and a container or a process manager configures the app the same way."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from platformdirs import user_data_dir
from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_PREFIX = "SPIDER_"


def default_database() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    return str(Path(user_data_dir("spider", appauthor=False)) / "spider.sqlite3")


class Settings(BaseSettings):
    """``SPIDER_DATABASE``, ``SPIDER_WORKERS``, … (case does not matter); unknown ``SPIDER_`` variables
    are ignored, a malformed value is refused with the variable's name."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", frozen=True)

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
    daily_secret: str | None = Field(
        default=None, min_length=16, description="keys the daily shuffles (default: kept in the store)", repr=False
    )
    # set by `spider serve --workers N` (without Redis) for its workers: where its job host listens
    jobs_address: str | None = Field(default=None, description="the job host's Unix socket")
    jobs_key: str | None = Field(default=None, description="the job host's key", repr=False)

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
        flag = (flags or {}).get(name, f"--{name}")
        raise SettingsError(f"bad setting {name} ({ENV_PREFIX}{name.upper()} or {flag}): {first['msg']}") from None


def environment_of(settings: Settings) -> dict[str, str]:
    """The variables that give a worker process these settings."""
    return {
        f"{ENV_PREFIX}{name.upper()}": str(value) for name, value in settings.model_dump().items() if value is not None
    }
