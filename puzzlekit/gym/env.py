"""The one environment class behind every puzzle, and the adapter each puzzle gives it.

:class:`PuzzleEnv` knows nothing of any one puzzle: an :class:`Adapter`
turns the puzzle's states into fixed-shape arrays, action numbers into
moves (through the moves' text forms, which are stable), and says how much a
move is worth. The environment keeps the rules of the game loop:

* ``terminated`` is true exactly when the new state has no legal move left
  (solved, cleared or stuck); ``truncated`` only when ``max_steps`` steps
  have been taken without that;
* an action outside ``info["action_mask"]`` changes nothing: reward 0,
  ``info["illegal"] = True``, and the step still counts towards ``max_steps``.

>>> from puzzlekit.gym import TrominoEnv
>>> env = TrominoEnv("2x2 holes=1")
>>> observation, info = env.reset(options={"start": "#.\\n.."})
>>> observation.tolist(), int(info["action_mask"].sum())
([[1, 0], [0, 0]], 1)
>>> action = int(info["action_mask"].argmax())
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> reward, terminated, truncated, info["move"], env.state.is_solved
(1.0, True, False, '0,0 nw', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from puzzlekit.contract import PuzzleType
from puzzlekit.errors import ArgumentError
from puzzlekit.grid import check_int
from puzzlekit.levels import check_grade
from puzzlekit.registry import PUZZLES

__all__ = [
    "MAX_ACTIONS",
    "Adapter",
    "Observation",
    "PuzzleEnv",
    "char_table",
    "check_actions",
    "check_shape",
    "env_id_of",
    "text_grid",
    "text_shape",
]

Observation = npt.NDArray[np.int8]
"""An observation: a fixed-shape array of small ints (see each environment's docs)."""


MAX_ACTIONS = 2**16
"""The most actions an environment has; a bigger board is refused before anything is built."""

_GRID_LINE = np.array([40, 40, 40], dtype=np.uint8)


def env_id_of(adapter_name: str) -> str:
    """The gymnasium id of the environment of the adapter class named *adapter_name*.

    >>> env_id_of("SameGameAdapter")
    'puzzlekit/SameGame-v0'
    """
    return f"puzzlekit/{adapter_name.removesuffix('Adapter')}-v0"


def check_actions(count: int, board: str) -> None:
    """Refuse a size whose action space would hold more than ``MAX_ACTIONS`` (65,536) actions.

    >>> check_actions(256 * 256, "a 256x256 board")
    >>> check_actions(200 * 200 * (200 * 200 - 1) // 2, "a 200x200 board")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: a 200x200 board has 799980000 actions; an environment \
has at most 65536
    """
    if count > MAX_ACTIONS:
        raise ArgumentError(
            f"{board} has {count} actions; an environment has at most {MAX_ACTIONS}"
        )


class Adapter:
    """What :class:`PuzzleEnv` needs to know of one puzzle, given the env's size options.

    An adapter is made from a params value (or its text; default: the puzzle's
    ``default`` preset), and optionally a *generator* (``seed -> state``) or a
    *grade* for its starts. Subclasses set :attr:`name` (the registry name)
    and :attr:`env_id`, build
    :attr:`observation_space`, list the action texts in :meth:`action_texts`
    and turn states into arrays in :meth:`observe` and :meth:`picture`. The
    defaults here cover puzzles whose reward is 1 for solving and whose legal
    moves are listed by ``state.legal_moves()``.

    >>> from puzzlekit.tromino.gym import TrominoAdapter
    >>> adapter = TrominoAdapter("3x2 holes=0")
    >>> adapter.action_count, str(adapter.move(5))
    (8, '0,1 ne')
    """

    name: ClassVar[str]
    """The puzzle's name in :data:`puzzlekit.PUZZLES`."""
    env_id: ClassVar[str]
    """The environment's gymnasium id: ``puzzlekit/NAME-v0`` with NAME the class's name less
    ``Adapter`` (:func:`~puzzlekit.gym.env_id_of`), set for every subclass."""
    palette: ClassVar[npt.NDArray[np.uint8]]
    """The colours :meth:`picture` indexes, one RGB row each."""
    rewards_score: ClassVar[bool] = False
    """Whether a move's reward is the points it scores (the puzzle's ``score`` of the move
    alone, end bonus or penalty included), rather than 1 for the move that solves."""
    cell_pixels: ClassVar[int] = 8
    """How many pixels a side of a cell takes in ``rgb_array`` renders."""

    observation_space: spaces.Box
    """Where observations live (set by the subclass)."""
    params: Any
    """The params value of the starts (set by the subclass before this class's
    ``__init__``): :meth:`random_start` and graded starts are of these params."""

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        cls.env_id = env_id_of(cls.__name__)

    def __init__(
        self,
        params: Any = None,
        *,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
    ) -> None:
        self.puzzle: PuzzleType[Any, Any] = PUZZLES[self.name]
        if params is None:
            params = self.puzzle.presets["default"]
        elif isinstance(params, str):
            params = self.puzzle.params.parse(params)
        elif not isinstance(params, self.puzzle.params):
            raise TypeError(
                f"params must be a {self.puzzle.params.__name__} or its text, "
                f"not {type(params).__name__}"
            )
        self.params = params
        self.check_size()
        if grade is not None:
            check_grade(grade, self.puzzle.grades)
            if generator is not None:
                raise ArgumentError("give a generator or a grade, not both")
        if generator is not None and not callable(generator):
            kind = type(generator).__name__
            raise TypeError(f"generator must be a function of a seed, not {kind}")
        self.generator = generator
        self.grade = grade
        """The grade of the levels the starts are, or ``None`` for ungraded random starts."""
        self._texts = self.action_texts()
        self._moves: list[Any] | None = None
        self._index: dict[Any, int] | None = None
        self._solved: tuple[Any, bool] | None = None  # the last board play() made, solved or not

    # -- what the subclass gives -------------------------------------------------

    def check_size(self) -> None:
        """Refuse :attr:`params` the environment cannot serve, before anything is built
        (:func:`~puzzlekit.gym.check_actions` for an action space too big); by default,
        accept them."""

    def action_texts(self) -> Sequence[str]:
        """The text form of the move of each action number, in order.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> TrominoAdapter("2x2 holes=1").action_texts()
        ['0,0 nw', '0,0 ne', '0,0 sw', '0,0 se']
        """
        raise NotImplementedError

    def random_start(self, seed: int) -> Any:
        """An ungraded random start for *seed*: the puzzle's ``random_state(seed, params)``.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> len(TrominoAdapter("4x4 holes=1").random_start(2).holes)
        1
        """
        return self.puzzle.random_state(seed, self.params)

    def generate(self, seed: int) -> Any:
        """A start state drawn for *seed*: by the generator when one was given, else the
        start of a level of :attr:`grade` (see :mod:`puzzlekit.levels`) when one was
        given, else :meth:`random_start`.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> adapter = TrominoAdapter("4x4 holes=1")
        >>> adapter.generate(5) == adapter.generate(5)
        True
        """
        if self.generator is None:
            if self.grade is None:
                return self.fit(self.random_start(seed))
            return self.fit(self.puzzle.generate(self.grade, self.params, seed=seed).start)
        state = self.generator(seed)
        if not isinstance(state, self.puzzle.state):
            raise TypeError(
                f"the generator must return a {self.puzzle.state.__name__}, "
                f"not {type(state).__name__}"
            )
        return self.fit(state)

    def fit(self, state: Any) -> Any:
        """*state* when it fits the spaces; :class:`~puzzlekit.ArgumentError` otherwise.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> TrominoAdapter("2x2 holes=1").fit(Board.parse("#.\\n.."))
        Board.parse('#.\\n..')
        """
        return state

    def observe(self, state: Any) -> Observation:
        """The observation of *state* (in ``observation_space``).

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> TrominoAdapter("2x2 holes=1").observe(Board.parse("#.\\n..")).tolist()
        [[1, 0], [0, 0]]
        """
        raise NotImplementedError

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        """A ``(rows, cols)`` array of :attr:`palette` indices, one per cell.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> TrominoAdapter("2x2 holes=1").picture(Board.parse("#a\\naa")).tolist()
        [[1, 2], [2, 2]]
        """
        raise NotImplementedError

    # -- shared defaults -----------------------------------------------------------

    @property
    def action_count(self) -> int:
        """How many actions there are (``Discrete(action_count)``).

        >>> from puzzlekit.samegame.gym import SameGameAdapter
        >>> SameGameAdapter("4x3 colours=2").action_count
        12
        """
        return len(self._texts)

    def move(self, action: int) -> Any:
        """The move of action number *action* (built once from its text, then kept).

        >>> from puzzlekit.samegame.gym import SameGameAdapter
        >>> SameGameAdapter("4x3 colours=2").move(6)
        Move(row=1, col=2)
        """
        if self._moves is None:
            parse = self.puzzle.move.parse
            self._moves = [parse(text) for text in self._texts]
        return self._moves[action]

    def index(self, move: Any) -> int:
        """The action number of *move* (a move equal to the one :meth:`move` gives).

        >>> from puzzlekit.samegame.gym import SameGameAdapter
        >>> from puzzlekit.samegame import Move
        >>> SameGameAdapter("4x3 colours=2").index(Move(1, 2))
        6
        """
        if self._index is None:
            self._index = {self.move(action): action for action in range(self.action_count)}
        action = self._index.get(move)
        if action is None:
            raise ArgumentError(f"the move {str(move)!r} has no action in this environment")
        return action

    def action_mask(self, state: Any) -> Observation:
        """1 for each action whose move is legal in *state*, 0 elsewhere.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> TrominoAdapter("2x2 holes=1").action_mask(Board.parse("#.\\n..")).tolist()
        [1, 0, 0, 0]
        """
        mask = np.zeros(self.action_count, dtype=np.int8)
        legal = [self.index(move) for move in state.legal_moves()]
        mask[legal] = 1
        return mask

    def arrays(self, state: Any) -> tuple[Observation, Observation]:
        """The observation of *state* and its action mask, what every step needs (an
        adapter may build both at once; by default :meth:`observe` and :meth:`action_mask`).

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> observation, mask = TrominoAdapter("2x2 holes=1").arrays(Board.parse("#.\\n.."))
        >>> observation.tolist(), mask.tolist()
        ([[1, 0], [0, 0]], [1, 0, 0, 0])
        """
        return self.observe(state), self.action_mask(state)

    def play(self, state: Any, move: Any) -> tuple[Any, float]:
        """The state after *move* (legal in *state*) and its reward: the points the move
        scores where :attr:`rewards_score`, else 1 when it solves the puzzle.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> adapter = TrominoAdapter("2x2 holes=1")
        >>> adapter.play(Board.parse("#.\\n.."), adapter.move(0))
        (Board.parse('#a\\naa'), 1.0)
        """
        after: Any = state.play(move)
        if self.rewards_score and self.puzzle.score is not None:
            return after, float(self.puzzle.score(state, [move]))
        solved = bool(after.is_solved)
        self._solved = (after, solved)  # info() asks the same board next: told once
        return after, 1.0 if solved else 0.0

    def info(self, state: Any) -> dict[str, Any]:
        """Puzzle-specific entries of ``info`` (besides the mask and the move).

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> TrominoAdapter("2x2 holes=1").info(Board.parse("#a\\naa"))
        {'solved': True}
        """
        known = self._solved
        if known is not None and known[0] is state:
            return {"solved": known[1]}
        return {"solved": bool(state.is_solved)}

    def render_rgb(self, state: Any) -> npt.NDArray[np.uint8]:
        """An RGB image of *state*: each cell a square of its colour, with grid lines.

        >>> from puzzlekit.tromino.gym import TrominoAdapter
        >>> from puzzlekit.tromino import Board
        >>> image = TrominoAdapter("2x2 holes=1").render_rgb(Board.parse("#.\\n.."))
        >>> image.shape, image.dtype.name
        ((16, 16, 3), 'uint8')
        """
        size = self.cell_pixels
        cells = self.palette[self.picture(state)]
        image = np.repeat(np.repeat(cells, size, axis=0), size, axis=1)
        image[::size, :] = _GRID_LINE
        image[:, ::size] = _GRID_LINE
        return image


def check_shape(shape: tuple[int, int], found: tuple[int, int]) -> None:
    """Refuse a start of another size than the environment's spaces were built for.

    >>> check_shape((2, 3), (3, 2))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: the start has 3 rows and 2 columns; this environment \
was made for 2 x 3 (pass height= and width= to match)
    """
    if found != shape:
        raise ArgumentError(
            f"the start has {found[0]} rows and {found[1]} columns; this environment was "
            f"made for {shape[0]} x {shape[1]} (pass height= and width= to match)"
        )


def char_table(values: dict[str, int]) -> npt.NDArray[np.int8]:
    """A lookup table from a character's byte to its value in an observation (0 elsewhere).

    >>> table = char_table({"#": 1, "a": 2})
    >>> int(table[ord("#")]), int(table[ord(".")])
    (1, 0)
    """
    table = np.zeros(256, dtype=np.int8)
    for char, value in values.items():
        table[ord(char)] = value
    return table


def _grid_lines(text: str) -> list[str]:
    # Header lines ("rules: ...") hold a colon, which no grid row does.
    return [line for line in text.split("\n") if ":" not in line]


def text_shape(text: str) -> tuple[int, int]:
    """The rows and columns of a grid text form (its first row's length).

    >>> text_shape("rules: min_group=3\\nab\\ncd\\nef")
    (3, 2)
    """
    lines = _grid_lines(text)
    return len(lines), len(lines[0])


def text_grid(text: str, table: npt.NDArray[np.int8]) -> Observation:
    """A grid text form (one line a row, one ASCII character a cell) through *table*.

    Header lines (with a ``:``) are left out.

    >>> text_grid("#a\\n..", char_table({"#": 1, "a": 2})).tolist()
    [[1, 2], [0, 0]]
    """
    lines = _grid_lines(text)
    cells = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8)
    return table[cells].reshape(len(lines), -1)


