"""Runes of Mayhem (Vikings against Anglo-Saxons): the card data in content.py, the state
in state.py, the notation in actions.py, the turn machine in rules.py, computer-player
knowledge in ai.py."""
