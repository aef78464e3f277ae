"""Frozen content models and their resolution (templates, variables, colours) into drawable data."""
