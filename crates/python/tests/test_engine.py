"""The engine from Python: models, grids, solvers, solutions, options,
limits, Ctrl-C, the GIL and errors."""

import threading
import time

import pytest

import gridcsp
from conftest import brute_force


def test_issue_n_queens_snippet():
    m = gridcsp.Model()
    q = m.new_vars(8, range(8))                 # domains: a range or any ints
    m.all_different(q)
    m.all_different_offset([(v, i) for i, v in enumerate(q)])
    m.all_different_offset([(v, -i) for i, v in enumerate(q)])
    assert gridcsp.Solver(m).count() == 92      # an int; count(limit=...) too
    assert type(gridcsp.Solver(m).count()) is int
    assert gridcsp.Solver(m).count(limit=10) == 10
    for s in gridcsp.Solver(m).solutions():
        rows = s[q]
        assert all(type(r) is int for r in rows)
        assert len(set(rows)) == 8
        assert len({r + i for i, r in enumerate(rows)}) == 8
        assert len({r - i for i, r in enumerate(rows)}) == 8


def latin(n):
    m = gridcsp.Model()
    g = gridcsp.Grid(m, n, n, range(1, n + 1))
    for line in g.lines():
        m.all_different(line)
    return m, g


def test_grid_sudoku_4x4_and_latin_squares():
    m = gridcsp.Model()
    g = m.new_grid(4, 4, range(1, 5))
    for group in g.rows() + g.columns() + g.boxes(2, 2):
        m.all_different(group)
    assert gridcsp.Solver(m).count() == 288
    assert gridcsp.Solver(latin(4)[0]).count() == 576


SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def sudoku_model():
    m = gridcsp.Model()
    g = gridcsp.Grid(m, 9, 9, range(1, 10))
    for group in g.rows() + g.columns() + g.boxes(3, 3):
        m.all_different(group)
    return m, g


def test_sudoku_on_the_engine():
    m, g = sudoku_model()
    for cell, value in g.parse_givens(SUDOKU):
        m.fix(cell, value)
    solver = gridcsp.Solver(m)
    s = solver.solve()
    values = s[g]
    assert isinstance(values, list) and all(isinstance(row, list) for row in values)
    assert "".join(str(v) for row in values for v in row) == SOLVED
    assert g.values(s) == values
    assert g.render(s).splitlines()[0].split() == list("534678912")
    assert solver.is_unique()
    assert [len(found) for found in [solver.uniqueness()]] == [1]
    assert solver.stats.solutions >= 1


def test_assumptions_instead_of_givens():
    m, g = sudoku_model()
    solver = gridcsp.Solver(m)
    solver.set_assumptions(g.parse_givens(SUDOKU))
    assert "".join(str(v) for row in solver.solve()[g] for v in row) == SOLVED
    solver.clear_assumptions()
    assert solver.count(limit=3) == 3
    solver.assume([g[0, 0].ne(5), g[0, 0].ge(9)])
    assert solver.solve()[g[0, 0]] == 9
    with pytest.raises(gridcsp.ModelError, match="not in its domain"):
        solver.set_assumptions([(g[0, 0], 10)])


# A 3x3 Kakuro: `#` blocks, runs with their sums.
#   # 4 3        (column sums below the top row: 4 and 3)
#   4 . .        (row sums: 4 and 3)
#   3 . .
def test_kakuro_on_the_engine():
    m = gridcsp.Model()
    mask = [[False, False, False], [False, True, True], [False, True, True]]
    g = gridcsp.Grid(m, 3, 3, range(1, 10), mask=mask)
    assert g[0, 0] is None and g[1, 1] is not None
    runs = g.runs(2)
    assert sorted((r.direction, r.start) for r in runs) == [
        ("across", (1, 1)), ("across", (2, 1)), ("down", (1, 1)), ("down", (1, 2))]
    sums = {("across", (1, 1)): 4, ("across", (2, 1)): 3, ("down", (1, 1)): 4, ("down", (1, 2)): 3}
    for run in runs:
        m.all_different_sum(run.cells, sums[run.direction, run.start])
    s = gridcsp.Solver(m)
    assert s.is_unique()
    assert s.solve()[g] == [[None, None, None], [None, 3, 1], [None, 1, 2]]


def test_optimisation():
    m = gridcsp.Model()
    x, y = m.new_var(range(0, 10)), m.new_var(range(0, 10))
    total = m.new_var(range(0, 40))
    m.linear([(3, x), (2, y), (-1, total)], "==", 0)
    m.sum([x, y], "<=", 7)
    m.less_than(y, x)
    best = gridcsp.Solver(m).maximize(total)
    assert (best[x], best[y], best.objective, best.optimal) == (7, 0, 21, True)
    worst = gridcsp.Solver(m).minimize(total)
    assert (worst.objective, worst.optimal) == (3, True)
    assert gridcsp.Solver(m).solve().objective is None
    m.linear([(1, total)], ">", 30)
    assert gridcsp.Solver(m).maximize(total) is None


