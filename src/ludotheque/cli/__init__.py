"""The ``ludo`` command line: games, play, simulate, replay."""
