"""Reading content: safe YAML with positions, text files, schema validation, built-in content lookup."""
