package io.celerity.testhosts;

/** Started on a host by the tests: ignores SIGTERM (its shutdown hook never ends), so only SIGKILL ends it. */
public final class Stubborn {

    private Stubborn() {
    }

    public static void main(String[] args) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("refusing to exit");
            while (true) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    // keep refusing
                }
            }
        }));
        System.out.println("stubborn pid " + ProcessHandle.current().pid());
        Thread.sleep(Long.MAX_VALUE);
    }
}