def test_solutions_iterator_and_model_changes():
    m = gridcsp.Model()
    xs = m.new_vars(3, range(3))
    m.all_different(xs)
    it = gridcsp.Solver(m).solutions()
    first = next(it)
    with pytest.raises(gridcsp.ModelError, match="cannot change"):
        m.new_var(range(2))
    rest = list(it)
    assert len(rest) == 5 and first not in rest
    assert list(it) == []
    m.new_var(range(2))  # the exhausted iterator let the model go
    it = gridcsp.Solver(m).solutions(limit=4)
    assert len(list(it)) == 4 and it.stats.solutions == 4
    it = gridcsp.Solver(m).solutions()
    next(it)
    it.close()
    m.new_var(range(2))


def test_search_options_are_deterministic():
    m, g = latin(5)
    counts = set()
    for order in ("mrv_degree", "mrv", "input", "dom_wdeg"):
        for value_order in ("ascending", "descending", "random"):
            counts.add(gridcsp.Solver(m, variable_order=order, value_order=value_order, seed=3).count(limit=50))
    assert counts == {50}
    a = gridcsp.Solver(m, value_order="random", seed=11, restarts=("luby", 100)).solve()
    b = gridcsp.Solver(m, value_order="random", seed=11, restarts=("luby", 100)).solve()
    assert a == b
    c = gridcsp.Solver(m, variable_order="dom_wdeg", restarts=("geometric", 10, 1.5), probing="root").solve()
    assert c is not None
    with pytest.raises(ValueError, match="variable_order"):
        gridcsp.Solver(m, variable_order="fastest")
    with pytest.raises(ValueError, match="restarts"):
        gridcsp.Solver(m, restarts="often")


def test_learning_finds_the_same_answers():
    m, g = latin(4)
    for learning in (None, "off", "on", "auto", 10):
        s = gridcsp.Solver(m, variable_order="dom_wdeg", learning=learning)
        assert s.count() == 576, learning
        assert s.solve() is not None
    # And finds no solution where there is none.
    m.equal(g.cell(0, 0), g.cell(1, 1))
    m.equal(g.cell(1, 1), g.cell(2, 2))
    m.not_equal(g.cell(0, 0), g.cell(2, 2))
    assert gridcsp.Solver(m, learning="on").solve() is None
    with pytest.raises(ValueError, match="learning"):
        gridcsp.Solver(m, learning="sometimes")
    with pytest.raises(TypeError, match="learning"):
        gridcsp.Solver(m, learning=1.5)


def test_decision_vars_and_propagate():
    m = gridcsp.Model()
    x, y = m.new_var(range(1, 4)), m.new_var(range(1, 4))
    m.less_than(x, y)
    s = gridcsp.Solver(m, decision_vars=[x])
    assert s.count() == 3
    domains = gridcsp.Solver(m).propagate()
    assert domains == {x: [1, 2], y: [2, 3]}
    m.fix(y, 1)
    assert gridcsp.Solver(m).propagate() is None


def test_stats_and_cpu_time():
    m, _ = latin(5)
    s = gridcsp.Solver(m, cpu_time=True)
    s.count(limit=100)
    st = s.stats
    assert st.solutions == 100 and st.nodes >= st.decisions > 0 and st.elapsed >= 0
    assert st.cpu_time is not None
    assert set(st.to_dict()) >= {"decisions", "nodes", "failures", "propagations", "elapsed"}


def test_trace():
    m = gridcsp.Model()
    xs = m.new_vars(3, range(1, 4))
    m.all_different(xs)
    m.fix(xs[0], 1)
    solver = gridcsp.Solver(m, trace=True)
    solver.assume([xs[1].ne(2)])
    s = solver.solve()
    events = solver.trace()
    kinds = [e["kind"] for e in events]
    assert kinds[0] == "assumed" and kinds[-1] == "solution"
    removed = [e for e in events if e["kind"] == "removed"]
    assert {(e["var"], e["value"]) for e in removed} >= {(xs[1], 1), (xs[2], 1)}
    assert all(e["constraint"] == 0 for e in removed)
    assert (s[xs[1]], s[xs[2]]) == (3, 2)
    assert gridcsp.Solver(m).trace() == []


def hard_model(n=12):
    """Latin squares of order ``n``: far too many to count."""
    return latin(n)[0]


def test_limits_raise_limit_reached():
    m = hard_model()
    with pytest.raises(gridcsp.LimitReached) as e:
        gridcsp.Solver(m).count(node_limit=1000)
    assert e.value.reason == "node limit" and e.value.found > 0
    with pytest.raises(gridcsp.LimitReached) as e:
        gridcsp.Solver(m).count(time_limit=0.05)
    assert e.value.reason == "time limit"
    with pytest.raises(gridcsp.LimitReached):
        gridcsp.Solver(m, node_limit=10).count()
    with pytest.raises(gridcsp.LimitReached):
        list(gridcsp.Solver(m).solutions(node_limit=50))
    with pytest.raises(ValueError, match="time_limit"):
        gridcsp.Solver(m).solve(time_limit=-1)


