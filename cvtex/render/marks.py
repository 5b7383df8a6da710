"""Lines a template writes into every LaTeX source for the stages after it to find.

Kept apart from the renderers so that the compile stage, which reads them before anything
heavy is imported (the head start), takes this module alone."""

# A template writes this line where the CV's text begins (after its font warm-up): what
# comes before it is the preamble that an engine can load while the profile is rendered.
BODY_MARK = "% The CV's text begins here."
