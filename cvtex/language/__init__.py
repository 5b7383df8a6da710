"""Languages: locale catalogs, conversion to Traditional Chinese, writing systems, the translation
round trip, and what each language still lacks.
"""
