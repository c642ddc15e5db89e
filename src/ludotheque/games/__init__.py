"""One package per game. Each registers itself through the ``ludotheque.games`` entry point."""
