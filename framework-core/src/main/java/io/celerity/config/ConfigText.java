package io.celerity.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a configuration file as UTF-8 text, refusing one too big to be a configuration and naming a bad byte's line. */
final class ConfigText {

    private ConfigText() {
    }

    /** @throws ConfigException when the file cannot be read, is over {@code maxChars} bytes, or is not UTF-8 */
    static String read(Path file, int maxChars) {
        String source = file.toString();
        byte[] raw;
        try {
            long size = Files.size(file);
            if (size > maxChars)
                throw new ConfigException(source, "file", null, "is " + size + " bytes; expected a services.yaml of "
                        + "at most " + maxChars + " (is it the right file?)");
            raw = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ConfigException(source, "file", null, "cannot be read (" + e + "); expected a readable YAML file");
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(raw);
        CharBuffer out = CharBuffer.allocate(raw.length);
        CoderResult result = utf8.decode(in, out, true);
        if (result.isError()) {
            int at = in.position();
            int line = 1;
            for (int i = 0; i < at; i++)
                if (raw[i] == '\n')
                    line++;
            throw new ConfigException(source, line, "file", null, String.format("byte 0x%02X is not UTF-8; expected "
                    + "a UTF-8 text file", raw[at] & 0xFF));
        }
        utf8.flush(out);
        return out.flip().toString();
    }
}
