"""Every pointer from the code to a section of the docs names a heading that exists (issue 40).

A comment or docstring that says where a rule is written points at a file and a section:
``docs/rules.md "1D phutball"``, ``bench/README.md ("Ladder")``.  Each quoted section must be a
heading of that file, and no pointer may name the front README's sections (the details moved to docs/).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [p for d in ("phutball", "site", "tools", "bench") for p in sorted((ROOT / d).rglob("*"))
           if p.suffix in (".py", ".js", ".mjs") and "node_modules" not in p.parts]
#: ``docs/x.md "A" and "B"``, ``bench/README.md ("A")``, ``README "A"``: a file, then quoted section names.
POINTER = re.compile(r'((?:docs/[\w-]+|bench/README(?:-1d)?|README)(?:\.md)?)[,:]?\s*\(?((?:"[^"\n]+"(?:,\s*|\s+and\s+)?)+)')


def headings(path: Path) -> set[str]:
    return {m[1].strip() for m in re.finditer(r"^#+\s+(.*)$", path.read_text(), re.M)}


def pointers() -> list[tuple[str, str, str]]:
    found = []
    for src in SOURCES:
        for m in POINTER.finditer(src.read_text(errors="replace")):
            target = m[1] if m[1].endswith(".md") else m[1] + ".md"
            for name in re.findall(r'"([^"\n]+)"', m[2]):
                found.append((f"{src.relative_to(ROOT)}", target, name))
    return found


def test_the_code_points_at_sections_of_the_docs():
    assert len(pointers()) >= 8  # the pattern finds the pointers the code has


@pytest.mark.parametrize("source, target, name", pointers())
def test_each_pointer_names_a_heading_of_its_file(source, target, name):
    path = ROOT / target
    assert path.is_file(), f"{source} points at {target}, which does not exist"
    assert name in headings(path) or any(name in h for h in headings(path)), (
        f"{source} points at {target} \"{name}\", which is not one of its headings")


def test_no_pointer_names_the_front_readme_s_sections():
    bare = [(s, n) for s, t, n in pointers() if t == "README.md"]
    assert not bare, f"these point at sections of README.md, whose details moved to docs/: {bare}"


def test_no_page_sends_its_reader_to_a_file_of_the_repository():
    """The pages speak to people who have only the site: the record dialog said "the format is described in
    the README", the puzzles page's Share dialog "(see the README)"; they now say what they meant."""
    pages = sorted((ROOT / "site").glob("*.html"))
    assert len(pages) >= 5
    found = {p.name: n for p in pages if (n := len(re.findall(r"\bREADME\b|docs/|\.md\b", p.read_text())))}
    assert found == {}
