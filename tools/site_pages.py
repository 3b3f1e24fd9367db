"""What the site's pages share, defined once; tools/build_site.py writes it into each page.

A page in site/ says where each part goes with a token on a line of its own; the build
replaces the token by the lines below, each indented as the token's line is:

  <!--{{HEAD title="..." description="..."}}-->
      the head every page starts with: charset, viewport, the page's title (with the
      site's name after it) and description, the theme (theme.js before any style, so a
      page never flashes the wrong theme), the icon, the manifest and the service worker's
      registration, theme.css. The attributes are HTML as written in a page (escaped).
      The page's own stylesheets and scripts follow the token.
  <!--{{HEADER}}-->
      the site's header: the brand, the navigation (the page's own entry marked
      aria-current="page") and the theme switch.
  <!--{{LEVEL_OPTIONS}}-->
      the computer's levels as <option>s, lab.play.level_choices() (the menu the page's
      Python sets at start, shown before Python is ready), the controller's default level
      selected.
  <!--{{BOARD_OPTIONS}}-->
      the new-game dialog's boards as <option>s (BOARDS_2D, STRIPS below), the engine's
      standard size selected.
  <!--{{BOARD_GRID canvas="board"}}--> (keys="editor": the calculator's strip)
      the board's grid beside its canvas (issue 41): an empty table the page's Python fills
      (lab.boardgrid) and the keys' help it points to, both seen by screen readers only.
      early="words": the table holds, until Python fills it, one cell saying them, the board's
      one tab stop before the engine is ready (embeds, the calculator: the canvas is no tab
      stop; host.js takes keys on it as keys on the canvas).
  <!--{{MOVE_FORM placeholder="H11 or K6-G9-G11-J11"}}-->
      the Move field: type a move in the notation, see what it will do, Enter plays it.
      close="words": with a Close button (named so) and without its preview, which
      <!--{{MOVE_PREVIEW}}--> puts elsewhere (an embed's bar, whose height is fixed).
  <!--{{ATLAS_CHARTS}}-->
      the 1D atlas's charts, lab.atlas.atlas_html() of the shipped figures (ATLAS_DATA).

Stdlib only here; the functions that need the engine or the site's Python import them
(tools/build_site.py makes both importable first).
"""

from __future__ import annotations

import html
import json
from pathlib import Path

#: The site's name: after each page's title.
SITE_NAME = "the phutball lab"

#: The navigation: (page, label), in order.
NAV = (("index.html", "Play"), ("learn.html", "Learn"), ("puzzles.html", "Puzzles"),
       ("calculator.html", "Calculator"), ("atlas.html", "Atlas"))

#: The 1D atlas's figures (made by tools/atlas.py, `make atlas`; shipped as dist/data/atlas.json).
ATLAS_DATA = Path(__file__).resolve().parent.parent / "data" / "atlas.json"

#: The new-game dialog's 2D boards: (size, note), as the engine writes a size (phutball.board.BoardSize).
BOARDS_2D = (("15x19", "standard"), ("19x19", "Go board"), ("13x13", ""), ("11x11", ""), ("9x9", "quick"))
#: ... and its 1D strips, by length: the value "strip-<n>" (lab.play.new_game_choice puts the ball in the middle).
STRIPS = (9, 11, 13)


def head(title: str, description: str) -> list[str]:
    """The shared head's lines; ``title`` and ``description`` are HTML (as written in the page)."""
    return [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title} · {SITE_NAME}</title>",
        f'<meta name="description" content="{description}">',
        '<script src="./theme.js"></script>',
        '<link rel="icon" href="{{FAVICON}}" type="image/svg+xml">',
        '<link rel="manifest" href="./manifest.webmanifest"><script type="module" src="./sw-register.js"></script>',
        '<link rel="stylesheet" href="./theme.css">',
    ]


def header(page: str) -> list[str]:
    """The site's header on ``page`` (a file name such as ``index.html``): its own entry is the current one."""
    current = ' aria-current="page"'
    links = [f'    <a href="./{href}"{current if href == page else ""}>{label}</a>' for href, label in NAV]
    return [
        '<header class="site-header">',
        '  <a class="brand" href="./index.html">phutball lab</a>',
        '  <nav aria-label="Sections">',
        *links,
        "  </nav>",
        '  <button id="theme" class="icon" type="button" aria-label="Switch light/dark theme" '
        'title="Light/dark theme">◐</button>',
        "</header>",
    ]


#: What the keys do on a board (its grid's description; docs/accessibility.md lists them).
BOARD_KEYS = ("Arrows, Home, End, Page Up and Page Down move on the board; Enter places a man (a stone), or "
              "picks the ball and then its landings; Escape cancels a jump. Keys b: the ball, n: the men next to "
              "it, j: its jumps, l: the last move, s: whose move.")


#: What the keys do on the calculator's strip, an editor of positions (its grid's description).
EDITOR_KEYS = ("Arrows, Home and End move along the strip; Enter or Space uses the tool (a stone put or "
               "taken away, or the ball put); o toggles a stone, b puts the ball, Delete empties the square.")


def board_grid(canvas: str, keys: str = "board", early: str = "") -> list[str]:
    """The grid of the board drawn on ``<canvas id=canvas>`` (``keys``: "board", or "editor" for the calculator's
    strip): ``<table id="{canvas}-grid">`` (filled by the page's
    Python, lab.boardgrid) and its keys' help, both visually hidden (the canvas shows the grid's focus); the table in
    a hidden box, as a table is as wide as its cells whatever its own width says. ``early`` (HTML as written): the
    words of the one cell (``data-grid-early``, a tab stop) the table holds until Python fills it -- the board's
    only tab stop from the start (issue 41: one tab stop per board)."""
    c = html.escape(canvas, quote=True)
    stand_in = f'<tr><td tabindex="0" data-grid-early>{early}</td></tr>' if early else ""
    return [f'<div class="visually-hidden"><table id="{c}-grid" class="board-grid" aria-describedby="{c}-keys">'
            f'{stand_in}</table></div>',
            f'<p id="{c}-keys" class="visually-hidden">'
            f'{html.escape(EDITOR_KEYS if keys == "editor" else BOARD_KEYS, quote=False)}</p>']


