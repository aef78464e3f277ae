"""Seeded roll-and-write generation (random.Random(seed) only, never the global generator)."""
