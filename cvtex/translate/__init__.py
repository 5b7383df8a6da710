"""What is left to translate, and the round trip through a translator's file: the texts a
language falls back on (untranslated), per-language coverage (coverage), export and merge
(translation). Above the pipeline, which these drive to see a profile as each language
shows it.
"""
