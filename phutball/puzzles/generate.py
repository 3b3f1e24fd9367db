"""The 1D puzzle generator: classify a winning move by theme, rate it, write a puzzle file."""

from __future__ import annotations

import random
from typing import Any, Callable

from ..errors import IllegalPositionError, ParseError
from ..notation import StripJump
from ..oned.solve import LOSS, WIN, ExactValue, plies_text
from ..oned.strip import Strip
from ..sides import LEFT, RIGHT, other_side, side_name
from .puzzle import FORMAT
from .judge import best_line
from .common import MAX_LIVE_N, Position1D, analysis_of, norm_move

#: Most random positions :func:`generate` examines (``--tries``).
MAX_TRIES = 10_000_000

#: Generator themes, in the order the generator cycles through them.
THEMES = ("backward-jump", "stop-short", "quiet-placement", "long-jump", "long-defence",
          "distant-placement", "placement-behind", "placement-ahead", "forward-jump")

THEME_TITLES = {
    "backward-jump": "Backward jump",
    "stop-short": "Stop short",
    "quiet-placement": "The jump can wait",
    "long-jump": "Long jump",
    "long-defence": "The long haul",
    "distant-placement": "Not next to the ball",
    "placement-behind": "A stone behind the ball",
    "placement-ahead": "Build the bridge",
    "forward-jump": "The right jump",
}


def _path(move: object) -> tuple[int, ...]:
    """A jump's squares (``()`` for a placement)."""
    return move.path if isinstance(move, StripJump) else ()


def _forward(side: str) -> int:
    return 1 if side == LEFT else -1


def classify(pos: Position1D, move: str, a: ExactValue | None = None) -> dict[str, Any]:
    """Theme, tags and the tempting moves of a winning ``move`` in a 1D position.

    Themes (the first that applies is the theme; all that apply are the tags):

    * ``backward-jump`` -- the move jumps the ball away from the mover's target;
    * ``stop-short`` -- a forward jump that stops although the chain could go on,
      and every longer chain loses;
    * ``quiet-placement`` -- a placement although a forward jump is available,
      and every forward jump loses;
    * ``long-jump`` -- a forward chain of two or more jumps;
    * ``long-defence`` -- the win takes 15 plies or more against the best defence;
    * ``distant-placement`` -- a placement ahead of the ball, but not on the
      empty square nearest the ball;
    * ``placement-behind`` -- a placement between the ball and the mover's own goal;
    * ``placement-ahead`` -- a placement on the empty square nearest the ball,
      towards the opponent's goal;
    * ``forward-jump`` -- a single forward jump.

    One more tag, ``obvious-jump-loses``: the forward jump that carries the ball
    furthest loses.  *Tempting* moves are every forward jump and the placements
    on the empty squares nearest the ball on either side (leaving out the
    blunders that let the opponent win at once); ``tempting_losses`` lists those
    that lose.  Returns ``{"theme", "tags", "tempting",
    "tempting_losses", "most_tempting", "plies", "winning_moves"}``.
    """
    if not isinstance(pos, Strip):
        raise ParseError("bad 1D position", str(pos), "classification is for strips")
    a = a or analysis_of(pos)
    if a is None:
        raise IllegalPositionError("bad 1D position", str(pos), "cannot be solved quickly")
    text = norm_move(pos, move)
    o = a.outcome(text)
    f = _forward(pos.to_move)
    b = pos.ball
    forward_jumps = [x for x in a.moves if isinstance(x.move, StripJump) and (x.move.path[1] - b) * f > 0]
    near: dict[int, int] = {}
    for d in (-1, 1):
        q = b + d
        while 1 <= q <= pos.n and q in pos.stones:
            q += d
        if 1 <= q <= pos.n:
            near[d] = q
    near_moves = [x for x in a.moves if not isinstance(x.move, StripJump) and x.move.square in near.values()
                  and not (x.value == LOSS and (x.plies or 0) <= 2)]
    tempting = forward_jumps + near_moves
    losses = [x for x in tempting if x.value == LOSS]
    furthest = max(forward_jumps, key=lambda x: ((x.after.ball - b) * f, -len(_path(x.move))), default=None)
    tags: list[str] = []
    mv = o.move
    if isinstance(mv, StripJump):
        dirn = 1 if mv.path[1] > mv.path[0] else -1
        if dirn * f < 0:
            tags.append("backward-jump")
        else:
            longer = [x for x in forward_jumps if len(_path(x.move)) > len(mv.path)
                      and _path(x.move)[:len(mv.path)] == mv.path]
            if longer and all(x.value == LOSS for x in longer):
                tags.append("stop-short")
            tags.append("long-jump" if len(mv.path) >= 3 else "forward-jump")
    else:
        if forward_jumps and all(x.value == LOSS for x in forward_jumps):
            tags.append("quiet-placement")
        if (mv.square - b) * f < 0:
            tags.append("placement-behind")
        elif mv.square == near.get(f):
            tags.append("placement-ahead")
        else:
            tags.append("distant-placement")
    if (o.plies or 0) >= 15:
        tags.append("long-defence")
    if furthest is not None and furthest.value == LOSS:
        tags.append("obvious-jump-loses")
    order = {t: i for i, t in enumerate(THEMES + ("obvious-jump-loses",))}
    tags.sort(key=lambda t: order[t])
    most = None
    if furthest is not None and furthest.value == LOSS:
        most = furthest
    else:
        ahead = [x for x in losses if not isinstance(x.move, StripJump) and (x.move.square - b) * f > 0]
        most = ahead[0] if ahead else None
    return {"theme": tags[0], "tags": tags, "tempting": [str(x.move) for x in tempting],
            "tempting_losses": [str(x.move) for x in losses],
            "most_tempting": None if most is None else str(most.move),
            "plies": o.plies, "winning_moves": [str(x.move) for x in a.winning_moves]}


