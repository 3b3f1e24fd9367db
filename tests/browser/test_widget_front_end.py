"""The notebook widget's front end (``phutball/widget.js``) in Chromium, with its Python side in this process.

A bare page plays the notebook: it loads the widget's ESM and renders it with a small
stand-in for anywidget's model (``get``, ``on``/``off``, ``send``).  The test carries
the messages both ways, as a kernel's comm does: the state of a real
:class:`phutball.widget.Board` to the page, the page's clicks back to the board.  One
page load, no Pyodide: the board is painted, a click on a point places a man, clicks
enter a jump, the buttons finish and undo it, the dark theme repaints (also when JupyterLab's
theme changes), and the buttons ◀ ▶ step through the game.  A board whose kernel is gone keeps
its picture and says so.
"""

from __future__ import annotations

import pytest

from conftest import Recorder
from phutball.board import Position
from phutball.notation import Point
from phutball.svg import DARK, LIGHT, layout_for

pytest.importorskip("anywidget")
from phutball.widget import Board  # noqa: E402

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A notebook</title><link rel="icon" href="data:,">
<style>/*{{CSS}}*/</style></head>
<body style="margin: 16px; background: #fff">
<div id="cell"></div>
<script type="module">
  import widget from "./_phutball_widget.js";
  const handlers = new Map();
  const model = {
    state: {}, sent: [],
    get(name) { return this.state[name]; },
    on(event, f) { handlers.set(event, [...(handlers.get(event) || []), f]); },
    off(event, f) { handlers.set(event, (handlers.get(event) || []).filter((g) => g !== f)); },
    send(message) { this.sent.push(message); },
  };
  window.model = model;
  window.show = (state) => { model.state = state; widget.render({ model, el: document.getElementById("cell") }); };
  window.update = (state) => {
    Object.assign(model.state, state);
    for (const name of Object.keys(state)) for (const f of handlers.get(`change:${name}`) || []) f();
  };
  window.fire = (event, ...args) => { for (const f of handlers.get(event) || []) f(...args); };   // a model's event
  window.pixel = (x, y) => {   // the colour painted at (x, y) CSS pixels, as #rrggbb
    const canvas = document.querySelector("canvas");
    const r = window.devicePixelRatio || 1;
    const [red, green, blue] = canvas.getContext("2d").getImageData(Math.round(x * r), Math.round(y * r), 1, 1).data;
    return "#" + [red, green, blue].map((v) => v.toString(16).padStart(2, "0")).join("");
  };
