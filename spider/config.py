"""The server's configuration, from environment variables (``SPIDER_…``) with command-line options on top.

Every app worker reads the same variables, so ``spider serve --workers N`` hands its options to its
workers through the environment, and a container or a process manager configures the app the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from platformdirs import user_data_dir
from pydantic import Field
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
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    workers: int = Field(default=1, ge=1, le=64, description="app processes sharing the port")
    log_level: Literal["debug", "info", "warning", "error", "critical"] = "warning"  # quiet on a desktop
    log_format: Literal["json", "text"] = "json"
    background: bool = Field(default=True, description="top up the winnable-deal pool")
    shutdown_seconds: float = Field(default=6.0, gt=0, le=60, description="in-flight requests' grace at a stop")
    player_expiry_days: float = Field(
        default=30.0, gt=0, le=36500, description="forget players with no game and no settings after this long"
    )
    # set by `spider serve --workers N` (without Redis) for its workers: where its job host listens
    jobs_address: str | None = Field(default=None, description="the job host's Unix socket")
    jobs_key: str | None = Field(default=None, description="the job host's key", repr=False)

    @property
    def database_or_default(self) -> str:
        return self.database or default_database()


def environment_of(settings: Settings) -> dict[str, str]:
    """The variables that give a worker process these settings."""
    return {
        f"{ENV_PREFIX}{name.upper()}": str(value) for name, value in settings.model_dump().items() if value is not None
    }
