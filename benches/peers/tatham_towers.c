/* Times Simon Tatham's own Towers solver in-process, the peer of
 * benches/skyscrapers.rs. Built and run by benches/peers/towers_compare.sh
 * against a checkout of his puzzles (this file includes his towers.c).
 *
 * Reads Towers game IDs on stdin and prints one line per file read (see
 * tatham_harness.h): each puzzle's time is the fastest of ROUNDS calls of
 * solver() at DIFF_UNREASONABLE, the level his solve_game() uses (his
 * deductions, then guessing through latin.c's recursion: it solves and
 * finds out whether the solution is unique), from the given digits. The
 * answer must then be complete and pass the game's own completion check
 * (Latin square and every edge clue). */
#define main towers_main
#include "towers.c"
#undef main

static int peer_area(const game_state *s)
{
    return s->par.w * s->par.w;
}

static void peer_start(const game_state *s, digit *g)
{
    memcpy(g, s->clues->immutable, peer_area(s) * sizeof(digit));
}

static const char *peer_solve(const game_state *s, digit *g)
{
    int ret = solver(s->par.w, s->clues->clues, g, DIFF_UNREASONABLE);
    if (ret <= DIFF_UNREASONABLE) return NULL;
    return ret == diff_ambiguous ? "not solved uniquely (ambiguous)" :
           ret == diff_impossible ? "not solved uniquely (impossible)" :
           "not solved uniquely (unfinished)";
}

static const char *peer_verify(game_state *s, const digit *g)
{
    int area = peer_area(s);
    for (int i = 0; i < area; i++)
        if (g[i] < 1 || g[i] > s->par.w) return "incomplete answer";
    memcpy(s->grid, g, area * sizeof(digit));
    return check_errors(s, NULL) ? "answer breaks a rule" : NULL;
}

#include "tatham_harness.h"
