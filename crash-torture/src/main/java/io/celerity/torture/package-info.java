/**
 * Crash torture: services killed with SIGKILL at random moments, their answers compared with an uninterrupted run's.
 * {@link io.celerity.torture.ServiceProcess} (one service in a JVM of its own) and
 * {@link io.celerity.torture.SnapshotProgress} (a snapshot queue followed from outside) know no particular
 * application. The {@code Oms*} classes are the three-process OMS of the examples, the one system tortured today: its
 * deployment, its pipeline of processes and queues, its answers; {@link io.celerity.torture.Kill},
 * {@link io.celerity.torture.Trial} and {@link io.celerity.torture.CrashTorture} plan, run and sum up trials of it.
 */
package io.celerity.torture;
