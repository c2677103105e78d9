package io.celerity.internal.yaml;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import static io.celerity.internal.yaml.YamlTree.guessKey;
import static io.celerity.internal.yaml.YamlTree.unquote;

/**
 * Checks the layout of YAML text line by line before Chronicle Wire reads it: Chronicle's reader quietly accepts tabs,
 * unclosed quotes and brackets, bad indentation and keys without values, and then reads something other than what
 * was written. Each mistake is reported at the line where it is, naming the entry and key it is in.
 */
final class YamlSyntax {

    private final String source;
    private final List<Integer> indents = new ArrayList<>(); // the open block levels, outermost first
    private final List<String> keys = new ArrayList<>();     // the last key read at each level
    private final Deque<Character> flow = new ArrayDeque<>(); // open '[' and '{'
    private int flowLine;       // where the outermost open bracket is
    private int flowIndent;     // the indentation of that line: the flow's lines must be deeper
    private List<String> flowPath;
    private int blockScalarIndent = -1; // lines deeper than this belong to a '|' or '>' value
    private int openLine;       // a line ending in a key (or '-') with no value, so a deeper block must follow; or 0
    private List<String> openPath;
    private boolean started;
    private int endLine;        // the line of a document end marker '...', or 0

    private YamlSyntax(String source) {
        this.source = source;
    }

    /** @throws YamlException at the first line that Chronicle would misread */
    static void check(String source, String text) {
        new YamlSyntax(source).lines(text.split("\n", -1));
    }

