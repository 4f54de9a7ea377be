/* Times Simon Tatham's own Keen solver in-process, the peer of the KenKen
 * rows of benches/numbers.rs. Built and run by benches/peers/keen_compare.sh
 * against a checkout of his puzzles (this file includes his keen.c).
 *
 * Reads Keen game IDs on stdin, one per line (`#` lines skipped), and
 * prints one line per file read: puzzles, puzzles per second, mean and
 * worst microseconds, where each puzzle's time is the fastest of ROUNDS
 * calls of solver() at DIFF_UNREASONABLE, the level his solve_game() uses
 * (his deductions, then guessing through latin.c's recursion: it solves
 * and finds out whether the solution is unique), from an empty grid, on
 * the monotonic clock. Parsing the game ID is not timed. A puzzle that is
 * not solved uniquely, or whose answer breaks a cage, stops the run with
 * exit code 1. */
#define main keen_main
#include "keen.c"
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
        int w = s->par.w, area = w * w;
        digit *g = snewn(area, digit);
        double best = 1e18;
        for (int r = 0; r < rounds; r++) {
            memset(g, 0, area * sizeof(digit));
            double t0 = now_us();
            int ret = solver(w, s->clues->dsf, s->clues->clues, g, DIFF_UNREASONABLE);
            double t = now_us() - t0;
            if (t < best) best = t;
            if (ret > DIFF_UNREASONABLE) {
                fprintf(stderr, "%s:%s: not solved uniquely (%s)\n", line, colon + 1,
                        ret == diff_ambiguous ? "ambiguous" :
                        ret == diff_impossible ? "impossible" : "unfinished");
                return 1;
            }
        }
        /* Untimed: the answer is complete and the game's own completion
         * check (Latin square and every cage) accepts it. */
        for (int i = 0; i < area; i++)
            if (g[i] < 1 || g[i] > w) {
                fprintf(stderr, "%s:%s: incomplete answer\n", line, colon + 1);
                return 1;
            }
        memcpy(s->grid, g, area * sizeof(digit));
        if (check_errors(s, NULL)) {
            fprintf(stderr, "%s:%s: answer breaks a rule\n", line, colon + 1);
            return 1;
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
