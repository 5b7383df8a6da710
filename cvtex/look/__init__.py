"""How a CV looks: themes, design options, fonts and each language's font plan, fit to pages."""
