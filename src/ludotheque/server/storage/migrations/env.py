"""Alembic's environment: runs the migrations on the connection ``storage.migrate.upgrade`` hands over (or on
``sqlalchemy.url`` when Alembic's own command line is used)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from ludotheque.server.storage.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
