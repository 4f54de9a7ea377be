/* Game IDs made by one of Simon Tatham's generators, for checking that
 * gridcsp reads, solves and grades what his programs make. Built by
 * benches/peers/tatham_generate.sh with the game's .c file included
 * (GAME_C); prints COUNT lines `params:description`, puzzle i made from
 * the random seed string `SEED-i`, as his new_game_desc makes them for
 * the encoded PARAMS (e.g. `8x8dk` for Singles, `7x7t0dh` for Loopy).
 *
 *   tatham_generate PARAMS COUNT SEED */
#include GAME_C

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s PARAMS COUNT SEED\n", argv[0]);
        return 2;
    }
    int count = atoi(argv[2]);
    for (int i = 0; i < count; i++) {
        char seed[256];
        snprintf(seed, sizeof seed, "%s-%d", argv[3], i);
        random_state *rs = random_new(seed, strlen(seed));
        game_params *p = default_params();
        decode_params(p, argv[1]);
        const char *err = validate_params(p, true);
        if (err) {
            fprintf(stderr, "%s: %s\n", argv[1], err);
            return 1;
        }
        char *aux = NULL;
        char *desc = new_game_desc(p, rs, &aux, false);
        char *params = encode_params(p, true);
        printf("%s:%s\n", params, desc);
        fflush(stdout);
        sfree(desc);
        sfree(params);
        if (aux) sfree(aux);
        free_params(p);
        random_free(rs);
    }
    return 0;
}
