"""Stronghold (Ignacy Trzewiczek, 2009): the board in board.py, pieces and cards in
content.py, the Invader's phases in invader.py, the Defender's windows in defender.py,
the Assault in assault.py, the round state machine in rules.py, AI knowledge in ai.py."""
