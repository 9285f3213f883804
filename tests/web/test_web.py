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

from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
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

    def result(self):
        """Waits for data-state="done" and returns the result's text."""
        element = self.driver.find_element(By.ID, "result")
        WebDriverWait(self.driver, TIMEOUT).until(lambda d: element.get_attribute("data-state") == "done")
        return element.get_attribute("textContent")

    def click(self, selector):
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def test_link_sudoku_actions_match_the_command(self):
        for action in ("solve", "count", "check", "rate", "hint", "steps"):
            for puzzle in PUZZLES:
                with self.subTest(action=action, puzzle=puzzle):
                    self.open(puzzle=puzzle, action=action)
                    self.assertEqual(self.result(), expected("sudoku", [action, "--threads", "1"], puzzle + "\n"))

    def test_link_dlx_actions_match_the_command(self):
        for action, args in (("count", ["--count"]), ("solve", [])):
            for problem in PROBLEMS:
                with self.subTest(action=action, problem=problem):
                    self.open(dlx=problem, action=action)
                    self.assertEqual(self.result(), expected("dlx", args, problem))

    def test_judge_puzzle_solved_on_the_board(self):
        self.open(puzzle=JUDGE)
        self.click('button[data-action="solve"]')
        out = self.result()
        self.assertEqual(out, expected("sudoku", ["solve"], JUDGE + "\n"))
        cells = [c.get_attribute("value") for c in self.driver.find_elements(By.CSS_SELECTOR, "#board .cell")]
        self.assertEqual("".join(cells), out.strip())

    def test_count_with_limit(self):
        self.open(puzzle="." * 81)
        limit = self.driver.find_element(By.ID, "limit")
        limit.clear()
        limit.send_keys("1000")
        self.click('button[data-action="count"]')
        self.assertEqual(self.result(), "1000+\n")
        # Long enough (past 50 ms) that the pipeline would start its flusher thread: without threads it
        # carries on without one.
        limit.clear()
        limit.send_keys("100000")
        self.click('button[data-action="count"]')
        self.assertEqual(self.result(), "100000+\n")

    def test_pencilmarks_typed_on_the_board(self):
        self.open()
        size = self.driver.find_element(By.ID, "size")
        size.find_element(By.CSS_SELECTOR, 'option[value="2x2"]').click()
        cells = self.driver.find_elements(By.CSS_SELECTOR, "#board .cell")
        self.assertEqual(len(cells), 16)
        typed = {0: "1", 1: "24", 2: "3", 5: "14", 10: "41", 15: "1"}
        for index, digits in typed.items():
            cells[index].send_keys(digits)
        self.assertEqual(cells[10].get_attribute("value"), "14")  # kept in order
        marks = "".join("".join(d if i not in typed or d in typed[i] else "."
                                for d in "1234") for i in range(16))
        for action in ("solve", "candidates", "count"):
            with self.subTest(action=action):
                self.click(f'button[data-action="{action}"]')
                self.assertEqual(self.result(), expected("sudoku", [action, "--box", "2x2"], marks + "\n"))

    def test_hint_highlights_its_cells(self):
        self.open(puzzle=JUDGE)
        self.click('button[data-action="hint"]')
        hint = self.result()
        self.assertEqual(hint, expected("sudoku", ["hint"], JUDGE + "\n"))
        lit = [int(c.get_attribute("data-index"))
               for c in self.driver.find_elements(By.CSS_SELECTOR, "#board .cell.highlight")]
        named = sorted({(int(r) - 1) * 9 + int(c) - 1 for r, c in re.findall(r"r(\d+)c(\d+)", hint)})
        self.assertTrue(named)
        self.assertEqual(sorted(lit), named)
        if SHOTS:
            self.driver.execute_script("window.scrollTo(0, 0)")
            self.driver.save_screenshot(os.path.join(SHOTS, "web-hint.png"))

    def test_bad_puzzle_shows_the_commands_error(self):
        self.open()
        self.driver.find_element(By.ID, "puzzle").send_keys("12" + "." * 10)
        self.click('button[data-action="solve"]')
        out = self.result()
        self.assertEqual(out, expected("sudoku", ["solve"], "12" + "." * 10 + "\n"))
        self.assertTrue(out.startswith("error:"), out)
        self.assertIn("<stdin>:1:", self.driver.find_element(By.ID, "messages").get_attribute("textContent"))

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
        self.click('button[data-action="check"]')
        self.assertEqual(self.result(), "unique\n")

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
        self.click('button[data-action="generate"]')
        line = self.result().split()[0]
        self.assertEqual(native("sudoku", ["check"], line + "\n")[0], "unique\n")
        self.assertEqual(expected("sudoku", ["generate", "--seed", "1", "--symmetry", "rotate180"], ""),
                         self.driver.find_element(By.ID, "result").get_attribute("textContent"))
        cells = "".join(c.get_attribute("value") or "." for c in
                        self.driver.find_elements(By.CSS_SELECTOR, "#board .cell"))
        self.assertEqual(cells, line)
        # The next click makes the next seed's puzzle.
        self.click('button[data-action="generate"]')
        self.assertEqual(self.result(),
                         expected("sudoku", ["generate", "--seed", "2", "--symmetry", "rotate180"], ""))

    def test_generate_takes_the_commands_options(self):
        # The page's generate reads its options through the command's option layer: the same puzzles for the
        # same options and seed, the same refusals.
        self.open()
        self.driver.find_element(By.ID, "rating").send_keys("2.0-3.0")
        self.driver.find_element(By.ID, "attempts").send_keys("400")
        self.click('button[data-action="generate"]')
        self.assertEqual(self.result(), expected("sudoku", ["generate", "--seed", "1", "--symmetry", "rotate180",
                                                            "--rating", "2.0-3.0", "--attempts", "400"], ""))
        self.driver.find_element(By.ID, "rating").clear()
        self.driver.find_element(By.ID, "attempts").clear()
        self.driver.find_element(By.ID, "clues").send_keys("82")
        self.click('button[data-action="generate"]')
        self.assertEqual(self.result(), "sudoku: clues=82: expected a whole number from 1 to 81\n")
        self.driver.find_element(By.ID, "clues").clear()
        self.driver.find_element(By.ID, "rating").send_keys("3-4")
        self.click("#killer")
        self.assertEqual(self.driver.find_element(By.ID, "symmetry").get_attribute("value"), "none")
        seed = self.driver.find_element(By.ID, "seed").get_attribute("value")
        # Killers are graded as the command grades them (their cage steps are techniques of the one engine).
        self.click('button[data-action="generate"]')
        self.assertEqual(self.result(), expected("sudoku", ["generate", "--seed", seed, "--variant", "killer",
                                                            "--rating", "3-4"], ""))
        self.driver.find_element(By.ID, "rating").clear()
        self.click('button[data-action="generate"]')
        self.assertEqual(self.result(), expected("sudoku", ["generate", "--seed", seed, "--variant", "killer"], ""))

    def test_jigsaw_regions_drawn(self):
        regions = "".join(str(r // 3 * 3 + c // 3 + 1) for r in range(9) for c in range(9))
        regions = regions[:8] + "4" + regions[9:27] + "1" + regions[28:]  # two cells swapped between regions
        self.open()
        self.driver.find_element(By.ID, "regions").send_keys(regions)
        cell = self.driver.find_elements(By.CSS_SELECTOR, "#board .cell")[8]
        self.assertEqual(cell.value_of_css_property("border-top-width"), "3px")
        self.assertEqual(cell.value_of_css_property("border-left-width"), "3px")

    def test_killer_cages_drawn_and_solved(self):
        killer = "killer AABCAABCDDEEFFGG A=10 B=4 C=6 D=3 E=7 F=7 G=3"
        self.open(puzzle=killer, action="solve")
        self.assertEqual(self.result(), expected("sudoku", ["solve"], killer + "\n"))
        cells = self.driver.find_elements(By.CSS_SELECTOR, "#board .cell")
        self.assertEqual(len(cells), 16)
        self.assertEqual([c.get_attribute("placeholder") for c in cells],
                         ["10", "", "4", "6", "", "", "", "", "3", "", "7", "", "7", "", "3", ""])
        tops = [i for i, c in enumerate(cells) if "cage-top" in c.get_attribute("class")]
        self.assertEqual(tops, [0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15])

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
            "return [document.querySelectorAll('img, svg, iframe, object, embed, b, i').length,"
            " document.scripts.length, window.injected === undefined]")
        self.assertEqual(counts, [0, 2, True])

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
                self.assertEqual(self.result(), expected("sudoku", ["check"], document + "\n"))
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

    def test_huge_and_deeply_nested_values_end_in_an_error_line(self):
        huge = "1" * (1 << 20)
        deep = '{"size":4,"title":' + "[" * 100000 + "]" * 100000 + "}"
        # Within the 64 KiB a line may have: the JSON reader itself meets the nesting.
        nested = '{"size":4,"title":' + "[" * 30000 + "]" * 30000 + "}"
        inputs = [huge, deep, nested]
        try:
            import lzstring  # python3-lzstring: an f-puzzles link's compressed form
            inputs.append(lzstring.LZString().compressToBase64(nested))
        except ImportError:
            pass
        for puzzle in inputs:
            with self.subTest(length=len(puzzle), start=puzzle[:20]):
                # Past what the test's server takes in a request line (64 KiB): the page is loaded, then given
                # the parameters as its address, and reads them as it reads a link's.
                self.open()
                self.driver.execute_script("history.replaceState(null, '', '?' + arguments[0]); fromLink();",
                                           urllib.parse.urlencode({"puzzle": puzzle, "action": "check"}))
                out = self.result()
                self.assertEqual(out, expected("sudoku", ["check"], puzzle + "\n"))
                self.assertEqual(self.driver.find_element(By.ID, "result").get_attribute("data-status"), "2")
                self.assert_no_injection()

    def test_screenshot_board(self):
        if not SHOTS:
            self.skipTest("no --screenshots")
        self.open(puzzle=JUDGE)
        self.driver.save_screenshot(os.path.join(SHOTS, "web-board.png"))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
