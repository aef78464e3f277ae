"""railprint: print-and-play generator and scoring assistant for train board games."""

__version__ = "0.1.0"
