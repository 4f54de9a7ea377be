"""Every constraint of the catalogue, from Python, against brute force:
on tiny domains, the solver finds exactly the assignments that the rule
(written here in plain Python) allows. This checks that each method reaches
the engine's constraint with its arguments in the right places."""

import operator

import pytest

import gridcsp
from conftest import brute_force, solutions_of

OPS = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


def check(domains, post, holds, **options):
    """Posts a constraint on fresh variables over ``domains`` and compares
    the solutions with brute force; returns how many there are."""
    m = gridcsp.Model()
    xs = [m.new_var(d) for d in domains]
    post(m, xs)
    expected = brute_force(domains, holds)
    assert solutions_of(m, xs, **options) == expected
    return len(expected)


D3 = [range(1, 4)] * 3


@pytest.mark.parametrize("strength", [None, "forward_checking", "hidden_singles", "domain_consistent"])
def test_all_different(strength):
    n = check([range(1, 4), [1, 2], [2, 3, 5]],
              lambda m, xs: m.all_different(xs, strength=strength),
              lambda v: len(set(v)) == 3)
    assert n == 7


def test_all_different_offset():
    check(D3, lambda m, xs: m.all_different_offset([(x, i) for i, x in enumerate(xs)]),
          lambda v: len({x + i for i, x in enumerate(v)}) == 3)
    check(D3, lambda m, xs: m.all_different_offset_with([(x, -i) for i, x in enumerate(xs)], "domain_consistent"),
          lambda v: len({x - i for i, x in enumerate(v)}) == 3)


@pytest.mark.parametrize("op", sorted(OPS))
def test_relation(op):
    check([range(0, 4), range(0, 4)], lambda m, xs: m.relation(xs[0], op, xs[1], 1),
          lambda v: OPS[op](v[0] + 1, v[1]))


def test_named_relations():
    named = {"less_than": "<", "less_eq": "<=", "greater_than": ">",
             "greater_eq": ">=", "equal": "==", "not_equal": "!="}
    for name, op in named.items():
        check([range(0, 4), range(1, 5)], lambda m, xs: getattr(m, name)(xs[0], xs[1]),
              lambda v: OPS[op](v[0], v[1]))


@pytest.mark.parametrize("op", sorted(OPS))
def test_linear(op):
    terms = lambda xs: [(2, xs[0]), (-3, xs[1]), (1, xs[2])]  # noqa: E731
    holds = lambda v: OPS[op](2 * v[0] - 3 * v[1] + v[2], 1)  # noqa: E731
    check([range(0, 4), range(-1, 3), range(0, 5)], lambda m, xs: m.linear(terms(xs), op, 1), holds)
    check([range(0, 4), range(-1, 3), range(0, 5)],
          lambda m, xs: m.linear_with(terms(xs), op, 1, "domain"), holds)


def test_sums():
    check(D3, lambda m, xs: m.sum(xs, "<=", 5), lambda v: sum(v) <= 5)
    check(D3, lambda m, xs: m.sum_eq(xs, 6), lambda v: sum(v) == 6)
    n = check([range(1, 10)] * 3, lambda m, xs: m.all_different_sum(xs, 7),
              lambda v: len(set(v)) == 3 and sum(v) == 7)
    assert n == 6  # the orders of {1, 2, 4}


def test_arithmetic():
    check([range(-2, 4)] * 3, lambda m, xs: m.product(xs, 6), lambda v: v[0] * v[1] * v[2] == 6)
    check([range(1, 7)] * 2, lambda m, xs: m.difference(xs[0], xs[1], 2), lambda v: abs(v[0] - v[1]) == 2)
    check([range(1, 7)] * 2, lambda m, xs: m.quotient(xs[0], xs[1], 2),
          lambda v: v[0] == 2 * v[1] or v[1] == 2 * v[0])


def test_tables():
    allowed = [(1, 2, 3), (2, 2, 2), (3, 1, 1), (4, 4, 4)]
    check(D3, lambda m, xs: m.table(xs, allowed), lambda v: v in allowed)
    check(D3, lambda m, xs: m.forbidden_tuples(xs, allowed), lambda v: v not in allowed)


