package io.celerity.torture;

/** What trials over hosts found, summed: trials that failed, answers lost, duplicated or differing, copies diverged. */
final class TrialTotals {

    private int trials;
    private int failed;
    private long lost;
    private long duplicated;
    private long differing;
    private long diverged;

    /** Adds one trial: clean or not, its answers against the reference, how many copies differ from their source. */
    void add(boolean clean, OmsReports.Difference difference, int divergedCopies) {
        trials++;
        if (!clean)
            failed++;
        lost += difference.lost();
        duplicated += difference.duplicated();
        differing += difference.unexpected();
        diverged += divergedCopies;
    }

    int trials() {
        return trials;
    }

    int failed() {
        return failed;
    }

    long lost() {
        return lost;
    }

    long duplicated() {
        return duplicated;
    }

    long differing() {
        return differing;
    }

    long diverged() {
        return diverged;
    }

    /** The losses alone, one line; the goal reads "lost 0, duplicated 0, differing 0, diverged 0, failed trials 0". */
    @Override
    public String toString() {
        return "lost " + lost + ", duplicated " + duplicated + ", differing " + differing + ", diverged " + diverged
                + ", failed trials " + failed;
    }
}
