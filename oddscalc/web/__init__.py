"""The designer's workbench: ``oddscalc serve`` opens a local page where every pay, rule and
strategy of a game is changed in a form and the exact figures come back at once.

A layer above the API, beside the command line: the server holds no game logic, every figure is
an ``oddscalc`` function's (``analyze``, ``strategy``, ``design``, ``sweep``, ``compare``,
``par_sheet``), and the form is made from what the game's family declares (its rules and the
loaded table's paytables).  One module per job:

- ``settings``: what ``serve`` was given (address, folder, limits);
- ``folder``: the one folder the server reads game files from and writes exports to;
- ``requests``: a JSON request's fields, checked as the command line checks its options;
- ``form``: a game's form (its rules and paytables) from its schema;
- ``figures``: an API result as the page's JSON (exact rationals as ``"p/q"``);
- ``overlay``: the TOML overlay that reproduces what the page shows;
- ``work``: the long tasks (strategy chart, design, sweep, compare, par sheet) a worker runs;
- ``workers``, ``worker`` and ``progress``: the worker processes (the server's side and the
  worker's own), cancelling them, the progress read off the API's bars;
- ``app``: the HTTP routes (``/api/…`` and the page); ``schema``: the JSON API's documentation;
- ``server``: running it under uvicorn.

The page (``static/``) is package data: one HTML file, its script and its style sheet.
"""
