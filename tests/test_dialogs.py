"""lab.dialogs: the play page's Share / embed and New game dialogs as data."""

from __future__ import annotations

from lab import dialogs
from phutball import Point
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


def test_the_picture_exported_as_svg_and_as_png():
    g = game()
    picture = dialogs.Picture.of(g, {"theme": "dark", "coords": True, "numbers": False, "arrows": False})
    shapes, w, h = dialogs.diagram(g, {"coords": True, "numbers": False, "arrows": False})
    assert (picture.shapes, picture.width, picture.height, picture.theme) == (shapes, w, h, "dark")
    assert "board" in picture.colour_names() and all(not n.startswith("--") for n in picture.colour_names())
    name, text, mime = picture.svg({"board": "#123456"})
    assert name == dialogs.diagram_file(g, "svg") and mime == "image/svg+xml"
    assert text.startswith("<svg") and "#123456" in text and dialogs.diagram_title(g) in text
    assert picture.png() == (shapes, w, h, dialogs.PNG_RATIO, dialogs.diagram_file(g, "png"), "dark")


def test_the_new_game_dialog_opens_on_the_last_choices_or_the_welcome_panels():
    choice = {"opponent": "two-players", "side": "second", "level": "easy", "pie": "yes"}
    props = dialogs.new_game_open_props(choice, None, "Suggested: easy")
    assert props[("ng-opponent", "value")] == "two-players" and props[("ng-pie", "checked")] is True
    assert props[("ng-side", "value")] == "second" and props[("ng-level", "value")] == "easy"
    assert props[("ng-suggest", "textContent")] == "Suggested: easy"
    assert dialogs.new_game_open_props({**choice, "pie": ""}, "link", "")[("ng-pie", "checked")] is False
    assert dialogs.new_game_open_props(choice, "link", "")[("ng-opponent", "value")] == "link"
    assert set(props) >= set(dialogs.NEW_GAME_CHOICES)
    assert set(dialogs.WELCOME_CHOICES.values()) == {"computer", "two-players", "link"}


def test_the_side_menu_changes_only_with_who_else_moves_first():
    menu = dialogs.SideMenu()
    computer = menu.options("computer")
    assert computer is not None and "the computer" in computer[1][1]
    assert menu.options("two-players") is None  # the same choices: the person's choice stays
    link = menu.options("link")
    assert link is not None and "your friend" in link[1][1]
    assert menu.options("link") is None and menu.options("computer") == computer


def test_download_record_names_the_file_and_says_so():
    from lab.play import PlayController
    c = PlayController.new("9x9_O_E5")
    c.click(Point.from_str("E6"))
    name, text = dialogs.record_export(c)
    assert name == dialogs.RECORD_FILE and name.endswith(".phut") and "E6" in text
    assert c.state.message == dialogs.RECORD_DOWNLOADED
