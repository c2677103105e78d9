package io.celerity.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A deployed component.
 *
 * @param name        unique service name
 * @param implClass   the component class name
 * @param inputs      the queues it reads, in round-robin order
 * @param output      the queue its outputs are written to
 * @param startFrom   where it starts reading
 * @param rebuild     how its state is rebuilt when it restarts
 * @param eventLoop   the loop (thread) it runs on
 * @param timerMethod the component method called periodically, or {@code null}
 * @param timerPeriod how often, or {@code null}
 * @param heartbeat   how long the service may write nothing before it writes a heartbeat, or {@code null} for never
 * @param settings    values for the component's settings object, by field name
 * @param control     a queue drained before every normal input, e.g. of cancels and corrections, or {@code null}
 * @param snapshot    when and where the service snapshots its state, or {@code null} for never
 * @param errors      the queue its failed and bad inputs are reported to as {@code FailedInputs} events, or
 *                    {@code null} for none
 * @param standby     the host of its hot standby, which takes over when the primary (the host its output is written
 *                    on) fails, or {@code null} for a service that runs on one host only
 */
public record ServiceConfig(String name, String implClass, List<String> inputs, String output, StartFrom startFrom,
                            StateRebuild rebuild, String eventLoop, String timerMethod, Duration timerPeriod, Duration heartbeat,
                            Map<String, Object> settings, String control,
                            SnapshotConfig snapshot, String errors, String standby) {

    public ServiceConfig {
        inputs = List.copyOf(inputs);
        settings = Map.copyOf(settings);
    }

    /** A service with no standby. */
    public ServiceConfig(String name, String implClass, List<String> inputs, String output, StartFrom startFrom,
                         StateRebuild rebuild, String eventLoop, String timerMethod, Duration timerPeriod,
                         Duration heartbeat, Map<String, Object> settings, String control, SnapshotConfig snapshot,
                         String errors) {
        this(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod, heartbeat,
                settings, control, snapshot, errors, null);
    }

    /** A service reporting failed inputs to no queue. */
    public ServiceConfig(String name, String implClass, List<String> inputs, String output, StartFrom startFrom,
                         StateRebuild rebuild, String eventLoop, String timerMethod, Duration timerPeriod,
                         Duration heartbeat, Map<String, Object> settings, String control, SnapshotConfig snapshot) {
        this(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod, heartbeat,
                settings, control, snapshot, null);
    }

    /** A service with the default start policy and loop, no timer and no settings. */
    public static ServiceConfig of(String name, Class<?> implClass, List<String> inputs, String output) {
        return new ServiceConfig(name, implClass.getName(), inputs, output, StartFrom.LAST_WRITTEN,
                StateRebuild.NONE, EventLoopConfig.DEFAULT_NAME, null, null, null, Map.of(), null, null);
    }

    /** This service starting from {@code startFrom}. */
    public ServiceConfig withStartFrom(StartFrom startFrom) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, control, snapshot, errors, standby);
    }

    /** This service rebuilding its state on restart as {@code rebuild} says. */
    public ServiceConfig withRebuild(StateRebuild rebuild) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, control, snapshot, errors, standby);
    }

    /** This service on the loop named {@code eventLoop}. */
    public ServiceConfig withEventLoop(String eventLoop) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, control, snapshot, errors, standby);
    }

    /** This service with {@code method} called every {@code period} on the service's loop thread. */
    public ServiceConfig withTimer(String method, Duration period) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, method, period, heartbeat,
                settings, control, snapshot, errors, standby);
    }

    /** This service with settings handed to its constructor. */
    public ServiceConfig withSettings(Map<String, Object> settings) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, control, snapshot, errors, standby);
    }

    /** This service writing a heartbeat on its output whenever it has written nothing for {@code period}. */
    public ServiceConfig withHeartbeat(Duration period) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                period, settings, control, snapshot, errors, standby);
    }

    /** This service reading {@code queue} as its control input: drained before each of its normal inputs. */
    public ServiceConfig withControl(String queue) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, queue, snapshot, errors, standby);
    }

    /** This service snapshotting its state as {@code snapshot} says. */
    public ServiceConfig withSnapshot(SnapshotConfig snapshot) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, control, snapshot, errors, standby);
    }

    /** This service reporting each input that fails or is refused as a {@code FailedInputs} event on {@code queue}. */
    public ServiceConfig withErrors(String queue) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, control, snapshot, queue, standby);
    }

    /** This service highly available: a hot standby on {@code host} takes over when its primary fails. */
    public ServiceConfig withStandby(String host) {
        return new ServiceConfig(name, implClass, inputs, output, startFrom, rebuild, eventLoop, timerMethod, timerPeriod,
                heartbeat, settings, control, snapshot, errors, host);
    }

    /** Whether a standby takes over when the primary fails. */
    public boolean highlyAvailable() {
        return standby != null;
    }

    /** Every queue the service reads: its inputs in order, then its control queue if it has one. */
    public List<String> readQueues() {
        if (control == null)
            return inputs;
        List<String> all = new ArrayList<>(inputs);
        all.add(control);
        return List.copyOf(all);
    }
}
