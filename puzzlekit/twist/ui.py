"""IQ-Twist's front-end hooks (see :mod:`puzzlekit.interface`): pieces are taken from a
tray below the board, turned with the wheel (or ``r``), flipped with ``x`` or a right
click, drawn as a ghost at the nearest location (red where they may not go) and dropped
with a click or by releasing a drag. The challenge's own pieces and pegs stay put.

>>> from puzzlekit.interface import Event
>>> state = State()
>>> ui, _ = interpret(state, new_ui(state), Event("down", data={"tray": "h"}))
>>> ui, move = interpret(state, ui, Event("up", x=336, y=192))
>>> move
Placement.parse('h6D0')
"""

from __future__ import annotations

from puzzlekit.interface import Event, TakeBack, UiState, move_cursor, overlay
from puzzlekit.svg import GridGeometry, Motion, Svg, SvgCanvas
from puzzlekit.twist.board import Placement, State
from puzzlekit.twist.pieces import HEIGHT, PIECES, WIDTH, flipped, loops, rotated
from puzzlekit.twist.render import draw_piece, geometry, svg

__all__ = ["HELP", "draw", "draw_move", "interpret", "motions", "new_ui", "placement_near",
           "status"]

HELP = ("Drag a piece from the tray onto the board, or click it and click a location; "
        "drag a piece you placed to pick it up again. "
        "Turn it with the wheel or r, flip it with x or a right click, drop it with Escape. "
        "Keys a-h take a piece, arrow keys move it, Enter places it.")

CELL_SIZE = 48
"""The picture's cell size."""

_TRAY_ROWS = 4  # the tray's height below the board, in cells
_SLOT = (2 * CELL_SIZE, 2 * CELL_SIZE)  # each tray slot's width and height