def test_element():
    array = [4, 7, 4, 9]
    check([range(-1, 5), range(0, 10)], lambda m, xs: m.element(array, xs[0], xs[1]),
          lambda v: 0 <= v[0] < len(array) and array[v[0]] == v[1])
    check([range(1, 3), range(2, 4), range(0, 3), range(1, 4)],
          lambda m, xs: m.element_vars(xs[:2], xs[2], xs[3]),
          lambda v: v[2] < 2 and v[v[2]] == v[3])


def test_regular_and_nonogram():
    # Each value is followed by the next one, mod 3: 1 2 3 1 ...
    dfa = gridcsp.Dfa(4, 0, [1, 2, 3], [(0, 1, 1), (0, 2, 2), (0, 3, 3), (1, 2, 2), (2, 3, 3), (3, 1, 1)])
    follows = lambda v: all(b == a % 3 + 1 for a, b in zip(v, v[1:]))  # noqa: E731
    assert dfa.accepts([2, 3, 1]) and not dfa.accepts([2, 1])
    assert check([range(1, 4)] * 4, lambda m, xs: m.regular(xs, dfa), follows) == 3

    def runs(v):
        return [len(r) for r in "".join(map(str, v)).split("0") if r]

    n = check([range(0, 2)] * 7, lambda m, xs: m.nonogram_line(xs, [2, 1]), lambda v: runs(v) == [2, 1])
    assert n == 10  # C(7 - 4 + 2, 2)
    check([range(0, 2)] * 7, lambda m, xs: m.regular(xs, gridcsp.Dfa.nonogram([1, 3])),
          lambda v: runs(v) == [1, 3])


@pytest.mark.parametrize("op", sorted(OPS))
def test_counts(op):
    check([range(0, 3)] * 4, lambda m, xs: m.count(xs, 1, op, 2),
          lambda v: OPS[op](v.count(1), 2))
    # The bound a variable (the last one).
    check([range(0, 3)] * 4, lambda m, xs: m.count(xs[:3], 1, op, xs[3]),
          lambda v: OPS[op](v[:3].count(1), v[3]))
    check([range(0, 3)] * 3, lambda m, xs: m.count_literals([xs[0].eq(1), xs[1].ge(2), ~xs[2].eq(0)], op, 2),
          lambda v: OPS[op]((v[0] == 1) + (v[1] >= 2) + (v[2] != 0), 2))


def test_count_shorthands():
    check([range(0, 3)] * 4, lambda m, xs: m.at_most(xs, 2, 1), lambda v: v.count(2) <= 1)
    check([range(0, 3)] * 4, lambda m, xs: m.at_least(xs, 2, 3), lambda v: v.count(2) >= 3)
    check([range(0, 3)] * 4, lambda m, xs: m.exactly(xs, 0, 2), lambda v: v.count(0) == 2)
    check([range(0, 2)] * 4, lambda m, xs: m.at_most_one(xs), lambda v: sum(v) <= 1)
    check([range(0, 3)] * 3, lambda m, xs: m.exactly_one([x.eq(2) for x in xs]), lambda v: v.count(2) == 1)


def test_cardinality():
    bounds = [(1, 1, 2), (2, 0, 1)]

    def within(v):
        return 1 <= v.count(1) <= 2 and v.count(2) <= 1

    check([range(0, 4)] * 4, lambda m, xs: m.gcc(xs, bounds), within)
    closed = lambda v: within(v) and set(v) <= {1, 2}  # noqa: E731
    check([range(0, 4)] * 3, lambda m, xs: m.gcc_closed(xs, bounds), closed)
    check([range(0, 4)] * 3, lambda m, xs: m.gcc_with(xs, bounds, closed=True, strength="domain_consistent"), closed)


