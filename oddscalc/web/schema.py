"""The JSON API's documentation, served at ``GET /api/schema`` as an OpenAPI 3.1 document: every
route, every request field with its meaning, every answer.  Exact numbers travel as text
(``"-142031221/2718662100"``), as ``--format json`` writes them.  (A test checks that each
request's documented fields are the fields :mod:`oddscalc.web.requests` takes.)"""
from __future__ import annotations

from typing import Any

from oddscalc.core.version import __version__

TEXT = {"type": "string"}
EXACT = {"type": "string", "description": "an exact rational, 'p/q' or an integer, as --format json writes it"}
OVERLAY = {"type": "object", "additionalProperties": {"type": ["string", "integer", "boolean", "null"]}}

# the fields of every request that names a game (requests.GAME_FIELDS)
GAME: dict[str, Any] = {
    "game": {**TEXT, "description": "a built-in game (GET /api/games) or a game file of the workbench folder "
                                    "(my-game.toml)"},
    "pays": {**OVERLAY, "description": "[PAYTABLE.]CATEGORY -> pay as --pay takes it: '6', '3/2', '1.5', 'none' "
                                       "(null: none), or a whole number"},
    "rules": {**OVERLAY, "description": "rule -> value as --rule takes it (text, a whole number, true/false)"},
    "strategy": {**TEXT, "description": "optimal (default), a strategy's name, rules such as 'A-K-J-8-3+', or a "
                                        "strategy file of the folder"},
    "inputs": {"type": "object", "description": "what the game's family asks beyond the table (seats, ...)"},
}
EXTRA: dict[str, dict[str, Any]] = {
    "design": {"vary": {**TEXT, "description": "the pay solved for, [PAYTABLE.]CATEGORY"},
               "target": {**TEXT, "description": "the return to reach: 0.975, 97.5% or 39/40"},
               "per": {"enum": ["ante", "total"], "description": "per unit (default) or per total wagered"}},
    "sweep": {"vary": {**TEXT, "description": "the pay varied"},
              "values": {"type": "array", "items": {"type": ["string", "integer"]}, "maxItems": 101},
              "from": TEXT, "to": TEXT, "step": {**TEXT, "description": "default 1; from..to at most 101 payouts"}},
    "compare": {"variants": {"type": "array", "items": TEXT, "maxItems": 12,
                             "description": "as compare --variant takes them: flush=6,straight=3, strategy=NAME, or "
                                            "a table file of the folder"}},
    "parsheet": {"format": {"enum": ["html", "pdf"]}, "sweep_points": {"type": "integer", "minimum": 0, "maximum": 101},
                 "rounds": {"type": "integer", "minimum": 1}, "variants": {"type": "array", "items": TEXT}},
}
BODIES = {kind: {**GAME, **EXTRA.get(kind, {})} for kind in
          ("analyze", "overlay", "strategy", "design", "sweep", "compare", "parsheet")}
BODIES["upload"] = {"name": {**TEXT, "description": "a file name ending in .toml (no folder)"},
                    "text": {**TEXT, "description": "the game file, at most 256 KB"}}

JOB = {"type": "object", "properties": {
    "id": TEXT, "kind": TEXT, "state": {"enum": ["queued", "running", "done", "failed", "cancelled"]},
    "progress": {"type": ["number", "null"], "description": "fraction done; null while unknown"},
    "label": TEXT, "elapsed": {"type": "number"}, "result": {"type": ["object", "null"]},
    "error": {"type": ["string", "null"], "description": "the API's one-line message"}}}
ERROR = {"type": "object", "properties": {
    "error": {**TEXT, "description": "the one-line message the API raises (oddscalc.InputError)"},
    "errors": {"type": "array", "description": "each refused field of the form", "items": {
        "type": "object", "properties": {"field": {"type": ["string", "null"],
                                                   "description": "pays.TABLE.CATEGORY or rules.KEY"},
                                         "message": TEXT}}}}}


def _answer(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema or {"type": "object"}}}}


REFUSED = {"400": _answer("refused: bad input", ERROR), "413": _answer("the body is over the limit", ERROR),
           "415": _answer("the body is not JSON", ERROR)}
QUEUED = {"200": _answer("the task finished within ?wait", JOB), "202": _answer("the task is waiting or running", JOB),
          "503": _answer("too many tasks at once", ERROR), **REFUSED}
WAIT = {"name": "wait", "in": "query", "schema": {"type": "number", "minimum": 0, "maximum": 30},
        "description": "seconds to hold on for the task to finish (default 0)"}


def _post(summary: str, kind: str, answers: dict[str, Any]) -> dict[str, Any]:
    return {"post": {"summary": summary, "parameters": [WAIT] if "202" in answers else [],
                     "requestBody": {"required": True, "content": {"application/json": {"schema": {
                         "type": "object", "additionalProperties": False, "properties": BODIES[kind]}}}},
                     "responses": answers}}


def api_schema() -> dict[str, Any]:
    """The OpenAPI document of every route."""
    analysis = _answer("the exact figures: every wager's metrics (exact, decimal, percent), outcomes, net per "
                       "round; the shipped table's metrics; the changes; the report as --format json")
    return {
        "openapi": "3.1.0",
        "info": {"title": "oddscalc workbench", "version": __version__,
                 "description": "Exact figures of casino table games, every one from the oddscalc Python API."},
        "paths": {
            "/api": {"get": {"summary": "version and limits", "responses": {"200": _answer("the server")}}},
            "/api/schema": {"get": {"summary": "this document", "responses": {"200": _answer("OpenAPI 3.1")}}},
            "/api/games": {"get": {"summary": "the built-in games and the folder's game files",
                                   "responses": {"200": _answer("games and files")}}},
            "/api/form": {"get": {"summary": "a game's form: its family's rules and its paytables",
                                  "parameters": [{"name": "game", "in": "query", "required": True, "schema": TEXT}],
                                  "responses": {"200": _answer("the form"), **REFUSED}}},
            "/api/analyze": _post("the exact figures of the table (a heavy game: a task)", "analyze",
                                  {"200": analysis, "202": _answer("a task (heavy game)", JOB), **REFUSED}),
            "/api/overlay": _post("the TOML overlay that reproduces the table (written to the folder)", "overlay",
                                  {"200": _answer("toml, file, changes"), **REFUSED}),
            "/api/strategy": _post("the strategy chart and the strategy in words", "strategy", QUEUED),
            "/api/design": _post("a payout for a target return", "design", QUEUED),
            "/api/sweep": _post("the return at each payout", "sweep", QUEUED),
            "/api/compare": _post("variants side by side", "compare", QUEUED),
            "/api/parsheet": _post("the par sheet, written to the folder (result.file)", "parsheet", QUEUED),
            "/api/jobs": {"get": {"summary": "every task kept", "responses": {"200": _answer("jobs")}}},
            "/api/jobs/{job}": {
                "get": {"summary": "a task", "parameters": [WAIT], "responses": {
                    "200": _answer("finished", JOB), "202": _answer("not yet", JOB), "404": _answer("none", ERROR)}},
                "delete": {"summary": "cancel a task", "responses": {"200": _answer("cancelled", JOB)}}},
            "/api/files": _post("save a game file in the folder; its form", "upload",
                                {"200": _answer("the form"), **REFUSED}),
            "/api/files/{name}": {"get": {"summary": "an export the workbench wrote (oddscalc-*.html|pdf|toml)",
                                          "responses": {"200": {"description": "the file"},
                                                        "400": _answer("refused", ERROR)}}},
        },
        "components": {"schemas": {"Job": JOB, "Error": ERROR, "Exact": EXACT}},
    }
