"""The judge's store: one connection to SQLite or PostgreSQL, the schema's steps, the rows
games, players and turns are kept in, and copying a store to another database.

Floor 1 (docs/architecture.md, "The core's rooms"): it imports only the root's plain values.
"""
