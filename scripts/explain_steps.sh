#!/bin/sh
# How many steps `explain` takes on every family's test puzzles: the
# golden sample of each family (crates/puzzles/tests/golden/<family>.txt)
# and a few files of published or generated puzzles kept in this
# repository (Tatham's generators where he has the game). Prints one line
# per family: puzzles explained, steps in all, steps per puzzle.
# (`--families` and `--corpus FAMILY` list the families and a family's
# files, for docs/images/rules.sh.)
#
#   cargo build --release -p gridcsp-cli
#   GRIDCSP=target/release/gridcsp sh scripts/explain_steps.sh
set -eu
cd "$(dirname "$0")/.."
GRIDCSP=${GRIDCSP:-gridcsp}
golden=crates/puzzles/tests/golden
data=crates/puzzles/tests/data
placing=benches/data/placing
loops=benches/data/loops

corpus() {
    case $1 in
    sudoku) echo "$golden/sudoku.txt benches/data/solo/3x3de.txt benches/data/solo/3x3di.txt $data/sudoku_generated.txt" ;;
    futoshiki) echo "$golden/futoshiki.txt $data/futoshiki_generated.txt" ;;
    light-up) echo "$golden/light-up.txt $placing/light-up_7_easy.txt $placing/light-up_7_tricky.txt" ;;
    tents) echo "$golden/tents.txt $placing/tents_8_easy.txt $placing/tents_8_tricky.txt $data/tents_generated.txt" ;;
    binairo) echo "$golden/binairo.txt $placing/binairo_6_easy.txt $placing/binairo_6_normal.txt $data/binairo_generated.txt" ;;
    unruly) echo "$golden/unruly.txt $placing/unruly_8_easy.txt $placing/unruly_8_normal.txt" ;;
    killer-sudoku) echo "$golden/killer-sudoku.txt $data/killer_sudoku.txt" ;;
    jigsaw-sudoku) echo "$golden/jigsaw-sudoku.txt $data/jigsaw_sudoku.txt $data/jigsaw_sudoku_generated.txt" ;;
    skyscrapers) echo "$golden/skyscrapers.txt benches/data/skyscrapers/5e.txt benches/data/skyscrapers/5h.txt $data/skyscrapers_generated.txt" ;;
    suguru) echo "$golden/suguru.txt benches/data/suguru/generated_6x6_easy.txt benches/data/suguru/generated_6x6_medium.txt" ;;
    nonogram) echo "$golden/nonogram.txt benches/data/nonogram/tatham_5x5.txt benches/data/nonogram/tatham_10x10.txt $data/nonogram_generated.txt" ;;
    kenken) echo "$golden/kenken.txt benches/data/kenken/keen_4de.txt benches/data/kenken/keen_6dn.txt $data/kenken_generated.txt" ;;
    kakuro) echo "$golden/kakuro.txt benches/data/kakuro/generated_5x5_easy.txt" ;;
    hitori) echo "$golden/hitori.txt $data/hitori/tatham.txt $data/hitori_generated.txt" ;;
    slitherlink) echo "$golden/slitherlink.txt $loops/slitherlink_7x7_easy.txt $loops/slitherlink_7x7_normal.txt $data/slitherlink_generated.txt" ;;
    masyu) echo "$golden/masyu.txt $data/masyu_tatham.txt $data/masyu_generated.txt" ;;
    star-battle) echo "$golden/star-battle.txt benches/data/star_battle/star_battle_dailyprogrammer351.txt benches/data/star_battle/star_battle_kattis_starbattles2_1.txt $data/star_battle_generated.txt" ;;
    norinori) echo "$golden/norinori.txt $placing/norinori_6_easy.txt" ;;
    thermometers) echo "$golden/thermometers.txt $placing/thermometers_6_easy.txt" ;;
    slant) echo "$golden/slant.txt $data/slant_tatham.txt" ;;
    kurodoko) echo "$golden/kurodoko.txt $data/kurodoko_tatham.txt" ;;
    dominosa) echo "$golden/dominosa.txt $data/dominosa_tatham.txt" ;;
    hashi) echo "$golden/hashi.txt benches/data/bridges/bridges_7x7_easy.txt benches/data/bridges/bridges_10x10_hard.txt $data/hashi_generated.txt" ;;
    fillomino | magnets | lits | ripple-effect | battleships) echo "$golden/$1.txt $data/$(echo "$1" | tr - _)_generated.txt" ;;
    shikaku | nurikabe | heyawake) echo "$golden/$1.txt" ;;
    galaxies) echo "$golden/galaxies.txt $data/galaxies_tatham.txt" ;;
    yajilin) echo "$golden/yajilin.txt" ;;
    numberlink) echo "$golden/numberlink.txt $data/numberlink_generated.txt" ;;
    esac
}

families="sudoku futoshiki light-up tents binairo unruly killer-sudoku \
    jigsaw-sudoku skyscrapers suguru nonogram kenken kakuro hitori slitherlink \
    masyu star-battle norinori thermometers slant shikaku nurikabe fillomino \
    magnets kurodoko ripple-effect dominosa lits battleships heyawake hashi galaxies yajilin numberlink"
# For docs/images/rules.sh: the families, or one family's files.
case ${1:-} in
--families) echo "$families"; exit 0 ;;
--corpus) corpus "$2"; exit 0 ;;
esac

count='
import json, sys
n = steps = other = 0
for line in sys.stdin:
    a = json.loads(line)
    if a["outcome"] == "explained":
        n += 1
        steps += len(a["steps"])
    else:
        other += 1
per = steps / n if n else 0
print(f"{sys.argv[1]:<14} {n:>4} {steps:>7} {per:>8.1f}" + (f"  ({other} not explained)" if other else ""))
'
printf '%-14s %4s %7s %8s\n' family puzzles steps per
for family in $families; do
    if [ "$family" = futoshiki ]; then
        # Tatham's levels, from the family's own generator (seeded).
        for level in trivial easy tricky; do
            "$GRIDCSP" futoshiki generate --count 5 --seed 1 --difficulty $level
        # (Only the golden sample of its files, so the figures stay
        # comparable; the technique file is for docs/images/rules.sh.)
        done | cat "$golden/futoshiki.txt" - |
            "$GRIDCSP" --json --no-progress futoshiki explain || true
    elif [ "$family" = lits ] || [ "$family" = ripple-effect ] ||
        [ "$family" = battleships ] || [ "$family" = heyawake ]; then
        # No published files kept: the golden sample and ten of the
        # family's own seeded generator.
        # shellcheck disable=SC2046
        "$GRIDCSP" "$family" generate --count 10 --seed 1 |
            cat $(corpus "$family") - |
            "$GRIDCSP" --json --no-progress "$family" explain || true
    else
        # shellcheck disable=SC2046
        "$GRIDCSP" --json --no-progress "$family" explain $(corpus "$family") || true
    fi | python3 -c "$count" "$family"
done
