"""The styles and icons files beside a deck are found once per state of its folder
(``model.nearby.kind_files``): the same answer as looking again, and a saved, added or removed
file is seen at once."""

from __future__ import annotations

import os

from railprint.loading.paths import files_of_kind
from railprint.loading.resources import content_root
from railprint.model import nearby
from railprint.model.nearby import kind_files


def test_the_same_files_as_looking_at_every_file_again():
    for folder in sorted({p.parent for p in content_root().rglob("*.yaml")}):
        for kind in ("styles", "icons"):
            assert kind_files(folder, kind) == files_of_kind(folder, kind)
            assert kind_files(folder, kind) == files_of_kind(folder, kind)   # remembered


def test_a_saved_added_or_removed_file_is_seen(tmp_path):
    icons = tmp_path / "icons.yaml"
    icons.write_text("kind: icons\nid: i\ngame: g\nicons: {}\n", encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("kind: deck\n", encoding="utf-8")
    assert kind_files(tmp_path, "icons") == [icons]
    icons.write_text("kind: iconz\nid: i\ngame: g\nicons: {}\n", encoding="utf-8")   # same size
    os.utime(icons, ns=(1, 1))   # a time of its own, whatever the clock's resolution
    assert kind_files(tmp_path, "icons") == []
    more = tmp_path / "more.yaml"
    more.write_text("kind: icons\n", encoding="utf-8")
    assert kind_files(tmp_path, "icons") == [more]
    more.unlink()
    assert kind_files(tmp_path, "icons") == []


def test_a_folder_with_a_symlink_is_looked_at_every_time(tmp_path, monkeypatch):
    folder = tmp_path / "deck"
    folder.mkdir()
    target = folder / "target.txt"
    target.write_text("kind: icons\n", encoding="utf-8")
    (folder / "linked.yaml").symlink_to(target)
    calls = []
    monkeypatch.setattr(nearby, "files_of_kind", lambda *args: calls.append(args) or files_of_kind(*args))
    assert kind_files(folder, "icons") == [folder / "linked.yaml"]
    target.write_text("kind: styles\n", encoding="utf-8")   # the link's own state is unchanged
    assert kind_files(folder, "icons") == []
    assert len(calls) == 2


def test_one_look_at_the_folder_finds_both_kinds(tmp_path, monkeypatch):
    from railprint.loading import text

    (tmp_path / "icons.yaml").write_text("kind: icons\nid: i\ngame: g\nicons: {}\n", encoding="utf-8")
    (tmp_path / "styles.yaml").write_text("kind: 'styles'  # shared\nid: s\ngame: g\nstyles: {}\n", encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("kind: deck\n", encoding="utf-8")
    heads = []
    monkeypatch.setattr(text, "read_head", lambda path, *a, _read=text.read_head: heads.append(path.name) or _read(path, *a))
    for _ in range(3):   # a deck asks for its styles, then its icons; three decks of one folder
        assert kind_files(tmp_path, "styles") == [tmp_path / "styles.yaml"]
        assert kind_files(tmp_path, "icons") == [tmp_path / "icons.yaml"]
    assert sorted(heads) == ["deck.yaml", "icons.yaml", "styles.yaml"]   # each head read once
    (tmp_path / "deck.yaml").write_text("kind: icons\n", encoding="utf-8")
    os.utime(tmp_path / "deck.yaml", ns=(1, 1))
    assert kind_files(tmp_path, "icons") == [tmp_path / "deck.yaml", tmp_path / "icons.yaml"]
    assert kind_files(tmp_path, "styles") == [tmp_path / "styles.yaml"]
    assert len(heads) == 6                                                 # one more look for both


def test_a_kind_it_does_not_remember_is_looked_for_every_time(tmp_path):
    """A kind outside KINDS (was a KeyError): the plain look, the same answer."""
    cards = tmp_path / "list.yaml"
    cards.write_text("kind: cards\n", encoding="utf-8")
    (tmp_path / "icons.yaml").write_text("kind: icons\n", encoding="utf-8")
    assert "cards" not in nearby.KINDS
    assert kind_files(tmp_path, "cards") == files_of_kind(tmp_path, "cards") == [cards]
    assert kind_files(tmp_path, "maps") == []
