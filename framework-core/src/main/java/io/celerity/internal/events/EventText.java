package io.celerity.internal.events;

/**
 * One method call of a YAML events file, with the comment written above it.
 *
 * @param comment  the comment lines above the event (each starting with {@code #}), or ""
 * @param method   the event (method) name
 * @param argument the argument as read: a map, list or scalar
 * @param yaml     the event's YAML text
 * @param number   the event's number in its file, from 1
 * @param line     the line of the file the event starts on, from 1
 */
public record EventText(String comment, String method, Object argument, String yaml, int number, int line) {
}
