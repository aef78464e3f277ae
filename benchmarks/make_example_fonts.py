"""Regenerate the example deck's own font family (content/examples/signal-box/fonts/).

"Semaphore" is Source Sans Pro (SIL Open Font License 1.1, from the font-source-sans-pro
package) subset to Latin with Polish and Nordic letters and renamed: the OFL lets anyone
modify and redistribute the font, but a modified version may not keep the Reserved Font Name
"Source". Semibold is its regular face, Black its bold, Semibold Italic its italic.

    python benchmarks/make_example_fonts.py
"""

from __future__ import annotations

import io
from importlib import resources
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parent.parent / "content" / "examples" / "signal-box" / "fonts"
FACES = {"Regular": "SourceSansPro-Semibold.ttf", "Bold": "SourceSansPro-Black.ttf",
         "Italic": "SourceSansPro-SemiboldIt.ttf"}
CHARS = ("".join(chr(c) for c in range(0x20, 0x7F)) + "ąćęłńóśźżĄĆĘŁŃÓŚŹŻæøåÆØÅäöÄÖüÜéÉ–—’“”„…·×"
         + "→")


def make(face: str, source: str) -> bytes:
    files = resources.files("font_source_sans_pro") / "files"
    font = TTFont(io.BytesIO((files / source).read_bytes()), recalcTimestamp=False)
    options = subset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14, 16, 17]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=CHARS)
    subsetter.subset(font)
    names = font["name"]
    style = face if face != "Bold" else "Bold"
    for record in list(names.names):
        if record.nameID in (1, 16):
            record.string = "Semaphore"
        elif record.nameID in (2, 17):
            record.string = style
        elif record.nameID == 4:
            record.string = f"Semaphore {style}"
        elif record.nameID == 6:
            record.string = f"Semaphore-{style}"
        elif record.nameID == 3:
            record.string = f"railprint example: Semaphore-{style}"
        elif record.nameID == 0:
            record.string = ("Copyright 2010-2020 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'. "
                             "Modified (subset, renamed) for railprint's example deck.")
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for face, source in FACES.items():
        (OUT / f"Semaphore-{face}.ttf").write_bytes(make(face, source))
    licence = (resources.files("font_source_sans_pro") / "files" / "LICENSE.txt").read_text(encoding="utf-8")
    (OUT / "OFL.txt").write_text("Semaphore: Source Sans Pro subset and renamed (Reserved Font Name 'Source' "
                                 "not used), under the same licence:\n\n" + licence, encoding="utf-8")
    print(f"wrote {len(FACES)} faces to {OUT}")


if __name__ == "__main__":
    main()
