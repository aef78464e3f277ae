"""Ticket to Ride on a 360 × 740 phone, in Polish: a tap on the whole Nordic map near Ålborg opens
the chooser of the routes and cities near the finger; every choice is readable whole in its
thumb-sized button (squeezed by the box's column, "Ålborg – Kristiansand · 2 · czerwony" ran out
of its button, its colour over the next one), and the box scrolls to the rest."""

from __future__ import annotations

from tests.serve.pages import open_room


def test_the_choosers_buttons_hold_their_words(browser, server):
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"}, "?lang=pl&poll=0")
    page.wait_for_selector("g.ttr-route[data-route='alborg-arhus']")
    x, y = page.evaluate("""(id) => { const cars = [...document.querySelectorAll(`g.ttr-route[data-route='${id}'] polygon`)];
        const r = cars[Math.floor(cars.length / 2)].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""",
                         "alborg-arhus")
    page.mouse.click(x, y)
    page.wait_for_selector("#ttr-chooser:not([hidden]) button")
    buttons = page.evaluate("""() => [...document.querySelectorAll('#ttr-chooser button')].map((b) =>
        [b.textContent, b.scrollHeight, b.clientHeight, b.getBoundingClientRect().height])""")
    assert len(buttons) >= 4, buttons
    for text, content, inside, height in buttons:
        assert content <= inside + 1 and height >= 44, (text, content, inside, height)
    assert page.evaluate("(b => b.scrollHeight > b.clientHeight)(document.getElementById('ttr-chooser'))")  # the rest: a scroll
    assert not errors, errors
