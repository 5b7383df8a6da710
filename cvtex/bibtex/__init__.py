"""Publication lists kept in BibTeX: read as BibTeX reads them (read.py), their LaTeX as
profile text (latex.py, names.py, journals.py), merged into the profile (merge.py)."""
