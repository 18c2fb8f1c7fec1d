// Prints Sudoku Explainer's solving path step by step: for each step, its rating, its
// technique, its chain complexity (chaining hints) and what it removes or places, with the CPU
// seconds the step took. Used to compare serate's steps with `sudoku explain --style se
// --nested` (issue 37, docs/design.md "Forum rows, settled"); built and run by
// scripts/serate.sh against a local build of serate (never committed).
//
//   java -cp SERATE_CLASSES:. SeSteps [MAX_STEPS] < puzzles.txt
//
// An input line is a puzzle (81 characters), optionally followed by moves to make first, in
// order: "r1c2-3" removes candidate 3 from r1c2, "r1c2=3" places 3 there (as SE's hints apply
// them). So serate can be asked for its step at a point of a path another rater took (for
// example the steps of `sudoku explain --style se --nested --json` before the one in question)
// without rerunning the steps before it.
//
// The loop is serate's (`Solver.getDifficulty`): every producer list in the solver's order, the
// first hint found is applied. The lists are private to `Solver`, so they are read by
// reflection from a solver built the way serate builds it.

import diuf.sudoku.Cell;
import diuf.sudoku.Grid;
import diuf.sudoku.solver.Hint;
import diuf.sudoku.solver.HintProducer;
import diuf.sudoku.solver.IndirectHint;
import diuf.sudoku.solver.Rule;
import diuf.sudoku.solver.SingleHintAccumulator;
import diuf.sudoku.solver.Solver;
import diuf.sudoku.solver.rules.chaining.ChainingHint;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;

public class SeSteps {
    private static final String[] LISTS = {
        "directHintProducers", "indirectHintProducers", "chainingHintProducers",
        "chainingHintProducers2", "advancedHintProducers", "experimentalHintProducers",
    };

    public static void main(String[] args) throws Exception {
        int maxSteps = args.length > 0 ? Integer.parseInt(args[0]) : Integer.MAX_VALUE;
        ThreadMXBean clock = ManagementFactory.getThreadMXBean();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            String[] fields = line.trim().split("\\s+");
            String puzzle = fields[0];
            if (puzzle.length() < 81)
                continue;
            Grid grid = new Grid();
            for (int i = 0; i < 81; i++) {
                char ch = puzzle.charAt(i);
                if (ch >= '1' && ch <= '9')
                    grid.setCellValue(i % 9, i / 9, ch - '0');
            }
            Solver solver = new Solver(grid);
            solver.rebuildPotentialValues();
            List<HintProducer> producers = new ArrayList<HintProducer>();
            for (String name : LISTS) {
                Field field = Solver.class.getDeclaredField(name);
                field.setAccessible(true);
                @SuppressWarnings("unchecked")
                List<HintProducer> list = (List<HintProducer>) field.get(solver);
                producers.addAll(list);
            }
            for (int f = 1; f < fields.length; f++)
                move(grid, fields[f]);
            System.out.println("# " + puzzle + (fields.length > 1
                    ? " after " + (fields.length - 1) + " moves" : ""));
            double er = 0.0;
            for (int step = 1; step <= maxSteps && !solved(grid); step++) {
                long start = clock.getCurrentThreadCpuTime();
                SingleHintAccumulator accu = new SingleHintAccumulator();
                try {
                    for (HintProducer producer : producers)
                        producer.getHints(grid, accu);
                } catch (InterruptedException found) {
                    // The accumulator stops the search at the first hint.
                }
                Hint hint = accu.getHint();
                double seconds = (clock.getCurrentThreadCpuTime() - start) / 1e9;
                if (hint == null) {
                    System.out.println("stuck");
                    break;
                }
                Rule rule = (Rule) hint;
                er = Math.max(er, rule.getDifficulty());
                String complexity = hint instanceof ChainingHint
                        ? " complexity " + ((ChainingHint) hint).getComplexity() : "";
                System.out.printf("%d %.1f %s%s: %s [%s] %.2fs%n", step, rule.getDifficulty(),
                        rule.getName(), complexity, hint, what(hint), seconds);
                hint.apply();
            }
            System.out.printf("ER so far %.1f%n", er);
            System.out.flush();
        }
    }

    // "r1c2=3" for a placement, "r1c2-3" per removed candidate, in cell order.
    private static String what(Hint hint) {
        List<String> out = new ArrayList<String>();
        if (hint.getCell() != null)
            out.add(name(hint.getCell()) + "=" + hint.getValue());
        if (hint instanceof IndirectHint) {
            Map<Cell, BitSet> removable = ((IndirectHint) hint).getRemovablePotentials();
            List<String> removed = new ArrayList<String>();
            for (Map.Entry<Cell, BitSet> e : removable.entrySet()) {
                BitSet values = e.getValue();
                for (int v = values.nextSetBit(0); v >= 0; v = values.nextSetBit(v + 1))
                    removed.add(name(e.getKey()) + "-" + v);
            }
            Collections.sort(removed);
            out.addAll(removed);
        }
        return String.join(" ", out);
    }

    // "r1c2-3" or "r1c2=3".
    private static void move(Grid grid, String move) {
        if (move.length() != 6 || move.charAt(0) != 'r' || move.charAt(2) != 'c')
            throw new IllegalArgumentException("bad move " + move);
        Cell cell = grid.getCell(move.charAt(3) - '1', move.charAt(1) - '1');
        int value = move.charAt(5) - '0';
        if (move.charAt(4) == '=')
            cell.setValueAndCancel(value);
        else if (move.charAt(4) == '-')
            cell.removePotentialValue(value);
        else
            throw new IllegalArgumentException("bad move " + move);
    }

    private static boolean solved(Grid grid) {
        for (int i = 0; i < 81; i++)
            if (grid.getCell(i % 9, i / 9).getValue() == 0)
                return false;
        return true;
    }

    private static String name(Cell cell) {
        return "r" + (cell.getY() + 1) + "c" + (cell.getX() + 1);
    }
}
