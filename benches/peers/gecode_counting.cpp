// Counts every solution of the classic problems of benches/counting.rs with
// Gecode, the same models (see that file's docs): n-queens 10..13 (distinct
// over q, q_i + i, q_i - i), Latin squares of order 5, 4x4 magic squares
// (distinct, linear sums of 34), Langford L(2, 11) and L(2, 12) (positions
// f_k in 0..2n-k-2, s_k = f_k + k + 1, all distinct), all-interval series
// 10..12 (distinct series and differences, each |x_{i+1} - x_i| = d_i a
// positive table). No symmetry breaking.
//
// Build and run on request only (never in CI), with Debian's libgecode-dev
// 6.2: benches/peers/compare_counting.sh does both, or
//   g++ -O2 -o /tmp/gecode_counting benches/peers/gecode_counting.cpp \
//       -lgecodesearch -lgecodeint -lgecodekernel -lgecodesupport
//   /tmp/gecode_counting [val|dom] [size-min|afc] [FILTER]
// (distinct's propagation: IPL_VAL, Gecode's default, or IPL_DOM; the
// variable order: INT_VAR_SIZE_MIN or INT_VAR_AFC_SIZE_MAX; values
// INT_VAL_MIN). Prints per model the count, Gecode's nodes and failures,
// and the best of $GECODE_REPEAT runs (default 3) in ms, the model build
// included.
#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace Gecode;

struct Settings {
  IntPropLevel ipl;
  bool afc;
};

class Problem : public Space {
public:
  IntVarArray x;    // every variable
  IntVarArray branchon;
  Problem(int n, int lo, int hi) : x(*this, n, lo, hi) {}
  Problem(Problem &s) : Space(s) {
    x.update(*this, s.x);
    branchon.update(*this, s.branchon);
  }
  Space *copy() override { return new Problem(*this); }
  void brancher(const Settings &st, const IntVarArgs &vars) {
    branchon = IntVarArray(*this, vars);
    if (st.afc)
      branch(*this, branchon, INT_VAR_AFC_SIZE_MAX(), INT_VAL_MIN());
    else
      branch(*this, branchon, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
};

Problem *queens(int n, const Settings &st) {
  Problem *p = new Problem(n, 0, n - 1);
  IntArgs up(n), down(n);
  for (int i = 0; i < n; i++) {
    up[i] = i;
    down[i] = -i;
  }
  distinct(*p, p->x, st.ipl);
  distinct(*p, up, p->x, st.ipl);
  distinct(*p, down, p->x, st.ipl);
  p->brancher(st, p->x);
  return p;
}

Problem *latin(int n, const Settings &st) {
  Problem *p = new Problem(n * n, 1, n);
  Matrix<IntVarArray> m(p->x, n, n);
  for (int i = 0; i < n; i++) {
    distinct(*p, m.row(i), st.ipl);
    distinct(*p, m.col(i), st.ipl);
  }
  p->brancher(st, p->x);
  return p;
}

Problem *magic(const Settings &st) {
  Problem *p = new Problem(16, 1, 16);
  Matrix<IntVarArray> m(p->x, 4, 4);
  distinct(*p, p->x, st.ipl);
  IntVarArgs d1, d2;
  for (int i = 0; i < 4; i++) {
    linear(*p, m.row(i), IRT_EQ, 34);
    linear(*p, m.col(i), IRT_EQ, 34);
    d1 << m(i, i);
    d2 << m(3 - i, i);
  }
  linear(*p, d1, IRT_EQ, 34);
  linear(*p, d2, IRT_EQ, 34);
  p->brancher(st, p->x);
  return p;
}

Problem *langford(int n, const Settings &st) {
  int len = 2 * n;
  Problem *p = new Problem(2 * n, 0, len - 1);
  IntVarArgs firsts;
  for (int k = 1; k <= n; k++) {
    IntVar f = p->x[2 * (k - 1)], s = p->x[2 * (k - 1) + 1];
    dom(*p, f, 0, len - k - 2);
    dom(*p, s, k + 1, len - 1);
    rel(*p, s == f + (k + 1));
    firsts << f;
  }
  distinct(*p, p->x, st.ipl);
  p->brancher(st, firsts);
  return p;
}

Problem *all_interval(int n, const Settings &st) {
  // x[0..n-1] the series over 0..n-1, x[n..2n-2] the differences over 1..n-1.
  Problem *p = new Problem(2 * n - 1, 0, n - 1);
  IntVarArgs xs, ds;
  for (int i = 0; i < n; i++) xs << p->x[i];
  for (int i = 0; i < n - 1; i++) {
    ds << p->x[n + i];
    rel(*p, p->x[n + i], IRT_GQ, 1);
  }
  distinct(*p, xs, st.ipl);
  distinct(*p, ds, st.ipl);
  TupleSet t(3);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      if (a != b) t.add({a, b, a > b ? a - b : b - a});
  t.finalize();
  for (int i = 0; i < n - 1; i++)
    extensional(*p, IntVarArgs({xs[i + 1], xs[i], ds[i]}), t);
  p->brancher(st, xs);
  return p;
}

int main(int argc, char **argv) {
  Settings st{IPL_DEF, false};
  std::string filter;
  const char *rep = std::getenv("GECODE_REPEAT");
  int repeat = rep ? std::atoi(rep) : 3;
  if (repeat < 1) repeat = 1;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "dom")) st.ipl = IPL_DOM;
    else if (!std::strcmp(argv[i], "val")) st.ipl = IPL_DEF;
    else if (!std::strcmp(argv[i], "afc")) st.afc = true;
    else if (!std::strcmp(argv[i], "size-min")) st.afc = false;
    else filter = argv[i];
  }
  std::vector<std::pair<std::string, std::function<Problem *()>>> rows;
  for (int n = 10; n <= 13; n++)
    rows.push_back({"queens " + std::to_string(n), [n, &st] { return queens(n, st); }});
  rows.push_back({"latin 5", [&st] { return latin(5, st); }});
  rows.push_back({"magic 4", [&st] { return magic(st); }});
  for (int n : {11, 12})
    rows.push_back({"langford " + std::to_string(n), [n, &st] { return langford(n, st); }});
  for (int n = 10; n <= 12; n++)
    rows.push_back({"all-interval " + std::to_string(n), [n, &st] { return all_interval(n, st); }});
  std::printf("gecode settings: distinct %s, %s, INT_VAL_MIN\n",
              st.ipl == IPL_DOM ? "IPL_DOM" : "IPL_DEF (value)",
              st.afc ? "INT_VAR_AFC_SIZE_MAX" : "INT_VAR_SIZE_MIN");
  std::printf("%-18s %10s %10s %10s %10s\n", "model", "solutions", "nodes", "failures", "best ms");
  for (auto &row : rows) {
    if (row.first.find(filter) == std::string::npos) continue;
    double best = 1e300;
    long count = 0;
    Search::Statistics stats;
    for (int r = 0; r < repeat; r++) {
      auto start = std::chrono::steady_clock::now();
      Problem *root = row.second();
      DFS<Problem> search(root);
      delete root;
      count = 0;
      while (Problem *s = search.next()) {
        count++;
        delete s;
      }
      double ms = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start)
                      .count();
      if (ms < best) best = ms;
      stats = search.statistics();
    }
    std::printf("%-18s %10ld %10lu %10lu %10.1f\n", row.first.c_str(), count,
                (unsigned long)stats.node, (unsigned long)stats.fail, best);
  }
  return 0;
}
