package io.celerity.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the field of a message that names whom its {@link PersonalData} fields are about (e.g. the account): each
 * subject's personal fields are encrypted with a key of its own, so that forgetting the subject destroys them in every
 * copy. The field itself stays readable (text or a whole number), as the rest of the message does.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface DataSubject {
}
