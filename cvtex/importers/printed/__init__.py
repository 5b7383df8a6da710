"""A CV as it is printed: its lines, read the way a person reads them, into a profile.

A PDF's reader (:mod:`..pdf`) and a Word file's (:mod:`..docx`) each give the document as
:class:`.lines.Line`\\ s in reading order, with their size, weight and cells (a PDF's
page numbers and running footers already set apart); what follows is shared: the name,
the contacts at the top (:mod:`.contacts`) and the sections told by their headings
(:mod:`.headings`), in :mod:`.structure`; each section's lines as items (:mod:`.items`,
:mod:`.bullets`), grouped into entries (:mod:`.blocks`) and read into the kind's fields
(:mod:`.entries`, :mod:`.lists`, with :mod:`.dates` and :mod:`.publications`); every line
that found no field kept with its page and line; the file's language told over its
whole text (:mod:`..language`, as every import tells it) and what was placed said
(:mod:`.reading`).
"""
