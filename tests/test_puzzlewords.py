"""Issue 27: the puzzle page names sources and collections in words, never a tool, a command or a seed."""

import re

import pytest

from lab.puzzlewords import board_words, collection_words, source_words

TOOLISH = re.compile(r"\.py\b|--[a-z]|seed|nodes|\(s\)|phutball puzzles")


def shipped():
    from pathlib import Path
    from phutball.puzzles.format import load_dir
    return load_dir(Path(__file__).resolve().parents[1] / "puzzles")


def test_a_self_play_source_is_a_game_between_two_computer_levels():
    ref = ("tools/make_2d_puzzles_deep.py: self-play 11x11, medium (500 nodes) v medium (500 nodes), "
           "seed 104002, the other side to move")
    assert source_words({"kind": "generated", "ref": ref}) == "From a game between two computer levels, 11x11"


@pytest.mark.parametrize("ref, words", [
    ("tools/make_2d_puzzles.py (chain)", "Made by the lab's engine: a chain of jumps"),
    ("phutball puzzles generate --min-n 9 --seed 1 (#3)", "Found by the lab's 1D puzzle generator"),
    ("the 1D atlas: the smallest example", "The 1D atlas: the smallest example"),
    ("tools/other.py --x 1", "Made by the lab's engine"),
])
def test_other_sources_in_words(ref, words):
    assert source_words({"kind": "generated", "ref": ref}).startswith(words)


def test_a_papers_reference_is_its_place_in_the_paper_and_a_missing_one_named_by_its_kind():
    ref = "J. P. Grossman and R. J. Nowakowski, One-Dimensional Phutball, section 1, example (1)"
    assert source_words({"kind": "paper", "ref": ref}) == "The paper, section 1, example (1)"
    quoted = ("J. P. Grossman and R. J. Nowakowski, One-Dimensional Phutball, section 2, the potential example "
              "after the rules (i)-(ii) ('psum = bsum = 0 therefore pR = 0 ... pL = 1')")
    assert source_words({"kind": "paper", "ref": quoted}) == \
        "The paper, section 2, the potential example after the rules (i)-(ii)"
    assert "paper" in source_words({"kind": "paper"})


def test_collections_lose_their_seed_and_self_play_is_computer_games():
    assert collection_words("Generated 1D puzzles (seed 1)") == "Generated 1D puzzles"
    assert collection_words("2D from self-play, 11x11") == "2D from computer games, 11x11"
    assert collection_words("The paper") == "The paper"


def test_no_shipped_puzzle_shows_a_reader_a_makers_words():
    puzzles = shipped()
    for p in puzzles:
        for shown in (source_words(p.source), collection_words(p.collection), p.text, p.title):
            assert not TOOLISH.search(shown), (p.id, shown)


def test_a_board_in_words_is_its_size_or_a_strip():
    assert board_words("15x19_O_K6_G10H8H11J7") == "15x19"
    assert board_words("9x9_X_E5_") == "9x9"
    assert board_words("L_o*o.o.o....") == "Strip"
    assert board_words("L_..ooo|ooo....o.") == "Strip"  # an Oddish board
