"""Helpers of make_layout_corpus.py: seeded text (words.py) and the layout families (families.py)."""