def rate(info: dict[str, Any]) -> int:
    """Difficulty 1..5: the depth (plies to win), plus one for a subtle theme or many losing tempting moves.

    3 plies: 1; 5-7: 2; 9-11: 3; 13-15: 4; 17 or more: 5.  One more (at most 5)
    for a backward jump, stopping short, a quiet placement, a stone behind the
    ball or a distant placement, or when three or more tempting moves lose.
    """
    plies = info["plies"] or 1
    base = 1 if plies <= 3 else 2 if plies <= 7 else 3 if plies <= 11 else 4 if plies <= 15 else 5
    subtle = info["theme"] in ("backward-jump", "stop-short", "quiet-placement", "placement-behind",
                               "distant-placement")
    return min(5, base + (1 if subtle or len(info["tempting_losses"]) >= 3 else 0))


# ====================================================================== generator


def _explain(pos: Strip, info: dict[str, Any], a: ExactValue, line: list[str]) -> tuple[str, str]:
    """A title and the text shown after solving (facts from the solver, in plain words)."""
    me, opp = side_name(pos.to_move), side_name(other_side(pos.to_move))
    move = line[0]
    theme = info["theme"]
    goal = "right" if pos.to_move == LEFT else "left"
    plies = info["plies"]
    parts: list[str] = []
    if theme == "backward-jump":
        parts.append(f"{move} jumps the ball backwards, away from the {goal} end {me} is attacking, "
                     "and it is the only winning move: never jumping backwards is not a rule.")
    elif theme == "stop-short":
        full = max((x for x in info["tempting_losses"] if x.startswith(move + "-")), key=len, default=None)
        parts.append(f"Stop short: {move} wins, but carrying the chain on"
                     + (f" ({full})" if full else "") + " loses. The stones left in front of the ball "
                     "are worth more as a later jump than the squares the ball would gain now.")
    elif theme == "quiet-placement":
        jumps = [x for x in info["tempting_losses"] if "-" in x]
        parts.append(f"The ball can jump ({', '.join(jumps[:3])}{', ...' if len(jumps) > 3 else ''}), "
                     f"but every jump loses. The only winning move is the quiet placement {move}: "
                     "the jump can wait until it cannot be answered.")
    elif theme == "long-jump":
        parts.append(f"Only the whole chain {move} ({move.count('-')} jumps in one move) wins; "
                     "stopping anywhere earlier on the way loses.")
    elif theme == "long-defence":
        parts.append(f"Only {move} wins, and even then it is a long fight: against {opp}'s most "
                     f"stubborn defence the game lasts {plies} plies.")
    elif theme == "placement-behind":
        parts.append(f"{move} puts a stone behind the ball, between it and {me}'s own goal, "
                     "yet it is the only winning move.")
    elif theme == "distant-placement":
        parts.append(f"The only winning move is the placement {move}, ahead of the ball but not next to it.")
    elif theme == "placement-ahead":
        parts.append(f"The only winning move is the placement {move}, on the first empty square "
                     "ahead of the ball.")
    else:
        parts.append(f"Of all the moves only the jump {move} wins.")
    most = info["most_tempting"]
    if most and most != move:
        o = a.outcome(most)
        reply = _pick_reply(o.after)
        rest = (o.plies or 1) - 1
        how = "with a jump to the goal" if rest == 1 else f"and wins in {plies_text(rest)}"
        parts.append(f"The tempting {most} loses: {opp} answers {reply} {how}.")
    tl = info["tempting_losses"]
    if len(tl) > 1:
        parts.append(f"{len(tl)} natural-looking moves lose here ({', '.join(tl[:6])}"
                     f"{', ...' if len(tl) > 6 else ''}).")
    if plies == 3 and len(line) == 3:
        parts.append(f"After {move} {me} wins with his next move whatever {opp} does "
                     f"(the main line: {line[1]}, then {line[2]})." if pos.to_move == LEFT else
                     f"After {move} {me} wins with her next move whatever {opp} does "
                     f"(the main line: {line[1]}, then {line[2]}).")
    elif len(line) >= 3:
        parts.append(f"After {move}, {opp}'s most stubborn defence is {line[1]}, {me} continues "
                     f"{line[2]}, and wins in {plies_text(plies)} in all.")
    title = THEME_TITLES.get(theme, "Only move")
    return title, " ".join(parts)


