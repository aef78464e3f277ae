"""The start page's rooms in Chromium (rooms.js): the oldest of 45 rooms reached page by page and
by search, then renamed, archived, restored, exported, imported back and deleted by a phone."""

from __future__ import annotations

import json

import httpx2 as httpx

from railprint.serve import running


def names(page) -> list[str]:
    return page.locator("#rooms li[data-room] > a").all_inner_texts()


def test_every_room_is_reachable_and_kept_from_the_start_page(browser, tmp_path):
    from railprint.games.railroad_ink.web import new_room
    from railprint.serve.rooms import Store

    store = Store(tmp_path / "data")  # more rooms than one phone may start at once (rate limit)
    for i in range(45):
        store.create("railroad-ink", f"P{i:02d}", new_room([f"P{i:02d}"], {}))
    store.close()
    with running(tmp_path / "data") as (base, _):
        context = browser.new_context(viewport={"width": 360, "height": 740}, accept_downloads=True)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            page.goto(base + "/")
            page.wait_for_selector("#rooms li[data-room]")
            assert names(page)[0] == "P44" and len(names(page)) == 20
            assert page.locator("#room-prev").is_hidden()
            page.click("#room-next")
            page.wait_for_function("document.querySelector('#rooms a')?.textContent === 'P24'")
            page.click("#room-next")
            page.wait_for_function("document.querySelector('#rooms a')?.textContent === 'P04'")
            assert names(page) == ["P04", "P03", "P02", "P01", "P00"] and page.locator("#room-next").is_hidden()
            page.click("#room-prev")
            page.wait_for_function("document.querySelector('#rooms a')?.textContent === 'P24'")

            page.fill("#room-search", "p00")
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 1")
            oldest = page.locator("#rooms li[data-room]").first
            room_id = oldest.get_attribute("data-room")

            page.once("dialog", lambda d: d.accept("Ślub w Ålesund"))
            oldest.locator("[data-act=rename]").click()
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 0")  # no P00 now
            assert httpx.get(f"{base}/api/rooms/{room_id}").json()["room"]["title"] == "Ślub w Ålesund"
            page.fill("#room-search", "ŚLUB W å")
            page.wait_for_function("document.querySelector('#rooms a')?.textContent === 'Ślub w Ålesund'")

            with page.expect_download() as info:
                page.locator("#rooms li[data-room] [data-act=export]").click()
            saved = tmp_path / "room.json"
            info.value.save_as(saved)
            exported = json.loads(saved.read_text(encoding="utf-8"))
            assert exported["id"] == room_id and exported["title"] == "Ślub w Ålesund"

            page.locator("#rooms li[data-room] [data-act=archive]").click()
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 0")
            page.check("#room-archived")
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 1")
            page.locator("#rooms li[data-room] [data-act=archive]").click()  # restore
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 0")
            page.uncheck("#room-archived")
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 1")

            page.set_input_files("#room-import", str(saved))
            page.wait_for_url(lambda url: "/r/" in url and room_id not in url)
            page.wait_for_selector("body[data-version='0']")
            assert page.locator("#title").inner_text() == "Ślub w Ålesund"

            page.goto(base + "/")
            page.fill("#room-search", "Ślub")
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 2")
            page.once("dialog", lambda d: d.accept())
            page.locator(f"#rooms li[data-room='{room_id}'] [data-act=delete]").click()
            page.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 1")
            assert httpx.get(f"{base}/api/rooms/{room_id}").status_code == 404
            assert errors == []
        finally:
            context.close()
