"""How the puzzle page names a puzzle's source and collection to readers (pure Python, unit-tested).

A puzzle file records where each puzzle comes from for its makers: the tool,
its options, the seed (``"tools/make_2d_puzzles_deep.py: self-play 11x11,
medium (500 nodes) v medium (500 nodes), seed 104002"``).  That stays in the
files (a puzzle can be made again from it); the page says it in words:
"From a game between two computer levels, 11x11".
"""

from __future__ import annotations

import re
from typing import Mapping

__all__ = ["board_words", "collection_words", "source_words"]

_SELF_PLAY = re.compile(r"self-play (\d+x\d+)")
_MAZE = re.compile(r"make_2d_puzzles\.py \(([^)]*)\)")
#: What the 2D generator's kinds of puzzle are, in words.
_MAZE_KINDS = {"chain": "a chain of jumps", "own goal": "a jump that must not end on its own goal line",
               "trap": "a tempting jump that loses"}
#: A maker's words: a file name, a command, an option (then the page says what kind of source it is).
_TOOLISH = re.compile(r"\S+\.py\b|--[a-z]|\bphutball puzzles\b|\bseed \d")
#: How the paper's references start, and a quotation from it at the end of one ("('... pL = 1')").
_PAPER = "J. P. Grossman and R. J. Nowakowski, One-Dimensional Phutball, "
_QUOTED = re.compile(r"\s*\('[^']*'\)$")
#: A source's kind, in words, when its ``ref`` is a maker's.
_KINDS = {"generated": "Made by the lab's engine", "composed": "Composed with the lab's exact solver",
          "paper": "From Grossman and Nowakowski's paper, One-Dimensional Phutball"}


def source_words(source: Mapping[str, str]) -> str:
    """A puzzle's ``source`` (``{"kind", "ref"}``) as readers read it: never a file, a command or a seed."""
    ref, kind = str(source.get("ref", "")).strip(), str(source.get("kind", ""))
    if m := _SELF_PLAY.search(ref):
        return f"From a game between two computer levels, {m.group(1)}"
    if m := _MAZE.search(ref):
        what = _MAZE_KINDS.get(m.group(1), m.group(1))
        return f"Made by the lab's engine: {what}"
    if ref.startswith("phutball puzzles generate"):
        return "Found by the lab's 1D puzzle generator and checked by the exact solver"
    if not ref or _TOOLISH.search(ref):
        return _KINDS.get(kind, "")
    if kind == "paper" and ref.startswith(_PAPER):
        # the list's collection names the paper: here its place in it, without the quoted words
        return "The paper, " + _QUOTED.sub("", ref[len(_PAPER):])
    return ref[0].upper() + ref[1:]


def collection_words(name: str) -> str:
    """A collection's name as the list shows it: no seed, "computer games" for self-play."""
    name = re.sub(r"\s*\(seed \d+\)", "", name).strip()
    name = re.sub(r"^2D from self-play", "2D from computer games", name)
    return name or "Puzzles"


def board_words(position: str) -> str:
    """The board a puzzle is played on, as readers name it: ``"9x9"`` for a board, ``"Strip"`` for a 1D strip
    or an Oddish board (a 2D position string starts with its size, ``9x9_O_...``; a strip's with its side)."""
    head = position.split("_", 1)[0]
    return head if re.fullmatch(r"\d+x\d+", head) else "Strip"

