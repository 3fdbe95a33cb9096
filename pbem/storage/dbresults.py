"""How a statement's rows reach the judge: read by column name on both databases, read later
(after the pipeline they were sent in was answered), or read already."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any


class Later:
    """The rows of a statement sent in a pipeline, read once it has been answered."""

    def __init__(self, source: Any) -> None:
        self.source = source

    @property
    def ready(self) -> bool:
        """Whether the rows are here already (SQLite; PostgreSQL once answered)."""
        return isinstance(self.source, list)

    def rows(self) -> list[Any]:
        if not isinstance(self.source, list):
            self.source = self.source.fetchall()
        return self.source

    def one(self) -> Any:
        rows = self.rows()
        return rows[0] if rows else None


class Fetched:
    """A statement's rows read already, as a cursor gives them."""

    def __init__(self, rows: list[Any]) -> None:
        self.rows = rows

    def fetchone(self) -> Any:
        return self.rows.pop(0) if self.rows else None

    def fetchall(self) -> list[Any]:
        rows, self.rows = self.rows, []
        return rows

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


_ROW_CLASSES: dict[tuple[str, ...], type] = {}


def _row_class(names: tuple[str, ...]) -> type:
    """A tuple that is also read by column name, as sqlite3.Row is."""
    cls = _ROW_CLASSES.get(names)
    if cls is None:
        index = {name: i for i, name in enumerate(names)}

        class Row(tuple):  # type: ignore[type-arg]
            __slots__ = ()

            def __getitem__(self, key: Any) -> Any:
                if isinstance(key, str):
                    key = index[key]
                return tuple.__getitem__(self, key)

            def keys(self) -> list[str]:
                return list(names)

        cls = _ROW_CLASSES[names] = Row
    return cls


def pg_rows(cursor: Any) -> Callable[[Sequence[Any]], Any]:
    result = cursor.pgresult
    if result is None or not result.nfields:
        return tuple
    # The names straight from the result: `cursor.description` builds an object per column
    # per statement, a good part of the judge's own time on PostgreSQL.
    return _row_class(tuple(result.fname(i).decode() for i in range(result.nfields)))
