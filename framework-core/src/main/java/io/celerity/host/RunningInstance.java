package io.celerity.host;

import java.time.Instant;

/**
 * A live instance of a service, as its claim names it: what an operator needs to find it.
 *
 * @param service the service name
 * @param pid     the holding process
 * @param host    the machine it runs on
 * @param since   when it took the claim
 * @param config  where its configuration came from
 */
public record RunningInstance(String service, long pid, String host, Instant since, String config) {

    /** E.g. {@code pid 4242 on host trader-1 since 2026-11-24T19:20:05.123Z, config /srv/services.yaml}. */
    public String describe() {
        return "pid " + pid + " on host " + host + " since " + since + ", config " + config;
    }
}
