"""Generated sections of Markdown pages, between <!-- NAME:begin --> and <!-- NAME:end -->
markers (appended at the end the first time); the rest of the page stays hand-written.  The
generator and the benchmarks write their tables into docs/ through these."""
import pathlib


def with_section(page, name, text):
    """page with its section NAME replaced by text (or appended)."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    block = f"{begin}\n{text.rstrip()}\n{end}"
    if begin in page and end in page:
        head, rest = page.split(begin, 1)
        return head + block + rest.split(end, 1)[1]
    return page.rstrip() + ("\n\n" if page else "") + block + "\n"


def write_section(path, name, text):
    path = pathlib.Path(path)
    path.write_text(with_section(path.read_text() if path.exists() else "", name, text))
