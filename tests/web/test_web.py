"""The web page in headless Chromium (Selenium), against a local server of the built site.

usage: test_web.py SITE_DIR BIN_DIR [--screenshots DIR]
SITE_DIR is what scripts/build-web.sh built; BIN_DIR holds the native `sudoku` and `dlx` commands, whose output
the page's link parameters must reproduce exactly.
"""
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse

import lzstring  # python3-lzstring: f-puzzles links' compressed form

from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

SITE, BIN = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
TIMEOUT = 120  # generous: a loaded 2-core machine

JUDGE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PUZZLES = [
    JUDGE,
    HARD,
    "1.3.3..2.1.34..1",  # 4x4
    "1....6....59.....82....8....45........3........6..3.54...325..6..................",  # many solutions
    "..3......8...5.....1...2...4.....7...25..........3.........2.8..6...1...........1",
    "5 3 0 0 7 0 0 0 0 6 0 0 1 9 5 0 0 0 0 9 8 0 0 0 0 6 0",  # unreadable
    "11" + "." * 79,  # clashing givens
]
PROBLEMS = [
    "| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
    "a b c | x\na x:red\nb x:red\nc\nb c\n",
    "a b\na\nb\na b\n",
    "a b\na\nz\n",  # an unknown item
    "a b\na\n",  # no solution
]


def native(program, args, text):
    r = subprocess.run([os.path.join(BIN, program), *args], input=text.encode(), capture_output=True,
                       timeout=TIMEOUT, check=False)
    return r.stdout.decode(), r.stderr.decode()


def expected(program, args, text):
    """What the page shows for this: standard output, or the messages when there is none."""
    out, err = native(program, args, text)
    return out if out else err


def record(action, text, *args):
    """The command's JSON record for the first puzzle of text (what the page reads)."""
    out, _ = native("sudoku", [action, "--format", "json", "--threads", "1", *args], text + "\n")
    return json.loads(out.splitlines()[0])


def status_line(action, r):
    """The page's status line (#result) for the command's record r."""
    if r["status"] == "error":
        return f"error: {r['error']}\n"
    line = r["status"]
    if action == "count":
        plural = "" if r["count"] == 1 and r["complete"] else "s"
        line = f"{r['count']}{'' if r['complete'] else '+'} solution{plural}"
    elif action == "rate" and r["er"] is not None:
        line = f"ER {r['er']:.1f} / EP {r['ep']:.1f} / ED {r['ed']:.1f}, hardest: {r['technique']} ({r['tier']})"
    elif action == "rate":
        parts = [r["status"], r["rating"], r["tier"] and f"tier {r['tier']}",
                 r["technique"] and f"hardest: {r['technique']}"]
        line = ", ".join(dict.fromkeys(p for p in parts if p))
    elif action == "hint" and r.get("hint"):
        line = r["hint"]
    if r.get("error"):
        line += f": {r['error']}"
    return line + "\n"


def fpuzzles_link(doc):
    return "https://www.f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(doc))


# A thermometer-and-dots puzzle (9 givens, unique): four thermometers, eight white and six black dots.
THERMO_DOTS = {
    "size": 9, "title": "Thermometers and dots", "author": "dlx tests",
    "grid": [[{} for _ in range(9)] for _ in range(9)],
    "thermometer": [{"lines": [["R4C6", "R5C6", "R5C5", "R6C4"]]}, {"lines": [["R1C4", "R1C5", "R1C6", "R1C7"]]},
                    {"lines": [["R6C3", "R5C3", "R5C4", "R4C3"]]}, {"lines": [["R1C2", "R1C1", "R2C1", "R3C2"]]}],
    "difference": [{"cells": c} for c in (["R2C3", "R2C4"], ["R1C5", "R1C6"], ["R6C8", "R6C9"], ["R3C7", "R3C8"],
                                          ["R6C5", "R7C5"], ["R4C5", "R5C5"], ["R3C6", "R4C6"], ["R3C4", "R3C5"])],
    "ratio": [{"cells": c} for c in (["R6C6", "R6C7"], ["R4C1", "R5C1"], ["R8C4", "R9C4"], ["R4C7", "R4C8"],
                                     ["R5C1", "R5C2"], ["R2C8", "R2C9"])],
}
for (r, c), v in {(2, 2): 7, (2, 8): 4, (5, 8): 9, (7, 1): 9, (8, 1): 2, (8, 3): 7, (8, 6): 9, (8, 7): 6,
                  (9, 3): 5}.items():
    THERMO_DOTS["grid"][r - 1][c - 1] = {"value": v, "given": True}
