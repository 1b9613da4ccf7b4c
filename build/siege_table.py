"""Entry of the packaged program (PyInstaller): the same as ``python -m game``."""

import multiprocessing
import sys

if __name__ == "__main__":
    # First: in the frozen program a spawned worker process (the computer seats, bench
    # --jobs) starts this same executable, and freeze_support() runs the worker and exits
    # there, before anything of the game is imported.
    multiprocessing.freeze_support()

    from game.__main__ import main

    sys.exit(main())
