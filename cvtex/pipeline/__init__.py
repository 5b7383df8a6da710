"""Build: one request through the stages (resolve, load, localize, render, compile, place), with
the cache that skips what is unchanged.
"""
