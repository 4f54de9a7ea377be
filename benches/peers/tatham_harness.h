/* The timing loop shared by the Tatham peer harnesses (tatham_solo.c,
 * tatham_keen.c, tatham_towers.c). Each includes its game's .c file,
 * defines the four hooks below, then includes this file, which defines
 * main():
 *
 *   static int peer_area(const game_state *s);        cells of the grid
 *   static void peer_start(const game_state *s, digit *g);   grid to solve from
 *   static const char *peer_solve(const game_state *s, digit *g);
 *       one call of the game's solver, timed; NULL if it solved the
 *       puzzle uniquely, else why not
 *   static const char *peer_verify(game_state *s, const digit *g);
 *       untimed check of the answer; NULL if it holds
 *
 * main() reads game IDs on stdin, one per line (`#` lines skipped), and
 * prints one line: puzzles, puzzles per second, mean and worst
 * microseconds, where each puzzle's time is the fastest of ROUNDS
 * (argv[1], default 3) calls of peer_solve, on the monotonic clock.
 * Parsing the game ID is not timed. A bad ID, a puzzle not solved
 * uniquely or an answer that fails peer_verify stops the run with exit
 * code 1. */
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
        int area = peer_area(s);
        digit *g = snewn(area, digit);
        double best = 1e18;
        for (int r = 0; r < rounds; r++) {
            peer_start(s, g);
            double t0 = now_us();
            err = peer_solve(s, g);
            double t = now_us() - t0;
            if (t < best) best = t;
            if (err) { fprintf(stderr, "%s:%s: %s\n", line, colon + 1, err); return 1; }
        }
        err = peer_verify(s, g);
        if (err) { fprintf(stderr, "%s:%s: %s\n", line, colon + 1, err); return 1; }
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
