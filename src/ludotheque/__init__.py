"""Ludothèque: money-and-business board games with faithful rules engines, bots and a simulator.

The package is layered so that dependencies point one way (../shared/STYLE.md):
``engine`` <- ``games`` <- ``bots`` / ``cli`` / ``sim``.
"""

__version__ = "0.1.0"
