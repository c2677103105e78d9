package io.celerity.internal.cluster;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterMembersTest {

    private static final String THREE = "a=10.0.0.1:20000,b=10.0.0.2:20000,c=10.0.0.3:20000";

    @Test
    void derivesEachMembersPortsFromItsBasePort() {
        ClusterMembers members = ClusterMembers.parse(THREE);
        assertEquals(3, members.size());
        assertEquals(1, members.idOf("b"));
        assertEquals("10.0.0.3:20004", members.member(2).archiveEndpoint());
        assertEquals("0,10.0.0.1:20000,10.0.0.1:20001,10.0.0.1:20002,10.0.0.1:20003,10.0.0.1:20004|"
                + "1,10.0.0.2:20000,10.0.0.2:20001,10.0.0.2:20002,10.0.0.2:20003,10.0.0.2:20004|"
                + "2,10.0.0.3:20000,10.0.0.3:20001,10.0.0.3:20002,10.0.0.3:20003,10.0.0.3:20004|",
                members.aeronMembers());
    }

    @Test
    void membersSharingOneBasePortGetPortsApart() {
        ClusterMembers members = ClusterMembers.of(List.of("a", "b", "c"),
                List.of("127.0.0.1", "127.0.0.1", "127.0.0.1"), 20000);
        assertEquals("127.0.0.1:20009", members.member(1).archiveEndpoint());
        assertEquals("0=127.0.0.1:20000,1=127.0.0.1:20005,2=127.0.0.1:20010", members.ingressEndpoints());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.of(List.of("a", "b", "c"), List.of("10.0.0.1", "10.0.0.2"), 20000));
        assertTrue(e.getMessage().contains("give one address per member"), e.getMessage());
    }

    @Test
    void refusesAnEvenNumberOfMembers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.parse(THREE + ",d=10.0.0.4:20000"));
        assertTrue(e.getMessage().contains("4 members [a, b, c, d]; name an odd number"), e.getMessage());
    }

    @Test
    void refusesASingleMember() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.parse("a=10.0.0.1:20000"));
        assertTrue(e.getMessage().contains("at least 3"), e.getMessage());
    }

    @Test
    void refusesAHostThatIsNotAMember() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.parse(THREE).idOf("x"));
        assertEquals("cluster: host 'x' is not a member; the members are [a, b, c]", e.getMessage());
    }

    @Test
    void refusesAHostNamedTwice() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.parse("a=10.0.0.1:20000,b=10.0.0.2:20000,a=10.0.0.3:20000"));
        assertTrue(e.getMessage().contains("host 'a' named twice"), e.getMessage());
    }

    @Test
    void refusesPortsSharedOnOneAddress() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.parse("a=127.0.0.1:20000,b=127.0.0.1:20003,c=127.0.0.1:20010"));
        assertTrue(e.getMessage().contains("host 'b' port 20003 on 127.0.0.1 is another member's too"),
                e.getMessage());
    }

    @Test
    void refusesAnEntryThatIsNotNameAddressPort() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.parse("a=10.0.0.1,b=10.0.0.2:20000,c=10.0.0.3:20000"));
        assertTrue(e.getMessage().contains("member 'a=10.0.0.1'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ClusterMembers.parse("a=10.0.0.1:x,b=10.0.0.2:20000,c=10.0.0.3:20000"));
        assertTrue(e.getMessage().contains("base port that is not a number"), e.getMessage());
    }
}
