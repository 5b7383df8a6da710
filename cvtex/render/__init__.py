"""Render: a localized view to LaTeX source (through one escaping path) and to finished documents
(Markdown, HTML), through one table of renderers.
"""
