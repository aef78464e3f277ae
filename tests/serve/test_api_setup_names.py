"""The start form names every setup choice in the page's language: Railroad Ink's expansion and
longest-route reading and Ticket to Ride's maps showed their ids (``none``, ``simple``,
``nordic``) in English and Polish alike."""

from __future__ import annotations


def test_every_setup_choice_has_its_words_in_english_and_polish(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game in ("railroad-ink", "ticket-to-ride", "allers-trains"):
        for field in games[game]["fields"]:
            names = field.get("names") or {}
            assert set(names) == set(field["choices"]), (game, field["key"])
            for choice, words in names.items():
                assert words["en"] and words["pl"], (game, choice)
    ink = {f["key"]: f["names"] for f in games["railroad-ink"]["fields"]}
    assert ink["expansion"]["lava"] == {"en": "lava", "pl": "lawa"}
    assert ink["longest"]["simple"]["pl"].startswith("każde pole raz")
    maps = games["ticket-to-ride"]["fields"][0]["names"]
    assert maps["italy"]["pl"] != "italy" and "Włochy" in maps["italy"]["pl"], maps
    assert "Nordic" in maps["nordic"]["en"], maps
