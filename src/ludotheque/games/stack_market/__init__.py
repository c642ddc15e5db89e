"""Stack Market, 3–4 players (rulebook ``../shared/seeds/003_fba4f43b687e22c7.txt``): in progress. So far only
its physics (``physics.py``: whether a building of dice stands) exists; the game is not registered yet."""
