"""Games that live only in the tests. ``tests/conftest.py`` registers every module here that defines ``GAME``
through the ``ludotheque.games`` entry point, exactly as an installed game package is registered."""