def test_booleans():
    m = gridcsp.Model()
    b = m.new_bool()
    assert m.initial_domain(b) == [0, 1]
    assert len(m.new_bools(3)) == 3
    check([range(0, 2)] * 3, lambda m, xs: m.clause(xs), lambda v: any(v))
    check([range(0, 3)] * 3, lambda m, xs: m.clause([xs[0].gt(1), ~xs[1], xs[2].lt(1)]),
          lambda v: v[0] > 1 or v[1] == 0 or v[2] < 1)
    check([range(0, 3)] * 2, lambda m, xs: m.implies(xs[0].eq(2), xs[1].le(0)),
          lambda v: v[0] != 2 or v[1] <= 0)
    check([range(0, 2), range(0, 4)], lambda m, xs: m.reify(xs[0], xs[1].ge(2)),
          lambda v: v[0] == (v[1] >= 2))
    check([range(0, 2), range(0, 3), range(0, 3)], lambda m, xs: m.reify_relation(xs[0], xs[1], "<", xs[2], 1),
          lambda v: v[0] == (v[1] + 1 < v[2]))
    check([range(0, 2), range(0, 3), range(0, 3)], lambda m, xs: m.half_reify_relation(xs[0], xs[1], "==", xs[2]),
          lambda v: v[0] == 0 or v[1] == v[2])


def test_literals():
    m = gridcsp.Model()
    x = m.new_var(range(5))
    lit = gridcsp.Literal.le(x, 2)
    assert (lit.var, lit.op, lit.value) == (x, "<=", 2)
    assert lit == x.le(2) and hash(lit) == hash(x.le(2))
    assert (~lit).op == ">" and (~~lit) == lit
    assert [v for v in range(5) if lit.holds(v)] == [0, 1, 2]


def test_vectors():
    D = [range(0, 2)] * 4
    check(D, lambda m, xs: m.lex_less(xs[:2], xs[2:]), lambda v: v[:2] < v[2:])
    check(D, lambda m, xs: m.lex_less_eq(xs[:2], xs[2:]), lambda v: v[:2] <= v[2:])
    check(D, lambda m, xs: m.vectors_differ(xs[:2], xs[2:]), lambda v: v[:2] != v[2:])
    ids = []
    n = check([range(0, 2)] * 6, lambda m, xs: ids.extend(m.all_different_vectors([xs[0:2], xs[2:4], xs[4:6]])),
              lambda v: len({v[0:2], v[2:4], v[4:6]}) == 3)
    assert n == 24 and len(ids) == 3


def test_visible_count():
    def seen(v):
        tallest, count = 0, 0
        for h in v:
            if h > tallest:
                tallest, count = h, count + 1
        return count

    n = check([range(1, 6)] * 5, lambda m, xs: m.visible_count(xs, 2),
              lambda v: len(set(v)) == 5 and seen(v) == 2)
    assert n == 50  # Stirling c(5, 2)


def connected(cells, edges, on):
    """Whether the vertices ``on`` are connected through ``edges``."""
    on = [c for c in cells if on[c]]
    if not on:
        return True
    seen, todo = {on[0]}, [on[0]]
    while todo:
        a = todo.pop()
        for x, y in edges:
            for p, q in ((x, y), (y, x)):
                if p == a and q not in seen and q in on:
                    seen.add(q)
                    todo.append(q)
    return len(seen) == len(on)


def test_connected():
    g = gridcsp.Graph.grid(2, 3)
    assert (g.num_vertices, g.num_edges) == (6, 7)
    edges = g.edges()
    cells = range(6)
    check([range(0, 2)] * 6, lambda m, xs: m.connected(xs, g), lambda v: connected(cells, edges, v))
    check([range(0, 2)] * 6, lambda m, xs: m.connected_non_empty(xs, g),
          lambda v: any(v) and connected(cells, edges, v))
    m = gridcsp.Model()
    grid = gridcsp.Grid(m, 2, 3, range(2))
    m.connected_grid(grid)
    found = solutions_of(m, grid.cells())
    assert found == brute_force([range(2)] * 6, lambda v: connected(cells, edges, v))


