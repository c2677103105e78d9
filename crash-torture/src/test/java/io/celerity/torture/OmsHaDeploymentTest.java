package io.celerity.torture;

import io.celerity.config.CelerityConfig;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The examples' oms/ha/services.yaml as the torture deploys it: valid, and the order manager on c and on b. */
class OmsHaDeploymentTest {

    @TempDir
    Path dir;

    @Test
    void theOrderManagerAloneRunsOnItsPrimaryCAndItsStandbyBWithAClusterOfAllThreeHosts() throws Exception {
        try (Hosts hosts = Hosts.loopback(OmsHostsDeployment.HOSTS.toArray(String[]::new))) {
            CelerityConfig config = OmsHostsDeployment.createHa(dir, hosts, 1_000, 500).config();
            assertEquals(List.of("a", "b", "c"), config.cluster().members());
            assertEquals("b", config.services().get("order-manager").standby());
            assertNull(config.services().get("order-manager").snapshot(), "refused for a highly available service");
            assertEquals("c", config.queues().get("reports").replication().source());
            // the order manager's hosts run nothing else, so a fault of either never stops its input
            assertEquals(List.of("order-gateway", "risk-check"),
                    List.copyOf(config.onHost("a").services().keySet()));
            assertEquals(List.of("order-manager"), List.copyOf(config.onHost("b").services().keySet()));
            assertEquals(List.of("order-manager"), List.copyOf(config.onHost("c").services().keySet()));
        }
    }
}