def _pick_reply(after: Strip) -> str:
    if after.winner is not None:
        return "nothing"
    a = analysis_of(after)
    return str(a.best.move) if a is not None and a.best is not None else "?"


def _candidate(rng: random.Random, n: int) -> Strip:
    ball = rng.randint(2, n - 1)
    density = rng.choice((0.25, 0.3, 0.35, 0.4, 0.45, 0.5))
    stones = frozenset(s for s in range(1, n + 1) if s != ball and rng.random() < density)
    side = rng.choice((LEFT, RIGHT))
    return Strip(n, ball, stones, side)


def generate(min_n: int = 9, max_n: int = 16, count: int = 40, seed: int = 1, *, tries: int = 20000,
             id_prefix: str | None = None, ref: str | None = None,
             progress: Callable[[int, int], Any] | None = None) -> list[dict[str, Any]]:
    """Puzzles with a unique winning move, varied themes and difficulties (deterministic for a seed).

    Random positions on strips of ``min_n..max_n`` squares (at most 20) are
    solved exactly; those with exactly one winning move that does not win at
    once are classified (:func:`classify`) and rated (:func:`rate`).  The
    selection cycles through the themes and, within a theme, through the
    difficulties, so the set is varied.  Returns puzzle dicts (the file format).
    """
    if not (3 <= min_n <= max_n <= MAX_LIVE_N):
        raise ParseError("bad strip lengths", f"{min_n}..{max_n}", f"need 3 <= min-n <= max-n <= {MAX_LIVE_N}")
    if count < 1:
        raise ParseError("bad count", count, "need at least one puzzle")
    if not 1 <= tries <= MAX_TRIES:
        raise ParseError("bad tries", tries, f"need 1 <= tries <= {MAX_TRIES}")
    # Every distinct position (seen from Left: ball on 2..n-1, any stones elsewhere); once all have
    # been examined more tries find nothing new, so the search stops (short strips have only a few).
    distinct = sum((n - 2) << (n - 1) for n in range(min_n, max_n + 1))
    rng = random.Random(seed)
    prefix = id_prefix or f"gen1d-s{seed}"
    ref = ref or f"phutball puzzles generate --min-n {min_n} --max-n {max_n} --count {count} --seed {seed}"
    seen: set[str] = set()
    motifs: set[tuple[str, str, str]] = set()
    pool: list[tuple[Strip, dict[str, Any], ExactValue]] = []
    per_cell = max(2, count // 8 + 1)
    cells: dict[tuple[str, int], int] = {}
    for i in range(tries):
        if len(seen) >= distinct:
            break
        if progress is not None and i % 1000 == 0:
            progress(i, tries)
        n = rng.randint(min_n, max_n)
        s = _candidate(rng, n)
        if s.winner is not None:
            continue
        left = s if s.to_move == LEFT else s.mirror()
        key = str(left)
        if key in seen:
            continue
        seen.add(key)
        a = analysis_of(s)
        if a is None or a.value != WIN or (a.plies or 0) < 3:
            continue
        wins = a.winning_moves
        if len(wins) != 1:
            continue
        info = classify(s, str(wins[0].move), a)
        info["difficulty"] = rate(info)
        # one puzzle per motif: the theme and the squares near the ball (seen from Left)
        b = left.ball
        window = "".join("*" if q == b else "o" if q in left.stones else "." if 1 <= q <= n else "|"
                         for q in range(b - 1, b + 7))
        motif = (info["theme"], window, str(info["plies"]))
        if motif in motifs:
            continue
        cell = (info["theme"], info["difficulty"])
        if cells.get(cell, 0) >= per_cell:
            continue
        motifs.add(motif)
        cells[cell] = cells.get(cell, 0) + 1
        pool.append((s, info, a))
    # selection: cycle through the difficulties 1..5; at each, take the candidate of the
    # theme chosen least so far (ties: THEMES order, then the order found)
    chosen: list[tuple[Strip, dict[str, Any], ExactValue]] = []
    used: dict[str, int] = {t: 0 for t in THEMES}
    while len(chosen) < count and pool:
        took = False
        for lvl in range(1, 6):
            if len(chosen) >= count:
                break
            here = [it for it in pool if it[1]["difficulty"] == lvl]
            if not here:
                continue
            it = min(here, key=lambda x: (used[x[1]["theme"]], THEMES.index(x[1]["theme"])))
            pool.remove(it)
            chosen.append(it)
            used[it[1]["theme"]] += 1
            took = True
        if not took:
            break
    chosen.sort(key=lambda it: (it[1]["difficulty"], THEMES.index(it[1]["theme"]), it[0].n, str(it[0])))
    puzzles = []
    for k, (s, info, a) in enumerate(chosen, start=1):
        line = best_line(s)["moves"]
        title, text = _explain(s, info, a, line)
        puzzles.append({
            "id": f"{prefix}-{k:02d}",
            "title": f"{title} ({s.n} squares, {side_name(s.to_move)} to move)",
            "source": {"kind": "generated", "ref": f"{ref} (#{k})"},
            "variant": "1D",
            "position": str(s),
            "task": "only-move",
            "difficulty": info["difficulty"],
            "text": text,
            "main_line": line,
            "theme": info["theme"],
            "tags": info["tags"],
            "plies": info["plies"],
            "traps": info["tempting_losses"],
        })
    return puzzles


def generate_file(min_n: int = 9, max_n: int = 16, count: int = 40, seed: int = 1, *,
                  tries: int = 20000, collection: str | None = None, id_prefix: str | None = None,
                  progress: Callable[[int, int], Any] | None = None) -> dict[str, Any]:
    """A whole puzzle file (``phutball-puzzles/1``) made by :func:`generate`."""
    ref = f"phutball puzzles generate --min-n {min_n} --max-n {max_n} --count {count} --seed {seed}"
    if tries != 20000:
        ref += f" --tries {tries}"
    puzzles = generate(min_n, max_n, count, seed, tries=tries, id_prefix=id_prefix, ref=ref, progress=progress)
    return {
        "format": FORMAT,
        "collection": collection or f"Generated 1D puzzles (seed {seed})",
        "generated_by": ref,
        "puzzles": puzzles,
    }
