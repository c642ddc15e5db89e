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


MIGRATION_LOCK = 0x6C75646F
"""The PostgreSQL advisory lock taken while migrating, so that instances started together migrate one at a time."""


def upgrade(engine: Engine) -> None:
    """Apply every migration the database has not had yet (a new file gets them all). On PostgreSQL, several
    instances starting at once take turns: the first migrates, the others then find nothing to do."""
    config = alembic_config()
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
