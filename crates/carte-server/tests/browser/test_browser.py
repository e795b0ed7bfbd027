"""The page in a real browser: headless Chromium (Debian's package) driven
by Playwright, against a carte-server on a loopback port.

- the lobby makes a Gonzago hand against a bot, which is played to its end
  by clicking, and the outcome is read on the page;
- a four-player Zama table with two browser seats: neither page's DOM holds
  a card that only the other seat knows;
- the server killed and restarted mid-game: the page reconnects by itself
  with every acknowledged move and play goes on;
- a screenshot of each game's table.

Run by `.ci/browser` (which installs chromium and the venv); by hand:
`python crates/carte-server/tests/browser/test_browser.py --server target/debug/carte-server`.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Every wait of a page is bounded (milliseconds).
WAIT = 30_000


class Server:
    """A carte-server on a free loopback port with a fresh database."""

    def __init__(self, binary, workdir, addr="127.0.0.1:0"):
        self.binary, self.workdir = binary, workdir
        self.proc = subprocess.Popen(
            [binary, "--addr", addr, "--strength", "quick", "--db", str(Path(workdir) / "carte.db")],
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.proc.stdout.readline()
        match = re.search(r"http://(\S+)", line)
        assert match, f"the server did not start: {line!r}"
        self.base = f"http://{match.group(1)}"

    def table(self, spec, seats):
        body = json.dumps({"spec": spec, "seats": seats}).encode()
        req = urllib.request.Request(f"{self.base}/api/tables", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as res:
            return json.load(res)

    def restart(self):
        """SIGKILL, then a new server on the same address and database."""
        self.stop()
        addr = self.base.removeprefix("http://")
        for _ in range(50):
            try:
                self.__init__(self.binary, self.workdir, addr)
                return
            except AssertionError:
                time.sleep(0.1)
        raise AssertionError("the server did not restart")

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def browser(p, profile):
    """A Chromium of its own profile (a fresh --user-data-dir)."""
    ctx = p.chromium.launch_persistent_context(
        user_data_dir=profile,
        executable_path=CHROMIUM,
        headless=True,
        args=FLAGS,
        viewport={"width": 1280, "height": 900},
    )
    ctx.set_default_timeout(WAIT)
    return ctx


def shoot(page, path):
    """A screenshot of the whole page (JPEG: a fifth of the PNG's bytes)."""
    page.screenshot(path=str(path), full_page=True, type="jpeg", quality=82)


def log_len(page):
    return page.evaluate("document.querySelectorAll('#log div').length")


def wait_after(page, before):
    """Waits until a move more is in the log, or the game is over."""
    page.wait_for_function(
        "n => document.querySelectorAll('#log div').length > n || document.getElementById('outcome')",
        arg=before,
    )


def my_turn_or_over(page):
    page.wait_for_function(
        "document.getElementById('outcome') || document.querySelector('#moves button.move')"
    )
    return page.query_selector("#outcome") is None


def gonzago_against_a_bot(p, server, shots, profile):
    ctx = browser(p, profile)
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.click(".game-card[data-spec='gonzago']")
    assert page.input_value("#spec") == "gonzago"
    assert page.input_value("select[data-seat='0']") == "person"
    page.select_option("select[data-seat='1']", "bot")
    page.click("#create")
    page.click("a.open-seat[data-seat='0']")
    page.wait_for_selector("#board #hand")
    assert page.query_selector("a#rules").get_attribute("href") == "/rules/gonzago"
    clicks = 0
    shot = False
    while my_turn_or_over(page):
        before = log_len(page)
        card = page.query_selector("#hand .card.playable")
        if card:
            card.click()
        else:
            page.click("#moves button.move")
        clicks += 1
        wait_after(page, before)
        if clicks == 4 and not shot:
            page.wait_for_timeout(300)
            shoot(page, shots / "gonzago.jpg")
            shot = True
        assert clicks < 400, "the hand ends"
    outcome = page.inner_text("#outcome")
    assert re.search(r"(A|B) closes and wins the hand|drawn hand", outcome), outcome
    # The last move is highlighted in the log.
    assert page.query_selector("#log .last") is not None
    print(f"gonzago: {clicks} clicks, outcome: {outcome}")
    ctx.close()
    return outcome


def zama_known(page):
    """(back colour, card text, square) of every face-up cell of the page."""
    return page.evaluate(
        """[...document.querySelectorAll('.zcell.face')].map(c => [
            [...c.classList].find(k => k.startsWith('b-')), c.firstChild.textContent, c.dataset.sq])"""
    )


def same_moment(pages):
    """Every page's face-up cells, HTML and legend at one and the same move.

    The bots keep playing while the pages are read, so a read is kept only
    when every page shows the same number of logged moves before and after
    it (bounded retries); comparing pages a move apart would compare a card
    with the one that moved onto its cell.
    """
    for _ in range(200):
        for page in pages:
            page.wait_for_timeout(50)
        before = [log_len(pg) for pg in pages]
        known = [zama_known(pg) for pg in pages]
        html = [pg.content() for pg in pages]
        legend = [pg.inner_text(".legend") for pg in pages]
        after = [log_len(pg) for pg in pages]
        if len(set(before + after)) == 1:
            return known, html, legend
    raise AssertionError(f"the pages never showed the same move: {before} {after}")


def zama_two_browser_seats(p, server, shots, tmp):
    made = server.table("zama(players=4)", ["person", "person", "bot", "bot"])
    links = [s["link"] for s in made["seats"] if s["kind"] == "person"]
    ctxs = [browser(p, str(Path(tmp) / f"zama-{i}")) for i in range(2)]
    pages = [c.new_page() for c in ctxs]
    for page, link in zip(pages, links):
        page.goto(server.base + link)
        page.wait_for_selector("#board .zama")
    checked = 0
    for step in range(300):
        over = any(pg.query_selector("#outcome") for pg in pages)
        if over or (checked > 0 and step >= 20):
            break
        # Whichever browser seat is to move clicks a peek (so seats learn
        # cards the other does not), else its first move.
        moved = False
        for page in pages:
            if page.query_selector("#moves button.move"):
                before = log_len(page)
                # Only a peek shows a card to one seat alone (Z22): the last
                # one listed, far from the cells the first attacks revealed.
                peeks = page.query_selector_all("#moves button.move[data-move^='peek']")
                (peeks[-1] if peeks else page.query_selector("#moves button.move")).click()
                wait_after(page, before)
                moved = True
                break
        if not moved:
            # The bots think: wait (bounded) for a browser seat's turn.
            deadline = time.time() + WAIT / 1000
            while time.time() < deadline and not any(
                pg.query_selector("#moves button.move, #outcome") for pg in pages
            ):
                time.sleep(0.05)
        known, html, legends = same_moment(pages)
        for me in range(2):
            other = 1 - me
            mine = {(c, t) for c, t, _ in known[me]}
            # Removed cards are public: the legend shows them to all.
            legend = legends[me].replace(":", " ").split()
            mine_text = {t for _, t, _ in known[me]} | set(legend)
            for colour, text, sq in known[other]:
                if (colour, text) in mine:
                    continue
                checked += 1
                # The cell is face down on my page, and unless I know a
                # card of the same face elsewhere, the face is nowhere in
                # my page at all.
                assert sq not in {s for _, _, s in known[me]}, f"{sq} face up on both pages with different cards"
                if text not in mine_text:
                    assert text not in html[me], f"seat {me}'s page holds {text}, known only to seat {other}"
        if step == 12:
            shoot(pages[0], shots / "zama4.jpg")
    assert checked > 0, "some card was known to one browser seat only"
    print(f"zama: {checked} hidden cards checked on both pages")
    for c in ctxs:
        c.close()


def screenshot_table(p, server, shots, profile, spec, seats, name, clicks):
    made = server.table(spec, seats)
    ctx = browser(p, profile)
    page = ctx.new_page()
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("#board")
    for _ in range(clicks):
        if not my_turn_or_over(page):
            break
        before = log_len(page)
        page.click("#moves button.move")
        wait_after(page, before)
    page.wait_for_timeout(300)
    shoot(page, shots / f"{name}.jpg")
    ctx.close()


def page_reconnects_after_a_crash(p, server, profile):
    """The server is killed mid-game and restarted: the page comes back by
    itself, with every acknowledged move, and the game goes on."""
    made = server.table("camicia", ["person", "person"])
    ctx = browser(p, profile)
    page = ctx.new_page()
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("#board")
    # Seat B's moves come from a second page of the other link.
    other = ctx.new_page()
    other.goto(server.base + made["seats"][1]["link"])
    other.wait_for_selector("#board")
    for _ in range(4):
        for pg in (page, other):
            if pg.query_selector("#moves button.move"):
                before = log_len(pg)
                pg.click("#moves button.move")
                wait_after(pg, before)
                page.wait_for_function("n => document.querySelectorAll('#log div').length > n", arg=before)
    before = log_len(page)
    server.restart()
    page.wait_for_function(
        "document.getElementById('conn').dataset.drops === '1' && document.getElementById('conn').textContent === 'connected'"
    )
    assert log_len(page) == before, "every acknowledged move is back"
    for _ in range(2):
        for pg in (page, other):
            pg.wait_for_function("document.getElementById('conn').textContent === 'connected'")
            if pg.query_selector("#moves button.move"):
                n = log_len(pg)
                pg.click("#moves button.move")
                wait_after(pg, n)
    assert log_len(page) > before, "the game goes on after the restart"
    print(f"reconnect: {before} moves kept, play went on to {log_len(page)}")
    ctx.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="target/debug/carte-server")
    ap.add_argument("--screenshots", default="target/browser-screenshots")
    args = ap.parse_args()
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(args.server, tmp)
        try:
            with sync_playwright() as p:
                gonzago_against_a_bot(p, server, shots, str(Path(tmp) / "gonzago"))
                page_reconnects_after_a_crash(p, server, str(Path(tmp) / "reconnect"))
                zama_two_browser_seats(p, server, shots, tmp)
                screenshot_table(p, server, shots, str(Path(tmp) / "zama2"), "zama", ["person", "bot"], "zama", 4)
                screenshot_table(p, server, shots, str(Path(tmp) / "zucche"), "zucche", ["person", "bot", "bot", "bot"], "zucche", 3)
                screenshot_table(p, server, shots, str(Path(tmp) / "camicia"), "camicia", ["person", "bot"], "camicia", 6)
        finally:
            server.stop()
    print(f"browser tests passed; screenshots in {shots}")


if __name__ == "__main__":
    sys.exit(main())
