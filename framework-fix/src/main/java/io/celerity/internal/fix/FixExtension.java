package io.celerity.internal.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.extension.ExtensionContext;
import io.celerity.extension.HostExtension;
import org.agrona.CloseHelper;
import uk.co.real_logic.artio.dictionary.FixDictionary;

import java.util.ArrayList;
import java.util.List;

/**
 * The FIX edge as a host extension: for each gateway of the {@code fix:} section, an Artio engine on the gateway's
 * event loop, its sessions written to and read from the configured queues, and a status file per gateway.
 */
public final class FixExtension implements HostExtension {

    @Override
    public String name() {
        return "fix";
    }

    @Override
    public Running start(ExtensionContext context) {
        List<FixGatewayConfig> gateways = FixConfigs.of(context.config());
        if (gateways.isEmpty())
            return null;
        List<ArtioEngine> engines = new ArrayList<>();
        List<FixGateway> agents = new ArrayList<>();
        try {
            for (FixGatewayConfig all : gateways) {
                FixGatewayConfig g = all.on(context.config().thisHost());
                Class<? extends FixDictionary> dictionary = dictionary(g);
                List<GatewaySession> sessions = new ArrayList<>();
                for (FixSessionConfig s : g.sessions())
                    sessions.add(new GatewaySession(s, sessions.size()));
                InboundRestartPoints.read(context.queue(g.inboundQueue()), sessions);
                ArtioEngine engine = ArtioEngine.launch(g, dictionary);
                engines.add(engine);
                JournalCopy copy = g.standby() == null ? null : journalCopy(context, g, sessions);
                sessions.forEach(s -> {
                    s.journal = engine.journal();
                    s.marks = engine.marks();
                    s.copy = copy;
                    if (copy == null) // a highly available one's may be of an earlier term: its queue copy is the truth
                        s.resumeHandled();
                });
                FixGateway gateway = new FixGateway(g, engine, context::queue, sessions, FixDictionary.of(dictionary),
                        g.standby() == null ? null : context.outputGate(g.name()), copy);
                agents.add(gateway);
                context.runOnLoop(g.eventLoop(), gateway);
                context.status(state -> FixStatusFile.write(g, gateway.role(), sessions, state));
            }
        } catch (RuntimeException e) {
            engines.forEach(CloseHelper::quietClose);
            throw e;
        }
        return new Running() {
            @Override
            public void close() {
                engines.forEach(CloseHelper::quietClose);
            }

            @Override
            public void crash() {
                // In-process, the engine's connections and port go only with a close; a real crash is a kill -9.
                close();
            }
        };
    }

    // The outbound queue's replicas are waited for only where it is written: elsewhere this host holds a copy.
    private static JournalCopy journalCopy(ExtensionContext context, FixGatewayConfig g, List<GatewaySession> sessions) {
        CelerityConfig config = context.config();
        boolean outboundHere = config.queues().get(g.outboundQueue()).replication().source().equals(config.thisHost())
                && !config.queues().get(g.outboundQueue()).replication().replicas().isEmpty();
        String journal = g.standby().journalQueue();
        return new JournalCopy(context.queue(journal), sessions, context.replicaAcks(journal),
                outboundHere ? context.replicaAcks(g.outboundQueue()) : null, g.standby().replicasBeforeSend());
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends FixDictionary> dictionary(FixGatewayConfig g) {
        Class<?> c = Mappings.load(g.dictionary(), "dictionary");
        if (!FixDictionary.class.isAssignableFrom(c))
            throw new IllegalArgumentException("fix gateway '" + g.name() + "': dictionary " + c.getName()
                    + " is not a " + FixDictionary.class.getName() + "; expected the FixDictionaryImpl Artio generated");
        return (Class<? extends FixDictionary>) c;
    }
}
