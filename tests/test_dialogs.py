"""lab.dialogs: the play page's Share / embed and New game dialogs as data."""

from __future__ import annotations

from lab import dialogs
from phutball.game import Game, parse_any_position


def game() -> Game:
    return Game(parse_any_position("9x9_O_E5_D4"))


def test_what_is_shared_follows_the_radio_buttons():
    assert dialogs.share_kind(True, False) == "game"
    assert dialogs.share_kind(False, True) == "play"
    assert dialogs.share_kind(False, False) == "position"


def test_the_share_dialogs_boxes():
    options = {"theme": "auto", "coords": True, "numbers": True, "arrows": True}
    props = dialogs.share_props(game(), "position", options, "https://lab/")
    link = props[("share-link", "value")]
    assert link.startswith("https://lab/embed.html") and props[("share-open", "href")] == link
    p = dialogs.share_params(game(), "position", **options)
    assert f"height:{dialogs.frame_height(p)}px" in props[("share-iframe", "value")]
    assert "embed.js" in props[("share-div", "value")]


def test_the_frame_is_the_boards_shape_plus_its_buttons():
    square = dialogs.share_params(game(), "position")
    assert dialogs.frame_height(square) - 8 - (0 if square.mode == "view" else 48) > 400  # about 480 wide and high


def test_the_diagram_and_its_file():
    g = game()
    shapes, w, h = dialogs.diagram(g, {"coords": True, "numbers": False, "arrows": False})
    assert shapes and w > 0 and h > 0
    assert dialogs.diagram_file(g, "svg") == f"phutball-move-{g.cursor}.svg"
    assert dialogs.diagram_title(g) == f"Phutball: {g.position}"


def test_the_new_game_dialogs_fields():
    assert dialogs.new_game_props("computer", "9x9") == {("ng-side-label", "hidden"): False,
                                                         ("ng-level-label", "hidden"): False}
    assert dialogs.new_game_props("computer", "strip-21")[("ng-level-label", "hidden")] is True
    assert dialogs.new_game_props("link", "9x9") == {("ng-side-label", "hidden"): False,
                                                     ("ng-level-label", "hidden"): True}
    assert dialogs.new_game_props("two-players", "9x9")[("ng-side-label", "hidden")] is True
