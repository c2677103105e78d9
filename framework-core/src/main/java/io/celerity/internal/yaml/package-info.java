/**
 * YAML read into plain maps, lists and scalars, with each key's line and the layout checked first: for services.yaml
 * (read by {@code io.celerity.config}), event files and status files. Knows nothing of the configuration's types, so
 * its mistakes are {@link io.celerity.internal.yaml.YamlException}s, which the configuration's reader reports as
 * {@code ConfigException}s with the same message.
 */
package io.celerity.internal.yaml;
