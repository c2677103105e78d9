package io.celerity.testing;

/**
 * One input event of a YAML test: a method call, with the comment written above it.
 *
 * @param comment  the comment lines above the event (each starting with {@code #}), or ""
 * @param method   the event (method) name
 * @param argument the argument as read: a map, list or scalar; used by agitation
 * @param yaml     the event's YAML text, as dispatched
 */
public record YamlEvent(String comment, String method, Object argument, String yaml) {

    /** The harness's own event: sets the test clock instead of calling the component. */
    public static final String TIME = "time";

    boolean isTime() {
        return TIME.equals(method);
    }

    /** This event with another argument, its YAML rewritten to match. */
    YamlEvent withArgument(Object newArgument) {
        return new YamlEvent(comment, method, newArgument, YamlEvents.render(method, newArgument));
    }

    /** This event under another comment. */
    YamlEvent withComment(String newComment) {
        return new YamlEvent(newComment, method, argument, yaml);
    }
}
