"""The web page's WebAssembly module against the native command on the same puzzles (bench/README.md, "The
web page"). usage: web.py SITE_DIR SUDOKU_BINARY PUZZLES [RUNS [FORMAT [warm]]]

Each run solves every puzzle of PUZZLES once in headless Chromium (the page's Web Worker, one call per file,
as the page's Solve does) and once with `sudoku solve --threads 1`, alternating; prints the median times and the minima.
FORMAT is both sides' --format (the page's actions read `json`; default: the command's own, `same`). Each
run starts a new worker (a page's first action: its module compiled again, run at first by the browser's quick
tier), unless `warm`: then one worker answers every run after an untimed run of the whole file (the page's
later actions).
"""
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

site, binary, puzzles = sys.argv[1:4]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
form = sys.argv[5] if len(sys.argv) > 5 else "same"
warm = len(sys.argv) > 6 and sys.argv[6] == "warm"
text = open(puzzles).read()



class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


handler = functools.partial(Quiet, directory=site)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
profile = tempfile.TemporaryDirectory()
for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile.name}"):
    options.add_argument(flag)
driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
driver.set_script_timeout(600)
driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
SCRIPT = """
const [text, format, warm, done] = arguments;
const w = warm ? (self.kept = self.kept || new Worker('worker.js')) : new Worker('worker.js');
w.onmessage = (e) => {
  if (!warm) w.terminate();
  done([e.data.ms, e.data.out]);
};
w.postMessage({id: 1, program: 'sudoku', action: 'solve', text, options: {format}});
"""
# The first call loads and compiles the module; it is not timed.
driver.execute_async_script(SCRIPT, text if warm else text[: text.index("\n") + 1], form, warm)
web, native = [], []
for _ in range(runs):
    ms, out = driver.execute_async_script(SCRIPT, text, form, warm)
    web.append(ms / 1000)
    # The command's own time from its first puzzle read to its last result written (--stats: "s in all"),
    # without the process's start, as the browser's time is the worker's call alone.
    r = subprocess.run([binary, "solve", "--threads", "1", "--stats", "--format", form], input=text.encode(),
                       capture_output=True, check=True)
    expected = r.stdout.decode()
    native.append(float(r.stderr.decode().rsplit(" s in all", 1)[0].rsplit(" ", 1)[1]))
    assert out == expected, "the page and the command disagree"
driver.quit()
server.shutdown()
w, n = statistics.median(web), statistics.median(native)
# The minima too: on a loaded machine they are the runs least disturbed, on either side.
print(f"{puzzles}: {text.count(chr(10))} puzzles, browser{' (warm)' if warm else ''} {w:.3f} s, native {n:.3f} s, "
      f"ratio {w / n:.2f}; minima {min(web):.3f} / {min(native):.3f} s, ratio {min(web) / min(native):.2f}")
