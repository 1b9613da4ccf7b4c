"""Runes of Mayhem (Vikings against Anglo-Saxons): the card data in content.py, the state
in state.py, the verbs (notation, legality, effect, words, click) in verbs.py, the turn
machine in rules.py (with its parts rules_board, rules_combat, rules_main), computer-player
knowledge in ai.py."""
