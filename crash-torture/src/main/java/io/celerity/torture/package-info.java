/**
 * Crash torture: services killed with SIGKILL at random moments, their answers compared with an uninterrupted run's.
 * {@link io.celerity.torture.ServiceProcess} (one service in a JVM of its own) and
 * {@link io.celerity.torture.SnapshotProgress} (a snapshot queue followed from outside) know no particular
 * application. The {@code Oms*} classes are the three-process OMS of the examples, the one system tortured today: its
 * deployment, its pipeline of processes and queues, its answers; {@link io.celerity.torture.Kill},
 * {@link io.celerity.torture.Trial} and {@link io.celerity.torture.CrashTorture} plan, run and sum up trials of it.
 * Over three hosts ({@code --hosts}): {@link io.celerity.torture.OmsHostsDeployment} and
 * {@link io.celerity.torture.OmsHosts} (each host a process in a network namespace, replicators included),
 * {@link io.celerity.torture.RequestFeed} (the clients), {@link io.celerity.torture.Fault},
 * {@link io.celerity.torture.HostsTrial} and {@link io.celerity.torture.HostsTorture}; {@link
 * io.celerity.torture.OmsHostsDemo} runs that deployment as a demo. With the order manager highly available
 * ({@code --ha}): {@link io.celerity.torture.HaFault} (a fault of whichever host is primary),
 * {@link io.celerity.torture.PrimaryWatch} (who is, from the hosts' logs), {@link io.celerity.torture.OutputTimes}
 * (when each answer was written), {@link io.celerity.torture.HaTrial} and {@link io.celerity.torture.HaTorture}; {@link
 * io.celerity.torture.OmsHaDemo} runs one failover as a demo.
 */
package io.celerity.torture;
