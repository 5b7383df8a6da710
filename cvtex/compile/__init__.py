"""Compile: LaTeX source to PDF with XeLaTeX, with the head start, fitting and cleanup of engines
left behind.
"""