def test_ctrl_c_cancels_a_search(ctrl_c):
    m = hard_model()
    started = time.monotonic()
    ctrl_c(0.3)
    # The time limit only bounds the test if Ctrl-C is lost (it would
    # fail with LimitReached instead of hanging).
    with pytest.raises(KeyboardInterrupt):
        gridcsp.Solver(m, time_limit=60).count()
    assert time.monotonic() - started < 30
    ctrl_c(0.3)
    with pytest.raises(KeyboardInterrupt):
        for _ in gridcsp.Solver(m, time_limit=60).solutions():
            pass
    # The model is free again.
    m.new_var(range(2))


def test_the_gil_is_released_while_searching():
    m = hard_model()
    done = threading.Event()
    ticks = 0

    def search():
        try:
            gridcsp.Solver(m).count(time_limit=1.0)
        except gridcsp.LimitReached:
            pass
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    # Holding the GIL for the whole second would leave this thread one or
    # two turns.
    assert ticks > 20


def test_model_errors():
    m = gridcsp.Model()
    x = m.new_var(range(1, 4), name="x")
    assert m.var_name(x) == "x" and m.display_var(x) == "x"
    with pytest.raises(gridcsp.ModelError, match="appears more than once"):
        m.all_different([x, x])
    with pytest.raises(gridcsp.ModelError, match="empty domain"):
        m.new_var([])
    with pytest.raises(gridcsp.ModelError, match="another model"):
        m.less_than(x, gridcsp.Model().new_var(range(2)))
    with pytest.raises(gridcsp.ModelError):
        m.fix(x, 9)
    with pytest.raises(ValueError, match="operator"):
        m.relation(x, "<>", x)
    with pytest.raises(TypeError):
        m.all_different(x)
    with pytest.raises(TypeError, match="one int"):
        m.new_var(5)
    with pytest.raises(OverflowError):
        m.new_var([2 ** 40])
    assert issubclass(gridcsp.ModelError, ValueError)
    assert issubclass(gridcsp.ModelError, gridcsp.GridcspError)


def test_domains_and_values():
    m = gridcsp.Model()
    a = m.new_var(range(0, 10, 3))
    b = m.new_var([5, -2, 7])
    c = m.new_var(v for v in (1, 2))
    assert m.initial_domain(a) == [0, 3, 6, 9]
    assert m.initial_domain(b) == [-2, 5, 7]
    assert m.initial_domain(c) == [1, 2]
    assert m.num_vars() == 3 and m.vars() == [a, b, c]
    assert a.index == 0 and len({a, b, c, a}) == 3
    other = gridcsp.Model()
    y = other.new_var(range(2))
    s = gridcsp.Solver(m).solve()
    with pytest.raises(ValueError, match="another model"):
        s[y]
    assert s[[a, [b, c]]] == [s[a], [s[b], s[c]]]


def test_grid_helpers():
    m = gridcsp.Model()
    g = gridcsp.Grid(m, 3, 4, range(2))
    assert (g.num_rows, g.num_cols, len(g.cells())) == (3, 4, 12)
    assert g.position(g[1, 2]) == (1, 2) and g.get(5, 5) is None
    assert [len(r) for r in g] == [4, 4, 4] and g[1] == g.row(1)
    assert len(g.neighbours(1, 1)) == 4 and len(g.neighbours(1, 1, "king")) == 8
    assert len(g.adjacent_pairs()) == 3 * 3 + 2 * 4
    assert len(g.windows(2, 2)) == 6
    assert g.diagonal() == [g[0, 0], g[1, 1], g[2, 2]]
    cages = g.regions_from_map("aabb\ncc.b\ncddd")
    assert [k for k, _ in cages] == ["a", "b", "c", "d"]
    assert g.is_connected(cages[1][1]) and not g.is_connected([g[0, 0], g[2, 3]])
    with pytest.raises(IndexError):
        g[3, 0]
    with pytest.raises(gridcsp.ModelError):
        g.boxes(2, 2)
    graph = gridcsp.Graph.from_grid(g, "king")
    assert graph.degree(0) == 3


def test_numpy_values_are_accepted():
    np = pytest.importorskip("numpy")
    m = gridcsp.Model()
    xs = m.new_vars(int(np.int64(3)), np.arange(1, 4))
    m.all_different(np.array(xs, dtype=object))
    m.fix(xs[0], np.int32(2))
    values = np.array(gridcsp.Solver(m).solve()[xs])
    assert values[0] == 2 and sorted(values) == [1, 2, 3]


def test_importing_gridcsp_does_not_import_numpy():
    import subprocess
    import sys

    code = "import sys, gridcsp; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_brute_force_helper_is_not_vacuous():
    # The helper the constraint tests lean on counts what it should.
    assert len(brute_force([range(3)] * 2, lambda v: v[0] < v[1])) == 3