# A board whose first hint eliminates (a pointing pair), not places.
POINTING = "4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......"
# The judge puzzle less five givens: a few solutions, so true candidates are more than the solution.
FEW = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8...."


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class WebTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        handler = functools.partial(Quiet, directory=SITE)
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.base = f"http://127.0.0.1:{cls.server.server_address[1]}/index.html"
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        cls.profile = tempfile.TemporaryDirectory()
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--window-size=1280,1100", f"--user-data-dir={cls.profile.name}"):
            options.add_argument(flag)
        service = ChromeService(executable_path="/usr/bin/chromedriver")
        cls.driver = webdriver.Chrome(options=options, service=service)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.shutdown()
        cls.server.server_close()
        cls.profile.cleanup()

    def open(self, **params):
        self.driver.get(self.base + ("?" + urllib.parse.urlencode(params) if params else ""))
        if "puzzle" in params:
            self.result()  # the puzzle is on the board (and the link's action done)

    def result(self):
        """Waits for data-state="done" and returns the result's text."""
        element = self.driver.find_element(By.ID, "result")
        WebDriverWait(self.driver, TIMEOUT).until(lambda d: element.get_attribute("data-state") == "done")
        return element.get_attribute("textContent")

    def click(self, selector):
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def act(self, action):
        self.click(f'button[data-action="{action}"]')
        return self.result()

    def cells(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#board [data-cell]")

    def board(self):
        """The board's digits as a line: each cell's text, '.' when empty."""
        return "".join(self.driver.execute_script(
            "return [...document.querySelectorAll('#board [data-cell]')].map((c) => c.textContent || '.')"))

    def marks(self, selector=".cand"):
        """{cell name: set of digits} of the marks shown."""
        found = {}
        for name, digit in self.driver.execute_script(
                "return [...document.querySelectorAll('#board ' + arguments[0])]"
                ".filter((m) => getComputedStyle(m).display !== 'none')"
                ".map((m) => [m.closest('[data-cell]').dataset.cell, Number(m.dataset.digit)])", selector):
            found.setdefault(name, set()).add(digit)
        return found

    def rules(self, name):
        return len(self.driver.find_elements(By.CSS_SELECTOR, f'#board [data-rule="{name}"]'))

    def type_into(self, cell, keys):
        element = self.driver.find_element(By.CSS_SELECTOR, f'[data-cell="{cell}"]')
        element.click()
        element.send_keys(keys)

    def test_link_sudoku_actions_match_the_command(self):
        # The page writes each action's answer onto the board and its status line from the command's JSON
        # record (--format json): the same answers as the command's.
        for action in ("solve", "count", "check", "rate", "hint", "steps"):
            for puzzle in PUZZLES:
                with self.subTest(action=action, puzzle=puzzle):
                    self.open(puzzle=puzzle, action=action)
                    out = self.result()
                    r = record(action, puzzle)
                    if action == "steps" and r["status"] != "error":
                        self.assertTrue(out.startswith(f"{len(r['steps'])} steps ({r['status']})"), out)
                    else:
                        self.assertEqual(out, status_line(action, r))
                    if action == "solve" and r.get("solution"):
                        self.assertEqual(self.board(), r["solution"])

    def test_link_dlx_actions_match_the_command(self):
        for action, args in (("count", ["--count"]), ("solve", [])):
            for problem in PROBLEMS:
                with self.subTest(action=action, problem=problem):
                    self.open(dlx=problem, action=action)
                    self.assertEqual(self.result(), re.sub(r"(?m)^<stdin>:\d+: ", "", expected("dlx", args, problem)))

    def test_judge_puzzle_solved_on_the_board(self):
        self.open(puzzle=JUDGE)
        self.assertEqual(self.board(), JUDGE.replace("0", "."))
        self.assertEqual(self.act("solve"), "solved\n")
        self.assertEqual(self.board(), record("solve", JUDGE)["solution"])
        # Givens stay givens, the solution's digits are marked as solved.
        self.assertIn("given", self.cells()[0].get_attribute("class"))
        self.assertIn("solved", self.cells()[2].get_attribute("class"))

    def test_count_with_limit(self):
        self.open(puzzle="." * 81)
        limit = self.driver.find_element(By.ID, "limit")
        limit.clear()
        limit.send_keys("1000")
        self.assertEqual(self.act("count"), "1000+ solutions\n")
        # Long enough (past 50 ms) that the pipeline would start its flusher thread: without threads it
        # carries on without one.
        limit.clear()
        limit.send_keys("100000")
        self.assertEqual(self.act("count"), "100000+ solutions\n")

    def test_pencilmarks_typed_on_the_board(self):
        self.open()
        size = self.driver.find_element(By.ID, "size")
        size.find_element(By.CSS_SELECTOR, 'option[value="2x2"]').click()
        self.assertEqual(len(self.cells()), 16)
        typed = {"r1c1": "1", "r1c3": "3", "r4c4": "1"}
        for cell, digit in typed.items():
            self.type_into(cell, digit)
        # Space switches pencil mode; Shift with a digit marks too.
        self.type_into("r1c2", " 24 ")
        self.type_into("r2c2", Keys.SHIFT + "14")
        self.type_into("r3c3", " 41 ")
        self.assertEqual(self.marks(".cand.user"), {"r1c2": {2, 4}, "r2c2": {1, 4}, "r3c3": {1, 4}})
        own = {"r1c1": "1", "r1c2": "24", "r1c3": "3", "r2c2": "14", "r3c3": "14", "r4c4": "1"}
        line = "".join("".join(d if f"r{i // 4 + 1}c{i % 4 + 1}" not in own or d in own[f"r{i // 4 + 1}c{i % 4 + 1}"]
                               else "." for d in "1234") for i in range(16))
        for action in ("count", "candidates", "solve"):
            with self.subTest(action=action):
                out = self.act(action)
                r = record(action, line, "--box", "2x2")
                if action == "count":
                    self.assertEqual(out, status_line(action, r))
                elif action == "candidates":
                    shown = self.marks(".cand.auto")
                    for i in range(16):
                        name = f"r{i // 4 + 1}c{i % 4 + 1}"
                        if name not in typed:
                            want = {d + 1 for d in range(4) if r["candidates"][i * 4 + d] != "."}
                            self.assertEqual(shown.get(name, set()), want, name)
                else:
                    self.assertEqual(self.board(), r["solution"])

    def test_true_candidates_in_every_empty_cell(self):
        self.open(puzzle=FEW)
        self.act("candidates")
        r = record("candidates", FEW)
        shown = self.marks()
        for i, c in enumerate(FEW):
            name = f"r{i // 9 + 1}c{i % 9 + 1}"
            if c == ".":
                want = {d + 1 for d in range(9) if r["candidates"][i * 9 + d] != "."}
                self.assertEqual(shown.get(name), want, name)
            else:
                self.assertNotIn(name, shown)
        self.assertTrue(any(len(v) > 1 for v in shown.values()))
        # Or those simple eliminations leave: every digit that no cell of the cell's row, column or box holds.
        self.driver.find_element(By.CSS_SELECTOR, '#cand-kind option[value="simple"]').click()
        self.act("candidates")
        shown = self.marks()
        for i, c in enumerate(FEW):
            if c == ".":
                r, k = divmod(i, 9)
                seen = {FEW[j] for j in range(81) if j // 9 == r or j % 9 == k or
                        (j // 27 == r // 3 and j % 9 // 3 == k // 3)}
                self.assertEqual(shown.get(f"r{r + 1}c{k + 1}"), {d for d in range(1, 10) if str(d) not in seen})
        # Candidates go when the board changes.
        self.type_into("r1c3", "4")
        self.assertEqual(self.marks(".cand.auto"), {})

    def test_hint_strikes_its_eliminations_and_lights_its_cells(self):
        self.open(puzzle=POINTING)
        r = record("hint", POINTING)
        step = r["steps"][0]
        self.assertTrue(step["eliminations"])
        self.assertEqual(self.act("hint"), r["hint"] + "\n")
        struck = self.marks(".cand.eliminated")
        want = {}
        for row, col, d in step["eliminations"]:
            want.setdefault(f"r{row}c{col}", set()).add(d)
        self.assertEqual(struck, want)
        lit = {c.get_attribute("data-cell") for c in
               self.driver.find_elements(By.CSS_SELECTOR, "#board .cell.highlight")}
        # The pattern the command gives (the box's cells that keep the digit), not what the text would suggest.
        self.assertEqual(step["pattern"], [[5, 6], [6, 6]])
        self.assertEqual(lit, {f"r{r}c{c}" for r, c in step["pattern"]})
        if SHOTS:
            self.driver.execute_script("window.scrollTo(0, 0)")
            self.driver.save_screenshot(os.path.join(SHOTS, "web-hint.png"))

    def test_steps_play_forward_and_back(self):
        self.open(puzzle=POINTING)
        r = record("steps", POINTING)
        out = self.act("steps")
        self.assertTrue(out.startswith(f"{len(r['steps'])} steps"), out)
        self.assertEqual(self.board(), POINTING)
        line = list(POINTING)
        boards = [POINTING]
        for step in r["steps"][:6]:
            for row, col, d in step["placements"]:
                line[(row - 1) * 9 + col - 1] = str(d)
            boards.append("".join(line))
        for k in range(1, 7):
            self.click("#step-next")
            self.assertEqual(self.board(), boards[k])
            self.assertIn(r["steps"][k - 1]["text"], self.driver.find_element(By.ID, "step-text").text)
            eliminations = {(f"r{a}c{b}", d) for a, b, d in r["steps"][k - 1]["eliminations"]}
            struck = {(c, d) for c, ds in self.marks(".cand.eliminated").items() for d in ds}
            self.assertEqual(struck, eliminations)
            lit = {c.get_attribute("data-cell") for c in
                   self.driver.find_elements(By.CSS_SELECTOR, "#board .cell.highlight")}
            step = r["steps"][k - 1]
            self.assertEqual(lit, {f"r{a}c{b}" for a, b in step["pattern"]} |
                             {f"r{a}c{b}" for a, b, _ in step["placements"]})
        for k in range(5, -1, -1):
            self.click("#step-back")
            self.assertEqual(self.board(), boards[k])

    def test_rate_shows_the_ratings_and_hardest_technique(self):
        self.open(puzzle=HARD)
        r = record("rate", HARD)
        out = self.act("rate")
        self.assertEqual(out, status_line("rate", r))
        self.assertIn(f"ER {r['er']:.1f} / EP {r['ep']:.1f} / ED {r['ed']:.1f}", out)

    def test_minimize_writes_the_board(self):
        self.open(puzzle=JUDGE)
        r = record("minimize", JUDGE)
        self.assertEqual(self.act("minimize"), f"minimized: {r['clues']} clues\n")
        self.assertEqual(self.board(), r["minimized"])
        # The next action reads the board, not the text box (which still holds the link's puzzle).
        self.assertEqual(self.act("check"), record("check", r["minimized"])["status"] + "\n")

    def test_text_typed_is_imported_before_an_action(self):
        # No paste event: the action takes the text box's new text onto the board first.
        self.open()
        self.driver.find_element(By.ID, "puzzle").send_keys(JUDGE)
        self.assertEqual(self.act("solve"), "solved\n")
        self.assertEqual(self.board(), record("solve", JUDGE)["solution"])
        self.assertIn("given", self.cells()[0].get_attribute("class"))
        # Then the board again, not the text.
        self.type_into("r1c3", Keys.DELETE)
        self.assertEqual(self.act("count"), "1 solution\n")

    def test_bad_puzzle_shows_the_commands_error(self):
        self.open()
        self.driver.find_element(By.ID, "puzzle").send_keys("12" + "." * 10)
        self.click("#load")
        out = self.result()
        self.assertEqual(out, "error: " + record("solve", "12" + "." * 10)["error"] + "\n")
        self.assertNotIn("<stdin>", out + self.driver.find_element(By.ID, "messages").get_attribute("textContent"))

    def test_thermometers_and_dots_from_a_link_drawn_and_solved(self):
        link = fpuzzles_link(THERMO_DOTS)
        self.open(puzzle=link)
        self.assertEqual(self.result(), "loaded\n")
        self.assertEqual(self.rules("thermometer"), 4)
        self.assertEqual(self.rules("difference"), 8)
        self.assertEqual(self.rules("ratio"), 6)
        self.assertIn("Thermometers and dots", self.driver.find_element(By.ID, "caption").text)
        if SHOTS:
            self.driver.save_screenshot(os.path.join(SHOTS, "web-board.png"))
        self.assertEqual(self.act("solve"), "solved\n")
        self.assertEqual(self.board(), record("solve", link)["solution"])
        # Pasted, as text, the same.
        self.open()
        box = self.driver.find_element(By.ID, "puzzle")
        self.driver.execute_script("arguments[0].value = arguments[1]", box, link)
        self.click("#load")
        self.result()
        self.assertEqual(self.rules("thermometer"), 4)
        self.assertEqual(self.act("check"), "unique\n")
        # As a SudokuPad link: read by the module's SudokuPad reader, drawn the same.
        packed = link.split("?load=", 1)[1]
        self.open(puzzle="https://sudokupad.app/fpuzzles" + urllib.parse.quote(packed, safe=""))
        self.assertEqual([self.rules(k) for k in ("thermometer", "difference", "ratio")], [4, 8, 6])
        self.assertEqual(self.act("solve"), "solved\n")
        self.assertEqual(self.board(), record("solve", link)["solution"])

    def test_a_published_puzzle_solved_on_the_board(self):
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sudoku", "data",
                               "published_fpuzzles.txt"), encoding="utf-8") as f:
            rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
        for name, document, solution in rows:
            with self.subTest(name=name):
                self.open(puzzle=fpuzzles_link(json.loads(document)))
                self.assertEqual(self.act("solve"), "solved\n")
                self.assertEqual(self.board(), solution)

    def test_a_click_while_the_link_loads_waits_its_turn(self):
        # Solve clicked at once, while the link's puzzle is still being imported: queued, not lost, and the
        # status line stays "running" until it is done.
        link = fpuzzles_link(THERMO_DOTS)
        self.driver.get(self.base + "?" + urllib.parse.urlencode({"puzzle": link}))
        self.click('button[data-action="solve"]')
        self.assertEqual(self.result(), "solved\n")
        self.assertEqual(self.board(), record("solve", link)["solution"])
        self.click('button[data-action="check"]')
        self.click('button[data-action="count"]')
        self.assertEqual(self.result(), "1 solution\n")

    def test_every_rule_drawn_one_element_each_at_every_size(self):
        def doc(n):
            far = f"R{n}C{n}"
            return {
                "size": n, "grid": [[{} for _ in range(n)] for _ in range(n)],
                "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
                "slowthermometer": [{"lines": [["R2C1", "R2C2"]]}],
                "arrow": [{"cells": ["R3C1"], "lines": [["R3C1", "R3C2", "R3C3"]]},
                          {"cells": ["R4C1", "R4C2"], "lines": [["R4C2", "R3C3"]]}],
                "difference": [{"cells": ["R1C1", "R2C1"]}, {"cells": ["R1C2", "R2C2"], "value": "3"}],
                "ratio": [{"cells": ["R1C3", "R2C3"]}],
                "xv": [{"cells": ["R1C4", "R2C4"], "value": "X"}, {"cells": ["R2C4", "R3C4"], "value": "V"}],
                "killercage": [{"cells": ["R3C3", "R3C4", "R4C3"], "value": "10"}],
                "littlekillersum": [{"cell": "R0C1", "cells": ["R1C2", "R2C3"], "direction": "DR", "value": "5"}],
                "sandwichsum": [{"cell": "R1C0", "value": "7"}, {"cell": "R0C3", "value": "0"}],
                "palindrome": [{"lines": [["R4C1", "R4C2", "R4C3"]]}],
                "extraregion": [{"cells": ["R2C2", "R2C3"]}],
                "diagonal+": True, "diagonal-": True,
                "odd": [{"cell": "R1C4"}], "even": [{"cell": far}],
                "minimum": [{"cell": "R2C4"}], "maximum": [{"cell": "R3C4"}],
                "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2]}],
                "betweenline": [{"lines": [["R1C1", "R2C2", "R3C3"]]}], "renban": [{"lines": [["R1C2", "R1C3"]]}],
                "whispers": [{"lines": [["R2C1", "R3C1"]]}], "regionsumline": [{"lines": [["R1C1", far]]}],
                "entropicline": [{"lines": [["R4C4", "R3C3"]]}], "modularline": [{"lines": [["R4C1", "R4C4"]]}],
                "zipperline": [{"lines": [["R2C2", "R2C4"]]}], "doublearrow": [{"lines": [["R3C1", "R3C4"]]}],
                "clone": [{"cells": ["R1C1"], "cloneCells": [far]}],
            }
        for box in ("2x2", "2x3", "2x4", "3x3", "2x5", "3x4", "4x4", "5x5"):
            rows, cols = map(int, box.split("x"))
            n = rows * cols
            with self.subTest(size=n):
                d = doc(n)
                self.open()
                self.driver.execute_script("history.replaceState(null, '', '?' + arguments[0]); fromLink();",
                                           urllib.parse.urlencode({"puzzle": json.dumps(d)}))
                self.assertEqual(self.result(), "loaded\n")
                self.assertEqual(len(self.cells()), n * n)
                self.assertEqual(self.driver.find_element(By.ID, "size").get_attribute("value"), box)
                for name, entries in d.items():
                    if name in ("size", "grid"):
                        continue
                    self.assertEqual(self.rules(name), 1 if entries is True else len(entries), name)
                # Outside clues sit in a frame: the board's SVG spans n + 2 cells.
                self.assertEqual(self.driver.execute_script(
                    "return document.querySelector('#board svg').getAttribute('viewBox')"), f"-1 -1 {n + 2} {n + 2}")
                if SHOTS and n == 9:
                    self.driver.save_screenshot(os.path.join(SHOTS, "web-rules.png"))

    def test_cancel_a_long_count_then_carry_on(self):
        self.open(puzzle="." * 81)
        self.click('button[data-action="count"]')
        WebDriverWait(self.driver, TIMEOUT).until(
            lambda d: d.find_element(By.ID, "cancel").is_displayed())
        time.sleep(0.5)
        self.assertEqual(self.driver.find_element(By.ID, "result").get_attribute("data-state"), "running")
        self.click("#cancel")
        self.assertEqual(self.result(), "cancelled\n")
        # A new worker answers the next action.
        self.driver.find_element(By.ID, "puzzle").clear()
        self.driver.find_element(By.ID, "puzzle").send_keys(JUDGE)
        self.click("#load")
        self.assertEqual(self.result(), "loaded\n")
        self.assertEqual(self.act("check"), "unique\n")

    def test_exact_cover_tab(self):
        self.open()
        self.click("#tab-dlx")
        self.click('button[data-dlx="solve"]')
        text = self.driver.find_element(By.ID, "knuth").get_attribute("value")
        self.assertEqual(self.result(), expected("dlx", [], text))
        if SHOTS:
            self.driver.save_screenshot(os.path.join(SHOTS, "web-exact-cover.png"))
        self.click('button[data-dlx="count"]')
        self.assertEqual(self.result(), "1\n")
        self.click("#memo")
        self.click('button[data-dlx="count"]')
        self.assertEqual(self.result(), expected("dlx", ["--count", "--memo"], text))

    def test_generate_then_check(self):
        self.open()
        out = self.act("generate")
        r = record("generate", "", "--seed", "1", "--symmetry", "rotate180")
        self.assertTrue(out.startswith("generated (seed 1)"), out)
        self.assertEqual(self.board(), r["puzzle"])
        self.assertEqual(native("sudoku", ["check"], r["puzzle"] + "\n")[0], "unique\n")
        # The next click makes the next seed's puzzle.
        self.act("generate")
        self.assertEqual(self.board(), record("generate", "", "--seed", "2", "--symmetry", "rotate180")["puzzle"])

    def test_generate_takes_the_commands_options(self):
        # The page's generate reads its options through the command's option layer: the same puzzles for the
        # same options and seed, the same refusals.
        self.open()
        self.driver.find_element(By.ID, "rating").send_keys("2.0-3.0")
        self.driver.find_element(By.ID, "attempts").send_keys("400")
        self.act("generate")
        r = record("generate", "", "--seed", "1", "--symmetry", "rotate180", "--rating", "2.0-3.0",
                   "--attempts", "400")
        self.assertEqual(self.board(), r["puzzle"])
        self.driver.find_element(By.ID, "rating").clear()
        self.driver.find_element(By.ID, "attempts").clear()
        self.driver.find_element(By.ID, "clues").send_keys("82")
        self.assertEqual(self.act("generate"), "sudoku: clues=82: expected a whole number from 1 to 81\n")
        self.driver.find_element(By.ID, "clues").clear()
        self.driver.find_element(By.ID, "rating").send_keys("3-4")
        self.click("#killer")
        self.assertEqual(self.driver.find_element(By.ID, "symmetry").get_attribute("value"), "none")
        seed = self.driver.find_element(By.ID, "seed").get_attribute("value")
        # Killers are graded as the command grades them (their cage steps are techniques of the one engine).
        self.act("generate")
        rated = record("generate", "", "--seed", seed, "--variant", "killer", "--rating", "3-4")
        cages = [t for t in rated["puzzle"].split()[2:] if "=" in t and not t.startswith("givens=")]
        self.assertEqual(self.rules("killercage"), len(cages))
        self.assertTrue(3.0 <= float(rated["er"]) <= 4.0)
        self.assertEqual(self.act("solve"), "solved\n")
        self.assertEqual(self.board(), record("solve", rated["puzzle"])["solution"])
        self.driver.find_element(By.ID, "rating").clear()
        self.act("generate")  # the page moved its seed on after the puzzle above
        killer = record("generate", "", "--seed", str(int(seed) + 1), "--variant", "killer")
        cages = [t for t in killer["puzzle"].split()[2:] if "=" in t and not t.startswith("givens=")]
        self.assertEqual(self.rules("killercage"), len(cages))
        self.assertEqual(self.act("solve"), "solved\n")
        self.assertEqual(self.board(), record("solve", killer["puzzle"])["solution"])
        # A random jigsaw: its regions drawn and read back.
        self.click("#killer")
        self.click("#random-jigsaw")
        self.act("generate")
        self.assertTrue(self.driver.execute_script("return board.regions !== null"))
        self.assertEqual(self.act("check"), "unique\n")

    def test_jigsaw_regions_drawn(self):
        regions = "".join(str(r // 3 * 3 + c // 3 + 1) for r in range(9) for c in range(9))
        regions = regions[:8] + "4" + regions[9:27] + "3" + regions[28:]  # two cells swapped between regions
        self.open()
        lines = lambda: self.driver.find_element(By.CSS_SELECTOR, "#board .region-line").get_attribute("d")
        boxes = lines()
        self.driver.find_element(By.ID, "regions").send_keys(regions)
        self.assertNotEqual(lines(), boxes)
        self.assertIn("M8 0v1", lines())  # r1c9 is in another region than r1c8
        self.assertEqual(self.act("check"), status_line("check", record("check", "." * 81, "--regions", regions)))

    def test_killer_cages_drawn_and_solved(self):
        killer = "killer AABCAABCDDEEFFGG A=10 B=4 C=6 D=3 E=7 F=7 G=3"
        self.open(puzzle=killer, action="solve")
        self.assertEqual(self.result(), "solved\n")
        self.assertEqual(self.board(), record("solve", killer)["solution"])
        self.assertEqual(len(self.cells()), 16)
        self.assertEqual(self.rules("killercage"), 7)
        sums = self.driver.execute_script(
            "return [...document.querySelectorAll('[data-rule=killercage] text')].map((t) => t.textContent)")
        self.assertEqual(sorted(sums), sorted(["10", "4", "6", "3", "7", "7", "3"]))

    def test_keyboard_undo_redo_conflicts_and_timer(self):
        self.open(puzzle=JUDGE)
        self.type_into("r1c3", "4")
        active = self.driver.switch_to.active_element
        active.send_keys(Keys.ARROW_RIGHT + "5")  # r1c4; 5 clashes with r1c1's and r2c6's 5
        self.assertEqual(self.board()[:4], "5345")
        conflicts = {c.get_attribute("data-cell") for c in
                     self.driver.find_elements(By.CSS_SELECTOR, "#board .cell.conflict")}
        self.assertEqual(conflicts, {"r1c1", "r1c4", "r2c6"})
        self.driver.switch_to.active_element.send_keys(Keys.DELETE)
        self.assertEqual(self.board()[:4], "534.")
        self.driver.switch_to.active_element.send_keys(Keys.CONTROL + "z")
        self.assertEqual(self.board()[:4], "5345")
        self.driver.switch_to.active_element.send_keys(Keys.CONTROL + "z")
        self.assertEqual(self.board()[:4], "534.")
        self.driver.switch_to.active_element.send_keys(Keys.CONTROL + "y")
        self.assertEqual(self.board()[:4], "5345")
        self.click("#undo")
        self.click("#undo")
        self.assertEqual(self.board(), JUDGE.replace("0", "."))
        # A given does not change.
        self.type_into("r1c1", "9")
        self.assertEqual(self.board()[0], "5")
        self.assertRegex(self.driver.find_element(By.ID, "timer").text, r"^\d+:\d\d$")

    def test_a_typed_digit_survives_the_share_link(self):
        self.open(puzzle=fpuzzles_link(THERMO_DOTS))
        self.result()
        self.type_into("r1c3", "4")
        self.type_into("r9c9", " 13 ")
        self.click("#share")
        link = self.driver.find_element(By.ID, "share-link").get_attribute("value")
        before = self.board()
        self.open()
        self.driver.get(link)
        WebDriverWait(self.driver, TIMEOUT).until(lambda d: self.board() == before)
        self.assertIn("entered", self.driver.find_element(By.CSS_SELECTOR, '[data-cell="r1c3"]').get_attribute("class"))
        self.assertIn("given", self.driver.find_element(By.CSS_SELECTOR, '[data-cell="r2c2"]').get_attribute("class"))
        self.assertEqual(self.marks(".cand.user"), {"r9c9": {1, 3}})
        self.assertEqual(self.rules("thermometer"), 4)
        self.assertEqual(self.rules("ratio"), 6)
        # The links out carry the same document, compressed as f-puzzles and SudokuPad read it.
        self.click("#share")
        out = self.driver.find_element(By.ID, "fpuzzles-link").get_attribute("href")
        pad = self.driver.find_element(By.ID, "sudokupad-link").get_attribute("href")
        self.assertTrue(out.startswith("https://www.f-puzzles.com/?load=N4Ig"), out)
        packed = out.split("?load=", 1)[1]
        self.assertEqual(pad, "https://sudokupad.app/fpuzzles" + packed)
        doc = json.loads(lzstring.LZString().decompressFromBase64(packed))
        self.assertEqual(doc["thermometer"], THERMO_DOTS["thermometer"])
        self.assertEqual(doc["grid"][0][2], {"value": 4, "given": False})
        self.assertEqual(doc["grid"][8][8], {"centerPencilMarks": [1, 3]})
        self.assertEqual(native("sudoku", ["check"], out + "\n")[0], "unique\n")

    def test_lz_string_as_python3_lzstring(self):
        self.open()
        texts = ["", "a", json.dumps(THERMO_DOTS), "ü€ and ß", "ab" * 500, "".join(chr(32 + i % 90) for i in range(5000))]
        got = self.driver.execute_script("return arguments[0].map(compressToBase64)", texts)
        self.assertEqual(got, [lzstring.LZString().compressToBase64(t) for t in texts])

    def test_no_sideways_scroll_at_360_pixels(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
        try:
            for params in ({"puzzle": JUDGE}, {"puzzle": fpuzzles_link(THERMO_DOTS)}, {"puzzle": "." * 625},
                           {"dlx": PROBLEMS[0]}):
                with self.subTest(params=list(params)):
                    self.open(**params)
                    time.sleep(0.5)
                    self.assertEqual(self.driver.execute_script("return window.innerWidth"), 360)
                    width = self.driver.execute_script(
                        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                    self.assertLessEqual(width[0], width[1])
            if SHOTS:
                self.open(puzzle=fpuzzles_link(THERMO_DOTS))
                time.sleep(0.5)
                self.driver.save_screenshot(os.path.join(SHOTS, "web-phone.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def test_dark_mode(self):
        def luminance(colour):
            r, g, b = (int(x) for x in re.findall(r"\d+", colour)[:3])
            return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
        self.open(puzzle=JUDGE)
        body = lambda: self.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        paper = lambda: self.driver.execute_script(
            "return getComputedStyle(document.querySelector('#board .paper')).fill")
        self.assertGreater(luminance(body()), 0.8)
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            self.assertLess(luminance(body()), 0.2)
            self.assertLess(luminance(paper()), 0.2)
            given = self.driver.execute_script("return getComputedStyle(document.querySelector('.cell.given')).color")
            self.assertGreater(luminance(given), 0.8)
            if SHOTS:
                self.open(puzzle=fpuzzles_link(THERMO_DOTS))
                self.result()
                self.driver.save_screenshot(os.path.join(SHOTS, "web-dark.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def test_a_module_that_cannot_load_is_an_error_not_a_hang(self):
        with tempfile.TemporaryDirectory() as broken:
            for name in os.listdir(SITE):
                shutil.copy(os.path.join(SITE, name), broken)
            with open(os.path.join(broken, "dlx.wasm"), "wb") as f:
                f.write(b"\0asm broken")
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=broken))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            try:
                self.driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html?"
                                + urllib.parse.urlencode({"puzzle": JUDGE, "action": "solve"}))
                self.assertIn("the WebAssembly module failed", self.result())
                self.assertEqual(self.driver.find_element(By.ID, "result").get_attribute("data-status"), "1")
            finally:
                server.shutdown()
                server.server_close()

    def assert_no_injection(self):
        """No dialog opened, and the page holds only its own elements: nothing a value could have injected."""
        try:
            text = self.driver.switch_to.alert.text
            self.fail(f"a dialog opened: {text}")
        except NoAlertPresentException:
            pass
        counts = self.driver.execute_script(
            "return [document.querySelectorAll('img, svg, iframe, object, embed, b, i, script').length - 4,"
            " document.scripts.length, window.injected === undefined]")
        self.assertEqual(counts, [1, 4, True])  # the board's own SVG; the page's four scripts

    def test_hostile_link_values_stay_text(self):
        markup = ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>",
                  "\"><svg onload=alert(1)>", "<b>bold</b><iframe src=javascript:alert(1)>",
                  "'; window.injected = 1; '"]
        for value in markup:
            with self.subTest(value=value):
                for params in ({"puzzle": value, "action": "solve"},
                               {"puzzle": "." * 16, "variant": value, "regions": value, "action": "check"},
                               {"puzzle": JUDGE, "box": value, "action": "rate"},
                               {"dlx": value, "action": "count"}):
                    self.open(**params)
                    out = self.result()
                    self.assert_no_injection()
                    self.assertNotEqual(out, "")
                # What was typed into the page is shown as it is, as text.
                self.open(puzzle=value)
                self.assertEqual(self.driver.find_element(By.ID, "puzzle").get_attribute("value"), value)
                self.assert_no_injection()
                # An f-puzzles document whose title and rules text are markup: answered as the command does.
                document = json.dumps({"size": 4, "title": value, "author": value, "ruleset": value,
                                       "grid": [[{"value": 1}, {}, {}, {}]] + [[{}] * 4] * 3})
                self.open(puzzle=document, action="check")
                self.assertEqual(self.result(), status_line("check", record("check", document)))
                self.assertIn(value, self.driver.find_element(By.ID, "caption").get_attribute("textContent"))
                self.assert_no_injection()

    def test_a_line_break_in_a_link_parameter_is_an_error_not_an_option(self):
        # The worker once joined options as name=value lines: this counted with a limit of 1.
        self.open(puzzle="." * 16, variant="x\nlimit=1", action="count")
        self.assertEqual(self.result(),
                         "sudoku: variant: a control character (such as a line break) in its value\n")
        self.assertEqual(self.driver.find_element(By.ID, "result").get_attribute("data-status"), "2")
        self.open(dlx="a b\na\nb\n", limit="1\nmemo", action="count")
        self.assertIn("a control character", self.result())
        # A value that merely holds '=' is a value: the variant named "x=1" is refused as the command refuses it,
        # the option named as the page's link names it.
        self.open(puzzle="." * 16, variant="x,limit=1", action="count")
        self.assertEqual(self.result(), expected("sudoku", ["count", "--variant", "x,limit=1"], "." * 16 + "\n")
                         .replace("Try 'sudoku --help'.\n", "").replace("sudoku: --variant: ", "sudoku: variant: "))

    def test_a_long_text_goes_through_the_worker(self):
        # 1.6 MB: past what the module's stack holds as a call's string argument (four bytes a character).
        text = (JUDGE + "\n") * 20000
        self.open()
        self.driver.set_script_timeout(TIMEOUT)
        status, out, err = self.driver.execute_async_script("""
            const [text, done] = arguments;
            const w = new Worker('worker.js');
            w.onmessage = (e) => { w.terminate(); done([e.data.status, e.data.out, e.data.err]); };
            w.postMessage({id: 1, program: 'sudoku', action: 'count', text, options: {}});""", text)
        self.assertEqual((status, out, err), (0, *native("sudoku", ["count", "--threads", "1"], text)))

    def test_huge_and_deeply_nested_values_end_in_an_error_line(self):
        huge = "1" * (1 << 20)
        deep = '{"size":4,"title":' + "[" * 100000 + "]" * 100000 + "}"
        # Within the 64 KiB a line may have: the JSON reader itself meets the nesting.
        nested = '{"size":4,"title":' + "[" * 30000 + "]" * 30000 + "}"
        inputs = [huge, deep, nested]
        inputs.append(lzstring.LZString().compressToBase64(nested))
        for puzzle in inputs:
            with self.subTest(length=len(puzzle), start=puzzle[:20]):
                # Past what the test's server takes in a request line (64 KiB): the page is loaded, then given
                # the parameters as its address, and reads them as it reads a link's.
                self.open()
                self.driver.execute_script("history.replaceState(null, '', '?' + arguments[0]); fromLink();",
                                           urllib.parse.urlencode({"puzzle": puzzle, "action": "check"}))
                out = self.result()
                self.assertEqual(out, status_line("check", record("check", puzzle)))
                self.assertEqual(self.driver.find_element(By.ID, "result").get_attribute("data-status"), "2")
                self.assert_no_injection()


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
