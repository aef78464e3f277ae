"""Makes the data of the example deck in ``content/examples/station-master/``: six small
original PNG pictures drawn with Pillow and a 100-card ``cards.csv``. Deterministic (the same
files every run). The content benchmark uses it to write a 1,000-row variant.

    python benchmarks/example_deck.py        # rewrite the committed example files
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "content" / "examples" / "station-master"

# category -> (picture, built-in icon, card colour, sky, land)
CATEGORIES = {
    "freight": ("freight.png", "goods", "#8d5524", "#f6d7a7", "#7a9e3b"),
    "passenger": ("passenger.png", "wagon", "#1f5f8b", "#bfe3f5", "#5e8c31"),
    "mountain": ("mountain.png", "tunnel", "#4a4e69", "#dfe7fd", "#6b705c"),
    "harbour": ("harbour.png", "ferry", "#00707a", "#c4f1f9", "#2e86ab"),
    "steam": ("steam.png", "locomotive", "#9b2226", "#ffe5d9", "#8a9a5b"),
    "station": ("station.png", "station", "#5f0f40", "#fbe7c6", "#a3b18a"),
}
WIDTH, HEIGHT = 660, 420  # 55 x 35 mm at 305 dpi


def draw_picture(path: Path, seed: int, sky: str, land: str, accent: str) -> None:
    """A small flat landscape with hills, a sun and a train: original art, a few kB as PNG."""
    from PIL import Image, ImageDraw

    rng = random.Random(seed)
    image = Image.new("RGB", (WIDTH, HEIGHT), sky)
    draw = ImageDraw.Draw(image)
    sun = (rng.randint(60, WIDTH - 60), rng.randint(40, 120))
    draw.ellipse((sun[0] - 38, sun[1] - 38, sun[0] + 38, sun[1] + 38), fill="#ffd166")
    for layer in range(3):
        base = 220 + layer * 45
        points = [(0, HEIGHT)]
        for x in range(0, WIDTH + 60, 60):
            points.append((x, base - rng.randint(0, 70 - layer * 15)))
        points.append((WIDTH, HEIGHT))
        shade = tuple(max(0, int(land[i:i + 2], 16) - 25 * (2 - layer)) for i in (1, 3, 5))
        draw.polygon(points, fill=shade)
    rail = HEIGHT - 70
    draw.rectangle((0, rail, WIDTH, rail + 6), fill="#3b3b3b")
    for x in range(0, WIDTH, 24):
        draw.rectangle((x, rail + 6, x + 10, rail + 14), fill="#6e4f36")
    start = rng.randint(40, 200)
    for car in range(rng.randint(3, 5)):
        left = start + car * 92
        draw.rounded_rectangle((left, rail - 58, left + 84, rail - 8), radius=8, fill=accent)
        for wheel in (left + 18, left + 66):
            draw.ellipse((wheel - 11, rail - 20, wheel + 11, rail + 2), fill="#222222")
        if car:
            draw.rectangle((left + 12, rail - 48, left + 72, rail - 30), fill="#fdfdfd")
    draw.rectangle((start + 10, rail - 88, start + 28, rail - 58), fill=accent)  # chimney
    image = image.quantize(colors=24, dither=Image.Dither.NONE)
    image.save(path, optimize=True)


SUBJECTS = ["coal", "timber", "grain", "mail", "fish", "salt", "copper", "wool", "tea", "iron"]
PLACES = ["Bergen", "Oulu", "Tromsø", "Göteborg", "Łódź", "Gdańsk", "Kraków", "Aarhus", "Malmö", "Turku"]
VERBS = ["Deliver", "Load", "Ship", "Carry", "Route", "Haul"]


def card_rows(count: int, seed: int = 12) -> list[dict]:
    """``count`` cards: a title, a cost, a category and 20-60 words of rules with markup and icons."""
    rng = random.Random(seed)
    names = list(CATEGORIES)
    rows = []
    for number in range(1, count + 1):
        category = names[(number - 1) % len(names)]
        picture, icon, colour, _, _ = CATEGORIES[category]
        subject, place = rng.choice(SUBJECTS), rng.choice(PLACES)
        sentences = [
            f"{rng.choice(VERBS)} **{rng.randint(1, 4)} {subject}** to *{place}* and take "
            f"{rng.randint(1, 3)} :{icon}: from the supply.",
            f"If you already own a :station: there, draw one more card and keep it hidden.",
            f"Each player with fewer :wagon: than you may move one train a single step.",
            f"Once per game you may discard this card to gain :star: equal to your routes in {place}.",
            f"Pay {rng.randint(1, 3)} :coin: less when your next route starts in a city with a harbour.",
            f"Move one :wagon: :arrow: to a free route next to *{place}* without paying for it.",
            f"At the end of the game score {rng.randint(2, 6)} points for every *{subject}* contract you completed.",
        ]
        rng.shuffle(sentences)
        text = " ".join(sentences[:rng.randint(2, 3)])
        if number % 7 == 0:
            text += "\n*Rule of thumb:* play it early."
        rows.append({"name": f"{place} {subject.title()}", "category": category, "icon": icon,
                     "colour": colour, "cost": rng.randint(0, 5), "art": f"art/{picture}", "text": text,
                     "template": "card", "count": 1})
    return rows


def write_cards(path: Path, rows: list[dict]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write_art(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for seed, (picture, _icon, colour, sky, land) in enumerate(CATEGORIES.values()):
        draw_picture(folder / picture, seed, sky, land, colour)


if __name__ == "__main__":
    write_art(FOLDER / "art")
    write_cards(FOLDER / "cards.csv", card_rows(100))
    print(f"wrote {FOLDER}")
