"""``cvtex new``: the commented starters, a profile's and a letter's, cut to the languages
asked for. Above the catalogs they take their languages from."""
