"""The profile: its typed models, loading it with a map from every field to its line, BibTeX lists
merged into it, its JSON Schema and the starter.
"""