def move_form(placeholder: str, close: str = "") -> list[str]:
    """The Move field: a move typed in the notation (``placeholder``: the notation's examples, HTML as written),
    its preview under it (glue/boardinput.bind_move_field). ``close`` (HTML as written): a Close button
    (``#move-close``) named so, and the preview left to :func:`move_preview`, placed elsewhere."""
    return [
        '<form id="move-form" class="move-form" method="dialog" autocomplete="off">',
        '  <label for="move-input">Move</label>',
        '  <input id="move-input" class="mono" spellcheck="false" autocapitalize="characters" enterkeyhint="go"',
        f'         placeholder="{placeholder}" aria-describedby="move-preview">',
        '  <button type="submit" data-needs-engine aria-disabled="true">Play</button>',
        *([f'  <button type="button" id="move-close" aria-label="{close}">✕</button>'] if close
          else [f"  {line}" for line in move_preview()]),
        "</form>",
    ]


def move_preview(kind: str = "small") -> list[str]:
    """The Move field's preview: what the typed move will do, or why it cannot be played (``kind``: its class)."""
    return [f'<span id="move-preview" class="{kind} move-preview"></span>']


def options(choices: list[tuple[str, str]], selected: str) -> list[str]:
    """``<option>`` lines for (value, text) pairs, HTML-escaped, ``selected`` marked."""
    out = []
    for value, text in choices:
        mark = " selected" if value == selected else ""
        out.append(f'<option value="{html.escape(value, quote=True)}"{mark}>{html.escape(text, quote=False)}</option>')
    if selected not in [value for value, _ in choices]:
        raise ValueError(f"the default {selected!r} is not among the options {[v for v, _ in choices]}")
    return out


def level_options() -> list[str]:
    """The level menu before Python is ready: lab.play.level_choices(), the controller's default selected."""
    from lab.play import DEFAULT_LEVEL, level_choices
    return options(level_choices(), DEFAULT_LEVEL)


def board_choices() -> list[tuple[str, str]]:
    """The new-game dialog's (value, text) pairs; each size and length checked by the engine."""
    from phutball.board import Position
    from phutball.oned.strip import Strip
    out = []
    for size, note in BOARDS_2D:
        start = Position.start(size)   # raises on a size the engine does not play
        if str(start.size) != size:
            raise ValueError(f"write the board size {size!r} as the engine does: {start.size}")
        text = f"{start.size.width}×{start.size.height}"
        out.append((size, f"{text} ({note})" if note else text))
    for n in STRIPS:
        Strip(n, (n + 1) // 2, frozenset(), "L")   # raises on a length the engine does not play
        out.append((f"strip-{n}", f"1D strip, {n} squares"))
    return out


def board_options() -> list[str]:
    """The new-game dialog's boards, the engine's standard size selected."""
    from phutball.board import STANDARD
    return options(board_choices(), str(STANDARD))


def strip_symbols() -> dict[str, str]:
    """The 1D strip's symbols as the engine writes a strip: ``Strip.text`` (and ``Strip.pretty``, the paper's).

    The JavaScript parsers (embedboard.js, embed.js) read exactly the ASCII ones and leave
    anything else to the engine; embedboard.js writes a strip in the paper's symbols too.
    """
    from phutball.oned.strip import Strip
    stone_ball_empty = Strip(3, 2, frozenset({1}), "L")
    left, right = Strip(3, 0, frozenset(), "L").text, Strip(3, 4, frozenset(), "L").text
    inside, pretty = stone_ball_empty.text, stone_ball_empty.pretty
    return {"stone": inside[0], "ball": inside[1], "empty": inside[2], "off_left": left[0], "off_right": right[-1],
            "pretty_stone": pretty[0], "pretty_ball": pretty[1], "pretty_empty": pretty[2]}


def storage_keys() -> dict[str, str]:
    """The localStorage keys the pages' scripts read before Python is ready, by what they hold:
    each key's one definition is the module that reads and writes it (lab.savedgame, lab.gamestore,
    lab.rating, lab.puzzleledger, lab.learn, lab.backup). ``theme.js`` reads ``theme``; a page's
    start module reads its own and hands the ones its Python reads to the worker (host.js)."""
    from lab import backup, gamestore, learn, puzzleledger, rating, savedgame
    return {"play": savedgame.STORAGE_KEY, "games": gamestore.STORAGE_KEY, "rating": rating.STORAGE_KEY,
            "puzzles": puzzleledger.PROGRESS_KEY, "streak": puzzleledger.STREAK_KEY, "learn": learn.STORAGE_KEY,
            "theme": backup.THEME_KEY, "backup": backup.LAST_KEY}


def standard_start() -> str:
    """The standard start's position string (``phutball.board.STANDARD_START``): the play page's and a
    play embed's board when nothing else is asked for."""
    from phutball.board import STANDARD_START
    return STANDARD_START


def atlas_charts() -> list[str]:
    """The atlas page's charts: ``lab.atlas.atlas_html`` of the shipped figures (ATLAS_DATA)."""
    from lab.atlas import atlas_html
    return atlas_html(json.loads(ATLAS_DATA.read_text(encoding="utf-8")))
