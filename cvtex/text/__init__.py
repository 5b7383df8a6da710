"""Text as every layer above needs it, and nothing else: TeX escaping and inline math
(texescape, math), every renderer's Jinja finalize hook (finalize), writing systems and
scripts (scripts), link targets (links) and HTML in imported texts (htmltext). The bottom
of the house: these import no other cvtex package.
"""
