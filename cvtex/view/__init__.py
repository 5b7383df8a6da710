"""Localize: one view of the profile per language, made once; every output is made from it."""
