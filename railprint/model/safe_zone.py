"""The safe-zone check of ``railprint validate``: text of a card or tile that comes closer to
the trim than the deck's safe zone (``safe:``, 3 mm by default) may be cut off by an
imprecise cut. It is a warning, not an error: the file still renders.

Every text layer of every card (and back) is measured with its card's variables filled in, as
it will print: its ink box from the font's cap height down to the descenders (if it has any),
after ``max_width`` shrinking, alignment and rotation. Each warning names the layer's own
``file:line:col`` in the template that holds it.
"""

from __future__ import annotations

import math
from pathlib import Path

from railprint.errors import Location, Problems
from railprint.errors import RailprintError
from railprint.text.faces import fit_width, key_of, primary, width
from railprint.text.fonts import metrics
from railprint.loading.schema import validate
from railprint.loading.yamlio import load_file
from railprint.model.deck import SIZES, DeckSpec, TextLayer
from railprint.model.resolve import (_cards_from_data, _computed_numbers, _copied, _drawn, _font_families, _loc,
                                     _short, _substitute, _Vars, _with_computed, _with_styles,
                                     chain_layers, template_names)
from railprint.units import mm

DESCENDERS = set("gjpqyąęçşţ,;()[]{}|/")


def _ink_box(layer: TextLayer, text: str, face: str = "regular", family: str | None = None
             ) -> list[tuple[float, float]]:
    """Corners of the printed text's ink box, in the trim box (points); a text box (``w`` and
    ``h``) counts as its whole box, since its lines may fill it."""
    if layer.w is not None and layer.h is not None:
        return [(layer.x, layer.y), (layer.x + layer.w, layer.y), (layer.x + layer.w, layer.y + layer.h),
                (layer.x, layer.y + layer.h)]
    size = layer.size
    if layer.max_width is not None:
        size = fit_width(text, layer.max_width, layer.size, family, face, min_size=0.1)
    m = metrics(key_of(primary(family), face))
    w = width(text, size, family, face)
    x0 = layer.x - {"left": 0.0, "centre": w / 2, "right": w}[layer.align]
    top = layer.y - m.cap_height * size
    bottom = layer.y - (m.descent * size if DESCENDERS & set(text) else 0.0)
    corners = [(x0, top), (x0 + w, top), (x0 + w, bottom), (x0, bottom)]
    if layer.rotate:
        a = math.radians(layer.rotate)
        c, s = math.cos(a), math.sin(a)
        corners = [(layer.x + c * (x - layer.x) - s * (y - layer.y), layer.y + s * (x - layer.x) + c * (y - layer.y))
                   for x, y in corners]
    return corners


DIE_SAFE = mm(1.5)
"""The safe zone of a die's faces (a deck with ``die:``) unless the deck sets ``safe:``."""


def safe_zone_warnings(path: str | Path, lang: str = "en") -> list[str]:
    """``file:line:col: …`` for every text layer inside the deck's safe zone (none if the file
    has other problems: ``load_deck`` reports those)."""
    path = Path(path)
    data, _, _ = _cards_from_data(load_file(path), path)
    data = _with_computed(_with_styles(data, Problems(), path.parent))
    spec = validate(DeckSpec, data, str(path), "deck")
    total = sum(entry.count for entry in spec.cards)
    if isinstance(spec.size, str):
        if spec.size not in SIZES:
            return []
        width, height = (mm(v) for v in SIZES[spec.size])
    else:
        width, height = spec.size.width, spec.size.height
    safe = spec.safe
    if spec.die is not None and "safe" not in data:
        safe = min(safe, DIE_SAFE)   # a die's faces are folded, not cut apart: 3 mm of an 18 mm face is a third
    top = Location(str(path), 1, 1)
    families = _font_families(spec, data, path, Problems(), top)
    templates = data.get("templates", {}) if isinstance(data, dict) else {}
    found: dict[tuple, tuple[Location, list[tuple[float, str]]]] = {}
    for entry in spec.cards:
        if entry.count == 0:
            continue
        numbers = dict.fromkeys(("index", "copy", "total"), total)  # the widest number
        variables = _Vars({**numbers, **spec.vars, **entry.vars}, lang)
        for face in (entry.template or spec.default_template, entry.back or spec.back):
            if face is None:
                continue
            # load_deck reports bad chains; a parent's layer a child overrides (its id) is not drawn
            for name, index, layer in chain_layers(template_names(face, spec, data, Problems(), top), spec):
                layers_data = templates.get(name, {}).get("layers") if isinstance(templates.get(name), dict) else None
                if not isinstance(layer, TextLayer) or not _drawn(layer, variables, lang):
                    continue
                if layer.computed is not None:   # this card's size and position
                    changes = _computed_numbers(layer, variables, lang, Problems(), top, None, "", (width, height))
                    if changes is None:
                        continue
                    layer = _copied(layer, changes)
                text = str(_substitute(layer.text, variables, lang))
                face, family, problem = families.text_face(layer)
                if face is None:
                    continue   # a font problem: load_deck reports it
                try:
                    corners = _ink_box(layer, text, face, family)
                except (KeyError, RailprintError):   # a face the family lacks, an unusable installed file
                    continue
                distance = min(min(x for x, _ in corners), min(y for _, y in corners),
                               width - max(x for x, _ in corners), height - max(y for _, y in corners))
                if distance >= safe - 1e-6:
                    continue
                where = _loc(layers_data, index, top)
                outside = (max(x for x, _ in corners) <= 0 or min(x for x, _ in corners) >= width
                           or max(y for _, y in corners) <= 0 or min(y for _, y in corners) >= height)
                found.setdefault((where.line, where.col), (where, []))[1].append((distance, text, outside))
    warnings = []
    for where, (distance, text, outside), more in _worst(found):
        text = _short(text)   # quoted as the overflow error quotes it (a 500 KB text was echoed whole)
        if outside:   # a unit mixed up (x: 5cm, 5in for 5mm) puts it off the card: nothing of it prints
            warnings.append(f"{where}: text {text!r}{more} lies outside the {width / mm(1):g} x {height / mm(1):g} mm "
                            "card: nothing of it prints (check its x and y and their units: mm, cm, in, pt)")
        elif distance < 0:
            warnings.append(f"{where}: text {text!r}{more} runs {-distance / mm(1):.1f} mm past the trim: "
                            "the cut goes through it (move it inward)")
        else:
            warnings.append(f"{where}: text {text!r}{more} comes {distance / mm(1):.1f} mm from the trim, "
                            f"inside the {safe / mm(1):g} mm safe zone (move it inward, or set the deck's 'safe:')")
    return warnings


def _worst(found: dict) -> list:
    """Per layer: its worst text (the one furthest out) and the others it stands for."""
    out = []
    for where, hits in found.values():
        worst = min(hits)
        texts = sorted({t for _, t, _ in hits})
        out.append((where, worst, f" (and {len(texts) - 1} more from this layer)" if len(texts) > 1 else ""))
    return out
