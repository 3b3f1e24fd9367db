"""The play page's home and feel (issue 26) as a person meets them: the welcome panel on a first visit and
not after, the pie rule chosen in the New game dialog and a swap, the board turned for Eks accepting clicks
where the turned board shows the points, and a jump animated hop by hop unless reduced motion is asked for,
with its sound when the Sounds switch is on.  Four page loads."""

import json

from conftest import click_point, data_position, wait_ready
from lab.views.board import Layout2D
from phutball.board import Position
from phutball.notation import Point


def click_turned(page, point: str) -> None:
    """Click where the turned board draws ``point`` (the layout the page uses when flipped)."""
    canvas = page.locator("#board")
    box = canvas.bounding_box()
    lay = Layout2D(Position.from_str(data_position(page)).size, box["width"], box["height"], flipped=True)
    x, y = lay.xy(Point.from_str(point))
    canvas.click(position={"x": x, "y": y})


def test_the_welcome_then_a_pie_swap_then_a_turned_board_for_eks(page, server):
    page.goto(f"{server.origin}/index.html")
    assert page.is_visible("#welcome")  # a first visit: shown even before the engine is ready
    assert page.inner_text("#status").startswith("Choose how to play")  # no game is chosen yet (issue 39 item 6)
    wait_ready(page)
    assert page.is_visible("#welcome") and "one ball and many men" in page.inner_text("#welcome")
    assert page.inner_text("#status").startswith("Choose how to play")
    links = page.eval_on_selector_all("#welcome a", "as => as.map(a => [a.textContent, a.getAttribute('href')])")
    assert links == [["Learn the rules", "./learn.html"], ["Puzzles", "./puzzles.html"]]
    page.click("#welcome-link")
    assert page.input_value("#ng-opponent") == "link"
    page.click("#ng-cancel")
    assert page.is_visible("#welcome")  # nothing chosen yet
    page.click("#welcome-friend")
    assert page.input_value("#ng-opponent") == "two-players" and not page.is_checked("#ng-pie")
    page.select_option("#ng-board", "9x9")
    page.check("#ng-pie")
    page.click("#new-game-form button[type=submit]")
    assert page.is_hidden("#welcome") and page.is_hidden("#swap")
    click_point(page, "E6")
    assert page.is_visible("#swap")  # the second player may swap instead of moving
    page.click("#swap")
    assert page.is_hidden("#swap") and data_position(page) == "9x9_X_E5_E6"
    assert page.inner_text("#status") == "Eks to move (attacking the bottom)."
    assert "Sides swapped" in page.inner_text("#message")
    assert [b.inner_text() for b in page.locator("#moves button").all()] == ["E6", "swap"]
    saved = json.loads(page.evaluate("localStorage.getItem('phutball.play.v1')"))
    assert '[Pie "yes"]' in saved["record"] and "1. E6 swap" in saved["record"]

    # Eks against the computer: the board is turned (Eks' side attacks upward) and clicks land where seen.
    page.click("#new-game")
    assert page.is_checked("#ng-pie")  # the last choice
    page.select_option("#ng-opponent", "computer")
    page.select_option("#ng-side", "second")
    page.uncheck("#ng-pie")
    page.click("#new-game-form button[type=submit]")
    assert page.get_attribute("#board", "data-flipped") == "true"
    assert page.get_attribute("#flip", "aria-pressed") == "true"
    page.wait_for_function("document.getElementById('board').dataset.position.split('_')[1] === 'X'"
                           " && document.getElementById('thinking').hidden", timeout=90_000)
    before = Position.from_str(data_position(page))
    point = next(p for p in ("B2", "H8", "C7") if Point.from_str(p) not in before.men)
    click_turned(page, point)
    page.wait_for_function("document.getElementById('board').dataset.position.split('_')[1] === 'X'"
                           " && document.getElementById('thinking').hidden", timeout=90_000)
    assert page.locator("#moves button").all()[1].inner_text() == point  # the man went where it was clicked

    page.reload()  # a returning visitor: back in the game, still turned, no welcome
    wait_ready(page)
    assert page.is_hidden("#welcome") and page.get_attribute("#board", "data-flipped") == "true"
    page.click("#flip")
    assert page.get_attribute("#board", "data-flipped") == "false"
    assert json.loads(page.evaluate("localStorage.getItem('phutball.play.v1')"))["flipped"] is False


JUMP_START = "9x9_O_E5_E6E8"  # Ohs jumps E5-E7-E9 (over E6 and E8) onto the top goal line
LISTEN = "window.sounds = []; window.addEventListener('phutball-sound', (e) => window.sounds.push(e.detail))"


def test_a_jump_redone_is_animated_hop_by_hop_unless_reduced_motion_and_sounds_when_on(page, server):
    page.goto(f"{server.origin}/index.html#{JUMP_START}")
    wait_ready(page)
    assert page.is_hidden("#welcome")  # a link: its position, no welcome
    page.evaluate(LISTEN)
    page.check("#sounds")
    for point in ("E5", "E7", "E9"):  # entered hop by hop: not animated again
        click_point(page, point)
    assert data_position(page).startswith("9x9_X_E9")
    assert page.get_attribute("#board", "data-animated") is None
    page.click("#undo")
    page.click("#redo")  # one jump forward: animated, two hops, then the final position
    page.wait_for_function("document.getElementById('board').dataset.animated === '1:2'", timeout=10_000)
    assert data_position(page).startswith("9x9_X_E9")
    assert page.evaluate("window.sounds") == ["goal", "goal"]

    page.emulate_media(reduced_motion="reduce")
    page.reload()
    wait_ready(page)
    assert page.is_checked("#sounds")  # remembered
    page.click("#undo")
    page.click("#redo")
    assert data_position(page).startswith("9x9_X_E9")
    page.wait_for_timeout(800)  # longer than two hops would take
    assert page.get_attribute("#board", "data-animated") is None
