"""Languages: the locale catalogs (every word a CV prints that differs by language) and the
conversion to Traditional Chinese.
"""
