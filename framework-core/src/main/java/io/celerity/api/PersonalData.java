package io.celerity.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a text field of a message as personal data of its {@link DataSubject}: on an encrypted queue it is encrypted
 * with the subject's own key, and once the subject is forgotten ({@code celerity forget}) every reader gets
 * {@link #forgotten()} in its place, never an exception and never the ciphertext.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface PersonalData {

    /** What readers get in place of the field once its subject is forgotten. */
    String forgotten() default "";
}
