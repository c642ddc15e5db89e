"""Bring a database to the newest schema with Alembic (``ludo serve`` does it on start)."""

from __future__ import annotations

from importlib.resources import files

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine


def alembic_config() -> Config:
    """Alembic's configuration for the migrations shipped in this package."""
    config = Config()
    config.set_main_option("script_location", str(files("ludotheque.server.storage").joinpath("migrations")))
    return config


def upgrade(engine: Engine) -> None:
    """Apply every migration the database has not had yet (a new file gets them all)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
