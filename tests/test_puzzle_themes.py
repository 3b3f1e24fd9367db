"""Issue 27: a puzzle's themes are derived from its position and solution (phutball.puzzles.themes)."""

from pathlib import Path

from phutball.puzzles.format import load_dir, puzzle_from
from phutball.puzzles.themes import THEME_NAMES, THEMES, puzzle_themes

ROOT = Path(__file__).resolve().parents[1]


def puzzle(position, task, main_line, variant="2D", kind="composed", **extra):
    return puzzle_from({"id": "t", "title": "T", "source": {"kind": kind}, "variant": variant, "position": position,
                        "task": task, "difficulty": 1, "text": "", "main_line": list(main_line)} | extra, "test", "")


def test_a_single_winning_hop_is_a_win_in_one_and_nothing_else():
    assert puzzle_themes(puzzle("5x5_O_B3_B4C4", "win", ["B3-B5"])) == ("win-in-one",)


def test_a_jump_of_three_hops_is_a_chain_and_a_hop_back_is_a_backward_jump():
    # Ohs (attacking row 9): C3-C5 over C4, C5-E7 over D6, E7-E9 over E8 — three hops, all forward
    assert puzzle_themes(puzzle("9x9_O_C3_C4D6E8", "win", ["C3-C5-E7-E9"])) == ("win-in-one", "chain")
    # Left attacks the right end: 3-1 jumps back over square 2 before going on (1-3 ... is forward)
    themes = puzzle_themes(puzzle("L_.o*o.", "win", ["3-1"], variant="1D"))
    assert "backward-jump" in themes and "1d" in themes


def test_a_threat_to_stop_is_defend_and_a_placement_with_a_forward_jump_at_hand_is_dont_jump():
    themes = puzzle_themes(puzzle("7x7_X_D5_D4D6", "safe-move", ["D3"], trap="D5-D7"))
    assert "defend" in themes   # Ohs would jump D5-D7 and win
    assert "dont-jump" in themes  # Eks could jump D5-D3 toward row 1, and places instead
    assert "win-in-one" not in themes  # nobody wins in the main line


def test_questions_the_paper_and_1d():
    which = puzzle("L_o*o.ooo....", "which-side", [], variant="1D", kind="paper", answer="R")
    assert puzzle_themes(which) == ("paper", "1d", "question")


def test_every_shipped_puzzle_has_a_theme_and_the_1d_generators_backward_jumps_agree():
    puzzles = load_dir(ROOT / "puzzles")
    themes = {p.id: puzzle_themes(p) for p in puzzles}
    assert all(themes.values())
    assert set(t for ts in themes.values() for t in ts) <= set(THEMES) == set(THEME_NAMES)
    # the 1D generator classifies its puzzles itself (phutball.puzzles.generate.classify): where it says
    # backward-jump, the derived themes say so too
    backward = [p.id for p in puzzles if p.extra.get("theme") == "backward-jump"]
    assert backward and all("backward-jump" in themes[i] for i in backward)
    # every 2D win-in-two puzzle's line is a win on the second move
    assert all("win-in-two" in themes[p.id] for p in puzzles if p.task.name == "win-in-two")
