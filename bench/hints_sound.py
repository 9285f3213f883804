# Every deduction of `sudoku steps` over a file of unique 9x9 puzzles checked against `sudoku solve`:
# placements must agree with the solution, eliminations never remove its digit.
# usage: python3 bench/hints_sound.py path/to/sudoku FILE
import re, subprocess, sys
sudoku, path = sys.argv[1], sys.argv[2]
puzzles = [l.split()[0][:81] for l in open(path) if l.strip() and not l.startswith('#')]
sols = subprocess.run([sudoku, 'solve', path], capture_output=True, text=True).stdout.split('\n')
steps = subprocess.run([sudoku, 'steps', path], capture_output=True, text=True).stdout.split('\n\n')
assert len(steps) == len(puzzles), (len(steps), len(puzzles))
bad = n = 0
for sol, block in zip(sols, steps):
    sol = sol.split()[0]
    for line in block.strip().split('\n'):
        if line in ('solved', 'multiple', 'none') or line.startswith('stuck'): continue
        m = re.match(r'^r(\d+)c(\d+)=(\d+) ', line)
        if m:
            r, c, d = map(int, m.groups()); n += 1
            bad += sol[(r-1)*9+c-1] != str(d)
        for r, c, d in re.findall(r'r(\d+)c(\d+)<>(\d+)', line):
            n += 1
            bad += sol[(int(r)-1)*9+int(c)-1] == d
print(path, len(puzzles), 'puzzles', n, 'deductions checked', bad, 'unsound')
