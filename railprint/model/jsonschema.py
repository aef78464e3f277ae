"""JSON Schema of the content format, generated from the pydantic models (for editors)."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from railprint.model.deck import DeckSpec


def content_schema() -> dict[str, Any]:
    schema = TypeAdapter(DeckSpec).json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "railprint content file"
    schema.setdefault("description",
                      "A railprint content file. Lengths are strings with a unit: '63mm', '2.5in', '12pt'.")
    return schema
