package io.celerity.internal.fix;

/**
 * One FIX session a gateway accepts.
 *
 * @param senderCompId our CompID (the counterparty's TargetCompID)
 * @param targetCompId the counterparty's CompID
 * @param sourceId     the source id its messages carry in message history, with their MsgSeqNum as the index
 */
record FixSessionConfig(String name, String senderCompId, String targetCompId, int sourceId) {
}
