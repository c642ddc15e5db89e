"""Learning environments: every game as integers and arrays (``encoding``) and as a PettingZoo AEC environment
(``pettingzoo_env``), with the built-in bots as opponents (``opponents``).

Optional: ``pip install ludotheque[learn]`` (numpy for the encodings; PettingZoo and Gymnasium for the
environment). Nothing here is imported by the engine, the games' rules, the server or the CLI.
"""
