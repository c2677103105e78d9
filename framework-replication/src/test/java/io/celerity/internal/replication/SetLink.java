package io.celerity.internal.replication;


/** A copy of a queue whose reports a test sets: its source is "b" when at the source, else "c". */
public final class SetLink implements ReplicaLink {
    private final String queue;
    private final String sink;
    private final boolean atSource;
    public long acked = -1;
    public long resumes;
    public String failure;

    public SetLink(String queue, String sink, boolean atSource) {
        this.queue = queue;
        this.sink = sink;
        this.atSource = atSource;
    }

    @Override
    public String queue() {
        return queue;
    }

    @Override
    public String source() {
        return atSource ? "b" : "c";
    }

    @Override
    public String sink() {
        return sink;
    }

    @Override
    public boolean atSource() {
        return atSource;
    }

    @Override
    public long ackedIndex() {
        return acked;
    }

    @Override
    public long resumes() {
        return resumes;
    }

    @Override
    public String failure() {
        return failure;
    }
}
