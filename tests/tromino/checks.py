"""Independent checks shared by the tromino tests: a validator and a naive search.

Neither uses puzzlekit's own tiling code, so they can catch its mistakes.
"""

def assert_valid_tiling(board, tiling):
    """Every non-hole cell covered exactly once by L-shaped trominoes inside the board."""
    assert (tiling.board.height, tiling.board.width) == (board.height, board.width)
    assert tiling.board.holes == board.holes
    covered = set()
    for code, tromino in zip(tiling.codes, tiling.trominoes, strict=True):
        cells = set(tromino.cells)
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        assert len(cells) == 3 and len(rows) == 2 == len(cols)
        assert max(rows) - min(rows) == 1 == max(cols) - min(cols)
        # The code names the same tromino: block corner and the left-out cell.
        top, left = divmod(code // 4, board.width)
        block = [(top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1)]
        assert set(block) - cells == {block[code % 4]}
        for r, c in cells:
            assert 0 <= r < board.height and 0 <= c < board.width
            assert (r, c) not in board.holes
            assert (r, c) not in covered
            covered.add((r, c))
    assert len(covered) == board.height * board.width - len(board.holes)


_SHAPES = (((0, 1), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, -1), (1, 0)))


def naive_tileable(rows, cols, holes):
    """First empty cell in reading order, each L that starts there; plain recursion."""
    filled = [[(r, c) in holes for c in range(cols)] for r in range(rows)]
    if (rows * cols - len(holes)) % 3:
        return False

    def search(start):
        for index in range(start, rows * cols):
            r, c = divmod(index, cols)
            if not filled[r][c]:
                break
        else:
            return True
        for shape in _SHAPES:
            cells = [(r + dr, c + dc) for dr, dc in shape]
            if all(0 <= x < rows and 0 <= y < cols and not filled[x][y] for x, y in cells):
                for x, y in [(r, c), *cells]:
                    filled[x][y] = True
                if search(index + 1):
                    return True
                for x, y in [(r, c), *cells]:
                    filled[x][y] = False
        filled[r][c] = False
        return False

    return search(0)


def flood_regions(height, width, blocked):
    """Connected regions of free cells by a plain flood fill (independent of the grid)."""
    seen, sizes = set(blocked), []
    for start in ((r, c) for r in range(height) for c in range(width)):
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            r, c = stack.pop()
            size += 1
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= near[0] < height and 0 <= near[1] < width and near not in seen:
                    seen.add(near)
                    stack.append(near)
        sizes.append((start, size))
    return sizes
