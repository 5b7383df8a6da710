"""A cover letter: a second kind of document, made from a letter file and the profile it
names, through the same stages as a CV (docs/architecture.md)."""