class PuzzleEnv(gymnasium.Env[Observation, np.int64]):
    """A gymnasium environment over one puzzle of :data:`puzzlekit.PUZZLES`.

    Made by the puzzle's own class (:class:`~puzzlekit.samegame.gym.SameGameEnv`,
    :class:`~puzzlekit.tromino.gym.TrominoEnv`, :class:`~puzzlekit.linkpath.gym.LinkpathEnv`,
    :class:`~puzzlekit.twist.gym.TwistEnv`) or ``gymnasium.make("puzzlekit/...-v0")``.

    * ``reset(seed=)`` draws a start from the puzzle's generator;
      ``reset(options={"start": state_or_text})`` starts from a given state.
    * The action space is ``Discrete(n)``; ``info["action_mask"]`` (and
      :meth:`action_masks`) holds 1 for every legal action.
    * ``max_steps`` (default ``None``: no limit) truncates long episodes.
    * ``render_mode="ansi"`` renders the state's text form, ``"rgb_array"``
      a small image drawn from the board.

    :attr:`start`, :attr:`state` and :attr:`moves` are the episode so far in
    the puzzle's own terms, so ``start`` plus ``moves`` replays to ``state``.

    >>> from puzzlekit.tromino.gym import TrominoAdapter
    >>> PuzzleEnv(TrominoAdapter("2x2 holes=1"), max_steps=10).action_space
    Discrete(4)
    """

    # Not a ClassVar: gymnasium's Env declares it an attribute that instances may replace.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "rgb_array"],
        "render_fps": 4,
    }

    def __init__(
        self,
        adapter: Adapter,
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if max_steps is not None:
            check_int("max_steps", max_steps, minimum=1)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(
                f"render_mode must be 'ansi', 'rgb_array' or None, not {render_mode!r}"
            )
        self.adapter = adapter
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = cast(spaces.Space[Observation], adapter.observation_space)
        self.action_space = spaces.Discrete(adapter.action_count)
        self._start: Any | None = None
        self._state: Any | None = None
        self._moves: list[Any] = []
        self._mask = np.zeros(adapter.action_count, dtype=np.int8)
        self._steps = 0
        self._move_texts: dict[int, str] = {}  # str() of each action's move, once asked

    @property
    def start(self) -> Any:
        """The state the episode started from.

        >>> from puzzlekit.gym import TrominoEnv
        >>> env = TrominoEnv("2x2 holes=1")
        >>> _ = env.reset(options={"start": "#.\\n.."})
        >>> _ = env.step(0)
        >>> env.start, env.state, env.moves
        (Board.parse('#.\\n..'), Board.parse('#a\\naa'), (Tromino.parse('0,0 nw'),))
        """
        if self._start is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self._start

    @property
    def state(self) -> Any:
        """The puzzle state now (see :attr:`start`)."""
        if self._state is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self._state

    @property
    def moves(self) -> tuple[Any, ...]:
        """The moves played since :meth:`reset` (illegal actions leave no move; see
        :attr:`start`)."""
        return tuple(self._moves)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start an episode: from ``options["start"]`` (a state or its text), else a new draw.

        >>> from puzzlekit.gym import TrominoEnv
        >>> env = TrominoEnv("2x2 holes=1")
        >>> observation, info = env.reset(seed=3)
        >>> observation.shape, sorted(info)
        ((2, 2), ['action_mask', 'illegal', 'move', 'solved', 'steps'])
        """
        super().reset(seed=seed)
        start = (options or {}).get("start")
        if start is None:
            state = self.adapter.generate(int(self.np_random.integers(2**31 - 1)))
        elif isinstance(start, str):
            state = self.adapter.fit(self.adapter.puzzle.state.parse(start))
        elif isinstance(start, self.adapter.puzzle.state):
            state = self.adapter.fit(start)
        else:
            raise TypeError(
                f"options['start'] must be a {self.adapter.puzzle.state.__name__} or its "
                f"text, not {type(start).__name__}"
            )
        self._start = self._state = state
        self._moves = []
        self._steps = 0
        observation, self._mask = self.adapter.arrays(state)
        return observation, self._info(None, illegal=False)

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play *action*; an action the mask leaves out changes nothing (reward 0).

        >>> from puzzlekit.gym import TrominoEnv
        >>> env = TrominoEnv("2x2 holes=1")
        >>> _ = env.reset(options={"start": "#.\\n.."})
        >>> _, reward, terminated, truncated, info = env.step(3)
        >>> reward, terminated, truncated, info["illegal"]
        (0.0, False, False, True)
        """
        state = self.state
        if isinstance(action, np.ndarray) and action.shape == ():  # a policy's 0-d output
            action = action[()]
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"action must be an int, not {type(action).__name__}")
        if not 0 <= action < self.adapter.action_count:
            raise ArgumentError(
                f"action must be from 0 to {self.adapter.action_count - 1}, not {action}"
            )
        self._steps += 1
        text: str | None = None
        reward = 0.0
        if self._mask[action]:
            number = int(action)
            move = self.adapter.move(number)
            state, reward = self.adapter.play(state, move)
            self._state = state
            self._moves.append(move)
            observation, self._mask = self.adapter.arrays(state)
            text = self._move_texts.get(number)
            if text is None:
                text = self._move_texts[number] = str(move)
        else:
            observation = self.adapter.observe(state)
        # count_nonzero, not any(): a third of the time on a mask of thousands.
        terminated = not np.count_nonzero(self._mask)
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        info = self._info(text, illegal=text is None)
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Observation:
        """The legal actions now: 1 for legal, 0 for not (as ``info["action_mask"]``).

        >>> from puzzlekit.gym import TrominoEnv
        >>> env = TrominoEnv("2x2 holes=1")
        >>> _ = env.reset(options={"start": "#.\\n.."})
        >>> env.action_masks().tolist()
        [1, 0, 0, 0]
        """
        return self._mask.copy()

    def render(self) -> Any:
        """The text form (``"ansi"``), an RGB array (``"rgb_array"``), or ``None``.

        >>> from puzzlekit.gym import TrominoEnv
        >>> env = TrominoEnv("2x2 holes=1", render_mode="ansi")
        >>> _ = env.reset(options={"start": "#.\\n.."})
        >>> print(env.render(), end="")
        #.
        ..
        """
        if self.render_mode == "ansi":
            return f"{self.state}\n"
        if self.render_mode == "rgb_array":
            return self.adapter.render_rgb(self.state)
        return None

    def _info(self, move: str | None, *, illegal: bool) -> dict[str, Any]:
        return {
            "action_mask": self._mask.copy(),
            "illegal": illegal,
            "move": move,
            "steps": self._steps,
            **self.adapter.info(self.state),
        }
