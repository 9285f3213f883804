#!/usr/bin/python3
"""No function longer than a limit in the given source folders (issue 57: the pipeline's tasks stay small).

A function is a '{' ... '}' block whose text before the '{' (since the last ';', '{' or '}' of its scope) ends
like a function's head: a parameter list, perhaps with const, noexcept, override, a trailing return type or a
constructor's initializers. Its length runs from the first line of that head to the closing brace; lambdas
and blocks inside count towards the function around them. Comments, strings and characters are skipped.

usage: function_length.py LIMIT FOLDER...   (every .cpp and .hpp under the folders)
"""
import os
import re
import sys

HEAD_END = re.compile(r"\)\s*(?:const|noexcept|override|final|mutable|->\s*[\w:<>,&*\s]+|\s)*$")
NOT_FUNCTION = re.compile(r"^(?:template\s*<[^>]*>\s*)?(?:class|struct|union|enum|namespace|extern)\b")


def blank_out(text):
    """The text with comments, string and character literals replaced by spaces (line ends kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
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
    stack = []  # per open brace: None, or (head, first line) for a function's body
    start = 0  # where the text before the next brace begins
    in_function = 0
    for i, c in enumerate(code):
        if c == ";" and not in_function:
            start = i + 1
        elif c == "{":
            head = code[start:i].strip()
            if not in_function and head and HEAD_END.search(head) and not NOT_FUNCTION.match(head) \
                    and "=" not in head.split("(")[0]:
                first = code.count("\n", 0, start + (len(code[start:i]) - len(code[start:i].lstrip()))) + 1
                stack.append((head, first))
                in_function += 1
            else:
                stack.append(None)
                if in_function:
                    in_function += 1
            start = i + 1
        elif c == "}":
            entry = stack.pop() if stack else None
            if in_function:
                in_function -= 1
                if in_function == 0 and entry is not None:
                    last = code.count("\n", 0, i) + 1
                    name = entry[0].split("(")[0].split()[-1] if entry[0].split("(")[0].split() else "?"
                    found.append((name, entry[1], last - entry[1] + 1))
            start = i + 1
    return found


def main():
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
