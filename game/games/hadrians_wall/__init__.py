"""Hadrian's Wall (Eric B. Vogel, 2014): rules in rules.py, content as data, AI heuristic."""
