package io.celerity.internal.agent;

import org.agrona.concurrent.Agent;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FrameworkAgentTest {

    @Test
    void aLastingFailureIsLoggedAtItsPowersOfTwoNotAtEveryPass() {
        FrameworkAgent agent = new FrameworkAgent(new Agent() {
            @Override
            public int doWork() {
                throw new IllegalStateException("not connected");
            }

            @Override
            public String roleName() {
                return "fix-test";
            }
        });
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (int i = 0; i < 1_000; i++)
                assertFalse(agent.loopHandles(new IllegalStateException("not connected")), "the loop backs it off");
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        long lines = log.lines().filter(l -> l.contains("fix-test: doWork threw")).count();
        assertEquals(10, lines, "failures 1, 2, 4 ... 512 of 1,000:\n" + log);
        assertTrue(log.contains("(failure #512)"), log);
        assertTrue(log.contains("IllegalStateException: not connected"), "each logged one with its cause:\n" + log);
    }
}
