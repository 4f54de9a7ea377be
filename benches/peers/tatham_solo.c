/* Times Simon Tatham's own Solo solver in-process, the peer of
 * benches/solo.rs. Built and run by benches/peers/solo_compare.sh against
 * a checkout of his puzzles (this file includes his solo.c).
 *
 * Reads Solo game IDs on stdin and prints one line per file read (see
 * tatham_harness.h): each puzzle's time is the fastest of ROUNDS calls of
 * solver() at the recursive level (deductions, then guessing: it solves
 * and finds out whether the solution is unique), from the givens. */
#define main solo_main
#include "solo.c"
#undef main

static int peer_area(const game_state *s)
{
    return s->cr * s->cr;
}

static void peer_start(const game_state *s, digit *g)
{
    memcpy(g, s->grid, peer_area(s) * sizeof(digit));
}

static const char *peer_solve(const game_state *s, digit *g)
{
    struct difficulty d;
    d.maxdiff = DIFF_RECURSIVE;
    d.maxkdiff = DIFF_KINTERSECT;
    solver(s->cr, s->blocks, s->kblocks, s->xtype, g, s->kgrid, &d);
    return d.diff > DIFF_RECURSIVE ? "not solved uniquely" : NULL;
}

static const char *peer_verify(game_state *s, const digit *g)
{
    (void)s;
    (void)g;
    return NULL; /* solver() already reported anything but one solution */
}

#include "tatham_harness.h"
