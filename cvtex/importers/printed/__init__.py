"""A CV as it is printed: its lines, read the way a person reads them, into a profile.

A PDF's reader (:mod:`..pdf`) and a Word file's (:mod:`..docx`) each give the document as
:class:`.lines.Line`\\ s in reading order, with their size, weight and cells; what follows
is shared: the name and contacts at the top (:mod:`.header`, :mod:`.contacts`), the
sections told by their headings (:mod:`.headings`), the entries of each (:mod:`.entries`,
with :mod:`.dates`, :mod:`.bullets` and :mod:`.publications`), and every line that found
no field kept with its page and line (:mod:`.structure`).
"""
