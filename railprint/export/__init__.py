"""Exports built on the PDF the writer already makes (one drawing, many outputs): component
faces as PNG/JPEG images (:mod:`.images`) and Tabletop Simulator decks (:mod:`.tts`)."""
