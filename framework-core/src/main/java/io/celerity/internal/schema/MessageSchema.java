package io.celerity.internal.schema;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One version of an application's messages: for each event interface its events and their message types, and how
 * each message type (nested ones and enums included) lies on the wire.
 *
 * @param version     its number in the schema file, from 1
 * @param breakReason why the user accepted this version although older data does not read in it; {@code null} when
 *                    it was recorded as compatible
 * @param interfaces  event interface name, to event name, to message type name
 * @param dtos        message type name to its shape; types not listed (text, numbers) are scalars
 */
public record MessageSchema(int version, String breakReason, SortedMap<String, SortedMap<String, String>> interfaces,
                            SortedMap<String, DtoShape> dtos) {

    public MessageSchema {
        SortedMap<String, SortedMap<String, String>> copy = new TreeMap<>();
        interfaces.forEach((name, events) -> copy.put(name, new TreeMap<>(events)));
        interfaces = copy;
        dtos = new TreeMap<>(dtos);
    }

    /** The same messages as another version: same interfaces, events and shapes. */
    public boolean sameMessagesAs(MessageSchema other) {
        return interfaces.equals(other.interfaces) && dtos.equals(other.dtos);
    }

    /** These messages as version {@code number}, recorded as a break when {@code breakReason} is not null. */
    public MessageSchema as(int number, String breakReason) {
        return new MessageSchema(number, breakReason, interfaces, dtos);
    }

}