def test_single_loop():
    # A square with one diagonal: three cycles (two triangles, the square).
    g = gridcsp.Graph(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
    loops = {(1, 1, 0, 0, 1), (0, 0, 1, 1, 1), (1, 1, 1, 1, 0)}
    assert check([range(2)] * 5, lambda m, xs: m.single_loop(xs, g), lambda v: v in loops) == 3
    m = gridcsp.Model()
    edges, on = m.new_bools(5), m.new_bools(4)
    m.single_loop_with_vertices(edges, g, on)
    m.fix(on[1], 0)
    found = solutions_of(m, edges + on)
    assert found == {(0, 0, 1, 1, 1, 1, 0, 1, 1)}


def test_acyclic():
    # A triangle: every subset of its edges but all three.
    g = gridcsp.Graph(3, [(0, 1), (1, 2), (2, 0)])
    assert check([range(2)] * 3, lambda m, xs: m.acyclic(xs, g), lambda v: sum(v) < 3) == 7
    # Slant on a 2x2 board: one variable per cell (1: backslash, 0: slash)
    # choosing one of its two diagonals on the 3x3 points; all fillings
    # but the diamond (slash, backslash, backslash, slash).
    point = lambda r, c: 3 * r + c
    pairs, cells = [], []
    for r in range(2):
        for c in range(2):
            pairs += [(point(r, c), point(r + 1, c + 1)), (point(r, c + 1), point(r + 1, c))]
    g = gridcsp.Graph(9, pairs)

    def slant(m, xs):
        lits = []
        for x in xs:
            lits += [x.eq(1), x.eq(0)]
        return m.acyclic_literals(lits, g)

    assert check([range(2)] * 4, slant, lambda v: tuple(v) != (0, 1, 1, 0)) == 15


def test_edge_connected():
    # A triangle with multiplicities 0..2: the edges above 0 join all three
    # vertices when at least two of them are present.
    g = gridcsp.Graph(3, [(0, 1), (1, 2), (2, 0)])
    present = lambda v: sum(x > 0 for x in v) >= 2
    assert check([range(3)] * 3, lambda m, xs: m.edge_connected(xs, g), present) == 20
    # Hashi islands 1, 1 and 2, each pair in line: the 1s are never joined.
    degrees = [1, 1, 2]

    def hashi(v):
        sums = [v[0] + v[2], v[0] + v[1], v[1] + v[2]]
        return sums == degrees and present(v)

    assert check([range(3)] * 3, lambda m, xs: m.edge_connected_with_degrees(xs, g, degrees), hashi) == 1


def areas(edges, values, n):
    """The connected areas of equal values: lists of vertices."""
    adj = {v: [] for v in range(n)}
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    seen, out = set(), []
    for v in range(n):
        if v in seen:
            continue
        area, todo = [v], [v]
        seen.add(v)
        while todo:
            p = todo.pop()
            for q in adj[p]:
                if q not in seen and values[q] == values[v]:
                    seen.add(q)
                    area.append(q)
                    todo.append(q)
        out.append(area)
    return out


@pytest.mark.parametrize("op", [">=", ">", "<=", "<"])
def test_abs_diff(op):
    holds = lambda v: OPS[op](abs(v[0] - v[1]), 2)
    assert check([range(1, 6)] * 2, lambda m, xs: m.abs_diff(xs[0], xs[1], op, 2), holds) > 0


def test_equal_values_apart():
    def ripple(v):
        return all(v[i] != v[j] or j - i - 1 >= v[i] for i in range(len(v)) for j in range(i + 1, len(v)))

    assert check([range(1, 4)] * 5, lambda m, xs: m.equal_values_apart(xs), ripple) > 0


def test_sight_count():
    def lead(arm):
        n = 0
        for x in arm:
            if x != 1:
                break
            n += 1
        return n

    for total in range(4):
        holds = lambda v: lead(v[:2]) + lead(v[2:]) == total
        check([range(2)] * 4, lambda m, xs: m.sight_count([xs[:2], xs[2:]], total), holds)


def test_region_size():
    # Fillomino on a 2x3 grid with values 1 to 3.
    g = gridcsp.Graph.grid(2, 3)
    edges = g.edges()
    holds = lambda v: all(len(a) == v[a[0]] for a in areas(edges, v, 6))
    assert check([range(1, 4)] * 6, lambda m, xs: m.region_size(xs, g), holds) > 0


def test_islands():
    # Nurikabe on a 2x3 grid: a 2 at the top left and a 1 at the bottom
    # right; 0 island, 1 sea.
    g = gridcsp.Graph.grid(2, 3)
    edges = g.edges()
    clues = [(0, 2), (5, 1)]

    def nurikabe(v):
        if any(v[c] != 0 for c, _ in clues):
            return False
        for area in areas(edges, v, 6):
            if v[area[0]] == 0:
                inside = [k for c, k in clues if c in area]
                if len(inside) != 1 or len(area) != inside[0]:
                    return False
        return connected(range(6), edges, v)

    assert check([range(2)] * 6, lambda m, xs: m.islands(xs, g, clues), nurikabe) == 1


def test_placement():
    # A domino in a row of 5 (uncovered cells 0), and Shikaku's 2s at the
    # corners of a 2x2 grid (every cell covered).
    domino = (1, gridcsp.polyominoes(1, 5, list(range(5)), 2))
    laid = lambda v: sum(v) == 2 and any(v[i] == v[i + 1] == 1 for i in range(4))
    assert check([range(2)] * 5, lambda m, xs: m.placement(xs, [domino], empty=0), laid) == 4
    pieces = [(1, gridcsp.rectangles(2, 2, 0, 0, 2)), (2, gridcsp.rectangles(2, 2, 1, 1, 2))]

    def shikaku(v):
        return all(sorted(i for i in range(4) if v[i] == k) in [sorted(p) for p in ps] for k, ps in pieces)

    assert check([range(1, 3)] * 4, lambda m, xs: m.placement(xs, pieces), shikaku) == 2
    assert len(gridcsp.polyominoes(2, 2, [0, 1, 2, 3], 3)) == 4
    assert gridcsp.rectangles(3, 3, 0, 0, 2) == [[0, 1], [0, 3]]


def test_loop_lattice():
    m = gridcsp.Model()
    lattice = gridcsp.LoopLattice.around_cells(m, 1, 2)
    assert (lattice.point_rows, lattice.point_cols) == (2, 3)
    m.single_loop(lattice.edges(), lattice.graph())
    # Around the 1x2 board: the left cell, the right cell, or both.
    assert gridcsp.Solver(m).count() == 3
    top, right, bottom, left = lattice.cell_edges(0, 0)
    assert lattice.horizontal(0, 0) == top and lattice.vertical(0, 0) == left


class SumIs:
    """A constraint written in Python: the scope sums to ``total``."""

    def __init__(self, scope, total):
        self.scope = scope
        self.total = total
        self.calls = 0

    def is_satisfied(self, values):
        self.calls += 1
        assert all(type(v) is int for v in values)
        return sum(values) == self.total


def test_python_constraint():
    c = None

    def post(m, xs):
        nonlocal c
        c = SumIs(xs, 5)
        m.add(c)

    check(D3, post, lambda v: sum(v) == 5)
    assert c.calls > 0
    # The base class, with add_exact.
    class Increasing(gridcsp.Constraint):
        def is_satisfied(self, values):
            return values == sorted(set(values))

    check([range(1, 5)] * 3, lambda m, xs: m.add_exact(Increasing(xs)), lambda v: v[0] < v[1] < v[2])


def test_python_constraint_exception_is_raised():
    class Broken(gridcsp.Constraint):
        def is_satisfied(self, values):
            raise ZeroDivisionError("from is_satisfied")

    m = gridcsp.Model()
    xs = m.new_vars(12, range(10))
    m.add(Broken(xs[:2]))
    with pytest.raises(ZeroDivisionError, match="from is_satisfied"):
        gridcsp.Solver(m).count()
    with pytest.raises(ZeroDivisionError):
        next(iter(gridcsp.Solver(m).solutions()))
    # The error is reported once; the model is still usable.
    m2 = gridcsp.Model()
    y = m2.new_vars(2, range(3))
    m2.add(SumIs(y, 4))
    assert gridcsp.Solver(m2).count() == 1


def test_bad_python_constraints():
    m = gridcsp.Model()
    xs = m.new_vars(2, range(3))
    with pytest.raises(TypeError, match="scope"):
        m.add(object())

    class NoCheck:
        scope = xs

    with pytest.raises(TypeError, match="is_satisfied"):
        m.add(NoCheck())
