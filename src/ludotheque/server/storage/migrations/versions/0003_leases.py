"""Leases: which server instance drives a table's bots and clock, until when.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_leases_expires", "leases", ["expires"])
    op.create_index("ix_leases_holder", "leases", ["holder"])
    # every table still in play gets a lease nobody holds: the first instance to look takes it
    op.execute("INSERT INTO leases (table_id, holder, expires) SELECT id, '', 0 FROM tables WHERE status != 'over'")


def downgrade() -> None:
    op.drop_index("ix_leases_holder", "leases")
    op.drop_index("ix_leases_expires", "leases")
    op.drop_table("leases")
