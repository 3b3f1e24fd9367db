"""The calculator's detail sections as HTML (pure Python, unit-tested through the controller).

The comparison table, the Oddish board with pL/pR's running sums, the
generalized potentials PL/PR with the transformation drawn, the exact solver's
moves, and the explorer's list of failures.  Every value is escaped
(:func:`~lab.calc.words.esc`); the controller puts these strings into the
page's sections (:meth:`lab.calc.controller.CalcController.view`).
"""

from __future__ import annotations

from typing import Any

from lab.calc.jobs import prediction_winner, winner_of
from lab.calc.words import (Comparison, Exact, esc, even_squares, oddish_move_1d, oddish_strip_squares, plies_text,
                            value_phrase, winner_text)
from phutball.oned.potential import GeneralPotential, GeneralPotentials, general_values
from phutball.oned.strip import Strip
from phutball.sides import LEFT


_SYM = {".": ("empty", "empty"), "o": ("stone", "stone"), "*": ("ball", "ball")}


def glyph(ch: str, extra: str = "") -> str:
    """A square drawn as a cell glyph: '.' empty, 'o' stone, '*' ball."""
    cls, label = _SYM.get(ch, ("empty", "empty"))
    return f'<span class="g g-{cls}{(" " + extra) if extra else ""}" role="img" aria-label="{label}"></span>'


def html_compare(other: Strip, said: str, marks: list[int], link: str, solved: dict[str, Any] | None = None) -> str:
    """The line under the strip naming the position a link compares it with, how that one differs
    (``said``, the squares ``marks`` ringed on the strip), its exact value once ``solved``, and a link
    opening it (compared with this one)."""
    ringed = " (ringed on the strip)" if marks else ""
    value = f", where {value_phrase(solved['value'], solved['plies'], solved['to_move'])}" if solved else ""
    return (f'<span class="compare-label">Compared with</span> <span class="mono strip-pretty">{esc(other.pretty)}</span> '
            f'<span class="mono small">{esc(str(other))}</span>: {esc(said)}{ringed}{esc(value)}. '
            f'<a id="compare-open" href="#{esc(link)}">Open that position</a>')


