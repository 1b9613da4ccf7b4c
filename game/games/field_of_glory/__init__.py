"""Field of Glory: The Card Game (Martin Wallace, 2011): the card set in content.py,
the state in state.py, the verbs (notation, legality, effect, words, click) in verbs.py,
the turn machine in rules.py, what a seat sees in observe.py, the FG-26 invariants in
invariants.py, AI knowledge in ai.py."""
