package io.celerity.benchmarks.peers;

import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.benchmarks.hop.Ping;
import org.agrona.concurrent.UnsafeBuffer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The hop as a Kafka round trip through a single-node broker in a child JVM: the sender produces pings to topic
 * {@code pings}; one spinning thread polls {@code pings} with {@code poll(Duration.ZERO)}, produces each to
 * {@code echoes}, and polls {@code echoes} with a second consumer to sample the probe. Producers: acks=1,
 * linger.ms=0; consumers are assigned their partition (no group). The broker persists to log segments under
 * target/, flushed by the OS; they are deleted at the end.
 */
public final class KafkaHop extends SpinningHop {
    static final String PINGS = "pings";
    static final String ECHOES = "echoes";
    /** Unless --rate is given: what this hop keeps on the 2-core machine (see docs/benchmarks-peers.adoc). */
    static final int DEFAULT_RATE = 2_000;

    private final Ping ping = new Ping();
    private final byte[] pingBytes = new byte[Ping.SIZE];
    private final UnsafeBuffer pingBuffer = new UnsafeBuffer(pingBytes);
    // one record reused: the producer copies the value into its batch before send() returns
    private final ProducerRecord<byte[], byte[]> pingRecord = new ProducerRecord<>(PINGS, 0, null, pingBytes);
    private long sequence;
    private BenchmarkData data;
    private KafkaBroker broker;
    private KafkaProducer<byte[], byte[]> pingProducer;

    public KafkaHop(int handlerCpu) {
        super(handlerCpu);
    }

    @Override
    public void start(Probes probes) throws Exception {
        data = new BenchmarkData("kafka");
        broker = KafkaBroker.start(data.dir());
        broker.createTopics(PINGS, ECHOES);
        pingProducer = producer();
        Probe endToEnd = probes.endToEnd();
        startHandler("kafka-hop", () -> {
            try (KafkaProducer<byte[], byte[]> echoProducer = producer();
                 KafkaConsumer<byte[], byte[]> pingConsumer = consumer(PINGS);
                 KafkaConsumer<byte[], byte[]> echoConsumer = consumer(ECHOES)) {
                loop(endToEnd, echoProducer, pingConsumer, echoConsumer);
            }
        });
    }

    private void loop(Probe endToEnd, KafkaProducer<byte[], byte[]> echoProducer,
                      KafkaConsumer<byte[], byte[]> pingConsumer, KafkaConsumer<byte[], byte[]> echoConsumer) {
        Ping received = new Ping();
        UnsafeBuffer in = new UnsafeBuffer(new byte[0]);
        byte[] echoBytes = new byte[Ping.SIZE];
        UnsafeBuffer echoBuffer = new UnsafeBuffer(echoBytes);
        ProducerRecord<byte[], byte[]> echoRecord = new ProducerRecord<>(ECHOES, 0, null, echoBytes);
        while (running()) {
            for (ConsumerRecord<byte[], byte[]> record : pingConsumer.poll(Duration.ZERO)) {
                in.wrap(record.value());
                received.readFrom(in, 0);
                received.writeTo(echoBuffer, 0);
                echoProducer.send(echoRecord);
            }
            for (ConsumerRecord<byte[], byte[]> record : echoConsumer.poll(Duration.ZERO)) {
                in.wrap(record.value());
                received.readFrom(in, 0);
                endToEnd.sample(System.nanoTime() - received.startNanos);
            }
        }
    }

    private KafkaProducer<byte[], byte[]> producer() {
        return new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(),
                ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false), // idempotence needs acks=all
                new ByteArraySerializer(), new ByteArraySerializer());
    }

    private KafkaConsumer<byte[], byte[]> consumer(String topic) {
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new ByteArrayDeserializer(), new ByteArrayDeserializer());
        consumer.assign(List.of(new TopicPartition(topic, 0)));
        return consumer;
    }

    @Override
    public void send(long startNanos) {
        ping.next(startNanos, sequence++).writeTo(pingBuffer, 0);
        pingProducer.send(pingRecord);
    }

    @Override
    void closeTransports() throws InterruptedException {
        try {
            if (pingProducer != null)
                pingProducer.close();
        } finally {
            if (broker != null)
                broker.close();
            if (data != null)
                data.close();
        }
    }
}
