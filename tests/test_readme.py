"""The front page and docs/: their Python examples run, their links resolve, nothing points outside the repository.

Examples are the ```pycon blocks of README.md and docs/*.md, run with doctest (each file's blocks
share one namespace, in order); the README stays a front page (under 250 lines).
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS, ROOT / "bench" / "README.md"]

PYCON = re.compile(r"^```pycon[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)
#: Markdown links and images, [text](target) / ![alt](target); the target ends at a blank or ")".
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def examples(path: Path) -> str:
    return "\n".join(m.group(1) for m in PYCON.finditer(path.read_text(encoding="utf-8")))


def run_examples(path: Path) -> doctest.TestResults:
    text = examples(path)
    test = doctest.DocTestParser().get_doctest(text, {"__name__": "__readme__"}, rel(path), str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=print)
    return runner.summarize(verbose=False)


def test_the_readme_has_examples_and_they_run():
    result = run_examples(README)
    assert result.attempted > 0, "README.md has no ```pycon example"
    assert result.failed == 0, f"{result.failed} of README.md's examples failed (printed above)"


@pytest.mark.parametrize("path", [p for p in DOCS if examples(p)], ids=rel)
def test_the_docs_examples_run(path):
    result = run_examples(path)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {rel(path)}'s examples failed (printed above)"


def test_the_readme_is_a_front_page():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 250, f"README.md has {len(lines)} lines: move details to docs/"


@pytest.mark.parametrize("path", [README, *DOCS], ids=rel)
def test_nothing_points_outside_the_repository(path):
    text = path.read_text(encoding="utf-8")
    for outside in ("../shared", "shared/seeds", "/work/", "/home/"):
        assert outside not in text, f"{rel(path)} mentions {outside!r}"


def links(path: Path) -> list[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))  # code blocks hold examples, not links
    text = re.sub(r"`[^`\n]*`", "", text)  # nor does inline code
    return [m.group(1) for m in LINK.finditer(text)]


def anchors(path: Path) -> set[str]:
    """GitHub's anchors of a Markdown file's headings: lower case, punctuation dropped, blanks to '-'."""
    out = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        if m := re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line):
            heading = re.sub(r"[`*_]", "", m.group(1)).strip().lower()
            out.add(re.sub(r"\s", "-", re.sub(r"[^\w\- ]", "", heading)))
    return out


@pytest.mark.parametrize("path", PAGES, ids=rel)
def test_every_relative_link_points_to_a_file_of_the_repository(path):
    checked = 0
    for target in links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
            continue  # https:, mailto: ... : not a file of the repository
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        assert dest.is_relative_to(ROOT), f"{rel(path)}: {target} points outside the repository"
        assert dest.exists(), f"{rel(path)}: {target} does not exist"
        if anchor and dest.suffix == ".md":
            assert anchor in anchors(dest), f"{rel(path)}: {target}: no heading #{anchor} in {rel(dest)}"
        checked += 1
    if path in (README, ROOT / "docs" / "README.md"):
        assert checked > 0


def test_every_docs_page_is_linked_from_the_docs_index():
    index = ROOT / "docs" / "README.md"
    linked = {(index.parent / t.partition("#")[0]).resolve() for t in links(index)}
    missing = [rel(p) for p in DOCS if p != index and p.resolve() not in linked]
    assert missing == []
