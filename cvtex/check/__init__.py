"""The check stage: each PDF read back as machines read it, against what it should say.

``extractors`` reads a PDF's text with two independent readers (Poppler's pdftotext and
pdfminer.six), ``expected`` lists what the CV shows in the order its layout reads,
``compare`` finds what did not come back (missing, split, out of order, stray
characters), ``locate`` names where in the profile a missing text was written.
"""
