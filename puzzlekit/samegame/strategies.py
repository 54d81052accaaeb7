"""Hypothesis strategies for :mod:`puzzlekit.samegame`.

``boards()`` draws reachable boards (full ones and ones with holes, as play
leaves them), ``moves(board)`` draws a legal move given as any cell of a
playable group, ``games()`` draws a board with a line of legal moves,
``rules()`` draws rule sets, named and others, ``params()`` draws small
:class:`~puzzlekit.samegame.Params` values, and ``states()`` draws the
small positions under any rules that the contract tests solve completely.

>>> from hypothesis import given
>>> @given(boards(max_rows=4, max_cols=4))
... def test_round_trip(board):
...     assert Board.parse(str(board)) == board
>>> test_round_trip()
"""

from hypothesis import strategies as st

from puzzlekit.samegame.board import MAX_COLOURS, Board, Move
from puzzlekit.samegame.params import Params
from puzzlekit.samegame.rules import RULE_SETS, STANDARD, Rules

__all__ = ["boards", "games", "moves", "params", "rules", "states"]


def _check(name: str, value: int, minimum: int, maximum: int | None = None) -> None:
    if value < minimum or (maximum is not None and value > maximum):
        raise ValueError(f"{name}={value} is out of range")


@st.composite
def boards(
    draw: st.DrawFn,
    *,
    min_rows: int = 1,
    max_rows: int = 8,
    min_cols: int = 1,
    max_cols: int = 8,
    colours: int = 4,
    full: bool | None = None,
    rules: Rules = STANDARD,
) -> Board:
    """Boards of *min_rows*-*max_rows* rows and *min_cols*-*max_cols* columns, under *rules*.

    Blocks use colours ``0`` to ``colours - 1``. With ``full=True`` every cell
    holds a block, with ``full=False`` columns have random heights (and may be
    empty, on the right); by default either.

    >>> from hypothesis import find
    >>> find(boards(colours=2, full=True), lambda board: board.width == 3)
    Board.parse('000')
    """
    _check("min_rows", min_rows, 1, max_rows)
    _check("min_cols", min_cols, 1, max_cols)
    _check("colours", colours, 1, MAX_COLOURS)
    height = draw(st.integers(min_rows, max_rows))
    width = draw(st.integers(min_cols, max_cols))
    is_full = draw(st.booleans()) if full is None else full
    colour = st.integers(0, colours - 1)
    size = st.just(height) if is_full else st.integers(0, height)
    columns = [
        tuple(draw(st.lists(colour, min_size=n, max_size=n)))
        for n in (draw(size) for _ in range(width))
    ]
    filled = [column for column in columns if column]
    return Board(tuple(filled + [()] * (width - len(filled))), height, rules)


@st.composite
def moves(draw: st.DrawFn, board: Board) -> Move:
    """A legal move on *board*: any cell of a group of ``board.rules.min_group`` or more blocks.

    Draws nothing (the example is rejected) when *board* has no legal move.

    >>> from hypothesis import find
    >>> find(moves(Board.parse("12\\n11")), lambda move: True)
    Move(row=0, col=0)
    """
    playable = [group for group in board.groups() if group.size >= board.rules.min_group]
    if not playable:
        return draw(st.nothing())
    group = draw(st.sampled_from(playable))
    return Move(*draw(st.sampled_from(group.cells)))


@st.composite
def games(
    draw: st.DrawFn, *, max_rows: int = 8, max_cols: int = 8, colours: int = 3,
    max_moves: int = 30,
) -> tuple[Board, tuple[Move, ...]]:
    """A board and a line of up to *max_moves* legal moves from it (each any cell of its group).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10)
    ... @given(games(max_rows=4, max_cols=4))
    ... def test_every_move_is_legal(game):
    ...     board, line = game
    ...     for move in line:
    ...         board = board.play(move)
    >>> test_every_move_is_legal()
    """
    board = start = draw(boards(max_rows=max_rows, max_cols=max_cols, colours=colours))
    line: list[Move] = []
    while len(line) < max_moves and not board.is_over and draw(st.integers(0, 9)):
        move = draw(moves(board))
        line.append(move)
        board = board.play(move)
    return start, tuple(line)


def rules() -> st.SearchStrategy[Rules]:
    """Rule sets: the named ones, and any mix of the fields.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10)
    ... @given(rules())
    ... def test_clearing_never_costs(rules):
    ...     assert rules.score_end([]) >= 0
    >>> test_clearing_never_costs()
    """
    built = st.builds(
        Rules,
        min_group=st.integers(1, 4),
        offset=st.integers(-2, 3),
        squared=st.booleans(),
        clear_bonus=st.integers(0, 2000),
        end_penalty=st.sampled_from(["none", "per-colour", "total"]),
    )
    return st.sampled_from(list(RULE_SETS.values())) | built


def params(*, max_side: int = 6) -> st.SearchStrategy[Params]:
    """Params of boards up to *max_side* on a side, of up to 6 colours, under any rules.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10)
    ... @given(params())
    ... def test_round_trip(params):
    ...     assert Params.parse(str(params)) == params
    >>> test_round_trip()
    """
    _check("max_side", max_side, 1)
    side = st.integers(1, max_side)
    return st.builds(Params, side, side, st.integers(1, 6), rules())


@st.composite
def states(draw: st.DrawFn, *, max_rows: int = 4, max_cols: int = 4) -> Board:
    """Small positions that ``solve`` answers completely in a fraction of a second.

    Boards of up to *max_rows* x *max_cols* blocks in 3 colours under drawn
    rules (``min_group`` 2 to 4: a lone block playable makes the search far
    larger), some of them partly played; many cannot be cleared.

    >>> from hypothesis import given, settings
    >>> from puzzlekit.samegame import solve
    >>> @settings(max_examples=10)
    ... @given(states())
    ... def test_solve_completes(state):
    ...     assert solve(state).complete
    >>> test_solve_completes()
    """
    drawn = draw(rules().filter(lambda rules: rules.min_group >= 2))
    board = draw(boards(max_rows=max_rows, max_cols=max_cols, colours=3, rules=drawn))
    for _ in range(draw(st.integers(0, 3))):
        if board.is_over:
            break
        board = board.play(draw(moves(board)))
    return board
