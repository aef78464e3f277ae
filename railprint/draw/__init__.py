"""Component faces, pictograms, maps and sheets drawn as scene groups (no backend imports)."""
