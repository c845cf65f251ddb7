"""Replace one generated section of a Markdown page, between <!-- NAME:begin --> and
<!-- NAME:end --> markers (appended at the end the first time); the rest stays hand-written."""
import pathlib


def write_section(path, name, text):
    path = pathlib.Path(path)
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    page = path.read_text() if path.exists() else ""
    block = f"{begin}\n{text.rstrip()}\n{end}"
    if begin in page and end in page:
        head, rest = page.split(begin, 1)
        page = head + block + rest.split(end, 1)[1]
    else:
        page = page.rstrip() + ("\n\n" if page else "") + block + "\n"
    path.write_text(page)
