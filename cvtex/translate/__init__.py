"""What is left to translate, and the round trip through a translator's file: per-language
coverage (coverage, the report validate prints), export and merge (translation). Above the
pipeline, which these drive to see a profile as each language shows it.
"""
