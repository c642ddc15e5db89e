"""The online home of the games: ``ludo serve``. A thin FastAPI layer over the table service
(``ludotheque.table``), storage behind a repository (SQLAlchemy, migrated with Alembic), and the browser pages
served from the package (the shared page here, each game's view from its own package)."""
