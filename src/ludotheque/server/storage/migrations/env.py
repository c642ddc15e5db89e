"""Alembic's environment: runs the migrations on the connection ``storage.migrate.upgrade`` hands over (or on
``sqlalchemy.url`` when Alembic's own command line is used)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from ludotheque.server.storage.models import Base
from ludotheque.server.storage.store import database_url

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("alembic: no sqlalchemy.url: give the database to migrate in alembic.ini "
                         "(sqlalchemy.url = postgresql://…), or let ludo serve migrate it on start")
    engine = create_engine(database_url(url))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
