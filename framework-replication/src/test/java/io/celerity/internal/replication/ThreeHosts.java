package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ChronicleQueue;

import java.util.List;

/**
 * A deployment over hosts a, b and c as host b reports it: {@code out} written on b and copied to a (two documents
 * behind, three resumes) and to c (refused), {@code in} copied from c to b. For the tests of the status and metrics.
 */
public final class ThreeHosts {

    public static final String YAML = """
            hosts:
              a: { address: 192.0.2.1, port: 40100 }
              b: { address: 192.0.2.2, port: 40100 }
              c: { address: 192.0.2.3, port: 40100 }
            queues:
              out:   { path: out, host: b, replicas: [ a, c ] }
              in:    { path: in,  host: c, replicas: [ b ] }
              other: { path: other, host: c }
            services:
              echo: { implClass: com.example.Echo, inputs: [ in ], output: out }
              elsewhere: { implClass: com.example.Echo, inputs: [ in ], output: other }
            """;

    /** Why b stopped serving c. */
    public static final String FAILURE = "the replica's last index is not in the source";

    private ThreeHosts() {
    }

    /** Host b's report, {@code out} holding some documents already. */
    public static ReplicationReport hostB(ChronicleQueue out, ChronicleQueue in) {
        SetLink a = new SetLink("out", "a", true);
        a.acked = out.lastIndex() - 2;
        a.resumes = 3;
        SetLink c = new SetLink("out", "c", true);
        c.failure = FAILURE;
        return new ReplicationReport("b", List.of(a, c, new SetLink("in", "b", false)),
                q -> q.equals("out") ? out : in);
    }
}
