"""deck_faces draws a resolved layer shared by many faces once (its shape or one-line text);
the faces equal those drawn one by one, and no group is shared (a group drawn twice would
become a PDF form)."""

from __future__ import annotations

from railprint.draw.card import draw_face
from railprint.model.resolve import load_deck
from railprint.render import deck_faces
from railprint.scene import Group

DECK = """\
kind: deck
id: faces
game: test
title: {en: Faces}
size: {width: 63mm, height: 88mm}
templates:
  t:
    layers:
      - {type: rect, bleed: true, fill: '#223344'}
      - {type: circle, cx: 10mm, cy: 10mm, r: 3mm, fill: '{c}'}
      - {type: text, text: 'Turned', x: 5mm, y: 30mm, rotate: 90}
      - {type: text, text: 'Fixed', x: 5mm, y: 40mm, max_width: 10mm}
      - {type: text, text: '{name}', x: 5mm, y: 50mm}
      - {type: text, text: 'Box {name}', x: 5mm, y: 60mm, w: 40mm, h: 10mm}
default_template: t
cards:
  - {vars: {name: Ala, c: '#ff0000'}}
  - {vars: {name: Bea, c: '#ff0000'}}
  - {vars: {name: Cyd, c: '#00ff00'}}
"""


def _groups(group, found):
    for item in group.items:
        if type(item) is Group:
            found.append(item)
            _groups(item, found)
    return found


def test_shared_layers_are_drawn_once_and_no_group_is_shared(tmp_path):
    path = tmp_path / "faces.yaml"
    path.write_text(DECK, encoding="utf-8")
    deck = load_deck(path)
    faces = [face.front for face in deck_faces(deck)]
    assert faces == [draw_face(card.front, deck) for card in deck.cards]
    rects, circles, turned, fixed, names, boxes = zip(*(face.items for face in faces))
    assert rects[0] is rects[1] is rects[2] and fixed[0] is fixed[2]
    assert circles[0] is circles[1] and circles[2] is not circles[0]
    assert names[0] is not names[1]
    groups = [g for face in faces for g in _groups(face, [])]
    assert len({id(g) for g in groups}) == len(groups) >= 6   # turned texts and text boxes, one each a face
