/* Times Simon Tatham's own Solo solver in-process, the peer of
 * benches/solo.rs. Built and run by benches/peers/solo_compare.sh against
 * a checkout of his puzzles (this file includes his solo.c).
 *
 * Reads Solo game IDs on stdin, one per line (`#` lines skipped), and
 * prints one line per file read: puzzles, puzzles per second, mean and
 * worst microseconds, where each puzzle's time is the fastest of ROUNDS
 * calls of solver() at the recursive level (deductions, then guessing:
 * it solves and finds out whether the solution is unique), from the
 * givens, on the monotonic clock. */
#define main solo_main
#include "solo.c"
#undef main
#include <time.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
    char line[8192];
    int rounds = argc > 1 ? atoi(argv[1]) : 3, count = 0;
    double total = 0, worst = 0;
    if (rounds < 1) rounds = 1;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *colon = strchr(line, ':');
        if (line[0] == '#' || !colon) continue;
        *colon = 0;
        game_params *p = default_params();
        decode_params(p, line);
        const char *err = validate_desc(p, colon + 1);
        if (err) { fprintf(stderr, "%s:%s: %s\n", line, colon + 1, err); return 1; }
        game_state *s = new_game(NULL, p, colon + 1);
        int area = s->cr * s->cr;
        digit *g = snewn(area, digit);
        double best = 1e18;
        for (int r = 0; r < rounds; r++) {
            struct difficulty d;
            memcpy(g, s->grid, area * sizeof(digit));
            d.maxdiff = DIFF_RECURSIVE;
            d.maxkdiff = DIFF_KINTERSECT;
            double t0 = now_us();
            solver(s->cr, s->blocks, s->kblocks, s->xtype, g, s->kgrid, &d);
            double t = now_us() - t0;
            if (t < best) best = t;
            if (d.diff > DIFF_RECURSIVE) {
                fprintf(stderr, "%s:%s: not solved uniquely\n", line, colon + 1);
                return 1;
            }
        }
        total += best;
        if (best > worst) worst = best;
        count++;
        sfree(g);
        free_game(s);
        free_params(p);
    }
    if (count == 0) return 0;
    printf("%7d | %9.0f | %9.1f | %9.1f\n", count, count / (total / 1e6), total / count, worst);
    return 0;
}
