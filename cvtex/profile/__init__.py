"""The profile: its typed models, loading it with a map from every field to its line (a
BibTeX list merged in by cvtex.bibtex), its JSON Schema and the starter.
"""