    private void lines(String[] lines) {
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            line(i + 1, line);
        }
        if (!flow.isEmpty())
            throw unclosedFlow();
        if (openLine > 0)
            throw noValue();
    }

    private void line(int n, String line) {
        int indent = 0;
        while (indent < line.length() && line.charAt(indent) == ' ')
            indent++;
        String content = line.strip();
        boolean blank = content.isEmpty() || content.startsWith("#");
        if (blockScalarIndent >= 0) {
            if (blank || indent > blockScalarIndent)
                return;
            blockScalarIndent = -1;
        }
        if (blank)
            return;
        if (line.charAt(indent) == '\t')
            throw error(n, path(openLine > 0 || indents.isEmpty() ? Integer.MAX_VALUE : top(), guessKey(line, indent)),
                    "a tab in the indentation; expected spaces only (YAML does not allow tabs there)");
        if (!flow.isEmpty()) {
            boolean closing = indent == flowIndent && (content.startsWith("]") || content.startsWith("}"));
            if (indent <= flowIndent && !closing) // a closing bracket may line up with its key, as in JSON
                throw unclosedFlow();
            scan(n, line, indent, indent, 0, flowPath);
            return;
        }
        if (endLine > 0)
            throw error(n, path(0, null), "text after the document end '...' on line " + endLine
                    + "; expected one document per file");
        if (content.equals("---") || content.startsWith("--- ")) {
            if (started)
                throw error(n, path(0, null), "a second document ('---'); expected one document per file");
            started = true;
            return;
        }
        if (content.equals("...") || content.startsWith("... ")) {
            endLine = n;
            return;
        }
        if (content.startsWith("%"))
            throw error(n, path(0, null), "a directive ('%'); expected none in this file");
        started = true;
        block(n, line, indent);
    }

    /** A line of a block mapping or sequence: its indentation must fit the blocks around it. */
    private void block(int n, String line, int indent) {
        int col = indent;
        boolean entry = false;
        while (col < line.length() && line.charAt(col) == '-'
                && (col + 1 == line.length() || line.charAt(col + 1) == ' ')) {
            entry = true;
            col++;
            while (col < line.length() && line.charAt(col) == ' ')
                col++;
        }
        if (indents.isEmpty()) {
            if (entry)
                throw error(n, path(0, null), "a list at the top; expected 'key: value' lines such as 'queues:'");
            indents.add(indent);
            keys.add(null);
        } else if (indent > top()) {
            if (openLine == 0)
                throw error(n, path(top(), guessKey(line, col)), "indented deeper than the line above, which "
                        + "already has a value; expected " + top() + " spaces as the line above, or fewer to end a "
                        + "block");
            indents.add(indent);
            keys.add(null);
        } else {
            if (openLine > 0 && !(indent == top() && entry))
                throw noValue();
            String levels = indents.toString();
            while (indent < top()) {
                indents.remove(indents.size() - 1);
                keys.remove(keys.size() - 1);
            }
            if (indent != top())
                throw error(n, path(indent, guessKey(line, col)), "indented " + indent + " spaces, which lines up "
                        + "with no block around it; expected one of " + levels + " spaces");
        }
        openLine = 0;
        boolean hasContent = col < line.length() && line.charAt(col) != '#';
        if (!hasContent) { // a lone '-': its item is the deeper block below
            openLine = n;
            openPath = path(top(), null);
            return;
        }
        ScannedLine parsed = scan(n, line, col, indent, top(), null);
        if (parsed.key == null && !entry)
            throw error(n, path(top(), null), "'" + line.strip() + "' is not a 'key: value' line; expected a key, "
                    + "a colon and a value, or a list entry '- value'");
        if (entry && parsed.key != null && col > top()) { // "- key: value": the item's mapping lines up with its key
            indents.add(col);
            keys.add(parsed.key);
        } else {
            keys.set(keys.size() - 1, parsed.key);
        }
        if (parsed.opens) {
            openLine = n;
            openPath = path(top(), parsed.key);
        }
        if (parsed.blockScalar)
            blockScalarIndent = parsed.key == null ? indent : top();
    }

    private int top() {
        return indents.get(indents.size() - 1);
    }

    /**
     * Reads a line's tokens from {@code col}: quoted values must close on their line, brackets must match, and no
     * YAML feature this file does not use (tags, anchors, aliases, complex keys) may appear.
     */
    private ScannedLine scan(int n, String line, int col, int indent, int level, List<String> inFlow) {
        ScannedLine result = new ScannedLine();
        boolean valueStart = true;
        boolean flowClosed = false; // a collection on this line has closed: only a comment may follow
        int tokenStart = col;
        for (int i = col; i < line.length(); i++) {
            char c = line.charAt(i);
            char next = i + 1 < line.length() ? line.charAt(i + 1) : ' ';
            if (c == ' ' || c == '\t')
                continue;
            if (c == '#' && (i == 0 || line.charAt(i - 1) == ' ' || line.charAt(i - 1) == '\t'))
                break;
            List<String> here = inFlow != null ? inFlow : flow.isEmpty() ? path(level, result.key) : flowPath;
            if (flowClosed)
                throw error(n, here, "'" + line.substring(i).strip() + "' after the closing bracket; expected nothing "
                        + "more on the line but a comment");
            boolean atStart = valueStart; // in a block, brackets are indicators only where a value starts
            if (valueStart) {
                valueStart = false;
                tokenStart = i;
                if (c == '"' || c == '\'') {
                    i = closingQuote(n, line, i, here);
                    continue;
                }
                if (c == '!')
                    throw error(n, here, "a type tag ('!'); expected a plain value: this file names classes with "
                            + "implClass and settings fields, not tags");
                if (c == '&' || c == '*')
                    throw error(n, here, "an anchor or alias ('" + c + "'); expected every value written out");
                if (c == '?' && next == ' ')
                    throw error(n, here, "a complex key ('? '); expected a plain key followed by ':'");
                if ((c == '|' || c == '>') && flow.isEmpty()) {
                    result.blockScalar = true;
                    return result;
                }
            }
            if ((c == '[' || c == '{') && (atStart || !flow.isEmpty())) {
                openFlow(n, c, indent, here);
                valueStart = true;
            } else if ((c == ']' || c == '}') && (atStart || !flow.isEmpty())) {
                closeFlow(n, c, here);
                flowClosed = flow.isEmpty();
            } else if (c == ',' && !flow.isEmpty()) {
                valueStart = true;
            } else if (c == ':' && (next == ' ' || i + 1 == line.length()
                    || !flow.isEmpty() && ",]}".indexOf(next) >= 0)) {
                keyEnds(n, line, tokenStart, i, here, result);
                valueStart = true;
            }
        }
        return result;
    }

    /** A '[' or '{' opens a flow collection; the outermost one's line, indentation and path are kept for errors. */
    private void openFlow(int n, char c, int indent, List<String> here) {
        if (flow.isEmpty()) {
            flowLine = n;
            flowIndent = indent;
            flowPath = here;
        }
        flow.push(c);
    }

    /** A ']' or '}' must close the innermost open collection, of its own kind. */
    private void closeFlow(int n, char c, List<String> here) {
        char open = c == ']' ? '[' : '{';
        if (flow.isEmpty())
            throw error(n, here, "'" + c + "' closes nothing; expected a '" + open + "' before it");
        if (flow.peek() != open)
            throw error(n, here, "'" + c + "' closes the '" + flow.peek() + "' opened "
                    + (flowLine == n ? "on this line" : "on line " + flowLine) + "; expected '"
                    + (flow.peek() == '[' ? ']' : '}') + "' first");
        flow.pop();
    }

    /** The ':' at {@code colon} ends the key from {@code keyStart}: with a value in a flow, one key a block line. */
    private void keyEnds(int n, String line, int keyStart, int colon, List<String> here, ScannedLine result) {
        if (!flow.isEmpty()) {
            String rest = line.substring(colon + 1).strip();
            if (rest.startsWith(",") || rest.startsWith("}"))
                throw error(n, here, "key '" + unquote(line.substring(keyStart, colon)) + "' has no value; "
                        + "expected a value after the ':'");
        } else if (result.key != null) {
            throw error(n, here, "a second ': ' on the line; expected one key per line (quote a value "
                    + "that holds ': ')");
        } else {
            result.key = unquote(line.substring(keyStart, colon));
            String rest = line.substring(colon + 1).strip();
            result.opens = rest.isEmpty() || rest.startsWith("#");
        }
    }

    /** The index of the quote closing the one at {@code open}, on the same line. */
    private int closingQuote(int n, String line, int open, List<String> here) {
        char quote = line.charAt(open);
        for (int i = open + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '"' && c == '\\')
                i++;
            else if (c == quote && quote == '\'' && i + 1 < line.length() && line.charAt(i + 1) == '\'')
                i++;
            else if (c == quote)
                return i;
        }
        throw error(n, here, "the " + (quote == '"' ? "double" : "single") + " quote (" + quote + ") opened here is "
                + "not closed; expected a closing " + quote + " on the same line");
    }

    /** The keys of the blocks indented less than {@code below}, then {@code key} if not null. */
    private List<String> path(int below, String key) {
        List<String> path = new ArrayList<>();
        for (int i = 0; i < keys.size() && indents.get(i) < below; i++)
            if (keys.get(i) != null)
                path.add(keys.get(i));
        if (key != null)
            path.add(key);
        return path;
    }

    private YamlException unclosedFlow() {
        char open = flow.getLast();
        return error(flowLine, flowPath, "the '" + open + "' opened here is not closed; expected '"
                + (open == '[' ? ']' : '}') + "' on this line, or on following lines indented deeper than this one "
                + "(or lined up with it)");
    }

    private YamlException noValue() {
        String key = openPath.isEmpty() ? "-" : openPath.get(openPath.size() - 1);
        return error(openLine, openPath, (key.equals("-") ? "a list entry with no value" : "no value") + "; expected a "
                + "value after the ':', or an indented block on the next line");
    }

    private YamlException error(int line, List<String> path, String problem) {
        return YamlTree.error(source, line, path, problem);
    }
}
