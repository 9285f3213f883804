"""The web page's WebAssembly module against the native command on the same puzzles (bench/README.md, "The
web page"). usage: web.py SITE_DIR SUDOKU_BINARY PUZZLES [RUNS [FORMAT [warm | cpu]]]

Each run solves every puzzle of PUZZLES once in headless Chromium (the page's Web Worker, one call per file,
as the page's Solve does) and once with `sudoku solve --threads 1`, alternating; prints the median times and
the minima.
FORMAT is both sides' --format (the page's actions read `json`; default: the command's own, `same`). Each
run starts a new worker (a page's first action: its module compiled again, run at first by the browser's quick
tier), unless `warm`: then one worker answers every run after an untimed run of the whole file (the page's
later actions). `cpu` is `warm` timed in processor time rather than on the clock, which a loaded machine
disturbs far less: the page's Web Worker threads' (from /proc's schedstat: the call, and the messages in and
out) and the command's (its process's, less that of a run without input: its start).
"""
import functools
import glob
import http.server
import os
import resource
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
cpu = len(sys.argv) > 6 and sys.argv[6] == "cpu"
warm = cpu or (len(sys.argv) > 6 and sys.argv[6] == "warm")
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


def worker_ns():
    """The processor time of this browser's Web Worker threads, in nanoseconds."""
    total = 0
    for cmdline in glob.glob("/proc/[0-9]*/cmdline"):
        try:
            # Chromium rewrites its processes' titles: the arguments in one string, spaces between.
            line = open(cmdline, "rb").read()
            if b"--type=renderer" not in line or profile.name.encode() not in line:
                continue
            for task in glob.glob(os.path.join(os.path.dirname(cmdline), "task", "*")):
                if open(os.path.join(task, "comm")).read().startswith("DedicatedWorker"):
                    total += int(open(os.path.join(task, "schedstat")).read().split()[0])
        except OSError:  # a process or thread that ended meanwhile
            pass
    return total


def command_cpu(args, data):
    """The command's processor time (user and system) on `data`, and its result."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([binary, *args], input=data, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, r


# The command's start, without input (the least of several runs).
start = min(command_cpu(["solve", "--threads", "1"], b"")[0] for _ in range(5)) if cpu else 0
# The first call loads and compiles the module; it is not timed.
driver.execute_async_script(SCRIPT, text if warm else text[: text.index("\n") + 1], form, warm)
web, native = [], []
for _ in range(runs):
    before = worker_ns() if cpu else 0
    ms, out = driver.execute_async_script(SCRIPT, text, form, warm)
    web.append((worker_ns() - before) / 1e9 if cpu else ms / 1000)
    # On the clock: the command's own time from its first puzzle read to its last result written (--stats:
    # "s in all"), without the process's start, as the browser's time is the worker's call alone.
    seconds, r = command_cpu(["solve", "--threads", "1", "--stats", "--format", form], text.encode())
    expected = r.stdout.decode()
    native.append(seconds - start if cpu else float(r.stderr.decode().rsplit(" s in all", 1)[0].rsplit(" ", 1)[1]))
    assert out == expected, "the page and the command disagree"
driver.quit()
server.shutdown()
w, n = statistics.median(web), statistics.median(native)
# The minima too: on a loaded machine they are the runs least disturbed, on either side.
mode = " (cpu)" if cpu else " (warm)" if warm else ""
print(f"{puzzles}: {text.count(chr(10))} puzzles, browser{mode} {w:.3f} s, native {n:.3f} s, "
      f"ratio {w / n:.2f}; minima {min(web):.3f} / {min(native):.3f} s, ratio {min(web) / min(native):.2f}")
