"""Tables, seats, append-only actions and chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("bot_delay_ms", sa.Integer(), nullable=False),
        sa.Column("move_seconds", sa.Float(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("finished", sa.Float(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("reserved", sa.Boolean(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("text", sa.String(256), nullable=False),
        sa.Column("played", sa.Float(), nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("said", sa.Float(), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")
