#!/usr/bin/env bash
# Builds serate 1.2.1.3 (Sudoku Explainer 1.2.1 + gsf's serate, 1to9only/SudokuExplainer at
# 729c00e) under target/tmp from a local git copy of that repository, with
# scripts/serate/SeSteps.java, and runs one of them on puzzles read from standard input:
#
#   scripts/serate.sh rate [SERATE_OPTIONS...] < puzzles.txt   # serate: "PUZZLE ED=ER/EP/ED TIME"
#   scripts/serate.sh steps [MAX_STEPS] < puzzles.txt          # serate's path, step by step
#
# SE_GIT names the repository's git directory (default: the mirror at
# /work/.mirror/1to9only+SudokuExplainer/repo); JAVA_OPTS adds JVM options (for example
# "-XX:+UnlockExperimentalVMOptions -XX:hashCode=2"). SE runs with an empty preferences
# folder, so with its default techniques, as ../shared/data/ratings/README.md describes. The
# source and the classes stay in target/tmp (LGPL code: never committed). Give serate's
# long options only (`--diamond`, not `-d`: serate's `-d` takes the next argument as its
# value). Used to settle the forum rows of hardest_1106 (docs/design.md, "Forum rows,
# settled (issue 37)").
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
git_dir=${SE_GIT:-/work/.mirror/1to9only+SudokuExplainer/repo}
work=$here/target/tmp/serate
classes=$work/classes
if [ ! -f "$classes/diuf/sudoku/test/serate.class" ]; then
    rm -rf "$work/src"
    mkdir -p "$work/src" "$classes" "$work/prefs"
    git --git-dir="$git_dir" archive 729c00e | tar -x -C "$work/src"
    # Two calls are ambiguous to JDK 9+ javac (ErrorMessage(String, boolean, Object...) against
    # ErrorMessage(String, Object...)): name the empty argument list.
    sed -i 's/new ErrorMessage(\(WARNING_MSG\|ERROR_MSG\), \(true\|false\))/new ErrorMessage(\1, \2, new Object[0])/' \
        "$work/src/diuf/sudoku/io/SudokuIO.java"
    (cd "$work/src" && javac -nowarn -encoding ISO-8859-1 -d "$classes" $(find . -name '*.java')) 2>&1 \
        | grep -v '^Note:' || true
fi
if [ ! -f "$work/steps/SeSteps.class" ]; then
    mkdir -p "$work/steps"
    javac -nowarn -encoding UTF-8 -cp "$classes" -d "$work/steps" "$here/scripts/serate/SeSteps.java"
fi
mode=${1:-}
shift || true
# shellcheck disable=SC2086 # JAVA_OPTS is a list of options
java_run=(java -Xmx1g -XX:+UseSerialGC ${JAVA_OPTS:-} -Djava.util.prefs.userRoot="$work/prefs")
case "$mode" in
rate) exec "${java_run[@]}" -cp "$classes" diuf.sudoku.test.serate --input=- \
    --format="%g ED=%r/%p/%d %e" "$@" ;;
steps) exec "${java_run[@]}" -cp "$classes:$work/steps" SeSteps "$@" ;;
*)
    sed -n '2,16p' "$0" >&2
    exit 2
    ;;
esac