def html_comparison(rows: list[Comparison]) -> str:
    out = ['<table class="compare" id="compare"><caption class="visually-hidden">Each prediction next to the exact '
           'value it can be checked against</caption>'
           '<thead><tr><th scope="col">Prediction</th><th scope="col">Exact value</th>'
           '<th scope="col"><span class="visually-hidden">Agreement</span></th></tr></thead><tbody>']
    for r in rows:
        if r["agrees"] is True:
            mark = '<span class="agree">✓ agrees</span>'
        elif r["agrees"] is False:
            mark = '<span class="disagree">✗ disagrees</span>'
        else:
            mark = '<span class="muted" aria-label="not known">–</span>'
        cls = ' class="bad"' if r["agrees"] is False else ""
        out.append(f'<tr id="cmp-{esc(r["id"])}"{cls}><th scope="row"><span class="cmp-name">{esc(r["name"])}</span> '
                   f'<span class="small">({esc(r["values"])})</span><br>'
                   f'<span class="cmp-says">{esc(r["predicted_text"])}</span></th>'
                   f'<td><span class="small">{esc(r["game"])}</span><br>{esc(r["exact_text"])}</td>'
                   f'<td>{mark}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def _cells_row(label: str, cells: list[str], head: bool = False, cls: str = "") -> str:
    tag = "th" if head else "td"
    inner = "".join(c if c.startswith("<t") else f"<{tag}>{c}</{tag}>" for c in cells)
    return f'<tr{(" class=" + chr(34) + cls + chr(34)) if cls else ""}><th scope="row">{label}</th>{inner}</tr>'


def html_oddish(strip: Strip, g: GeneralPotentials, exo: Exact) -> str:
    odd = g.oddish
    if odd is None:
        even = even_squares(strip)
        sq = ", ".join(map(str, even))
        many = len(even) > 1
        return (f'<p class="not-oddish" id="not-oddish">Not an Oddish position: the stone{"s" if many else ""} '
                f'on square{"s" if many else ""} <b>{esc(sq)}</b> lie{"" if many else "s"} at an even distance '
                f'from the ball (square {strip.ball}), so there is no Oddish board, no pL/pR and no Theorem 1 '
                f'here. {"They are" if many else "It is"} highlighted on the strip above. Remove '
                f'{"them" if many else "it"} (or move the ball) to see the Oddish board.</p>')
    board = odd.board
    a = board.arrow
    squares = oddish_strip_squares(strip)
    left_sum = {sq: v for sq, v in zip(odd.pR.squares, odd.pR.running)}
    right_sum = {sq: v for sq, v in zip(odd.pL.squares, odd.pL.running)}

    def sum_cell(sums: dict[int, int], pot: Any, i: int) -> str:
        if i not in sums:
            return "<td></td>"
        v = sums[i]
        sq = pot.squares
        tags = []
        if len(sq) >= 1 and i == sq[-1]:
            tags.append("bsum")
        if len(sq) >= 2 and i == sq[-2]:
            tags.append("psum")
        cls = " ".join(tags)
        label = f'<span class="tag">{"/".join(tags)}</span>' if tags else ""
        return f'<td class="{cls}">{v}{label}</td>' if cls else f"<td>{v}</td>"

    def with_arrow(cells: list[str], arrow_cell: str) -> list[str]:
        return cells[:a] + [arrow_cell] + cells[a:]

    nums = [f'<th scope="col">{i}</th>' for i in range(1, board.m + 1)]
    strip_nums = [f"<td>{squares[i - 1]}</td>" for i in range(1, board.m + 1)]
    cells = [f"<td>{glyph('o' if i in board.stones else '.')}</td>" for i in range(1, board.m + 1)]
    r_sums = [sum_cell(left_sum, odd.pR, i) for i in range(1, board.m + 1)]
    l_sums = [sum_cell(right_sum, odd.pL, i) for i in range(1, board.m + 1)]
    arrow_th = '<th scope="col" class="arrow-col"><span class="visually-hidden">arrow</span></th>'
    rows = [
        _cells_row("Oddish square", with_arrow(nums, arrow_th)),
        _cells_row("1D square", with_arrow(strip_nums, '<td class="arrow-col"></td>'), cls="muted-row"),
        _cells_row("Board", with_arrow(cells, '<td class="arrow-col"><span class="arrow" role="img" '
                                              'aria-label="the arrow (the ball)">↓</span></td>'), cls="board-row"),
        _cells_row("pR sum →", with_arrow(r_sums, '<td class="arrow-col"></td>'), cls="sum-row"),
        _cells_row("pL sum ←", with_arrow(l_sums, '<td class="arrow-col"></td>'), cls="sum-row"),
    ]
    table = (f'<p class="board-title" id="oddish-board">Oddish board <span class="mono">{esc(board.pretty)}</span> '
             f'<span class="small">(typed <span class="mono">{esc(board.text)}</span>, {board.m} squares)</span></p>'
             f'<div class="scroll" tabindex="0" role="region" aria-label="Oddish board and running sums">'
             f'<table class="cells oddish-table" id="oddish-table">'
             f'<tbody>{"".join(rows)}</tbody></table></div>')

    def formula(p: Any) -> str:
        name = p.name
        return (f'<li><b>{name}</b>: psum = {p.psum}, bsum = {p.bsum}, δ = {p.delta}'
                f'{" (bsum = psum)" if p.delta else ""} → '
                f'<span class="formula-text">{name} = ⌊{p.bsum}/2⌋ + (1 − {p.delta}) = </span>'
                f'<b class="value">{p.value}</b></li>')

    pred = odd.prediction
    explain = (
        '<p class="small">Only the squares at odd distance from the ball remain; the ball becomes an arrow '
        'between two squares. <b>pL</b> sums the squares right of the arrow starting from the right edge, '
        '<b>pR</b> those left of it starting from the left edge: add 1 for an empty square, subtract 1 for a '
        'stone, but never go below 0. <b>bsum</b> is the total (at the square next to the arrow), <b>psum</b> '
        'the sum just before it.</p>')
    formulas = f'<ul class="formulas">{formula(odd.pL)}{formula(odd.pR)}</ul>'
    theorem = (f'<p class="theorem"><b>Theorem 1</b> (Left wins if pL &lt; pR, Right if pL &gt; pR, the player to '
               f'move if equal): {esc(pred.rule)}, so <b>{esc(pred.text)}</b>.</p>')
    return explain + table + formulas + theorem + html_oddish_exact(exo, strip)


def html_oddish_exact(exo: Exact, strip: Strip) -> str:
    head = '<h3>Exact Oddish play</h3>'
    if exo.state != "done":
        txt = {"too-long": exo.text, "stopped": "Stopped.", "error": f"Solver error: {exo.text}"}.get(
            exo.state, "Solving…")
        return head + f'<p id="exact-oddish" class="small">{esc(txt)}</p>'
    r = exo.result or {}
    phrase = value_phrase(r["value"], r["plies"], r["to_move"])
    rows = []
    for m in r["moves"]:
        rows.append(f'<tr class="{m["value"]}"><td class="mono">{esc(m["move"])}</td>'
                    f'<td>{esc(_oddish_move_text(m["move"]))}</td>'
                    f'<td class="mono">{esc(oddish_move_1d(m["move"], strip))}</td>'
                    f'<td>{esc(_outcome_text(m))}</td></tr>')
    return (head + f'<p id="exact-oddish">When both players only place stones at odd distance from the ball: '
            f'<b>{esc(winner_text(r["winner"]))}</b> ({esc(phrase)}).</p>'
            f'<details><summary>Every Oddish move ({len(r["moves"])})</summary>'
            f'<div class="scroll"><table class="moves-table"><thead><tr><th scope="col">Move</th>'
            f'<th scope="col">What it does</th><th scope="col">On the strip</th>'
            f'<th scope="col">Outcome for the mover</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></details>')


def _oddish_move_text(move: str) -> str:
    if move[0] in "<>":
        k = int(move[1:])
        return f"arrow {'right' if move[0] == '>' else 'left'} past {k} stone{'s' if k > 1 else ''}"
    return f"stone on Oddish square {move}"


def _outcome_text(m: dict[str, Any]) -> str:
    if m["ends"]:
        return "wins at once" if m["value"] == "win" else "loses at once"
    if m["value"] == "win":
        return f"wins in {plies_text(m['plies'])}"
    if m["value"] == "loss":
        return f"loses in {plies_text(m['plies'])}"
    return "draw"


def _groups(cells: str, squares: tuple[int, ...]) -> list[tuple[int, int]]:
    """Maximal runs of empty squares as (first square, last square) in board order."""
    out: list[tuple[int, int]] = []
    start: int | None = None
    prev = 0
    for ch, sq in zip(cells + "o", (*squares, 0)):  # a stone after the last square ends the last run
        if ch == "." and start is None:
            start = sq
        elif ch != "." and start is not None:
            out.append((start, prev))
            start = None
        prev = sq
    return out


def html_general_side(p: GeneralPotential) -> str:
    side = p.side
    sq = p.squares
    b = sq[0] if side == LEFT else sq[-1]
    neighbour = b + 1 if side == LEFT else b - 1
    # running sums are in summing order (from the far edge towards the ball): map them to squares
    order = sq[::-1] if side == LEFT else sq
    sums = dict(zip(order, p.running))
    bsum_sq = order[-1]
    psum_sq = order[-2] if len(order) >= 2 else None
    turned = set(p.turned)
    heads = "".join(f'<th scope="col"{" class=ballcol" if s == b else ""}>{s}</th>' for s in sq)
    before = "".join(f"<td>{glyph(ch)}</td>" for ch in p.original)
    replaced = "".join(
        f'<td class="changed" title="the ball replaced by square {neighbour}\'s symbol">'
        f'{glyph(ch)}<span class="visually-hidden"> (changed)</span></td>' if s == b else f"<td>{glyph(ch)}</td>"
        for s, ch in zip(sq, p.replaced))
    after = "".join(
        f'<td class="changed turned" title="odd group: turned into a stone">{glyph(ch)}'
        f'<span class="visually-hidden"> (turned into a stone)</span></td>'
        if s in turned else f"<td>{glyph(ch)}</td>" for s, ch in zip(sq, p.transformed))
    sum_cells = []
    for s in sq:
        tags = (["bsum"] if s == bsum_sq else []) + (["psum"] if s == psum_sq else [])
        label = f'<span class="tag">{"/".join(tags)}</span>' if tags else ""
        cls = f' class="{" ".join(tags)}"' if tags else ""
        sum_cells.append(f"<td{cls}>{sums[s]}{label}</td>")
    arrow = "←" if side == LEFT else "→"
    rows = [
        f'<tr><th scope="row">Square</th>{heads}</tr>',
        f'<tr class="board-row"><th scope="row">Position</th>{before}</tr>',
        f'<tr class="board-row"><th scope="row">1. Ball replaced</th>{replaced}</tr>',
        f'<tr class="board-row"><th scope="row">2. Odd groups filled</th>{after}</tr>',
        f'<tr class="sum-row"><th scope="row">Sum {arrow}</th>{"".join(sum_cells)}</tr>',
    ]
    groups = _groups(p.replaced, sq)
    odd_groups = [(x, y) for x, y in groups if abs(y - x) % 2 == 0]
    even_groups = [(x, y) for x, y in groups if abs(y - x) % 2 == 1]

    def rng(x: int, y: int) -> str:
        return f"{x}" if x == y else f"{x}–{y}"

    far = "rightmost" if side == LEFT else "leftmost"
    n_ch = "empty" if p.replaced[sq.index(b)] == "." else "a stone"
    steps = [f"1. The ball's square {b} takes the symbol of its {'right' if side == LEFT else 'left'} "
             f"neighbour, square {neighbour}: {n_ch}."]
    if odd_groups:
        steps.append(f"2. Odd groups of empty squares: {', '.join(rng(x, y) for x, y in odd_groups)}; "
                     f"the {far} square of each becomes a stone: "
                     f"square{'s' if len(turned) > 1 else ''} {', '.join(map(str, sorted(turned)))}.")
    else:
        steps.append("2. No odd group of empty squares: nothing changes.")
    if even_groups:
        steps[-1] += f" (Even groups stay empty: {', '.join(rng(x, y) for x, y in even_groups)}.)"
    steps.append(f"3. Sum from the {'right' if side == LEFT else 'left'} edge towards the ball: +1 empty, "
                 "−1 stone, never below 0.")
    title = (f"{p.name}: the ball's square and the squares right of it" if side == LEFT else
             f"{p.name}: the squares left of the ball and the ball's square")
    return (f'<div class="general-side" id="general-{"left" if side == LEFT else "right"}">'
            f'<h3>{esc(title)}</h3>'
            f'<ol class="steps">{"".join(f"<li>{esc(t[3:])}</li>" for t in steps)}</ol>'
            f'<div class="scroll" tabindex="0" role="region" aria-label="{p.name} transformation and sums">'
            f'<table class="cells general-table"><tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="formula">psum = {p.psum}, bsum = {p.bsum}, δ = {p.delta} → '
            f'<span class="formula-text">{p.name} = ⌊{p.bsum}/4⌋ + (1 − {p.delta}) = </span>'
            f'<b class="value">{p.value}</b></p></div>')


def html_general(g: GeneralPotentials) -> str:
    pred = g.prediction
    intro = ('<p class="small">Section 3 of the paper: on any strip, transform the squares first, then sum as for '
             'pL/pR, and divide bsum by 4 instead of 2. Changed squares are '
             '<span class="legend changed">marked</span>; '
             '<span class="legend psum">psum</span> and <span class="legend bsum">bsum</span> are tagged.</p>')
    pred_p = (f'<p class="theorem">Prediction (the rule of Theorem 1 applied to PL and PR): '
              f'{esc(pred.rule)}, so <b>{esc(pred.text)}</b>. '
              f'The paper says this “almost works”.</p>')
    return intro + html_general_side(g.PL) + html_general_side(g.PR) + pred_p


def _move_text(move: str) -> str:
    if "-" in move:
        path = move.split("-")
        return "jump " + " → ".join(path)
    return f"stone on {move}"


def html_exact(strip: Strip, ex: Exact) -> str:
    if ex.state != "done":
        txt = {"too-long": ex.text, "stopped": "Stopped. Press “Solve again” to restart.",
               "error": f"The solver failed: {ex.text}"}.get(ex.state, ex.text or "Solving…")
        again = ('<button type="button" id="solve-again">Solve again</button>'
                 if ex.state in ("stopped", "error") else "")
        return f'<p id="exact-1d">{esc(txt)}</p>{again}'
    r = ex.result or {}
    phrase = value_phrase(r["value"], r["plies"], r["to_move"])
    src = "" if r["source"] == "retrograde" else f' <span class="small">(from the shipped book {esc(r["source"][5:])})</span>'
    wins = [m for m in r["moves"] if m["value"] == "win"]
    if wins:
        lead = (f'<p>Winning move{"s" if len(wins) > 1 else ""}: '
                + ", ".join(f'<b class="mono">{esc(m["move"])}</b> ({esc(_outcome_text(m))})' for m in wins) + "</p>")
    else:
        best = r["moves"][0] if r["moves"] else None
        lead = ("<p>No winning move." + (f' The most stubborn defence: <b class="mono">{esc(best["move"])}</b> '
                                         f'({esc(_outcome_text(best))}).' if best else "") + "</p>")
    rows = []
    mismatches = 0
    for m in r["moves"]:
        mover = r["to_move"]
        if m["ends"]:
            pot = "–"
            predicted = "game over"
            ok = ""
        else:
            after = Strip.from_str(m["after"])
            pl, pr = general_values(after.n, after.ball, after.mask)
            pw = prediction_winner(pl, pr, after.to_move)
            ew = winner_of(m["value"], mover)
            pot = f"{pl} · {pr}"
            predicted = winner_text(pw)
            if pw == ew:
                ok = '<span class="agree" title="the potentials agree">✓</span>'
            else:
                mismatches += 1
                ok = '<span class="disagree" title="the potentials disagree">✗</span>'
        after_txt = "game over" if m["ends"] else Strip.from_str(m["after"]).pretty
        rows.append(f'<tr class="{m["value"]}"><td class="mono">{esc(m["move"])}</td>'
                    f'<td>{esc(_move_text(m["move"]))}</td>'
                    f'<td class="mono after">{esc(after_txt)}</td>'
                    f'<td>{esc(_outcome_text(m))}</td>'
                    f'<td class="mono">{esc(pot)}</td><td>{esc(predicted)}</td><td>{ok}</td></tr>')
    note = (f'<p class="small">{mismatches} move{"s" if mismatches != 1 else ""} lead{"s" if mismatches == 1 else ""} '
            f'to a position where PL/PR predict the wrong winner (✗).</p>' if mismatches else
            '<p class="small">After every move PL/PR predict the right winner.</p>')
    table = ('<p class="small table-intro" id="moves-intro">Every move, best first, with its exact outcome and what '
             'the generalized potential says about the position after it.</p>'
             '<div class="scroll" tabindex="0" role="region" aria-labelledby="moves-intro">'
             '<table class="moves-table" id="moves-table">'
             '<thead><tr><th scope="col">Move</th><th scope="col">What it does</th><th scope="col">After the move</th>'
             '<th scope="col">Exact, for the mover</th><th scope="col">PL · PR after</th>'
             '<th scope="col">Potentials predict</th><th scope="col"><span class="visually-hidden">Agreement</span></th>'
             f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
    return (f'<p id="exact-1d"><b>{esc(winner_text(r["winner"]))}</b>: {esc(phrase)} with best play '
            f'(the winner hurries, the loser holds out).{src}</p>' + lead + table + note)


def html_explorer(result: dict[str, Any]) -> str:
    n = result["n"]
    f = result["failures"]
    share = result["share"] * 100
    if f == 0:
        return (f'<p id="explore-summary">On {n} squares the generalized potential predicts the winner of all '
                f'{result["positions"]:,} live positions correctly. (It is exact up to 8 squares; try 9 or more.)</p>')
    listed = result["listed"]
    head = (f'<p id="explore-summary">On {n} squares: {result["positions"]:,} live positions (both sides to move). '
            f'PL/PR predict the winner correctly in {result["correct"]:,} ({share:.2f} %) and wrongly in '
            f'<b>{f:,}</b>: {result["failures_left"]:,} with Left to move, listed here, and their mirror images with '
            f'Right to move. Choose one to open it in the calculator.'
            + (f' Showing the {len(listed)} with the fewest stones.' if result["truncated"] else "") + "</p>")
    rows = []
    for i, x in enumerate(listed, 1):
        pos = x["position"]
        rows.append(f'<tr><td class="num">{i}</td>'
                    f'<td><a class="mono" href="#{esc(pos)}" data-position="{esc(pos)}">{esc(pos)}</a></td>'
                    f'<td class="mono">{esc(x["pretty"])}</td><td>{esc(x["exact"])} plies</td>'
                    f'<td class="num">{x["PL"]}</td><td class="num">{x["PR"]}</td>'
                    f'<td>{esc(winner_text(x["predicted"]))}</td></tr>')
    table = ('<div class="scroll" tabindex="0" role="region" aria-label="Positions where the generalized potential fails">'
             '<table class="explore-table" id="explore-table"><thead><tr><th scope="col">#</th>'
             '<th scope="col">Position</th><th scope="col">Strip</th><th scope="col">Exact</th>'
             '<th scope="col">PL</th><th scope="col">PR</th><th scope="col">PL/PR predict</th></tr></thead>'
             f'<tbody>{"".join(rows)}</tbody></table></div>')
    return head + table
