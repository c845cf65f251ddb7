"""Generated sections of Markdown pages, between <!-- NAME:begin --> and <!-- NAME:end -->
markers (appended the first time: after the last section of the same family, NAME's first
word, or at the end); the rest of the page stays hand-written.  The generator and the
benchmarks write their tables into docs/ through these."""
import pathlib
import platform
import re


def with_section(page, name, text):
    """page with its section NAME replaced by text (or appended)."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    block = f"{begin}\n{text.rstrip()}\n{end}"
    if begin in page and end in page:
        head, rest = page.split(begin, 1)
        return head + block + rest.split(end, 1)[1]
    family = [m.end() for m in re.finditer(rf"<!-- {re.escape(name.split()[0])}( [^>]*)?:end -->", page)]
    if family:
        return page[:family[-1]] + "\n\n" + block + page[family[-1]:]
    return page.rstrip() + ("\n\n" if page else "") + block + "\n"


def write_section(path, name, text):
    path = pathlib.Path(path)
    path.write_text(with_section(path.read_text() if path.exists() else "", name, text))


def machine_section(name):
    """NAME for this machine's section: each CPU model keeps its own tables, so a run on a
    second machine adds a data point instead of replacing the first one's."""
    return f"{name} {cpu_model()}"


def cpu_model():
    """The CPU a benchmark ran on, as lscpu names it (model name, family, model): Intel and AMD
    machines of this project differ, and every generated speed table says which it was."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    return f"{fields.get('model name', platform.processor() or platform.machine())} " \
           f"(family {fields.get('cpu family', '?')}, model {fields.get('model', '?')})"
