"""The 2D computer player: the levels of the lab's opponent, its search, its evaluation.

Every name other modules use is here (``from phutball.ai import Searcher, LEVELS``); each part
has a module of its own:

* :mod:`phutball.ai.levels` -- the levels (:data:`LEVELS`, weakest first, :data:`STRONGEST`,
  :data:`HINT_LEVEL`), the former names still read (:func:`level_name`, :func:`level_of`), and
  what a search reports (:class:`Progress`);
* :mod:`phutball.ai.nodes` -- what the search knows of each state: its jump results, and whether a
  side wins with one jump (:class:`NodeFacts`);
* :mod:`phutball.ai.evaluation` -- the static evaluation (:func:`evaluate`, tenths of a row for the
  side to move), scores of won games (:data:`WIN`), and a score's win chance (:func:`win_chance`);
* :mod:`phutball.ai.moves` -- the moves a node tries, in order, and the forward pruning;
* :mod:`phutball.ai.search` -- the search itself (:class:`Searcher`, :func:`choose_move`): how it
  searches is its module doc.

>>> from phutball import Position
>>> str(choose_move(Position.from_str("9x9_O_E5_E6E7E8")))  # Ohs aim at row 9: the jump wins at once
'E5-E9'
"""

from __future__ import annotations

from ..errors import NoMoveError
from ..notation import Jump
from .evaluation import (WIN, WIN_CHANCE_SLOPE, WON, Evaluation, StateValue, evaluate, evaluate_node, position_node,
                         win_chance)
from .levels import (HINT_LEVEL, LEVEL_ALIASES, LEVELS, PAUSE_NODES, PAUSE_SECONDS, STRONGEST, YIELD_EVERY, Level,
                     Progress, Reason, UnknownLevelError, level_name, level_of)
from .moves import BEAM, BEAM_DEPTH, PARRY_NODES, WIDE_BEAM_DEPTH, WIDE_ROOT, Candidates
from .nodes import JUMP_CAP, WIN_NODES, Node, NodeFacts, SearchTables, search_tables
from .search import EXTENSIONS, ROOT_JUMP_CAP, ROOT_WIN_BUDGETS, Searcher, choose_move, immediate_move

__all__ = ["HINT_LEVEL", "LEVELS", "LEVEL_ALIASES", "Level", "NoMoveError", "STRONGEST", "UnknownLevelError",
           "level_name", "level_of", "Progress", "Reason", "Searcher", "choose_move", "immediate_move", "evaluate",
           "Jump", "WIN", "WON",
           "WIN_CHANCE_SLOPE", "win_chance", "Evaluation", "StateValue", "Node", "NodeFacts", "SearchTables",
           "evaluate_node", "position_node", "search_tables", "Candidates", "JUMP_CAP", "WIN_NODES", "ROOT_JUMP_CAP",
           "ROOT_WIN_BUDGETS", "PARRY_NODES", "EXTENSIONS", "BEAM", "BEAM_DEPTH", "WIDE_BEAM_DEPTH", "WIDE_ROOT",
           "YIELD_EVERY", "PAUSE_NODES", "PAUSE_SECONDS"]