</script>
</body></html>
"""


def xy(board: Board, name: str) -> tuple[float, float]:
    return layout_for(Position.from_str(board.position), board.width, board.height).xy(Point.from_str(name))


def test_the_widget_paints_the_board_and_sends_the_students_clicks(browser, server, tmp_path):
    server.add_page("/_phutball_widget.html", PAGE.replace("/*{{CSS}}*/", Board._css))   # anywidget adds it
    server.add_page("/_phutball_widget.js", Board._esm)   # the module anywidget gives the front end
    context = browser.new_context(device_scale_factor=2)
    try:
        page = context.new_page()
        recorder = Recorder(page)
        page.goto(f"{server.origin}/_phutball_widget.html")
        page.wait_for_function("() => window.show")
        board = Board("9x9_O_E5_E4F7")
        page.evaluate("state => show(state)", board.get_state())

        def deliver() -> None:
            """The page's messages to the board, then the board's new state to the page."""
            for message in page.evaluate("() => model.sent.splice(0)"):
                board._handle_msg({"content": {"data": {"method": "custom", "content": message}}, "buffers": []})
            page.evaluate("state => update(state)", board.get_state())
            page.evaluate("() => fire('msg:custom', {ack: true})")   # Python answers each message

        def click(name: str) -> None:
            box = page.locator("canvas").bounding_box()
            x, y = xy(board, name)
            page.mouse.click(box["x"] + x + 2, box["y"] + y - 2)
            deliver()

        assert page.evaluate("([x, y]) => pixel(x, y)", xy(board, "E5")) == LIGHT["ball"]
        assert page.evaluate("([x, y]) => pixel(x, y)", xy(board, "E4")) == LIGHT["man"]
        assert page.locator(".phutball-message").inner_text() == "Ohs to move."
        assert page.locator("button", has_text="Undo").is_disabled()

        click("E6")                                   # an empty point: a man
        assert board.moves == ["E6"]
        x, y = xy(board, "E6")                        # beside its move number, 1
        cell = layout_for(Position.from_str(board.position), board.width, board.height).cell
        assert page.evaluate("([x, y]) => pixel(x, y)", [x - 0.28 * cell, y]) == LIGHT["man"]
        click("E5")                                   # the ball: a jump starts
        click("E7")                                   # over E6; G7 is next (over F7)
        assert board.chain == ["E5", "E7"] and board.landings == ["G7"]
        assert page.locator(".phutball-message").inner_text().startswith("Choose another landing")
        assert page.locator("button", has_text="Finish").is_enabled()
        page.locator(".phutball-widget").screenshot(path=str(tmp_path / "widget.png"))

        page.locator("button", has_text="Finish").click()
        deliver()
        assert board.moves == ["E6", "E5-E7"] and board.position == "9x9_O_E7_E4F7"
        assert page.evaluate("([x, y]) => pixel(x, y)", xy(board, "E7")) == LIGHT["ball"]
        page.locator("button", has_text="Undo").click()
        deliver()
        assert board.moves == ["E6"] and page.locator(".phutball-message").inner_text() == "Eks to move."

        board.theme = "dark"
        deliver()
        assert page.evaluate("() => pixel(2, 2)") == DARK["bg"]
        assert page.evaluate("([x, y]) => pixel(x, y)", xy(board, "E5")) == DARK["ball"]
        page.locator(".phutball-widget").screenshot(path=str(tmp_path / "widget-dark.png"))

        # "auto" follows JupyterLab's theme: the body's data-jp-theme-light, changed with no message to the model
        board.theme = "auto"
        deliver()
        assert page.evaluate("() => pixel(2, 2)") == LIGHT["bg"]
        page.evaluate("() => { document.body.dataset.jpThemeLight = 'false'; }")
        page.wait_for_function(f"() => pixel(2, 2) === '{DARK['bg']}'")
        page.evaluate("() => { document.body.dataset.jpThemeLight = 'true'; }")
        page.wait_for_function(f"() => pixel(2, 2) === '{LIGHT['bg']}'")

        # ◀ ▶ step through the game's moves; Python's ply follows
        board.play("D4")
        deliver()
        back, forward = page.locator("button", has_text="\u25c0"), page.locator("button", has_text="\u25b6")
        assert back.is_enabled() and forward.is_disabled()
        back.click()
        deliver()
        assert (board.ply, board.moves, board.position) == (1, ["E6", "D4"], "9x9_X_E5_E4E6F7")
        assert page.locator(".phutball-message").inner_text().startswith("After 1 of 2 moves")
        page.locator("canvas").press("ArrowLeft")
        deliver()
        assert board.ply == 0 and back.is_disabled() and forward.is_enabled()
        assert page.evaluate("([x, y]) => pixel(x, y)", xy(board, "E6")) != LIGHT["man"]   # E6 not placed yet
        forward.click()
        deliver()
        forward.click()
        deliver()
        assert board.ply == 2 and forward.is_disabled()
        assert recorder.errors == []
    finally:
        context.close()


def show_board(browser, server, board: Board):
    """A new page of the stand-in notebook showing ``board``, and its Recorder."""
    server.add_page("/_phutball_widget.html", PAGE.replace("/*{{CSS}}*/", Board._css))
    server.add_page("/_phutball_widget.js", Board._esm)
    page = browser.new_page()
    recorder = Recorder(page)
    page.goto(f"{server.origin}/_phutball_widget.html")
    page.wait_for_function("() => window.show")
    page.evaluate("state => show(state)", board.get_state())
    return page, recorder


def test_a_board_whose_kernel_is_gone_keeps_its_picture_and_says_so(browser, server):
    """After a kernel restart JupyterLab keeps the board on the page, but nothing answers its clicks:
    ipywidgets marks the view ``jupyter-widgets-disconnected`` and fires ``comm_live_update``
    (packages/base/src/widget.ts, ``_comm_live_update``).  A board shown from a notebook's saved
    widget state is disconnected from the start."""
    board = Board("9x9_O_E5", moves=["E6", "D4"])
    page, recorder = show_board(browser, server, board)
    try:
        message, buttons = page.locator(".phutball-message"), page.locator(".phutball-widget button")
        assert message.inner_text() == "Ohs to move." and page.locator("button", has_text="Undo").is_enabled()

        page.evaluate("() => { document.getElementById('cell').classList.add('jupyter-widgets-disconnected');"
                      " fire('comm_live_update'); }")
        assert message.inner_text().startswith("This board no longer answers: the kernel has restarted")
        assert "Run its cell again" in message.inner_text()
        assert [buttons.nth(i).is_disabled() for i in range(buttons.count())] == [True] * 4
        assert page.evaluate("([x, y]) => pixel(x, y)", xy(board, "E5")) == LIGHT["ball"]   # the picture stays
        box = page.locator("canvas").bounding_box()
        x, y = xy(board, "F3")
        page.mouse.click(box["x"] + x, box["y"] + y)
        page.locator("canvas").press("ArrowLeft")
        assert page.evaluate("() => model.sent") == []                # nothing is sent to a dead kernel

        # a board from saved widget state: disconnected when it is drawn
        page.evaluate("() => { document.getElementById('cell').replaceChildren(); }")
        page.evaluate("state => show(state)", board.get_state())
        assert message.inner_text().startswith("This board no longer answers")
        assert page.evaluate("([x, y]) => pixel(x, y)", xy(board, "E5")) == LIGHT["ball"]
        assert recorder.errors == []
    finally:
        page.close()


def test_a_board_whose_messages_get_no_answer_says_so(browser, server):
    """JupyterLab 4.6 leaves a board on the page after a kernel restart, not marked disconnected
    (tools/jupyterlab_shots.py): Python answers every message (``{"ack": true}``), and a board
    whose click gets no answer within a few seconds says the kernel is busy or restarted; an
    answer later puts its message back.  A message that cannot be sent at all (JupyterLab's closed
    comm throws "Cannot send") means the kernel is gone."""
    board = Board("9x9_O_E5")
    page, recorder = show_board(browser, server, board)
    try:
        message = page.locator(".phutball-message")
        box = page.locator("canvas").bounding_box()
        x, y = xy(board, "E6")
        page.mouse.click(box["x"] + x, box["y"] + y)          # nobody answers
        assert [list(m) for m in page.evaluate("() => model.sent")] == [["click"]]
        assert message.inner_text() == "Ohs to move."
        page.wait_for_function("() => document.querySelector('.phutball-message').innerText.startsWith('No answer')",
                               timeout=10_000)
        assert "run this board's cell again" in message.inner_text()
        assert page.locator("button", has_text="Undo").is_disabled()   # not dead: a busy kernel answers later
        page.evaluate("() => fire('msg:custom', {ack: true})")   # Python's answer, late
        assert message.inner_text() == "Ohs to move."

        # JupyterLab after a kernel restart: the comm is closed, and sending throws
        page.evaluate("() => { model.send = () => { throw new Error('Cannot send'); }; }")
        page.mouse.click(box["x"] + x, box["y"] + y)
        assert message.inner_text().startswith("This board no longer answers: the kernel has restarted")
        buttons = page.locator(".phutball-widget button")
        assert [buttons.nth(i).is_disabled() for i in range(buttons.count())] == [True] * 4
        assert recorder.errors == []
    finally:
        page.close()
