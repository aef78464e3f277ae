"""The ``watch --serve`` page in a real browser (Chromium, 1280 × 800): a saved deck file
replaces the changed card's image on the page, no unchanged card's image is fetched again, and
a broken file shows its located problem above the last good cards."""

from __future__ import annotations

from tests.preview.test_preview import ROWS, DECK, touch, watched

VIEW = {"width": 1280, "height": 800}
LOADED = "n => { const i = document.querySelector(`img[data-index='${n}']`); " \
         "return i && i.complete && i.naturalWidth > 0 && i.dataset.digest; }"


def test_a_save_replaces_only_the_changed_cards_image(browser, tmp_path):
    with watched(tmp_path) as (watcher, preview, url):
        page = browser.new_page(viewport=VIEW)
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(request.url))
        page.goto(url + "/")
        for n in range(8):
            page.wait_for_function(LOADED, arg=n)
        before = page.eval_on_selector_all("img", "all => all.map(i => i.dataset.digest)")
        assert len(before) == 8 and len(set(before)) == 5
        assert sum("/cards/" in u for u in fetched) == 5            # a shared back is fetched once
        assert page.eval_on_selector("img[data-index='0']", "i => [i.naturalWidth, i.width]") == [372, 238]
        fetched.clear()
        touch(tmp_path / "content" / "g" / "cards.csv", ROWS.replace("Ålesund", "Ystad"))
        assert watcher.step() == ["harbours"]
        page.wait_for_function(f"() => document.querySelector(\"img[data-index='4']\").dataset.digest "
                               f"!== {before[4]!r}")
        page.wait_for_function(LOADED, arg=4)
        after = page.eval_on_selector_all("img", "all => all.map(i => i.dataset.digest)")
        assert [n for n in range(8) if after[n] != before[n]] == [4]   # Ålesund's front only
        assert [u for u in fetched if "/cards/" in u] == [f"{url}/cards/{after[4]}.png"]   # nothing else fetched
        assert page.eval_on_selector("figure:nth-child(5) figcaption", "c => c.textContent") == "003-front · Ystad"
        assert page.is_hidden("figure:nth-child(2)")                    # backs hidden until asked for
        page.check("#backs")
        assert page.is_visible("figure:nth-child(2)")
        page.screenshot(path=str(tmp_path / "preview.png"))

        fetched.clear()
        touch(tmp_path / "content" / "g" / "harbours.yaml", DECK.replace("x: 31.5mm", "x: 31.5mmm"))
        assert watcher.step() == []
        page.wait_for_selector("section pre.error:not([hidden])")
        error = page.text_content("section pre.error")
        assert "harbours.yaml:11:" in error and "31.5mmm" in error
        assert page.eval_on_selector_all("img", "all => all.map(i => i.dataset.digest)") == after   # kept
        assert not [u for u in fetched if "/cards/" in u]
        touch(tmp_path / "content" / "g" / "harbours.yaml", DECK)
        assert watcher.step() == ["harbours"]
        page.wait_for_selector("section pre.error", state="hidden")
        page.close()


def test_the_page_runs_under_its_content_security_policy(browser, tmp_path):
    with watched(tmp_path) as (watcher, preview, url):
        page = browser.new_page(viewport=VIEW, bypass_csp=False)
        refused: list[str] = []
        page.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
        page.goto(url + "/")
        page.wait_for_selector("img[data-index='6']")
        page.wait_for_selector("#status:text('watching')")
        assert refused == []
        page.close()
