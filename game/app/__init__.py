"""The desktop app on pygame-ce: window, scenes, widgets, controller and saves.

Only this package (and each game's ``view`` module) imports pygame; the engines in
``game.core`` and ``game.games.<name>.rules`` stay pure.
"""
