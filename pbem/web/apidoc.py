"""The API's OpenAPI 3.1 document (issue 46), served at `/api/openapi.json`: every route, its
parameters and the shapes of its answers, as docs/api.md describes them in prose."""

from __future__ import annotations

from typing import Any

from pbem.product import TAG

_ERROR = {
    "type": "object",
    "properties": {"error": {"type": "string"}, "hint": {"type": "string"}},
    "required": ["error"],
}
_PLACE = {
    "type": "object",
    "description": "one error of a refusal: where in the text sent, what, the rules, a hint",
    "properties": {
        "line": {"type": ["integer", "null"]},
        "column": {"type": ["integer", "null"]},
        "message": {"type": "string"},
        "rules": {"type": "array", "items": {"type": "string"}},
        "hint": {"type": "string"},
    },
}
_SENT = {
    "type": "object",
    "properties": {
        "accepted": {"type": "boolean"},
        "answer": {"type": "string", "description": "the judge's answer, as mail gives it"},
        "errors": {"type": "array", "items": _PLACE},
    },
    "required": ["accepted", "answer"],
}
_EVENT = {
    "type": "object",
    "description": "a message the judge sent this seat; `closed` ends a stream",
    "properties": {
        "id": {"type": "integer"},
        "type": {
            "type": "string",
            "description": "begin, turn, over, reminder, late, notice, settings, next; closed",
        },
        "turn": {"type": ["integer", "null"]},
        "text": {"type": "string"},
        "at": {"type": "string"},
    },
}
_VIEW = {
    "type": "object",
    "description": "the seat's view: never more than the seat's own page shows",
    "properties": {
        "game": {"type": "string"},
        "kind": {"type": "string"},
        "seat": {"type": "string"},
        "phase": {"type": "string", "enum": ["joining", "setup", "playing", "over"]},
        "turn": {"type": "integer"},
        "open_turn": {"type": ["integer", "null"]},
        "to_act": {"type": "array", "items": {"type": "string"}},
        "your_move": {"type": "boolean"},
        "status": {"type": "string"},
        "history": {"type": "string", "description": "the game so far, in notation"},
        "may_send": {"type": "array", "items": {"type": "object"}},
        "choices": {"type": "object", "description": "what the seat may do now (the board's)"},
        "last_event": {"type": "integer"},
        "over": {"type": "boolean"},
    },
}
_MADE = {
    "type": "object",
    "properties": {
        "accepted": {"type": "boolean"},
        "answer": {"type": "string"},
        "game": {"type": "string"},
        "tokens": {"type": "object", "additionalProperties": {"type": "string"}},
    },
}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _answers(ok: int, schema: dict[str, Any], what: str, *refusals: int) -> dict[str, Any]:
    said = {str(ok): {"description": what, **_json(schema)}}
    words = {
        400: "unreadable request",
        401: "no such token",
        403: "not this token's",
        422: "refused",
        429: "too many",
    }
    for status in (401, 429, *refusals):
        refusal = _SENT if status == 422 and schema is _SENT else _ERROR
        said[str(status)] = {"description": words[status], **_json(refusal)}
    return said


_NAME = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
_SINCE = {
    "name": "since",
    "in": "query",
    "schema": {"type": "integer", "minimum": 0},
    "description": "the last event id you have (0: all); the header Last-Event-ID works too",
}
_TEXT = {
    "content": {
        "text/plain": {"schema": {"type": "string"}},
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {
                    "text": {"type": "string"},
                    "turn": {"type": "integer"},
                    "nonce": {"type": "string", "description": "the same nonce acts once"},
                },
            }
        },
    }
}
_NEW = {
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "settings": {"type": "string"}},
                "required": ["name"],
            }
        }
    }
}


def openapi() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": f"{TAG} judge API",
            "version": "1",
            "description": "Programs play a seat of a game: docs/api.md.",
        },
        "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
        "security": [{"token": []}],
        "paths": {
            "/api/me": {
                "get": {
                    "summary": "whom the token acts for",
                    "responses": _answers(200, {"type": "object"}, "game, seat"),
                }
            },
            "/api/games/{name}": {
                "get": {
                    "summary": "the seat's view",
                    "parameters": [_NAME],
                    "responses": _answers(200, _VIEW, "the view", 403),
                }
            },
            "/api/games/{name}/events": {
                "get": {
                    "summary": "the seat's events after `since`, at once",
                    "parameters": [_NAME, _SINCE],
                    "responses": _answers(200, {"type": "object"}, "over, events", 403),
                }
            },
            "/api/games/{name}/stream": {
                "get": {
                    "summary": "the seat's events as newline-delimited JSON, kept open; an "
                    "empty line is a keep-alive",
                    "parameters": [_NAME, _SINCE],
                    "responses": {
                        "200": {
                            "description": "one event a line",
                            "content": {"application/x-ndjson": {"schema": _EVENT}},
                        },
                        **{k: v for k, v in _answers(200, _ERROR, "", 403).items() if k != "200"},
                    },
                }
            },
            "/api/games/{name}/{command}": {
                "post": {
                    "summary": "a turn, a set-up, a draw or a resignation, as notation",
                    "parameters": [
                        _NAME,
                        {
                            "name": "command",
                            "in": "path",
                            "required": True,
                            "schema": {
                                "type": "string",
                                "enum": ["orders", "fleet", "design", "draw", "resign"],
                            },
                        },
                    ],
                    "requestBody": _TEXT,
                    "responses": _answers(200, _SENT, "accepted", 400, 403, 422),
                }
            },
            "/api/games": {
                "post": {
                    "summary": "a new game (a game master's token): `create NAME SETTINGS`",
                    "requestBody": _NEW,
                    "responses": _answers(201, _MADE, "created, with tokens", 403, 422),
                }
            },
            "/api/challenges": {
                "post": {
                    "summary": "a challenge: a new game with you seated, open to accept",
                    "requestBody": _NEW,
                    "responses": _answers(201, _MADE, "created, with tokens", 403, 422),
                }
            },
            "/api/challenges/{name}/accept": {
                "post": {
                    "summary": "accept a challenge: take its open seat",
                    "parameters": [_NAME],
                    "responses": _answers(200, _MADE, "seated, with a token", 403, 422),
                }
            },
            "/api/openapi.json": {
                "get": {
                    "summary": "this document",
                    "security": [],
                    "responses": {"200": {"description": "OpenAPI 3.1"}},
                }
            },
        },
    }
