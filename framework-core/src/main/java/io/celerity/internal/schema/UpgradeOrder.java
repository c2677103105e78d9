package io.celerity.internal.schema;

/** The order of a rolling upgrade that a change allows, from which directions it keeps readable. */
final class UpgradeOrder {

    private UpgradeOrder() {
    }

    static String of(boolean backward, boolean forward) {
        if (backward && forward)
            return "any: old and new code read each other's data.";
        if (backward)
            return "readers first: upgrade every service that reads these messages (and each standby) before any "
                    + "service that writes them, since old code cannot read what new code writes.";
        if (forward)
            return "writers first, and only once no queue the new readers read holds older data: new code cannot "
                    + "read what old code wrote, so drain those queues (or start new ones) before upgrading readers.";
        return "none while older data is read: drain every queue these messages are on, stop all their services, "
                + "record the break, and start on new queues.";
    }
}
