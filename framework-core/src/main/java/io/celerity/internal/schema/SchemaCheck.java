package io.celerity.internal.schema;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The build's check of the current messages against the schema file: up to date, a new compatible version to record,
 * a deliberate break to record, or a refusal naming each change that breaks the required compatibility and the upgrade
 * order that would be safe. New code must read every version since the last break (their data may still be in a
 * queue); old code, the newest recorded version (the one running while the new one is rolled out), must read the new.
 */
public final class SchemaCheck {

    /**
     * What the check decided.
     *
     * @param file    the file to write, or {@code null} when nothing changes
     * @param refused whether the build must fail
     * @param message what to tell the user
     */
    public record Outcome(SchemaFile file, boolean refused, String message) {
    }

    private SchemaCheck() {
    }

    /**
     * @param recorded    the schema file, or {@code null} when the project has none yet
     * @param current     the messages of the classes being built
     * @param breakReason why the user accepts an incompatible change (recorded as a break), or {@code null}
     */
    public static Outcome check(SchemaFile recorded, SchemaOfClasses.Read current, String breakReason,
                                Path path) {
        MessageSchema now = current.schema();
        if (recorded == null)
            return new Outcome(SchemaFile.first(path, now), false, "recorded the messages as version 1 in " + path
                    + ": commit it with the code");
        MessageSchema latest = recorded.latest();
        if (latest.sameMessagesAs(now))
            return new Outcome(null, false, "messages match version " + latest.version() + " of " + path);
        int next = latest.version() + 1;
        if (breakReason != null && !breakReason.isBlank())
            return new Outcome(recorded.with(now, breakReason), false, "recorded version " + next + " in " + path
                    + " as a break (" + breakReason + "): data older versions wrote is no longer checked; drain or "
                    + "replace those queues before this version reads them");
        Compatibility.OlderDataReader reader = (dto, writes) -> readsOlderData(current.classes(), dto, writes);
        List<String> refusals = new ArrayList<>();
        boolean backward = true, forward = true;
        List<Change> all = new ArrayList<>();
        for (MessageSchema older : sinceLastBreak(recorded)) {
            boolean newest = older == latest;
            for (Change c : Compatibility.changes(older, now, reader)) {
                if (newest)
                    all.add(c);
                backward &= c.backward();
                if (newest)
                    forward &= c.forward();
                String broken = broken(c, recorded.required(), newest, older.version());
                if (broken != null)
                    refusals.add("  " + recorded.lines().at(older.version(), dtoOf(c.where(), older)) + ": "
                            + c.where() + ": " + c.rule() + ": " + c.detail() + " (" + broken + ")");
            }
        }
        if (refusals.isEmpty())
            return new Outcome(recorded.with(now, null), false, "recorded version " + next + " in " + path
                    + " (compatible: " + recorded.required() + "): commit it with the code" + listed(all));
        return new Outcome(null, true, "the messages changed incompatibly with " + path + " (compatibility "
                + recorded.required() + "):\n" + String.join("\n", refusals) + "\nSafe upgrade order: "
                + UpgradeOrder.of(backward, forward) + "\nTo accept this deliberately, record a break: build with "
                + "-Dcelerity.schema.break=\"why\"");
    }

    /** The required directions {@code c} breaks against version {@code v}, or null. */
    private static String broken(Change c, SchemaFile.Required required, boolean newest, int v) {
        List<String> broken = new ArrayList<>();
        if (required.backward() && !c.backward())
            broken.add("backward: this code cannot read what version " + v + " wrote");
        if (required.forward() && newest && !c.forward())
            broken.add("forward: version " + v + "'s code cannot read what this writes");
        return broken.isEmpty() ? null : String.join("; ", broken);
    }

    private static List<MessageSchema> sinceLastBreak(SchemaFile file) {
        List<MessageSchema> versions = file.versions();
        int from = 0;
        for (int i = 0; i < versions.size(); i++)
            if (versions.get(i).breakReason() != null)
                from = i;
        return versions.subList(from, versions.size());
    }

    /** The recorded DTO a change is about, for its line in the file; the version's line when it is no DTO. */
    private static String dtoOf(String where, MessageSchema version) {
        for (String dto : version.dtos().keySet())
            if (where.equals(dto) || where.startsWith(dto + "."))
                return dto;
        return "version";
    }

    private static String listed(List<Change> changes) {
        StringBuilder out = new StringBuilder();
        for (Change c : changes)
            out.append("\n  ").append(c);
        return out.toString();
    }

    private static boolean readsOlderData(Map<String, Class<?>> classes, String dto, int writes) {
        Class<?> type = classes.get(dto);
        return type != null && BinaryLayout.readsOlderData(type, writes);
    }
}
