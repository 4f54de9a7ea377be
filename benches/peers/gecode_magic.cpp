// Counts the 7,040 magic squares of order 4 (no symmetry breaking) with
// Gecode, the model of benches/catalogue.rs: 16 cells over 1..16, all
// different, rows, columns and both diagonals summing to 34.
//
// Build and run on request only (never in CI), e.g. with Debian's
// libgecode-dev 6.2:
//   g++ -O2 -o /tmp/gecode_magic benches/peers/gecode_magic.cpp \
//       -lgecodesearch -lgecodeint -lgecodekernel -lgecodesupport
//   /tmp/gecode_magic [size-min|afc]   (branching; default size-min)
// Prints the count, Gecode's node and failure counts, and the wall time.
#include <gecode/int.hh>
#include <gecode/search.hh>
#include <chrono>
#include <cstring>
#include <iostream>

using namespace Gecode;

class Magic : public Space {
public:
  IntVarArray x;
  Magic(bool afc) : x(*this, 16, 1, 16) {
    distinct(*this, x);
    for (int i = 0; i < 4; i++) {
      IntVarArgs row, col;
      for (int j = 0; j < 4; j++) {
        row << x[4 * i + j];
        col << x[4 * j + i];
      }
      linear(*this, row, IRT_EQ, 34);
      linear(*this, col, IRT_EQ, 34);
    }
    IntVarArgs d1, d2;
    for (int i = 0; i < 4; i++) {
      d1 << x[5 * i];
      d2 << x[4 * i + 3 - i];
    }
    linear(*this, d1, IRT_EQ, 34);
    linear(*this, d2, IRT_EQ, 34);
    if (afc)
      branch(*this, x, INT_VAR_AFC_SIZE_MAX(), INT_VAL_MIN());
    else
      branch(*this, x, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  Magic(Magic &s) : Space(s) { x.update(*this, s.x); }
  Space *copy() override { return new Magic(*this); }
};

int main(int argc, char **argv) {
  bool afc = argc > 1 && std::strcmp(argv[1], "afc") == 0;
  auto start = std::chrono::steady_clock::now();
  Magic *root = new Magic(afc);
  DFS<Magic> search(root);
  delete root;
  long count = 0;
  while (Magic *s = search.next()) {
    count++;
    delete s;
  }
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  Search::Statistics st = search.statistics();
  std::cout << "gecode magic 4x4 (" << (afc ? "afc-size-max" : "size-min")
            << "): " << count << " squares, " << st.node << " nodes, "
            << st.fail << " failures, " << ms << " ms" << std::endl;
  return 0;
}