def _tray_geometry(index: int) -> GridGeometry:
    """Where tray slot *index* (a piece in orientation 0 at half size) is drawn."""
    board = geometry(cell_size=CELL_SIZE)
    left = board.origin[0] + (index % 4) * _SLOT[0]
    top = board.origin[1] + (HEIGHT + 0.25 + (index // 4) * 2) * CELL_SIZE
    return GridGeometry((left, top), CELL_SIZE / 2, 3, 4)


def placement_near(piece: str, orientation: int, x: float, y: float) -> Placement:
    """The placement of *piece* in *orientation* whose middle is nearest picture point
    (*x*, *y*), its top-left location kept on the board (the rest may hang off it).

    >>> placement_near("h", 0, 336, 192)
    Placement.parse('h6D0')
    """
    board = geometry(cell_size=CELL_SIZE)
    shape = loops(piece, orientation)
    height = 1 + max(r for r, _, _ in shape)
    width = 1 + max(c for _, c, _ in shape)
    row = round((y - board.origin[1]) / CELL_SIZE - height / 2)
    col = round((x - board.origin[0]) / CELL_SIZE - width / 2)
    return Placement(piece, min(max(col, 0), WIDTH - 1), min(max(row, 0), HEIGHT - 1),
                     orientation)


def new_ui(state: State) -> UiState:
    """No piece held; the pieces of the start *state* (the challenge's own) locked."""
    return {"held": None, "orientation": 0, "at": None, "dragging": False,
            "locked": "".join(piece.piece for piece in state.pieces)}


def _held_placement(ui: UiState) -> Placement | None:
    if ui.get("held") is None or ui.get("at") is None:
        return None
    col, row = ui["at"]
    return Placement(ui["held"], col, row, ui["orientation"])


def _take(state: State, ui: UiState, piece: str) -> None:
    """Hold *piece* if it is in the tray; the piece held already keeps its orientation."""
    if piece in PIECES and state.piece(piece) is None and ui.get("held") != piece:
        ui.update(held=piece, orientation=0, at=None)


def interpret(
    state: State, ui: UiState, event: Event
) -> tuple[UiState, Placement | TakeBack | None]:
    """Take, turn, flip, move and drop the held piece; a drop at a legal place is the move.
    Pressing on a piece placed in this game picks it up (:class:`TakeBack` of its placement).

    >>> state = State.parse("a7A7")
    >>> ui, back = interpret(state, new_ui(State()), Event("down", data={"piece": "a"}))
    >>> back, ui["held"], ui["orientation"]
    (TakeBack(move=Placement.parse('a7A7')), 'a', 7)
    >>> interpret(state, new_ui(state), Event("down", data={"piece": "a"}))[1] is None
    True
    """
    ui = dict(ui)
    held = ui.get("held")
    placed = state.piece(event.get("piece") or "?") if event.kind == "down" else None
    if placed is not None and not held and placed.piece not in ui.get("locked", ""):
        ui.update(held=placed.piece, orientation=placed.orientation,
                  at=[placed.col, placed.row], dragging=True)
        return ui, TakeBack(placed)
    if event.kind == "wheel" and held:
        ui["orientation"] = rotated(ui["orientation"], 1 if event.delta > 0 else -1)
    elif event.kind == "key":
        return _key(state, ui, event.key)
    elif event.kind == "down":
        tray = event.get("tray")
        if tray is not None:
            _take(state, ui, tray)
            ui["dragging"] = True
        elif held and event.get("button") == "2":
            ui["orientation"] = flipped(ui["orientation"])
    elif event.kind in ("move", "up", "click") and held and event.x is not None:
        on_board = geometry(cell_size=CELL_SIZE).cell_at(event.x, event.y or 0.0)
        at = placement_near(held, ui["orientation"], event.x, event.y or 0.0)
        ui["at"] = [at.col, at.row] if on_board is not None else None
        dropping = event.kind == "click" or (event.kind == "up" and ui.get("dragging"))
        if event.kind == "up":
            ui["dragging"] = False
        if dropping and event.get("tray") is None and ui["at"] is not None:
            ui.update(held=None, at=None)  # placed, or refused with the reason shown
            return ui, at
    elif event.kind == "leave":
        ui["at"] = None
    return ui, None


def _key(state: State, ui: UiState, key: str) -> tuple[UiState, Placement | None]:
    if key in PIECES:
        _take(state, ui, key)
        ui["at"] = [0, 0]
    elif not ui.get("held"):
        pass
    elif key in ("r", "R"):
        ui["orientation"] = rotated(ui["orientation"], -1 if key == "R" else 1)
    elif key in ("x", "X"):  # not f: the letters a-h take pieces
        ui["orientation"] = flipped(ui["orientation"])
    elif key == "Escape":
        ui.update(held=None, at=None)
    elif key in ("Enter", " "):
        placement = _held_placement(ui)
        ui.update(held=None, at=None)
        return ui, placement
    else:
        cursor = {"cursor": list(reversed(ui["at"] or [0, 0]))}
        if move_cursor(cursor, key, HEIGHT, WIDTH):
            ui["at"] = list(reversed(cursor["cursor"]))
    return ui, None


def draw(state: State, ui: UiState, *, hint: Placement | None = None) -> Svg:
    """The board with the held piece's ghost (or the hint's) and the tray of pieces left."""
    ghost = _held_placement(ui) or hint
    legal = ghost is not None and ghost in state.legal_moves()
    picture = svg(state, cell_size=CELL_SIZE, ghost=ghost, ghost_legal=legal,
                  extra_rows=_TRAY_ROWS)
    board = geometry(cell_size=CELL_SIZE)
    top = SvgCanvas(WIDTH * CELL_SIZE + 2 * board.origin[0],
                    (HEIGHT + _TRAY_ROWS) * CELL_SIZE + 2 * board.origin[1])
    for index, piece in enumerate(PIECES):
        if state.piece(piece) is not None:
            continue
        slot = _tray_geometry(index)
        top.rect(slot.origin[0], slot.origin[1], _SLOT[0] - 4, _SLOT[1] * 0.8, fill="#e8e2d4",
                 stroke="#b5ab95" if piece != ui.get("held") else "#111", stroke_width=2,
                 rx=6, class_="tray", data_tray=piece)
        draw_piece(top, Placement(piece, 0, 0, 0), slot, data_tray=piece)
    return overlay(picture, top)


def status(state: State, ui: UiState) -> str:
    """The piece held and its orientation, or the pieces left."""
    if ui.get("held"):
        where = _held_placement(ui)
        at = f" at {where.location}" if where is not None else ""
        return f"holding {ui['held']} (orientation {ui['orientation']}){at}"
    left = state.missing_pieces()
    return f"pieces left: {', '.join(left)}" if left else "every piece is placed"


def motions(state: State, move: Placement) -> tuple[Motion, ...]:
    """Nothing moves: a piece is placed."""
    return ()


def draw_move(state: State, move: Placement) -> Svg | None:
    """No separate picture of a placement."""
    return None
