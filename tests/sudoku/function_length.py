#!/usr/bin/python3
"""No function longer than a limit in the given source folders (issue 57: the pipeline's tasks stay small).

A function is a '{' ... '}' block whose text before the '{' (since the last ';', '{' or '}' of its scope) ends
like a function's head: a parameter list, perhaps with const, noexcept, override, a trailing return type or a
constructor's initializers (whose braced values and lambdas belong to the head). Its length runs from the
first line of that head to the closing brace; lambdas and blocks inside count towards the function around
them. Outside functions, namespaces and classes are scopes to look into, other braces (initializers, lambdas
given to a variable) are values to pass over. Comments, strings, characters and preprocessor
lines are skipped.

usage: function_length.py LIMIT FOLDER...   (every .cpp and .hpp under the folders)
"""
import os
import re
import sys

HEAD_END = re.compile(r"[)}]\s*(?:const|noexcept|override|final|mutable|->\s*[\w:<>,&*\s]+|\s)*$")
INIT_LIST = re.compile(r"\)\s*:[^;]*$")  # "X::X(...) : a_(b), c_": a constructor's initializers
NOT_FUNCTION = re.compile(r"^(?:template\s*<[^>]*>\s*)?(?:class|struct|union|enum|namespace|extern)\b")


def blank_out(text):
    """The text with comments, string and character literals replaced by spaces (line ends kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "#" and text[text.rfind("\n", 0, i) + 1:i].strip() == "":  # a preprocessor line
            j = i
            while True:
                j = text.find("\n", j)
                if j < 0 or text[j - 1] != "\\":
                    break
                j += 1
            j = n if j < 0 else j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
        elif c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000 digit separators
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            out.append(c)
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", text[i:j]))
        i = j
    return "".join(out)


def functions(text):
    """(name, first line, line count) of each outermost function."""
    code = blank_out(text)
    found = []
    stack = []  # per open brace: None, "init", or (head, first line) for a function's body
    start = 0  # where the text before the next brace begins
    in_function = 0  # braces open inside the function being read
    in_head = 0  # braces open inside a constructor's initializers (braced values, lambdas)
    for i, c in enumerate(code):
        if c == ";" and not in_function and not in_head:
            start = i + 1
        elif c == "{":
            head = code[start:i].strip()
            if in_head or (not in_function and INIT_LIST.search(head)
                           and (head.count("(") > head.count(")") or re.search(r"\w$", head))):
                stack.append("init")  # part of the head: a member's braced value, a lambda given to one
                in_head += 1
            elif not in_function and head and HEAD_END.search(head) and not NOT_FUNCTION.match(head) \
                    and "=" not in head.split("(")[0]:
                first = code.count("\n", 0, start + (len(code[start:i]) - len(code[start:i].lstrip()))) + 1
                stack.append((head, first))
                in_function = 1
                start = i + 1
            elif in_function or NOT_FUNCTION.match(head):
                stack.append(None)  # a block inside the function, or a namespace's or a class's scope
                in_function += 1 if in_function else 0
                start = i + 1
            else:
                stack.append("init")  # a value's braces (an initializer, a lambda, a default argument)
                in_head += 1
        elif c == "}":
            entry = stack.pop() if stack else None
            if entry == "init":
                in_head -= 1
                continue
            if in_function:
                in_function -= 1
                if in_function == 0 and entry is not None:
                    last = code.count("\n", 0, i) + 1
                    words = entry[0].split("(")[0].split()
                    found.append((words[-1] if words else "?", entry[1], last - entry[1] + 1))
            start = i + 1
    return found


SAMPLE = r"""
#include <x>
#define M(a) \\
  { a }
namespace n {
struct S {
  int f() const { return 1; }
};
constexpr int kTable[] = {1, 2,
                          3};
constexpr auto kMade = [] {
  for (int i = 0; i < 2; ++i) {
  }
  return 0;
}();
void h(const S& s = {}) {
}
int S::g(int a)
    const {
  const auto l = [&](int b) {  // } a brace in a comment
    int d = 0;
    return b + 1;
  };
  const char* t = "}{";  /* { */
  char c = '}';
  return l(a) + 1'000;
}
Outer::Outer(int x) : y_(x), z_{x}, w_([this] {
  int e = 0;
  return e;
}()) {
  if (x) {
  }
}
}  // namespace n
"""


def self_test():
    """The counter on a sample with the cases that fool a naive one: fails loudly if it miscounts."""
    got = functions(SAMPLE)
    want = [("f", 7, 1), ("h", 16, 2), ("S::g", 18, 10), ("Outer::Outer", 28, 7)]
    assert got == want, (got, want)


def main():
    self_test()
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        print("usage: function_length.py LIMIT FOLDER...", file=sys.stderr)
        return 2
    limit = int(sys.argv[1])
    over = []
    count = 0
    for folder in sys.argv[2:]:
        for root, _, names in os.walk(folder):
            for name in sorted(names):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(root, name)
                with open(path) as f:
                    for function, line, length in functions(f.read()):
                        count += 1
                        if length > limit:
                            over.append("%s:%d: %s is %d lines (at most %d)" % (path, line, function, length, limit))
    for message in over:
        print(message)
    if count == 0:
        print("function_length.py: no function found under", " ".join(sys.argv[2:]))
        return 1
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
